import type { KeywayNetwork } from '../core/networks';

/**
 * The reads of a store that follows the wallet or the user's typing (balances, history, the swap and on-ramp
 * quotes, the name check, the account's balance): one at a time. Starting a read aborts the one before it, an
 * answer that is no longer the latest is dropped (the read checks `isLatest()` after each await), and
 * `cancel()` (another account or network, a reset) drops every read under way. `later()` is the debounced
 * start of a form: the read before is dropped at once, and the new one starts when the user has paused.
 */
export interface LatestRead {
  /** The read under way, if any (a caller joins it instead of starting another). */
  readonly inflight: Promise<void> | null;
  /** Starts `read` as the latest; it gets the abort signal for its requests and `isLatest`. */
  start(read: (signal: AbortSignal, isLatest: () => boolean) => Promise<void>): Promise<void>;
  /**
   * Drops the read under way now and starts `read` after `delayMs`, unless another `start`, `later` or
   * `cancel` comes first.
   */
  later(delayMs: number, read: (signal: AbortSignal, isLatest: () => boolean) => Promise<void>): void;
  /** Drops the read under way and the one waiting for its time. */
  cancel(): void;
}

export function latestRead(): LatestRead {
  let seq = 0;
  let controller: AbortController | null = null;
  let inflight: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    seq++;
    controller?.abort();
    controller = null;
    inflight = null;
  };
  const start: LatestRead['start'] = (read) => {
    if (timer) clearTimeout(timer);
    timer = null;
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
  };
  return {
    get inflight() {
      return inflight;
    },
    start,
    later(delayMs, read) {
      cancel();
      timer = setTimeout(() => {
        timer = null;
        void start(read);
      }, delayMs);
    },
    cancel,
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

/**
 * The reads of a store for the connected wallet (balances, history), with its `reset` and `setContext`: another
 * account or network drops the reads under way and empties the store; the same account written in another
 * letter case only takes the new spelling. `network()` is the network the reads are for.
 */
export function walletReads<S extends { address: string | null; networkId: string | null }>(
  get: () => S,
  set: (partial: Partial<S>) => void,
  empty: () => Partial<S>,
) {
  const reads = latestRead();
  let network: KeywayNetwork | null = null;
  return {
    reads,
    network: () => network,
    reset() {
      reads.cancel();
      set(empty());
    },
    setContext(address: string | null, next: KeywayNetwork | null) {
      const networkId = next?.id ?? null;
      network = next;
      const s = get();
      if (sameWallet(s, address, networkId)) {
        if (s.address !== address) set({ address } as Partial<S>);
        return;
      }
      reads.cancel();
      set({ address, networkId, ...empty() } as Partial<S>);
    },
  };
}
