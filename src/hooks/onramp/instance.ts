/**
 * The on-ramp store of a Keyway instance, created on first use (useOnramp or a buy view) and kept for the
 * instance's lifetime: the on-ramp code stays out of the initial JS, nothing is fetched before it is used,
 * and what the user typed survives leaving the view. It follows the connected account and the active network.
 */
import type { Keyway } from '../../instance/createKeyway';
import { noteOnrampOptions } from './available';
import { createOnrampStore, type OnrampStore, type OnrampStoreDeps } from './store';

const stores = new WeakMap<Keyway, OnrampStore>();

/** The instance's on-ramp store (created once). `overrides` are for tests and stories only. */
export function getOnrampStore(keyway: Keyway, overrides: Partial<OnrampStoreDeps> = {}): OnrampStore {
  const existing = stores.get(keyway);
  if (existing) return existing;
  const { stores: s, api } = keyway;
  const store = createOnrampStore({
    // The options the form loads also tell the Account view where Buy is offered.
    api: {
      ...api.blockchain,
      getOnrampOptions: async (opts) => {
        const options = await api.blockchain.getOnrampOptions(opts);
        noteOnrampOptions(keyway, options);
        return options;
      },
    },
    refreshBalances: () => void s.balances.getState().refresh(),
    isKnownNetwork: (caip2) => s.networks.getState().networks.some((n) => n.id === caip2),
    afterPurchase: () => {
      void s.balances.getState().refresh();
      void s.transactions.getState().refresh();
    },
    ...overrides,
  });
  const sync = () => {
    const a = s.account.getState();
    store.getState().setContext(a.isConnected ? a.address : null, s.networks.getState().activeNetwork);
  };
  sync();
  s.account.subscribe(sync);
  s.networks.subscribe(sync);
  stores.set(keyway, store);
  return store;
}
