/**
 * How a hook binds to its store: the store's data and selectors are the only implementation; the hook adds
 * what a screen needs on top (formatted figures, validation) and never copies a field or a rule by hand.
 *
 * `useStoreBinding(store, ACTIONS)` serves every hook whose result is its store's data plus some of its
 * actions (useAccount, useBalances, useTransactions, useNetworks, useSiwe, usePairing, useEmailLogin, useSend,
 * useSwap, useOnramp, useNameRegistration, useSocialLogin, useUpdateEmail, usePreferredAccountType,
 * useToasts); the list of actions names what a screen may call, the others (the instance's feeds,
 * `dispose`) stay out. Where it does not fit:
 * - useModal: its result is the view stack read as the current view, its params and `canGoBack`; the
 *   store's `everOpened` is the instance's first-open bookkeeping and stays out of the hook.
 * - useConnect, useAllWallets: their lists are derived from several store fields by the store's own
 *   selectors, read through `useMemoSelector` below.
 * - useConsent holds a screen's own state (the checkbox), useWalletPicker is a rule over useConnect's
 *   `connect` (pairing or browser); useKeywayEvents listens to the event bus, not to a store.
 */
import { useMemo } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';

// useStoreBinding lives with the context (hooks of the initial JS use it); it is the pattern's entry here.
export { type StoreData, useStoreBinding } from './context';

/**
 * A selector that returns the same result while the inputs it reads are the same (each compared with
 * Object.is), so a derived list is built once per change of what it is built from.
 */
export function memoSelector<S, I extends unknown[], R>(
  inputs: (state: S) => I,
  compute: (...inputs: NoInfer<I>) => R,
): (state: S) => R {
  let last: { inputs: I; result: R } | null = null;
  return (state) => {
    const next = inputs(state);
    if (last && last.inputs.length === next.length && last.inputs.every((v, i) => Object.is(v, next[i]))) {
      return last.result;
    }
    last = { inputs: next, result: compute(...next) };
    return last.result;
  };
}

/** Selects with a store selector, memoized per component on the selector's inputs. */
export function useMemoSelector<S, I extends unknown[], R>(
  store: StoreApi<S>,
  inputs: (state: S) => I,
  compute: (...inputs: NoInfer<I>) => R,
): R {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the selector is built once per component.
  const select = useMemo(() => memoSelector(inputs, compute), []);
  return useStore(store, select);
}
