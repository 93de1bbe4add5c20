/** Errors raised by the frame client besides the catalogue ones (KeywayError from core/errors). */
import type { KitMessage } from '../core/messages.ts';
import { FRAME_ERROR_TEXTS, frameErrorDetail } from './protocol/errors.ts';
import type { FrameEventName } from './protocol/events.ts';

/** The frame answered with an `_ERROR` event: its payload message, or 'An error occurred' (spec §8). */
export class FrameRequestError extends Error {
  override readonly name = 'FrameRequestError';
  constructor(
    readonly event: FrameEventName,
    message: string | undefined,
    /** EIP-1193 error code the frame gave, e.g. 4001 when the user rejected in the frame. */
    readonly code?: number,
  ) {
    super(message?.trim() ? message : FRAME_ERROR_TEXTS.frameError);
  }
  /** The error as a kit message (a protocol text as its code, the frame's own words as the reason). */
  get detail(): KitMessage {
    return frameErrorDetail(this.message);
  }
}

/** The frame did not answer within the event's time limit. */
export class FrameTimeoutError extends Error {
  override readonly name = 'FrameTimeoutError';
  constructor(
    readonly event: FrameEventName,
    readonly timeoutMs: number,
  ) {
    super(`The secure frame did not answer ${event} within ${Math.round(timeoutMs / 1000)} seconds`);
  }
  /** The error as a kit message (its `message` above is for a developer's console). */
  get detail(): KitMessage {
    return { code: 'frameTimeout' };
  }
}

/** A request the kit itself refuses to post because it fails the event's schema (e.g. a malformed email). */
export class FrameValidationError extends Error {
  override readonly name = 'FrameValidationError';
  constructor(
    readonly event: FrameEventName,
    detail: string,
  ) {
    super(`Invalid ${event} request: ${detail}`);
  }
}
