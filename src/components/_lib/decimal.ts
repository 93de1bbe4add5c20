/**
 * Decimal amounts as strings. Token amounts are never parsed to a JS number: a float round-trip loses
 * precision (0.1 + 0.2, or an 18-decimal balance), so the kit keeps the user's digits and compares them
 * as strings.
 */

/** A non-negative decimal in the kit's canonical form: digits, at most one `.`, nothing else. */
export const DECIMAL_PATTERN = /^\d*\.?\d*$/;

/** True when `value` is a canonical decimal string (`''`, `'0'`, `'1.'`, `'.5'`, `'12.034'`). */
export function isDecimalString(value: string): boolean {
  return DECIMAL_PATTERN.test(value);
}

/**
 * Cleans what a user typed into an amount field, keeping their digits exactly:
 * - a `,` is read as the decimal separator and becomes `.`;
 * - only digits and the first separator are kept (a second separator, letters, spaces are dropped);
 * - a leading separator gains a `0` (`.5` → `0.5`) and superfluous leading zeros go (`007` → `7`).
 *
 * With `decimals === 0` the separator itself is dropped.
 */
export function sanitizeAmount(raw: string, decimals?: number): string {
  let out = '';
  let seenDot = false;
  for (const ch of raw) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if ((ch === '.' || ch === ',') && !seenDot && decimals !== 0) {
      seenDot = true;
      out += '.';
    }
  }
  if (out.startsWith('.')) out = `0${out}`;
  // Leading zeros: keep one before the separator or when the value is just zeros.
  out = out.replace(/^0+(?=\d)/, '');
  return out;
}

/**
 * Reads a pasted amount that may carry grouping separators (`1,234.56`, `1.234,56`, `1 234 567`):
 * when both `,` and `.` occur, the last one is the decimal separator; one kind occurring several times is
 * grouping. Returns the canonical string, or `null` when the text holds no digits.
 */
export function parsePastedAmount(text: string, decimals?: number): string | null {
  const compact = text.replace(/[\s_'\u00a0\u202f]/g, '');
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

/** Number of digits after the separator (`'1.250'` → 3, `'7'` → 0). */
export function countDecimals(value: string): number {
  const dot = value.indexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}

/** True when `value` has more fractional digits than `decimals` allows. */
export function exceedsDecimals(value: string, decimals: number): boolean {
  return countDecimals(value) > decimals;
}

function split(value: string): [string, string] {
  if (!isDecimalString(value)) throw new TypeError(`Not a decimal string: "${value}"`);
  const [int = '', frac = ''] = value.split('.');
  return [int.replace(/^0+/, ''), frac.replace(/0+$/, '')];
}

/**
 * Compares two non-negative decimal strings exactly: `-1` when a < b, `0` when equal, `1` when a > b.
 * The empty string and `'.'` count as zero. Throws a TypeError for anything that is not a decimal string.
 */
export function compareDecimalStrings(a: string, b: string): -1 | 0 | 1 {
  const [ai, af] = split(a);
  const [bi, bf] = split(b);
  if (ai.length !== bi.length) return ai.length < bi.length ? -1 : 1;
  if (ai !== bi) return ai < bi ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const ap = af.padEnd(width, '0');
  const bp = bf.padEnd(width, '0');
  if (ap === bp) return 0;
  return ap < bp ? -1 : 1;
}
