/** The React context that carries a Keyway instance, and the low-level store hook. */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
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
