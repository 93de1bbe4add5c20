/**
 * The error texts of the frame protocol. The secure frame and its backend answer a failed request with a message
 * in an `_ERROR` event; for the failures the kit must tell apart, that message is one of these fixed texts
 * (spec §8's wording, so a log reads like the spec). They are identifiers on the wire, not what a user reads:
 * the kit reads them back as message codes (`frameErrorDetail`), and the catalogue writes those for the user.
 */
import { type KitMessage, kitMessage } from '../../core/messages.ts';

export const FRAME_ERROR_TEXTS = {
  rpcNotAllowed: 'Requested RPC call is not allowed',
  unsupportedChain: 'Unsupported chain',
  frameError: 'An error occurred',
  /** Not sent by the frame: the message of the EIP-1193 error a request aborted by the kit rejects with. */
  requestAborted: 'Request was aborted',
} as const;

/** The backend's answer to a login attempt within its cooldown (HTTP 429): `Please try again after N seconds`. */
export const cooldownText = (secondsLeft: number): string =>
  `Please try again after ${Math.max(1, Math.ceil(secondsLeft))} seconds`;
const COOLDOWN = /^Please try again after (\d+) seconds?$/;

/**
 * A frame error's message as a kit message: a protocol text as its code, a cooldown with its seconds, anything
 * else (the frame's or a wallet's own words) as `walletError` with those words as the reason.
 */
export function frameErrorDetail(message: string): KitMessage {
  const text = message.trim();
  for (const [code, known] of Object.entries(FRAME_ERROR_TEXTS))
    if (text === known) return kitMessage(code as keyof typeof FRAME_ERROR_TEXTS);
  const cooldown = COOLDOWN.exec(text);
  if (cooldown) return kitMessage('cooldown', { seconds: Number(cooldown[1]) });
  return text ? kitMessage('walletError', undefined, text) : kitMessage('frameError');
}
