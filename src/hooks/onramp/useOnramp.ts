import { useEffect } from 'react';
import { useStoreBinding } from '../bind';
import { useKeyway } from '../context';
import { getOnrampStore } from './instance';
import type { AmountCheck } from './limits';
import type { OnrampActions, OnrampState, OnrampStore } from './store';

export interface UseOnrampResult extends OnrampState, Omit<OnrampActions, 'setContext' | 'check'> {
  /** The amount against the chosen payment method's limits (the message, a suggested method). */
  validation: AmountCheck;
  /** True when Continue can open the provider page. */
  canContinue: boolean;
}

/** The actions a buy screen calls (the store's own; setContext and check stay the instance's). */
const ONRAMP_ACTIONS = [
  'loadOptions',
  'selectProvider',
  'setPurchaseCurrency',
  'setNetwork',
  'setPaymentCurrency',
  'setPaymentMethod',
  'setPaymentAmount',
  'setPurchaseAmount',
  'buy',
  'linkOpened',
  'checkAgain',
  'cancelPurchase',
  'reset',
] as const satisfies readonly (keyof OnrampActions)[];

/** The instance's on-ramp store itself (created on first use), for views that read it outside a render. */
export function useOnrampStore(): OnrampStore {
  return getOnrampStore(useKeyway());
}

/**
 * Buy crypto through the on-ramp provider (spec §3 on-ramp state, §7, §8, §9): the whole state and every
 * action a buy screen needs. Options load when the hook mounts (`load: false` to load them yourself).
 * The hook never changes the modal: `buy()` resolves with an outcome ('opened', 'blocked', 'invalid',
 * 'error') and `purchase.status` says how the purchase goes; a screen maps them to its own navigation.
 * `source` is 'fallback' when any figure shown comes from the spec's fallback data, not the provider.
 */
export function useOnramp(options: { load?: boolean } = {}): UseOnrampResult {
  const keyway = useKeyway();
  const store = getOnrampStore(keyway);
  const state = useStoreBinding(store, ONRAMP_ACTIONS);
  const shouldLoad = options.load !== false;
  useEffect(() => {
    if (shouldLoad) void store.getState().loadOptions();
  }, [store, shouldLoad]);
  const a = store.getState();
  const validation = a.check();
  return {
    ...state,
    validation,
    canContinue:
      validation.valid &&
      !!state.address &&
      !!state.network &&
      state.status === 'ready' &&
      state.purchase.status !== 'generating',
  };
}
