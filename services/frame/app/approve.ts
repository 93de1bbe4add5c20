/** What every signing path of the frame shares: its request errors and the wait for the user's answer. */
import { type ApprovalRequest, requestApproval } from './ui.ts';

export const USER_REJECTED = { message: 'User rejected the request.', code: 4001 } as const;
/** An approval screen replaced by a newer request before the user answered it. */
export const SUPERSEDED = { message: 'The request was replaced by a newer request.', code: 4001 } as const;
/** The app gave up on the request (its time limit, or the modal closed) and cancelled it. */
export const CANCELLED = { message: 'The request was cancelled.', code: 4001 } as const;
/** Not answered within the frame's own time limit. */
export const EXPIRED = { message: 'The request expired.', code: 4001 } as const;

/** A failure answered to the app as a frame error with this message (and code, when given). */
export class FrameRequestError extends Error {
  override readonly name = 'FrameRequestError';
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
  }
}

/** Shows the approval screen; resolves on Approve, throws the 4001 frame error otherwise. */
export async function approve(request: ApprovalRequest): Promise<void> {
  const outcome = await requestApproval(request);
  if (outcome === 'rejected') throw new FrameRequestError(USER_REJECTED.message, USER_REJECTED.code);
  if (outcome === 'superseded') throw new FrameRequestError(SUPERSEDED.message, SUPERSEDED.code);
  if (outcome === 'cancelled') throw new FrameRequestError(CANCELLED.message, CANCELLED.code);
  if (outcome === 'expired') throw new FrameRequestError(EXPIRED.message, EXPIRED.code);
}
