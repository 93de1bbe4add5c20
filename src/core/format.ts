/**
 * Display formatting and address checks. Amounts are decimal strings and bigints end to end (their rules live
 * in core/decimal): nothing here round-trips an amount through a JavaScript float. Display uses
 * Intl.NumberFormat on bigints and on exact decimal strings.
 */
import { getAddress } from 'viem';
import { compareDecimal, type DecimalParts, decimalParts } from './decimal';

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

const usdFormatters = new Map<string, Intl.NumberFormat>();

/**
 * US dollars for display: `1234.5` → `"$1,234.50"`; a positive value below one cent → `"<$0.01"`.
 * Accepts numbers (prices from the API are floats) and exact decimal strings.
 */
export function formatUsd(value: number | string, { locale = 'en-US' }: { locale?: string } = {}): string {
  let f = usdFormatters.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    usdFormatters.set(locale, f);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return f.format(0);
    if (value > 0 && value < 0.01) return `<${f.format(0.01)}`;
    return f.format(value);
  }
  let dec: string;
  try {
    const p = decimalParts(value);
    dec = `${p.negative ? '-' : ''}${p.int}${p.frac ? `.${p.frac}` : ''}`;
  } catch {
    return f.format(0);
  }
  if (compareDecimal(dec, '0') > 0 && compareDecimal(dec, '0.01') < 0) return `<${f.format(0.01)}`;
  // Intl.NumberFormat formats decimal strings exactly (ECMA-402 NumberFormat v3).
  return f.format(dec as unknown as number);
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

/**
 * EIP-55 aware: all-lowercase or all-uppercase hex is accepted as unchecksummed; mixed case must be the
 * correct checksum (a typo in a checksummed address is caught).
 */
export function isValidEvmAddress(value: unknown): value is `0x${string}` {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value)) return false;
  const body = value.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  try {
    return getAddress(value) === value;
  } catch {
    return false;
  }
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BASE58_MAP = new Map([...BASE58].map((c, i) => [c, BigInt(i)]));

/** Base58 decode; null when a character is outside the alphabet. */
export function base58Decode(value: string): Uint8Array | null {
  let n = 0n;
  for (const c of value) {
    const d = BASE58_MAP.get(c);
    if (d === undefined) return null;
    n = n * 58n + d;
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  let leading = 0;
  while (leading < value.length && value[leading] === '1') leading++;
  return Uint8Array.from([...new Array<number>(leading).fill(0), ...bytes]);
}

/** A Solana public key: base58 text that decodes to exactly 32 bytes. */
export function isValidSolanaAddress(value: unknown): value is string {
  if (typeof value !== 'string' || value.length < 32 || value.length > 44) return false;
  const bytes = base58Decode(value);
  return bytes !== null && bytes.length === 32;
}
