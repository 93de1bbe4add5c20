import { useEffect } from 'react';
import { useStoreBinding } from '../bind';
import { useKeyway } from '../context';
import { getTransactionsStore } from './instance';
import type { TransactionsActions, TransactionsState } from './store';

export interface UseTransactionsResult
  extends TransactionsState,
    Pick<TransactionsActions, 'fetchNextPage' | 'refresh' | 'reset'> {}

/**
 * The connected account's transaction history on the active network, newest first and grouped by day
 * (spec §3, §4). Reading it loads the first page; `fetchNextPage()` loads the next one (infinite scroll).
 */
const TRANSACTIONS_ACTIONS = [
  'fetchNextPage',
  'refresh',
  'reset',
] as const satisfies readonly (keyof TransactionsActions)[];

export function useTransactions(): UseTransactionsResult {
  const store = getTransactionsStore(useKeyway());
  const state = useStoreBinding(store, TRANSACTIONS_ACTIONS);
  const { address, networkId } = state;
  useEffect(() => {
    if (address && networkId) void store.getState().load();
  }, [store, address, networkId]);
  return state;
}
