/** Response classifiers (spec §5). */

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
const SIGNED_MESSAGE = /^0x[0-9a-fA-F]{62,}$/;

/** 0x followed by exactly 64 hex characters. */
export function isTransactionHash(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && TX_HASH.test(value);
}

/** 0x followed by at least 62 hex characters. */
export function isSignedMessage(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && SIGNED_MESSAGE.test(value);
}
