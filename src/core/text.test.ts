import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capText, hasUnsafeUrlChars, stripUnsafeText } from './text';

describe('capText', () => {
  it('keeps short text as it is', () => {
    expect(capText('MetaMask', 64)).toBe('MetaMask');
  });
  it('caps long text with an ellipsis, within the limit', () => {
    const out = capText('A'.repeat(100), 10);
    expect(out).toBe(`${'A'.repeat(9)}…`);
    expect(Array.from(out)).toHaveLength(10);
  });
  it('does not split emoji (surrogate pairs)', () => {
    const out = capText('🦊🦊🦊🦊🦊', 3);
    expect(out).toBe('🦊🦊…');
  });
  it('removes control and bidi override characters and collapses whitespace', () => {
    expect(capText('Meta\u202EksaM\u0000  Wallet\n', 64)).toBe('MetaksaM Wallet');
  });
  it('turns non-strings into an empty string', () => {
    expect(capText(undefined, 10)).toBe('');
    expect(capText({ toString: () => 'x' }, 10)).toBe('');
  });
  it('never exceeds the limit (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 300 }),
        fc.integer({ min: 1, max: 80 }),
        (s, max) => {
          return Array.from(capText(s, max)).length <= max;
        },
      ),
    );
  });
});

describe('stripUnsafeText', () => {
  it('removes controls, bidi and invisible characters; line breaks and tabs become spaces', () => {
    expect(stripUnsafeText('a\u0000b\u0008c\u007Fd\u0085e')).toBe('abcde');
    expect(stripUnsafeText('Evil\u202Etellaw')).toBe('Eviltellaw');
    expect(stripUnsafeText('\u2066x\u2069\u200Ey\u200F\u061Cz')).toBe('xyz');
    expect(stripUnsafeText('Meta\u200BMa\u2060sk\uFEFF')).toBe('MetaMask');
    expect(stripUnsafeText('a\tb\nc\r\nd')).toBe('a b c  d');
  });

  it('keeps the joiners that scripts and emoji need', () => {
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    expect(stripUnsafeText(family)).toBe(family);
    expect(stripUnsafeText('\u0645\u200C\u0646')).toBe('\u0645\u200C\u0646');
  });

  it('leaves nothing of the rule behind (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const out = capText(s, 500);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for control characters
        expect(out).not.toMatch(/[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u200B\u200E\u200F]/);
      }),
    );
  });
});

describe('hasUnsafeUrlChars', () => {
  it('flags white space, controls, bidi and invisible characters anywhere', () => {
    expect(hasUnsafeUrlChars('https://example.com/a.png')).toBe(false);
    for (const bad of [
      ' ',
      '\t',
      '\n',
      '\u0000',
      '\u007F',
      '\u0085',
      '\u202E',
      '\u2067',
      '\u200B',
      '\uFEFF',
    ]) {
      expect(hasUnsafeUrlChars(`https://exa${bad}mple.com/`)).toBe(true);
    }
  });
});
