/**
 * Display formatting and address checks. Amounts are decimal strings and bigints end to end (their rules live
 * in core/decimal): nothing here round-trips an amount through a JavaScript float. Display uses
 * Intl.NumberFormat on bigints and on exact decimal strings.
 */
import { getAddress } from 'viem';
import { compareDecimal, decimalParts } from './decimal';

// The token amounts and short addresses the account button shows live in their own module, so that a host's
// initial JS holds them without the rest of this one.
export { type FormatTokenAmountOptions, formatTokenAmount, shortenAddress } from './formatAmount';

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
