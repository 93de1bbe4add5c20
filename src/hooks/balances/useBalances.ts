import { useEffect, useMemo } from 'react';
import { BALANCES_MAX_AGE_MS } from '../../core/constants';
import { formatUsd } from '../../core/format';
import { useLocale } from '../../i18n/context';
import { useStoreBinding } from '../bind';
import { useKeyway } from '../context';
import { getBalancesStore } from './instance';
import type { BalancesActions, BalancesState } from './store';

export interface UseBalancesResult extends BalancesState, Pick<BalancesActions, 'refresh'> {
  /** The total in USD written in the active locale (`$6,682.10`, `6.682,10 $`). */
  formattedTotalUsd: string;
}

export interface UseBalancesOptions {
  /**
   * Keep them fresh while the component is shown: fetched again every BALANCES_MAX_AGE_MS (the Account
   * view's token list; funds that arrive from elsewhere show up without a reopen).
   */
  watch?: boolean;
  /** How old the balances may be when the component mounts before they are fetched again (default BALANCES_MAX_AGE_MS). */
  maxAgeMs?: number;
}

const BALANCES_ACTIONS = ['refresh'] as const satisfies readonly (keyof BalancesActions)[];

/**
 * Token balances of the connected address on the active network, with the total in USD (spec §3).
 * Reading them loads them (again once they are older than BALANCES_MAX_AGE_MS); call
 * `refresh({ forceUpdate })` after a transaction.
 */
export function useBalances({ watch = false, maxAgeMs }: UseBalancesOptions = {}): UseBalancesResult {
  const store = getBalancesStore(useKeyway());
  const state = useStoreBinding(store, BALANCES_ACTIONS);
  const { address, networkId } = state;
  useEffect(() => {
    if (!address || !networkId) return;
    void store.getState().load(maxAgeMs === undefined ? undefined : { maxAgeMs });
    if (!watch) return;
    // Each tick reads them again: the last answer arrived a little after the tick before it, so asking only
    // for balances older than BALANCES_MAX_AGE_MS would skip every other tick (a read every 20 s).
    const timer = setInterval(
      () => void store.getState().load({ maxAgeMs: BALANCES_MAX_AGE_MS / 2 }),
      BALANCES_MAX_AGE_MS,
    );
    return () => clearInterval(timer);
  }, [store, address, networkId, watch, maxAgeMs]);
  const { locale } = useLocale();
  // One object while the state and the locale are the same (a host may use the result as a dependency).
  return useMemo(
    () => ({ ...state, formattedTotalUsd: formatUsd(state.totalUsd, { locale }) }),
    [state, locale],
  );
}
