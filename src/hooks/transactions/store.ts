/**
 * Transaction history (spec §4 transactions, §5, §8): pages from `GET /v1/account/{address}/history` by
 * cursor, newest first, for the connected address on the active network. Items are deduplicated by id across
 * pages, transfers of spam NFTs are dropped (a transaction left with none is hidden) and rows are grouped by
 * day. A fetch needs a projectId and an address. On failure: the toast 'Failed to fetch transactions', the
 * ERROR_FETCH_TRANSACTIONS event, and the list marked empty. A change of account or network resets it.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Transaction, TransactionsPage } from '../../api/schemas';
import type { EventBus } from '../../core/events';
import { type KitMessage, kitMessage } from '../../core/messages';
import type { KeywayNetwork } from '../../core/networks';
import type { OutcomeOf } from '../../core/outcomes';
import { walletReads } from '../latest';
// The rows are built by ./format, loaded with the first page (it is not in a host's initial JS).
import type { DisplayOptions, TransactionItem, TransactionSection } from './format';

export type TransactionsStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface TransactionsState {
  address: string | null;
  networkId: string | null;
  /** Visible rows, newest first, unique by id. */
  transactions: TransactionItem[];
  /** The same rows grouped by day. */
  sections: TransactionSection[];
  /** 'loading' while the first page loads; later pages set `loadingMore`. */
  status: TransactionsStatus;
  loadingMore: boolean;
  /** Cursor of the next page (null when there is none). */
  next: string | null;
  hasMore: boolean;
  /** True when the list is known to be empty: no visible transaction, or a failed fetch (spec §8). */
  empty: boolean;
  error: KitMessage | null;
}

export interface TransactionsActions {
  /** Loads the first page once for the current account and network (a view calls it when shown). */
  load(): Promise<void>;
  /** Loads the next page (infinite scroll); does nothing while a page loads or when there is no more. */
  fetchNextPage(): Promise<void>;
  /** Starts over from the first page (after a transaction, or "Try again"). */
  refresh(): Promise<void>;
  /** Clears the list (spec §4: cleared by reset). */
  reset(): void;
  /** Fed by the instance wiring: the connected address (null when disconnected) and the active network. */
  setContext(address: string | null, network: KeywayNetwork | null): void;
}

export type TransactionsStore = StoreApi<TransactionsState & TransactionsActions>;

export interface TransactionsSource {
  getTransactions(args: {
    account: string;
    cursor?: string;
    chainId?: string;
    signal?: AbortSignal;
  }): Promise<TransactionsPage>;
}

export interface TransactionsStoreDeps extends Pick<DisplayOptions, 'timeZone'> {
  api: TransactionsSource;
  projectId: string | null | undefined;
  bus: EventBus;
  /** Every configured network (for explorer links of each transaction's chain). */
  getNetworks: () => readonly KeywayNetwork[];
  /** Reports the flow's outcomes (a read that failed); the styled layer shows a toast for it. */
  emit?: (outcome: OutcomeOf<'history'>) => void;
  /** The clock for "Today"/"Yesterday" (tests pass a fixed one). */
  now?: () => number;
}

const emptyFields = (): Omit<TransactionsState, 'address' | 'networkId'> => ({
  transactions: [],
  sections: [],
  status: 'idle',
  loadingMore: false,
  next: null,
  hasMore: false,
  empty: false,
  error: null,
});

export function createTransactionsStore(deps: TransactionsStoreDeps): TransactionsStore {
  const now = deps.now ?? Date.now;
  // Days are grouped in the display time zone; the rows hold data, which the views write in their locale.
  const display: DisplayOptions = {
    ...(deps.timeZone ? { timeZone: deps.timeZone } : {}),
  };
  /** The history items of the pages loaded so far, as the API sent them (for the known counterparties). */
  let loadedRaw: Transaction[] = [];

  return createStore<TransactionsState & TransactionsActions>()((set, get) => {
    const wallet = walletReads(get, set, emptyFields);
    const { reads } = wallet;
    const canFetch = () => !!deps.projectId && !!get().address && !!wallet.network();

    const fetchPage = (cursor: string | null): Promise<void> => {
      const address = get().address;
      const network = wallet.network();
      if (!deps.projectId || !address || !network) return Promise.resolve();
      const chainId = network.id;
      return reads.start(async (signal, isLatest) => {
        if (cursor === null) set({ ...emptyFields(), status: 'loading' });
        else set({ loadingMore: true });
        try {
          const [page, { groupTransactionsByDay, knownCounterparties, toTransactionItem }] =
            await Promise.all([
              deps.api.getTransactions({
                account: address,
                chainId,
                ...(cursor !== null ? { cursor } : {}),
                signal,
              }),
              import('./format'),
            ]);
          if (!isLatest()) return;
          const networks = deps.getNetworks();
          if (cursor === null) loadedRaw = [];
          const seen = new Set(loadedRaw.map((t) => t.id));
          for (const tx of page.data) {
            if (seen.has(tx.id)) continue;
            seen.add(tx.id);
            loadedRaw.push(tx);
          }
          // Whom the account sent to anywhere in the loaded history is known. A later page can make a
          // sender known, so the rows are derived again from every loaded item (cheap next to a fetch).
          const known = knownCounterparties(address, loadedRaw);
          const transactions: TransactionItem[] = [];
          for (const tx of loadedRaw) {
            const item = toTransactionItem(tx, networks, known);
            if (item) transactions.push(item);
          }
          // A cursor that does not move would page forever: stop there.
          const next = page.next && page.next !== cursor ? page.next : null;
          set({
            transactions,
            sections: groupTransactionsByDay(transactions, now(), display),
            status: 'ready',
            loadingMore: false,
            next,
            hasMore: next !== null,
            empty: transactions.length === 0 && next === null,
            error: null,
          });
        } catch {
          if (!isLatest()) return;
          set({ ...emptyFields(), status: 'error', empty: true, error: kitMessage('fetchTransactions') });
          deps.emit?.({ flow: 'history', status: 'failed', reason: 'fetchFailed' });
          deps.bus.emit('ERROR_FETCH_TRANSACTIONS', {
            projectId: deps.projectId,
            cursor: cursor ?? null,
          });
        }
      });
    };

    return {
      address: null,
      networkId: null,
      ...emptyFields(),

      load() {
        if (!canFetch()) return Promise.resolve();
        if (reads.inflight) return reads.inflight;
        if (get().status !== 'idle') return Promise.resolve();
        return fetchPage(null);
      },

      fetchNextPage() {
        const s = get();
        if (!canFetch() || reads.inflight || s.status !== 'ready' || !s.hasMore || s.next === null) {
          return reads.inflight ?? Promise.resolve();
        }
        return fetchPage(s.next);
      },

      refresh() {
        if (!canFetch()) return Promise.resolve();
        return fetchPage(null);
      },

      reset: wallet.reset,
      setContext: wallet.setContext,
    };
  });
}
