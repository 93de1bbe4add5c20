import { useEffect } from 'react';
import { useKeyway, useKeywayStore } from '../context';
import type { BalancesActions, BalancesState } from './store';

export interface UseBalancesResult extends BalancesState, Pick<BalancesActions, 'refresh'> {}

/**
 * Token balances of the connected address on the active network, with the total in USD (spec §3).
 * Reading them loads them once; call `refresh({ forceUpdate })` after a transaction.
 */
export function useBalances(): UseBalancesResult {
  const { stores } = useKeyway();
  const state = useKeywayStore(
    'balances',
    (s): BalancesState => ({
      address: s.address,
      networkId: s.networkId,
      balances: s.balances,
      totalUsd: s.totalUsd,
      formattedTotalUsd: s.formattedTotalUsd,
      status: s.status,
      error: s.error,
      loaded: s.loaded,
    }),
  );
  const { address, networkId } = state;
  useEffect(() => {
    if (address && networkId) void stores.balances.getState().load();
  }, [stores, address, networkId]);
  return { ...state, refresh: stores.balances.getState().refresh };
}
