/**
 * Solana address validation without @solana/web3.js: an address is the base58 text of a 32-byte
 * public key (32 to 44 characters of the Bitcoin base58 alphabet).
 */

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BASE58_INDEX: ReadonlyMap<string, number> = new Map(
  [...BASE58_ALPHABET].map((ch, i) => [ch, i] as const),
);

/** Decodes base58 text to bytes; returns null on a character outside the alphabet. */
export function decodeBase58(value: string): Uint8Array | null {
  let leadingZeros = 0;
  while (leadingZeros < value.length && value[leadingZeros] === '1') leadingZeros++;
  // Big-endian base-256 digits, built by repeated multiply-add.
  const bytes: number[] = [];
  for (const ch of value) {
    const digit = BASE58_INDEX.get(ch);
    if (digit === undefined) return null;
    let carry = digit;
    for (let i = bytes.length - 1; i >= 0; i--) {
      carry += (bytes[i] as number) * 58;
      bytes[i] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.unshift(carry & 0xff);
      carry >>= 8;
    }
  }
  // Leading '1's were counted as zero digits above only when something followed; normalise.
  let firstNonZero = 0;
  while (firstNonZero < bytes.length && bytes[firstNonZero] === 0) firstNonZero++;
  const out = new Uint8Array(leadingZeros + bytes.length - firstNonZero);
  out.set(bytes.slice(firstNonZero), leadingZeros);
  return out;
}

/** Encodes bytes as base58 text. */
export function encodeBase58(bytes: Uint8Array): string {
  let leadingZeros = 0;
  while (leadingZeros < bytes.length && bytes[leadingZeros] === 0) leadingZeros++;
  const digits: number[] = [];
  for (const byte of bytes) {
    let carry = byte;
    for (let i = 0; i < digits.length; i++) {
      carry += (digits[i] as number) << 8;
      digits[i] = carry % 58;
      carry = Math.floor(carry / 58);
    }
    while (carry > 0) {
      digits.push(carry % 58);
      carry = Math.floor(carry / 58);
    }
  }
  let out = '1'.repeat(leadingZeros);
  for (let i = digits.length - 1; i >= 0; i--) out += BASE58_ALPHABET[digits[i] as number];
  return out;
}

/** True when `value` is a Solana address: base58 text that decodes to exactly 32 bytes. */
export function isSolanaAddress(value: string): boolean {
  if (typeof value !== 'string' || value.length < 32 || value.length > 44) return false;
  const bytes = decodeBase58(value);
  return bytes !== null && bytes.length === 32;
}
