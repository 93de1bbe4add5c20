/**
 * Outcomes of the kit's flows: what an action or a store reports when a step of a flow ends (a code is
 * needed, a transfer was sent, a connection failed). Stores never move the modal; they report outcomes on
 * the instance's outcome stream, and the styled layer (`views/modalRouter.ts`) maps them to navigation. A
 * host with its own UI reads the same outcomes (from the actions' results, or by subscribing) and gets no
 * modal state change. A failure says why as data (`KitMessage`: a code, its values, a wallet's or API's reason).
 */
import type { KitMessage } from './messages';

/** How a connection was made: a wallet (extension, QR code, Coinbase, ...) or the embedded wallet's logins. */
export type ConnectedVia = 'wallet' | 'email' | 'social' | 'farcaster';

export type FlowOutcome =
  /** An account is connected. */
  | { flow: 'connect'; status: 'connected'; via: ConnectedVia }
  /** A wallet connection attempt ended declined or failed. */
  | { flow: 'connect'; status: 'declined' | 'error' }
  /** The account was disconnected. */
  | { flow: 'account'; status: 'disconnected' }
  /** The disconnect failed (the account stays connected). */
  | { flow: 'account'; status: 'disconnect-failed' }
  /** The embedded wallet's preferred account type was chosen. */
  | { flow: 'account-type'; status: 'chosen' }
  /** The preferred account type could not be set; `message` says why. */
  | { flow: 'account-type'; status: 'failed'; message: KitMessage }
  /** The active network changed; `namespaceChanged` when it moved between EVM and Solana. */
  | { flow: 'network'; status: 'switched'; namespaceChanged: boolean }
  | { flow: 'network'; status: 'error'; message: KitMessage }
  /** The host verified a signed sign-in message: the account is signed in. */
  | { flow: 'siwe'; status: 'signed-in' }
  /** An account connected (or came back after a reload) with a session of its own: signed in, no signature. */
  | { flow: 'siwe'; status: 'restored' }
  /** The connected account must sign in (`reason`: why; an old session was ended first). */
  | { flow: 'siwe'; status: 'required'; reason: SiweRequiredReason }
  | { flow: 'siwe'; status: 'error'; message: KitMessage }
  /** The send form is valid: the transfer can be reviewed. */
  | { flow: 'send'; status: 'review' }
  /** The transfer landed: `amount` is the exact decimal string sent, `symbol` the token's. */
  | { flow: 'send'; status: 'sent'; hash: string; amount: string; symbol: string }
  /** A submit of a form that is not valid (nothing was sent). */
  | { flow: 'send'; status: 'invalid'; namespace: 'evm' | 'solana' }
  /** The transfer failed or was refused in the wallet; `message` says why (a wallet's words as its reason). */
  | { flow: 'send'; status: 'failed'; message: KitMessage }
  /** The swap form has a quote and its transaction: the swap can be reviewed. */
  | { flow: 'swap'; status: 'review' }
  /** The swap landed: the exact decimal amounts given and received, with the tokens' symbols. */
  | {
      flow: 'swap';
      status: 'sent';
      hash: string;
      from: { amount: string; symbol: string };
      to: { amount: string; symbol: string };
    }
  /** The swap could not start or its quote failed: the form cannot go on (`message` says why). */
  | { flow: 'swap'; status: 'failed'; message: KitMessage }
  /** A wallet step (the approval or permit, or the swap itself) was refused or failed; the form stays. */
  | { flow: 'swap'; status: 'rejected'; step: 'approval' | 'swap'; message: KitMessage }
  /** The email login needs the 6-digit code sent to the address. */
  | { flow: 'email'; status: 'otp-required' }
  /** The email login waits for the device approval link. */
  | { flow: 'email'; status: 'device-approval-required' }
  | { flow: 'email'; status: 'error' }
  /** A social login window was opened (or blocked) and the login is under way. */
  | { flow: 'social'; status: 'started' }
  /** The social login ended without a connection (the window was closed, or the user cancelled). */
  | { flow: 'social'; status: 'cancelled' }
  | { flow: 'farcaster'; status: 'started' }
  | { flow: 'farcaster'; status: 'cancelled' }
  /** The email update needs the code sent to the current address, then the one sent to the new address. */
  | { flow: 'update-email'; status: 'primary-otp-required' | 'secondary-otp-required' }
  | { flow: 'update-email'; status: 'updated'; email: string }
  /** The embedded wallet's frame shows its approval screen for an unsafe request (signing, sending). */
  | { flow: 'approval'; status: 'required'; requestId: string; method: string }
  /** The approval of that request ended (approved, rejected or aborted); the frame hid its screen. */
  | { flow: 'approval'; status: 'done'; requestId: string }
  /**
   * The embedded wallet refused a request as a method it does not offer (spec: 'Requested RPC call is not
   * allowed' to the requester, 'Action not allowed' in the UI): `message` is `actionNotAllowed`.
   */
  | { flow: 'approval'; status: 'refused'; method: string; message: KitMessage }
  /** An account name was registered (the full name, as the API answered it). */
  | { flow: 'names'; status: 'registered'; name: string }
  /** The on-ramp provider's page was opened for a purchase (or its window was blocked: a link is offered). */
  | { flow: 'onramp'; status: 'opened' | 'blocked' }
  /** A paired wallet's relay went away during a session, or came back after that. */
  | { flow: 'relay'; status: 'lost' | 'back' }
  /** The account's token balances could not be read (the last known ones stay). */
  | { flow: 'balances'; status: 'failed'; reason: 'fetchFailed' }
  /** The account's transaction history could not be read. */
  | { flow: 'history'; status: 'failed'; reason: 'fetchFailed' };

/**
 * Why a sign-in with wallet is asked: the connected account has no session (`noSession`), or the session was
 * another account's (`accountChanged`) or another chain's (`chainChanged`) and was ended.
 */
export type SiweRequiredReason = 'noSession' | 'accountChanged' | 'chainChanged';

export type FlowName = FlowOutcome['flow'];
/** The outcomes of one flow. */
export type OutcomeOf<F extends FlowName> = Extract<FlowOutcome, { flow: F }>;

/** A small synchronous stream of outcomes, one per Keyway instance. */
export interface OutcomeStream {
  emit(outcome: FlowOutcome): void;
  subscribe(listener: (outcome: FlowOutcome) => void): () => void;
  /** How many listeners are subscribed (0 once every subscriber left). */
  readonly listenerCount: number;
}

export function createOutcomeStream(): OutcomeStream {
  const listeners = new Set<(outcome: FlowOutcome) => void>();
  return {
    emit(outcome) {
      for (const l of [...listeners]) {
        try {
          l(outcome);
        } catch (err) {
          console.error('Keyway: an outcome listener threw', err);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    get listenerCount() {
      return listeners.size;
    },
  };
}
