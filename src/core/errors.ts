/**
 * The kit's errors as data (spec §8): a thrown kit error carries a `KitMessage` (a code, its values and any
 * wallet's or API's own reason), never a sentence for display. The catalogue (`i18n/en.ts` and the locales)
 * holds every text; the styled layer writes them with `i18n/messageText.ts`, a host's own UI with its own.
 */
import { type KitMessage, kitMessage, type MessageCode, type MessageValue } from './messages';

export type { KitMessage, MessageCode } from './messages';

/**
 * Every error the kit throws on purpose. `code`, `values` and `reason` say what happened; `message` is for a
 * developer's console (the code and its values), not for a user.
 */
export class KeywayError extends Error {
  override readonly name = 'KeywayError';
  readonly code: MessageCode;
  readonly values: Readonly<Record<string, MessageValue>> | undefined;
  readonly reason: string | undefined;
  constructor(detail: KitMessage, options?: { cause?: unknown }) {
    super(describe(detail), options);
    this.code = detail.code;
    this.values = detail.values;
    this.reason = detail.reason;
  }
  /** The error as a message for a view or a host's own text. */
  get detail(): KitMessage {
    return kitMessage(this.code, this.values, this.reason);
  }
  static of(
    code: MessageCode,
    cause?: unknown,
    values?: Readonly<Record<string, MessageValue>>,
  ): KeywayError {
    return new KeywayError(kitMessage(code, values), cause === undefined ? undefined : { cause });
  }
}

/** `code` with its values and reason, for a console: `cooldown (seconds: 12)`. */
function describe({ code, values, reason }: KitMessage): string {
  const parts = Object.entries(values ?? {}).map(([k, v]) => `${k}: ${v}`);
  if (reason) parts.push(`reason: ${reason}`);
  return parts.length ? `${code} (${parts.join(', ')})` : code;
}

/** Raised by `createKeyway` for a malformed or unknown host option; the message names the option. */
export class KeywayOptionsError extends Error {
  override readonly name = 'KeywayOptionsError';
  constructor(
    readonly option: string,
    message: string,
  ) {
    super(message);
  }
}

/** A Blockchain API / explorer failure: the HTTP status and the API's first reason, if any. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number | null,
    readonly reasons: ReadonlyArray<{ field?: string; description: string }> = [],
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The short message a wallet gave for a failure (viem's `shortMessage`), if it gave one. */
export function walletReason(error: unknown): string | undefined {
  if (error && typeof error === 'object') {
    const short = (error as { shortMessage?: unknown }).shortMessage;
    if (typeof short === 'string' && short.trim()) return short;
  }
  return undefined;
}

/**
 * What a failed wallet step says: a kit error's own message, else the wallet's short message (`walletError`
 * with its words as the reason), else `fallback` (spec §8 'Transaction error' by default).
 */
export function walletFailure(error: unknown, fallback: MessageCode = 'transactionError'): KitMessage {
  if (error instanceof KeywayError) return error.detail;
  const reason = walletReason(error);
  return reason ? kitMessage('walletError', undefined, reason) : kitMessage(fallback);
}

/**
 * A pairing URI expired before the wallet approved (the pairing transport throws it; the connect store offers
 * a new code). Here, not with the pairing store, because the wagmi config builder of the initial JS throws it.
 */
export class PairingExpiredError extends Error {
  override readonly name = 'PairingExpiredError';
  constructor(message = 'pairingExpired') {
    super(message);
  }
}
