/**
 * The reads of a store that follows the wallet (balances, history): one at a time. Starting a read aborts the
 * one before it, an answer that is no longer the latest is dropped (the read checks `isLatest()` after each
 * await), and `cancel()` (another account or network) drops every read under way.
 */
export interface LatestRead {
  /** The read under way, if any (a caller joins it instead of starting another). */
  readonly inflight: Promise<void> | null;
  /** Starts `read` as the latest; it gets the abort signal for its requests and `isLatest`. */
  start(read: (signal: AbortSignal, isLatest: () => boolean) => Promise<void>): Promise<void>;
  cancel(): void;
}

export function latestRead(): LatestRead {
  let seq = 0;
  let controller: AbortController | null = null;
  let inflight: Promise<void> | null = null;
  return {
    get inflight() {
      return inflight;
    },
    start(read) {
      const mine = ++seq;
      controller?.abort();
      const ac = new AbortController();
      controller = ac;
      const isLatest = () => mine === seq;
      // The read's first steps (up to its first await) run now, as a direct call would.
      const run = (async () => {
        try {
          await read(ac.signal, isLatest);
        } finally {
          if (isLatest()) {
            controller = null;
            inflight = null;
          }
        }
      })();
      inflight = run;
      return run;
    },
    cancel() {
      seq++;
      controller?.abort();
      controller = null;
      inflight = null;
    },
  };
}

/** Whether a store that follows the wallet is on this account already (its letter case aside) and network. */
export function sameWallet(
  current: { address: string | null; networkId: string | null },
  address: string | null,
  networkId: string | null,
): boolean {
  return current.address?.toLowerCase() === address?.toLowerCase() && current.networkId === networkId;
}
