/**
 * Decimal amounts as strings: the one home of every decimal rule in the kit. Token amounts are never parsed to
 * a JavaScript number (a float round-trip loses precision: 0.1 + 0.2, or an 18-decimal balance); the kit keeps
 * the digits as text and computes on bigints.
 *
 * Two forms, two checks (decided once here):
 * - an **amount input** is what an amount field holds while the user types: digits and at most one `.`, no
 *   sign, no exponent; `''`, `'1.'` and `'.5'` are inputs (`isAmountInput`, `sanitizeAmount`,
 *   `parsePastedAmount`, `countDecimals`, `exceedsDecimals`).
 * - a **decimal number** is a value to compute with: an optional sign, digits with at most one `.`, at least
 *   one digit; exponent notation from an API (`"1.5e-7"`) is expanded exactly first (`isDecimalString`,
 *   `normalizeDecimal`, `compareDecimal`, `addDecimal`, `subtractDecimal`, `multiplyDecimal`,
 *   `decimalToUnits`). The empty string is not a number: arithmetic on it throws a RangeError, so a caller
 *   that means "empty field" says so before computing.
 *
 * Digits beyond what is wanted are cut, never rounded up (`truncateDecimal`): a wallet must not show or
 * offer more than the account holds.
 *
 * Reading a decimal number (`isDecimalString`, `normalizeDecimal`, `decimalParts`, `unitsToDecimal`) lives in
 * decimalParts.ts and is re-exported here: the account button needs only that part when a page starts.
 */
import { parseUnits } from 'viem';
import {
  type DecimalParts,
  decimalParts,
  isDecimalString,
  normalizeDecimal,
  trimDecimal,
} from './decimalParts';

export {
  type DecimalParts,
  decimalParts,
  isDecimalString,
  normalizeDecimal,
  unitsToDecimal,
} from './decimalParts';

/** An amount input: digits, at most one `.`, nothing else (`''`, `'0'`, `'1.'`, `'.5'`, `'12.034'`). */
export const AMOUNT_INPUT_PATTERN = /^\d*\.?\d*$/;

/** True when `value` is an amount input (see the module comment): `''`, `'1.'`, `'.5'`; not `'-1'`, `'1e3'`. */
export function isAmountInput(value: string): boolean {
  return AMOUNT_INPUT_PATTERN.test(value);
}

/**
 * The zero of each decimal digit set a visitor's keyboard may type, besides ASCII: Arabic-Indic (Arabic),
 * Extended Arabic-Indic (Persian, Urdu), Devanagari (Hindi), Thai, and fullwidth (Chinese and Japanese input
 * methods). Each set's ten digits follow its zero.
 */
const DIGIT_ZEROS = [0x0660, 0x06f0, 0x0966, 0x0e50, 0xff10] as const;

/**
 * `text` with every digit of another script as its ASCII digit (`۱۲٫۵` → `12.5`), and the separators those
 * keyboards type as the ones an amount reads: the Arabic decimal separator `٫` as `.`, the fullwidth comma and
 * full stop as `,` and `.`. The Arabic thousands separator `٬` stays: only grouping, never a decimal separator,
 * it is dropped from what is typed and read as grouping in what is pasted.
 */
export function asciiDigits(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9);
    if (zero !== undefined) out += String(code - zero);
    else if (ch === '\u066b' || ch === '\uff0e') out += '.';
    else if (ch === '\uff0c') out += ',';
    else out += ch;
  }
  return out;
}

/**
 * Cleans what a user typed into an amount field, keeping their digits exactly:
 * - digits of other scripts become ASCII digits (`asciiDigits`: a Persian keyboard's `۱٫۵` is `1.5`);
 * - a `,` is read as the decimal separator and becomes `.`;
 * - only digits and the first separator are kept (a second separator, letters, spaces, signs are dropped);
 * - a leading separator gains a `0` (`.5` → `0.5`) and superfluous leading zeros go (`007` → `7`).
 *
 * With `decimals === 0` the separator itself is dropped. The result is always an amount input.
 */
export function sanitizeAmount(raw: string, decimals?: number): string {
  let out = '';
  let seenDot = false;
  for (const ch of asciiDigits(raw)) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if ((ch === '.' || ch === ',') && !seenDot && decimals !== 0) {
      seenDot = true;
      out += '.';
    }
  }
  if (out.startsWith('.')) out = `0${out}`;
  // Leading zeros: keep one before the separator or when the value is just zeros.
  return out.replace(/^0+(?=\d)/, '');
}

/**
 * Reads a pasted amount that may carry grouping separators (`1,234.56`, `1.234,56`, `1 234 567`):
 * when both `,` and `.` occur, the last one is the decimal separator; one kind occurring several times is
 * grouping. Returns an amount input, or `null` when the text holds no digits.
 */
