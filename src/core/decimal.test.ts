import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDecimal,
  asciiDigits,
  compareDecimal,
  countDecimals,
  decimalParts,
  decimalToUnits,
  divideDecimal,
  exceedsDecimals,
  isAmountInput,
  isDecimalString,
  multiplyDecimal,
  normalizeDecimal,
  numberToDecimal,
  parsePastedAmount,
  sanitizeAmount,
  subtractDecimal,
  truncateDecimal,
  unitsToDecimal,
} from './decimal';

/** A non-negative decimal string and the same value as a bigint on a scale of 24 fractional digits. */
const scaledDecimal = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 24 }))
  .map(([units, scale]) => {
    const digits = units.toString().padStart(scale + 1, '0');
    const str = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
    return { str, scaled: units * 10n ** BigInt(24 - scale) };
  });

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

  it('always yields an amount input, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const once = sanitizeAmount(raw);
        expect(isAmountInput(once)).toBe(true);
        expect(sanitizeAmount(once)).toBe(once);
      }),
    );
  });
});

describe('digits of other scripts', () => {
  it.each([
    ['۱۲٫۵', '12.5'], // Persian digits and the Arabic decimal separator
    ['١٢٣٫٤٥', '123.45'], // Arabic-Indic
    ['१२.५', '12.5'], // Devanagari
    ['๑๒,๕', '12.5'], // Thai digits, a comma as the separator
    ['１２．５', '12.5'], // fullwidth (Chinese and Japanese input methods)
    ['۱٬۲۳۴', '1234'], // a typed Arabic thousands separator is dropped
  ])('typed %s is %s', (raw, expected) => {
    expect(sanitizeAmount(raw)).toBe(expected);
  });

  it('pasted amounts with those digits keep their grouping apart from their decimals', () => {
    expect(parsePastedAmount('۱٬۲۳۴٫۵۶')).toBe('1234.56');
    expect(parsePastedAmount('١٬٠٠٠')).toBe('1000');
    expect(parsePastedAmount('१२,३४,५६७.८९')).toBe('1234567.89');
    expect(asciiDigits('abc ۰۹ ٠٩ ०९ ๐๙ ０９')).toBe('abc 09 09 09 09 09');
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

describe('amount inputs and decimal numbers', () => {
  it('tells an amount input from a decimal number', () => {
    for (const v of ['', '.', '1.', '.5', '12.034']) expect(isAmountInput(v)).toBe(true);
    for (const v of ['-1', '+1', '1e3', '1,5', ' 1', 'abc', '1.2.3']) expect(isAmountInput(v)).toBe(false);
    for (const v of ['12', '0.5', '.5', '1.', '-3.25', ' 7 ']) expect(isDecimalString(v)).toBe(true);
    for (const v of ['', '.', '-', '1e3', '1,5', 'abc', 12, null]) expect(isDecimalString(v)).toBe(false);
  });

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

  it('expands exponent notation exactly', () => {
    expect(normalizeDecimal('2.5E-3')).toBe('0.0025');
    expect(normalizeDecimal('1.5e-7')).toBe('0.00000015');
    expect(normalizeDecimal('-1.25e3')).toBe('-1250');
    expect(normalizeDecimal(' 12.5 ')).toBe('12.5');
    expect(decimalParts('0012.50')).toEqual({ negative: false, int: '12', frac: '50' });
    expect(() => decimalParts('')).toThrow(RangeError);
  });
});

describe('units', () => {
  it('converts decimals to units without floats and refuses excess decimals', () => {
    expect(decimalToUnits('1.5', 18)).toBe(1_500_000_000_000_000_000n);
    expect(decimalToUnits('0.1', 9)).toBe(100_000_000n);
    expect(decimalToUnits('.5', 6)).toBe(500_000n);
    expect(decimalToUnits('1.50000', 2)).toBe(150n);
    expect(decimalToUnits('123456789.123456789123456789', 18)).toBe(123456789123456789123456789n);
    expect(() => decimalToUnits('1.1234567', 6)).toThrow('more than 6 decimals');
    expect(() => decimalToUnits('abc', 6)).toThrow(RangeError);
    expect(() => decimalToUnits('', 6)).toThrow(RangeError);
    expect(unitsToDecimal(1n, 18)).toBe('0.000000000000000001');
  });

  it('round-trips units through decimal strings (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }),
        fc.integer({ min: 0, max: 36 }),
        (u, d) => decimalToUnits(unitsToDecimal(u, d), d) === u,
      ),
    );
  });
});

describe('arithmetic', () => {
  it.each([
    ['1', '2', -1],
    ['2', '1', 1],
    ['1.0', '1', 0],
    ['01.50', '1.5', 0],
    ['0.1', '0.09', 1],
    ['-1', '0', -1],
    ['10', '9.999999999999999999', 1],
    ['0.000000000000000001', '0.000000000000000002', -1],
    ['123456789012345678901234567890', '123456789012345678901234567891', -1],
    ['1000000000000000000000.000000000000000001', '1000000000000000000000', 1],
    ['1e3', '999.9', 1],
  ] as const)('compareDecimal(%j, %j) is %i', (a, b, expected) => {
    expect(compareDecimal(a, b)).toBe(expected);
  });

  it('refuses to compare what is not a number (an empty field included)', () => {
    expect(() => compareDecimal('', '0')).toThrow(RangeError);
    expect(() => compareDecimal('.', '0')).toThrow(RangeError);
    expect(() => compareDecimal('1,5', '1')).toThrow(RangeError);
  });

  it('compares as exact integer arithmetic on scaled values does (property)', () => {
    fc.assert(
      fc.property(scaledDecimal, scaledDecimal, (a, b) => {
        const expected = a.scaled < b.scaled ? -1 : a.scaled > b.scaled ? 1 : 0;
        expect(compareDecimal(a.str, b.str)).toBe(expected);
      }),
    );
  });

  it('adds, subtracts and multiplies exactly', () => {
    expect(addDecimal('0.1', '0.2')).toBe('0.3');
    expect(subtractDecimal('1', '0.000000000000000001')).toBe('0.999999999999999999');
    expect(subtractDecimal('0.1', '0.3')).toBe('-0.2');
    expect(multiplyDecimal('1.697269', '3200.5')).toBe('5432.1094345');
    expect(multiplyDecimal('0.1', '0.2')).toBe('0.02');
    expect(multiplyDecimal('1250.000000', '1')).toBe('1250');
    expect(multiplyDecimal('-2', '0.5')).toBe('-1');
    expect(multiplyDecimal('0', '-3')).toBe('0');
    expect(multiplyDecimal('1e-7', '2')).toBe('0.0000002');
    expect(() => multiplyDecimal('', '2')).toThrow(RangeError);
  });

  it('divides to a number of digits, cutting toward zero', () => {
    expect(divideDecimal('1586.647875', '0.5', 6)).toBe('3173.29575');
    expect(divideDecimal('1', '3', 6)).toBe('0.333333');
    expect(divideDecimal('2', '3', 2)).toBe('0.66');
    expect(divideDecimal('0.000001', '1000', 6)).toBe('0');
    expect(divideDecimal('-1', '4', 6)).toBe('-0.25');
    expect(divideDecimal('10', '0.25', 0)).toBe('40');
    expect(divideDecimal('1', '0', 6)).toBeNull();
    expect(divideDecimal('1', '0.000', 6)).toBeNull();
  });

  it('adds and multiplies as bigints on scaled values do (property)', () => {
    fc.assert(
      fc.property(scaledDecimal, scaledDecimal, (a, b) => {
        const sum = decimalToUnits(addDecimal(a.str, b.str), 24);
        expect(sum).toBe(a.scaled + b.scaled);
        const product = decimalToUnits(multiplyDecimal(a.str, b.str), 48);
        expect(product).toBe(a.scaled * b.scaled);
      }),
    );
  });

  it('reads a JavaScript number as an exact plain decimal', () => {
    expect(numberToDecimal(1e-7)).toBe('0.0000001');
    expect(numberToDecimal(3200.5)).toBe('3200.5');
    expect(numberToDecimal(1e21)).toBe('1000000000000000000000');
    expect(numberToDecimal(Number.NaN)).toBeNull();
    expect(numberToDecimal(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('cuts fractional digits without rounding up', () => {
    expect(truncateDecimal('1586.6478759', 6)).toBe('1586.647875');
    expect(truncateDecimal('2.000', 3)).toBe('2');
    expect(truncateDecimal('1.9999', 0)).toBe('1');
    expect(truncateDecimal('7', 4)).toBe('7');
  });
});
