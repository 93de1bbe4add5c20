/**
 * Whether the active network has an on-ramp purchase currency (the Account view's Buy action). Kept apart
 * from the on-ramp store so that a view asking only this gets a few lines, not the store.
 *
 * Per instance: the chain ids the options list a purchase currency on. Asked for the first time a reader
 * mounts (the Account view is shown: the modal is open), unknown (so Buy is hidden) until answered. The
 * provider's answer is kept for the instance's lifetime; a fallback answer is used but asked for again on
 * the next mount. The Buy form's own option loads update it too (a fallback never replaces a real answer).
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { OnrampOptions } from '../../api/schemas';
import { useKeyway, useKeywayStore } from '../context';
import type { Keyway } from '../keyway';

/** What an instance knows of the on-ramp networks (a part of the instance, created on first use). */
export interface OnrampNetworks {
  chains: ReadonlySet<string> | null;
  real: boolean;
  loading: Promise<void> | null;
  listeners: Set<() => void>;
}

const entry = (keyway: Keyway): OnrampNetworks =>
  keyway.part('onrampNetworks', () => {
    const value: OnrampNetworks = { chains: null, real: false, loading: null, listeners: new Set() };
    return { value, dispose: () => value.listeners.clear() };
  });

/** The chain ids with a purchase currency, as last known (null before any answer). */
export const knownOnrampChains = (keyway: Keyway): ReadonlySet<string> | null => entry(keyway).chains;

/** Records the networks of on-ramp options (a fallback answer never replaces the provider's). */
export function noteOnrampOptions(keyway: Keyway, options: OnrampOptions): void {
  const e = entry(keyway);
  if (options.fallback && e.real) return;
  e.chains = new Set(options.purchaseCurrencies.flatMap((c) => c.networks.map((n) => n.chain_id)));
  e.real = !options.fallback;
  for (const l of [...e.listeners]) l();
}

/** Asks for the options unless the provider's answer is known or a request is under way. */
export function loadOnrampNetworks(keyway: Keyway): Promise<void> {
  const e = entry(keyway);
  if (e.real) return Promise.resolve();
  e.loading ??= keyway.api.blockchain
    .getOnrampOptions()
    .then((o) => noteOnrampOptions(keyway, o))
    .catch(() => undefined)
    .finally(() => {
      e.loading = null;
    });
  return e.loading;
}

/**
 * True when on-ramp is enabled and the options list a purchase currency on the active network (its chain id
 * equals a purchase network's `chain_id`); false while unknown. Mounting it asks for the options once.
 */
export function useOnrampAvailable(): boolean {
  const keyway = useKeyway();
  const enabled = keyway.options.enableOnramp;
  const chainId = useKeywayStore('networks', (n) => String(n.activeNetwork.chainId));
  const e = entry(keyway);
  const chains = useSyncExternalStore(
    (l) => {
      e.listeners.add(l);
      return () => e.listeners.delete(l);
    },
    () => e.chains,
    () => e.chains,
  );
  useEffect(() => {
    if (enabled) void loadOnrampNetworks(keyway);
  }, [keyway, enabled]);
  return enabled && !!chains?.has(chainId);
}

declare module '../keyway' {
  /** The part this module creates (the instance knows its type from here: keyway.ts imports no part). */
  interface KeywayParts {
    onrampNetworks: OnrampNetworks;
  }
}
