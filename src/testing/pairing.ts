/**
 * A pairing provider for tests and stories: it makes WalletConnect-shaped URIs without a relay and can be
 * told to approve, decline or expire the pending pairing, so the kit's pairing state machine runs for real.
 */
import { PairingExpiredError, type PairingProvider } from '../hooks/connect/pairing';

export interface TestPairingProvider extends PairingProvider {
  /** Approves the pending pairing (runs `onApprove` first, e.g. to connect a wagmi connector). */
  approve(): Promise<void>;
  /** Declines it the way a wallet does: an EIP-1193 user rejection (code 4001). */
  decline(): void;
  /** Reports it as expired by the relay. */
  expire(): void;
  /** Fails it with another error. */
  /** Fails the pairing with `error`, or an error of that message (default 'Relay unavailable'). */
  fail(error?: string | Error): void;
  /** Every URI emitted so far, oldest first. */
  readonly uris: readonly string[];
  /** Whether a pairing is waiting for approval. */
  readonly pending: boolean;
  /** How many times `connect()` was called. */
  readonly connectCalls: number;
  /** How many times `cancel()` was called. */
  readonly cancelCalls: number;
}

export interface TestPairingProviderOptions {
  /** Runs before a pairing resolves on approve. */
  onApprove?: () => Promise<void> | void;
  /** Emit the URI synchronously inside `connect()` (default: on the next microtask, like a relay). */
  syncUri?: boolean;
}

class UserRejectedError extends Error {
  override readonly name = 'UserRejectedRequestError';
  readonly code = 4001;
  readonly shortMessage = 'User rejected the request.';
}

function randomHex(bytes: number): string {
  const buf = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buf);
  return Array.from(buf, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function createTestPairingProvider(options: TestPairingProviderOptions = {}): TestPairingProvider {
  const listeners = new Set<(uri: string) => void>();
  const uris: string[] = [];
  let pending: { resolve: () => void; reject: (e: unknown) => void } | null = null;
  let connectCalls = 0;
  let cancelCalls = 0;

  const settle = (fn: (p: NonNullable<typeof pending>) => void) => {
    const p = pending;
    pending = null;
    if (p) fn(p);
  };

  return {
    connect() {
      connectCalls++;
      settle((p) => p.reject(new Error('Pairing replaced')));
      const uri = `wc:${randomHex(32)}@2?relay-protocol=irn&symKey=${randomHex(32)}`;
      const promise = new Promise<void>((resolve, reject) => {
        pending = { resolve, reject };
      });
      const emit = () => {
        uris.push(uri);
        for (const l of [...listeners]) l(uri);
      };
      if (options.syncUri) emit();
      else queueMicrotask(emit);
      return promise;
    },
    onUri(callback) {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
    cancel() {
      cancelCalls++;
      settle((p) => p.reject(new Error('Pairing cancelled')));
    },
    async approve() {
      if (!pending) throw new Error('No pairing is pending');
      await options.onApprove?.();
      settle((p) => p.resolve());
    },
    decline() {
      settle((p) => p.reject(new UserRejectedError('User rejected the request.')));
    },
    expire() {
      settle((p) => p.reject(new PairingExpiredError()));
    },
    fail(error = 'Relay unavailable') {
      settle((p) => p.reject(typeof error === 'string' ? new Error(error) : error));
    },
    get uris() {
      return uris;
    },
    get pending() {
      return pending !== null;
    },
    get connectCalls() {
      return connectCalls;
    },
    get cancelCalls() {
      return cancelCalls;
    },
  };
}
