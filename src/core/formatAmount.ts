/**
 * Token amounts and short addresses for display: what the account button needs (core/format re-exports them
 * with the other display formatting). Amounts are exact decimal strings, shown with Intl.NumberFormat on
 * bigints: never through a JavaScript float.
 */
import { type DecimalParts, decimalParts } from './decimalParts';

const groupers = new Map<string, Intl.NumberFormat>();
function grouper(locale: string): Intl.NumberFormat {
  let f = groupers.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: true });
    groupers.set(locale, f);
  }
  return f;
}
const separators = new Map<string, string>();
function decimalSeparator(locale: string): string {
  let sep = separators.get(locale);
  if (sep === undefined) {
    sep = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    separators.set(locale, sep);
  }
  return sep;
}

export interface FormatTokenAmountOptions {
  /** Digits after the point; extra digits are cut (never rounded up past what the account holds). */
  maxDecimals?: number;
  /** Intl locale for grouping and the decimal separator. Default 'en-US'. */
  locale?: string;
}

/**
 * A token amount for display: `"1250.5"` → `"1,250.5"`, `"1.697269"` → `"1.697"`, `"0.0004"` → `"<0.001"`,
 * `"0"` → `"0"`. Digits beyond `maxDecimals` are truncated, not rounded. Returns `"—"` for a value that is
 * not a decimal string (a display helper must not throw inside a render).
 */
export function formatTokenAmount(
  value: string,
  { maxDecimals = 3, locale = 'en-US' }: FormatTokenAmountOptions = {},
): string {
  let p: DecimalParts;
  try {
    p = decimalParts(String(value));
  } catch {
    return '—';
  }
  const frac = p.frac.slice(0, maxDecimals).replace(/0+$/, '');
  const isZero = /^0*$/.test(p.int) && /^0*$/.test(p.frac);
  if (isZero) return '0';
  const shownZero = /^0*$/.test(p.int) && frac === '';
  if (shownZero) {
    const min = maxDecimals > 0 ? `0${decimalSeparator(locale)}${'0'.repeat(maxDecimals - 1)}1` : '1';
    return p.negative ? `>-${min}` : `<${min}`;
  }
  const int = grouper(locale).format(BigInt(p.int));
  return `${p.negative ? '-' : ''}${int}${frac ? `${decimalSeparator(locale)}${frac}` : ''}`;
}

/** `0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266` → `0xf39F…2266` (Solana: `7v91…6y1Q`). */
export function shortenAddress(
  address: string,
  { head, tail = 4 }: { head?: number; tail?: number } = {},
): string {
  const h = head ?? (address.startsWith('0x') ? 6 : 4);
  if (address.length <= h + tail + 1) return address;
  return `${address.slice(0, h)}…${address.slice(-tail)}`;
}
