/** The React context that carries a Keyway instance, and the low-level store hooks. */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { StoreApi } from 'zustand/vanilla';
import type { Keyway, KeywayStores } from './keyway';

export const KeywayContext = createContext<Keyway | null>(null);

/** The Keyway instance of the nearest `<KeywayProvider>`; throws outside one. */
export function useKeyway(): Keyway {
  const keyway = useContext(KeywayContext);
  if (!keyway) throw new Error('Keyway hooks must be used inside <KeywayProvider keyway={...}>');
  return keyway;
}

type StoreState<K extends keyof KeywayStores> = ReturnType<KeywayStores[K]['getState']>;

/**
 * Subscribes to the smallest slice of one of the instance's stores. The selector's result is compared
 * shallowly, so a selector may return a new object or array of unchanged parts without re-rendering.
 */
export function useKeywayStore<K extends keyof KeywayStores, T>(
  name: K,
  selector: (state: StoreState<K>) => T,
): T {
  const keyway = useKeyway();
  const store = keyway.stores[name] as unknown as Parameters<typeof useStore>[0];
  return useStore(store, useShallow(selector as (s: unknown) => T));
}

/** The data of a store state: every field that is not a function (the actions). */
export type StoreData<S> = {
  [K in keyof S as S[K] extends (...args: never[]) => unknown ? never : K]: S[K];
};

function dataOf<S extends object>(state: S): StoreData<S> {
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(state)) if (typeof value !== 'function') data[key] = value;
  return data as StoreData<S>;
}

/**
 * The store's data (the component re-renders when a field changes, compared shallowly) and the named
 * actions (stable: taken from the store once per render). How a hook binds to its store: see bind.ts. It
 * lives here, with the context, because hooks of the initial JS (the account button, the toast region) use
 * it too.
 */
export function useStoreBinding<S extends object, A extends keyof S>(
  store: StoreApi<S>,
  actions: readonly A[],
): StoreData<S> & Pick<S, A> {
  const data = useStore(store, useShallow(dataOf<S>));
  const state = store.getState();
  const bound = {} as Pick<S, A>;
  for (const key of actions) bound[key] = state[key];
  return { ...data, ...bound };
}
