import { useEffect } from 'react';
import { useKeyway, useKeywayStore } from '../context';
import type { TransactionsActions, TransactionsState } from './store';

export interface UseTransactionsResult
  extends TransactionsState,
    Pick<TransactionsActions, 'fetchNextPage' | 'refresh' | 'reset'> {}

/**
 * The connected account's transaction history on the active network, newest first and grouped by day
 * (spec §3, §4). Reading it loads the first page; `fetchNextPage()` loads the next one (infinite scroll).
 */
export function useTransactions(): UseTransactionsResult {
  const { stores } = useKeyway();
  const state = useKeywayStore(
    'transactions',
    (s): TransactionsState => ({
      address: s.address,
      networkId: s.networkId,
      transactions: s.transactions,
      sections: s.sections,
      status: s.status,
      loadingMore: s.loadingMore,
      next: s.next,
      hasMore: s.hasMore,
      empty: s.empty,
      error: s.error,
    }),
  );
  const { address, networkId } = state;
  useEffect(() => {
    if (address && networkId) void stores.transactions.getState().load();
  }, [stores, address, networkId]);
  const t = stores.transactions.getState();
  return { ...state, fetchNextPage: t.fetchNextPage, refresh: t.refresh, reset: t.reset };
}
