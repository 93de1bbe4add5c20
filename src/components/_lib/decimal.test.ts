import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareDecimalStrings,
  countDecimals,
  exceedsDecimals,
  isDecimalString,
  parsePastedAmount,
  sanitizeAmount,
} from './decimal';

describe('sanitizeAmount', () => {
  it.each([
    ['', ''],
    ['12', '12'],
    ['1,5', '1.5'],
    ['1.', '1.'],
    ['.5', '0.5'],
    [',5', '0.5'],
    ['007', '7'],
    ['000.25', '0.25'],
    ['0', '0'],
    ['1.2.3', '1.23'],
    ['1.2,', '1.2'],
    [' 1 000abc', '1000'],
    ['-5', '5'],
    ['1e18', '118'],
    ['0.000000000000000001', '0.000000000000000001'],
  ])('%j becomes %j', (raw, expected) => {
    expect(sanitizeAmount(raw)).toBe(expected);
  });

  it('drops the separator when the token has no decimals', () => {
    expect(sanitizeAmount('12.5', 0)).toBe('125');
    expect(sanitizeAmount('12,', 0)).toBe('12');
  });

  it('keeps every digit of long amounts exactly (no float round-trip)', () => {
    expect(sanitizeAmount('123456789012345678901234567890.123456789012345678')).toBe(
      '123456789012345678901234567890.123456789012345678',
    );
  });

  it('always yields a canonical decimal string, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const once = sanitizeAmount(raw);
        expect(isDecimalString(once)).toBe(true);
        expect(sanitizeAmount(once)).toBe(once);
      }),
    );
  });
});

describe('parsePastedAmount', () => {
  it.each([
    ['1,234.56', '1234.56'],
    ['1.234,56', '1234.56'],
    ['1,234,567', '1234567'],
    ['1.234.567', '1234567'],
    ['1 234,5', '1234.5'],
    ['  0.25 ETH ', '0.25'],
    ['12', '12'],
    ['1,5', '1.5'],
  ])('%j reads as %j', (text, expected) => {
    expect(parsePastedAmount(text)).toBe(expected);
  });

  it('gives null when the text holds no digits', () => {
    expect(parsePastedAmount('hello')).toBeNull();
    expect(parsePastedAmount('')).toBeNull();
  });
});

describe('countDecimals and exceedsDecimals', () => {
  it('counts the digits after the separator', () => {
    expect(countDecimals('7')).toBe(0);
    expect(countDecimals('1.')).toBe(0);
    expect(countDecimals('1.250')).toBe(3);
  });

  it('flags more fractional digits than allowed', () => {
    expect(exceedsDecimals('1.123456', 6)).toBe(false);
    expect(exceedsDecimals('1.1234567', 6)).toBe(true);
    expect(exceedsDecimals('10', 0)).toBe(false);
    expect(exceedsDecimals('1.0', 0)).toBe(true);
  });
});

describe('compareDecimalStrings', () => {
  it.each([
    ['1', '2', -1],
    ['2', '1', 1],
    ['1.0', '1', 0],
    ['01.50', '1.5', 0],
    ['', '0', 0],
    ['.', '0.000', 0],
    ['0.1', '0.09', 1],
    ['10', '9.999999999999999999', 1],
    ['0.000000000000000001', '0.000000000000000002', -1],
    ['123456789012345678901234567890', '123456789012345678901234567891', -1],
  ] as const)('compare(%j, %j) is %i', (a, b, expected) => {
    expect(compareDecimalStrings(a, b)).toBe(expected);
  });

  it('refuses strings that are not decimals', () => {
    expect(() => compareDecimalStrings('1e3', '1')).toThrow(TypeError);
    expect(() => compareDecimalStrings('1', '-1')).toThrow(TypeError);
  });

  it('agrees with exact integer arithmetic on scaled values', () => {
    const decimal = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 24 }))
      .map(([units, scale]) => {
        const digits = units.toString().padStart(scale + 1, '0');
        const str = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
        return { str, scaled: units * 10n ** BigInt(24 - scale) };
      });
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        const expected = a.scaled < b.scaled ? -1 : a.scaled > b.scaled ? 1 : 0;
        expect(compareDecimalStrings(a.str, b.str)).toBe(expected);
      }),
    );
  });
});
