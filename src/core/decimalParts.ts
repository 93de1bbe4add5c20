/**
 * Reading decimal numbers (see decimal.ts, which re-exports these with the arithmetic): checking one, expanding
 * exponent notation, taking one apart, and units to a decimal string. The account button needs only this part
 * when a host's page starts (its balance), so it is a module of its own.
 */
import { formatUnits } from 'viem';

const DECIMAL_RE = /^([+-]?)(\d*)(?:\.(\d*))?$/;
const SCI_RE = /^([+-]?)(\d+)(?:\.(\d*))?[eE]([+-]?\d+)$/;

/** True for `"12"`, `"0.5"`, `".5"`, `"1."`, `"-3.25"`; false for `""`, `"."`, `"1e3"`, `"1,5"`, `"abc"`. */
export function isDecimalString(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DECIMAL_RE.exec(value.trim());
  return !!m && (m[2]!.length > 0 || (m[3]?.length ?? 0) > 0);
}

/** `"007.50"` → `"7.5"`: no superfluous leading or trailing zeros. */
export function trimDecimal(v: string): string {
  let [int = '0', frac = ''] = v.split('.');
  int = int.replace(/^0+(?=\d)/, '') || '0';
  frac = frac.replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}

/** Expands exponent notation exactly (`"1.5e-7"` → `"0.00000015"`); other strings pass unchanged (trimmed). */
export function normalizeDecimal(value: string): string {
  const v = value.trim();
  const m = SCI_RE.exec(v);
  if (!m) return v;
  const [, sign, int, frac = '', expRaw] = m;
  const point = int!.length + Number(expRaw); // position of the decimal point within `int+frac`
  const all = `${int}${frac}`;
  let out: string;
  if (point <= 0) out = `0.${'0'.repeat(-point)}${all}`;
  else if (point >= all.length) out = `${all}${'0'.repeat(point - all.length)}`;
  else out = `${all.slice(0, point)}.${all.slice(point)}`;
  return `${sign === '-' ? '-' : ''}${trimDecimal(out)}`;
}

/** A decimal number taken apart: its sign, integer digits (no superfluous leading zeros) and written fraction. */
export interface DecimalParts {
  negative: boolean;
  int: string;
  frac: string;
}

/** Takes a decimal number apart (exponent notation expanded); throws a RangeError for anything else. */
export function decimalParts(value: string): DecimalParts {
  const v = normalizeDecimal(value);
  const m = DECIMAL_RE.exec(v);
  if (!m || (m[2]!.length === 0 && (m[3]?.length ?? 0) === 0)) {
    throw new RangeError(`Not a decimal number: "${value}"`);
  }
  return { negative: m[1] === '-', int: m[2]!.replace(/^0+(?=\d)/, '') || '0', frac: m[3] ?? '' };
}

/** `1500000000000000000n` with 18 decimals → `"1.5"`. */
export function unitsToDecimal(units: bigint, decimals: number): string {
  return formatUnits(units, decimals);
}