export function parsePastedAmount(text: string, decimals?: number): string | null {
  const compact = asciiDigits(text).replace(/[\s_'\u00a0\u202f\u066c]/g, '');
  if (!/\d/.test(compact)) return null;
  const lastDot = compact.lastIndexOf('.');
  const lastComma = compact.lastIndexOf(',');
  const dots = compact.split('.').length - 1;
  const commas = compact.split(',').length - 1;
  let normalised: string;
  if (dots > 0 && commas > 0) {
    const decimalSep = lastDot > lastComma ? '.' : ',';
    const groupSep = decimalSep === '.' ? ',' : '.';
    normalised = compact.split(groupSep).join('');
    if ((decimalSep === '.' ? dots : commas) > 1) normalised = normalised.split(decimalSep).join('');
  } else if (dots > 1) {
    normalised = compact.split('.').join('');
  } else if (commas > 1) {
    normalised = compact.split(',').join('');
  } else {
    normalised = compact;
  }
  return sanitizeAmount(normalised, decimals);
}

/** Number of digits written after the separator (`'1.250'` → 3, `'1.'` → 0, `'7'` → 0). */
export function countDecimals(value: string): number {
  const dot = value.indexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}

/** True when `value` has more fractional digits than `decimals` allows (trailing zeros count). */
export function exceedsDecimals(value: string, decimals: number): boolean {
  return countDecimals(value) > decimals;
}

/**
 * `"1.5"` with 18 decimals → `1500000000000000000n`. Throws a RangeError when the string has more decimals
 * than the token (the caller shows the message; nothing is silently rounded) or is not a decimal number.
 */
export function decimalToUnits(value: string, decimals: number): bigint {
  const p = decimalParts(value);
  const frac = p.frac.replace(/0+$/, '');
  if (frac.length > decimals) throw new RangeError(`"${value}" has more than ${decimals} decimals`);
  return parseUnits(`${p.negative ? '-' : ''}${p.int}${frac ? `.${frac}` : ''}`, decimals);
}

function scaled(p: DecimalParts, scale: number): bigint {
  const n = BigInt(`${p.int}${p.frac.padEnd(scale, '0')}`);
  return p.negative ? -n : n;
}

function fromScaled(n: bigint, scale: number): string {
  const negative = n < 0n;
  const abs = (negative ? -n : n).toString().padStart(scale + 1, '0');
  const int = abs.slice(0, abs.length - scale);
  const frac = abs.slice(abs.length - scale);
  const out = trimDecimal(scale ? `${int}.${frac}` : int);
  return negative && out !== '0' ? `-${out}` : out;
}

/** Both numbers as bigints on one scale (the longer fraction). */
function aligned(a: string, b: string): [bigint, bigint, number] {
  const x = decimalParts(a);
  const y = decimalParts(b);
  const scale = Math.max(x.frac.length, y.frac.length);
  return [scaled(x, scale), scaled(y, scale), scale];
}

/** -1, 0 or 1, exactly (`compareDecimal("0.1", "0.10")` is 0). Throws a RangeError for a non-number. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const [x, y] = aligned(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Exact `a + b` of decimal numbers. */
export function addDecimal(a: string, b: string): string {
  const [x, y, scale] = aligned(a, b);
  return fromScaled(x + y, scale);
}

/** Exact `a - b` of decimal numbers. */
export function subtractDecimal(a: string, b: string): string {
  const [x, y, scale] = aligned(a, b);
  return fromScaled(x - y, scale);
}

/** Exact `a × b` of decimal numbers (a USD value from a quantity and a price). */
export function multiplyDecimal(a: string, b: string): string {
  const x = decimalParts(a);
  const y = decimalParts(b);
  const scale = x.frac.length + y.frac.length;
  return fromScaled(scaled(x, x.frac.length) * scaled(y, y.frac.length), scale);
}

/**
 * `a ÷ b` of decimal numbers with at most `digits` fractional digits, cut toward zero (a swap's rate); null
 * when `b` is zero.
 */
export function divideDecimal(a: string, b: string, digits: number): string | null {
  const x = decimalParts(a);
  const y = decimalParts(b);
  const divisor = scaled(y, y.frac.length) * 10n ** BigInt(x.frac.length);
  if (divisor === 0n) return null;
  const dividend = scaled(x, x.frac.length) * 10n ** BigInt(y.frac.length + digits);
  return fromScaled(dividend / divisor, digits);
}

/** A JavaScript number (an API's price) as an exact plain decimal string (no exponent); null when not finite. */
export function numberToDecimal(n: number): string | null {
  if (!Number.isFinite(n)) return null;
  const s = normalizeDecimal(String(n));
  return isDecimalString(s) ? s : null;
}

/**
 * Keeps at most `digits` fractional digits, cutting (never rounding up) and dropping trailing zeros:
 * `truncateDecimal("1.23456", 3)` → `"1.234"`, `truncateDecimal("2.500", 4)` → `"2.5"`.
 */
export function truncateDecimal(value: string, digits: number): string {
  const [int = '0', frac = ''] = value.split('.');
  const cut = frac.slice(0, digits).replace(/0+$/, '');
  return cut ? `${int}.${cut}` : int;
}
