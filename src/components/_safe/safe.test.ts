import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capText, hashString, MAX_IMAGE_URL_LENGTH, safeImageUrl, safeLinkUrl } from './safe';

describe('safeImageUrl', () => {
  it.each([
    'https://example.com/icon.png',
    'https://cdn.example.com:8443/a/b.svg?x=1#f',
    'data:image/png;base64,iVBORw0KGgo=',
    'data:image/svg+xml,%3Csvg%3E%3C/svg%3E',
    'DATA:IMAGE/PNG;base64,AAAA',
    'blob:https://app.example.com/4b1c6f3e-0d1f-4f7e-9d1d-1a2b3c4d5e6f',
  ])('accepts %s', (url) => {
    expect(safeImageUrl(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'https://example.com/a b.png',
    'http://example.com/icon.png',
    'http://127.0.0.1:8545/icon.png',
    'http://localhost/icon.png',
    'data:text/html,<script>alert(1)</script>',
    'data:image/png',
    'data:,hello',
    'blob:null/123',
    'vbscript:msgbox',
    'file:///etc/passwd',
    '//example.com/icon.png',
    '/icon.png',
    'icon.png',
    'ftp://example.com/x.png',
    '',
  ])('rejects %j', (url) => {
    expect(safeImageUrl(url)).toBeNull();
  });

  it('rejects non-strings', () => {
    for (const v of [null, undefined, 1, {}, ['https://example.com/a.png']])
      expect(safeImageUrl(v)).toBeNull();
  });

  it('rejects oversized URLs', () => {
    const big = `data:image/png;base64,${'A'.repeat(MAX_IMAGE_URL_LENGTH)}`;
    expect(safeImageUrl(big)).toBeNull();
  });

  it('accepts http://127.0.0.1 and http://localhost only with allowLocalhost', () => {
    const opts = { allowLocalhost: true };
    expect(safeImageUrl('http://127.0.0.1:8787/images/wallet.png', opts)).toBe(
      'http://127.0.0.1:8787/images/wallet.png',
    );
    expect(safeImageUrl('http://localhost:5173/a.png', opts)).toBe('http://localhost:5173/a.png');
    expect(safeImageUrl('http://127.0.0.2/a.png', opts)).toBeNull();
    expect(safeImageUrl('http://localhost.evil.com/a.png', opts)).toBeNull();
    expect(safeImageUrl('http://127.0.0.1.evil.com/a.png', opts)).toBeNull();
    expect(safeImageUrl('http://user:pw@localhost/a.png', opts)).toBeNull();
    expect(safeImageUrl('javascript:alert(1)', opts)).toBeNull();
  });

  it('never accepts a URL whose scheme is not in the allow-list (property)', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = safeImageUrl(s, { allowLocalhost: true });
        if (out === null) return true;
        const lower = out.toLowerCase();
        return (
          lower.startsWith('https:') ||
          lower.startsWith('data:image/') ||
          lower.startsWith('blob:') ||
          lower.startsWith('http://127.0.0.1') ||
          lower.startsWith('http://localhost')
        );
      }),
    );
  });
});

describe('safeLinkUrl', () => {
  it('accepts https links', () => {
    expect(safeLinkUrl('https://etherscan.io/tx/0xabc')).toBe('https://etherscan.io/tx/0xabc');
  });
  it.each([
    'http://etherscan.io/tx/0xabc',
    'javascript:alert(1)',
    'data:text/html,hi',
    'https://user:pw@etherscan.io/',
    '/tx/0xabc',
    'https://etherscan.io/tx/0x abc',
    `https://example.com/${'a'.repeat(3000)}`,
    42,
  ])('rejects %j', (url) => {
    expect(safeLinkUrl(url)).toBeNull();
  });
});

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

describe('hashString', () => {
  it('is deterministic and spreads addresses', () => {
    const a = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
    expect(hashString(a)).toBe(hashString(a));
    expect(hashString(a)).not.toBe(hashString(a.toLowerCase()));
    const seen = new Set<number>();
    for (let i = 0; i < 100; i++) seen.add(hashString(`0x${i.toString(16).padStart(40, '0')}`) % 12);
    expect(seen.size).toBeGreaterThan(8);
  });
});
