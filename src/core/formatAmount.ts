/**
 * Token amounts and short addresses for display: what the account button needs (core/format re-exports them
 * with the other display formatting). Amounts are exact decimal strings, written by Intl.NumberFormat from the
 * string (never through a JavaScript float), so every digit is the locale's own (Persian digits in `fa`).
 */
import { type DecimalParts, decimalParts } from './decimalParts';

const formats = new Map<string, Intl.NumberFormat>();
/** The locale's digits, grouping and separator, cutting (never rounding) past `maxDecimals`. */
function amountFormat(locale: string, maxDecimals: number): Intl.NumberFormat {
  const key = `${locale}|${maxDecimals}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: maxDecimals, roundingMode: 'trunc' });
    formats.set(key, f);
  }
  return f;
}
/** A decimal string written exactly by Intl (Intl.NumberFormat v3 reads strings without a float). */
const exact = (value: string) => value as Intl.StringNumericLiteral;

export interface FormatTokenAmountOptions {
  /** Digits after the point; extra digits are cut (never rounded up past what the account holds). */
  maxDecimals?: number;
  /** Intl locale for the digits, the grouping and the decimal separator. Default 'en-US'. */
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
  const f = amountFormat(locale, maxDecimals);
  const frac = p.frac.slice(0, maxDecimals).replace(/0+$/, '');
  const isZero = /^0*$/.test(p.int) && /^0*$/.test(p.frac);
  if (isZero) return f.format(0);
  const shownZero = /^0*$/.test(p.int) && frac === '';
  if (shownZero) {
    const min = f.format(exact(maxDecimals > 0 ? `0.${'0'.repeat(maxDecimals - 1)}1` : '1'));
    return p.negative ? `>-${min}` : `<${min}`;
  }
  return f.format(exact(`${p.negative ? '-' : ''}${p.int}.${frac || '0'}`));
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
