/** Small helpers shared by the stores. */
import { type KitMessage, kitMessage, type MessageCode } from '../core/messages';

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

/**
 * Why a step failed, as a message: a kit error's or the secure frame's own message, else the error's own words
 * (a wallet's short message, or its message) as the reason of `fallback`, else `fallback` alone.
 */
export function errorMessage(error: unknown, fallback: MessageCode): KitMessage {
  if (error && typeof error === 'object') {
    // A kit error or the secure frame's (`KeywayError`, `FrameRequestError`) says it as a message already. Read
    // by shape: this module is in a host's initial JS, the frame's error classes are not.
    const { detail } = error as { detail?: Partial<KitMessage> };
    if (detail && typeof detail === 'object' && typeof detail.code === 'string') return detail as KitMessage;
    const { shortMessage, message } = error as { shortMessage?: unknown; message?: unknown };
    if (typeof shortMessage === 'string' && shortMessage.trim())
      return kitMessage(fallback, undefined, shortMessage);
    if (typeof message === 'string' && message.trim()) return kitMessage(fallback, undefined, message);
  }
  return kitMessage(fallback);
}
