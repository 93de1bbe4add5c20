/** Small helpers shared by the stores. */

/** True when a wallet (or anything in the error's cause chain) reports a user rejection (EIP-1193 4001). */
export function isUserRejection(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    const { code, name } = e as { code?: unknown; name?: unknown };
    if (code === 4001 || name === 'UserRejectedRequestError') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The best short text for an error: viem's shortMessage, else the message, else the fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (error && typeof error === 'object') {
    const { shortMessage, message } = error as { shortMessage?: unknown; message?: unknown };
    if (typeof shortMessage === 'string' && shortMessage.trim()) return shortMessage;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return fallback;
}
