/**
 * The on-ramp store of a Keyway instance, created on first use (useOnramp or a buy view) and kept for the
 * instance's lifetime: the on-ramp code stays out of the initial JS, nothing is fetched before it is used,
 * and what the user typed survives leaving the view. It follows the connected account and the active network.
 */
import { allowsLocalhost, isOnrampProviderUrl } from '../../core/url';
import { refreshBalances } from '../balances/instance';
import { followWallet, ownedStore } from '../followWallet';
import type { Keyway, OwnedPart } from '../keyway';
import { refreshTransactions } from '../transactions/instance';
import { noteOnrampOptions } from './available';
import { createOnrampStore, type OnrampStore, type OnrampStoreDeps } from './store';

/** The instance's on-ramp store (created once). */
export function getOnrampStore(keyway: Keyway): OnrampStore {
  return keyway.part('onramp', (deps) => wireOnramp(keyway, deps));
}

/** Creates the on-ramp store and feeds it the connected account and the active network. */
function wireOnramp(keyway: Keyway, overrides: Partial<OnrampStoreDeps>): OwnedPart<OnrampStore> {
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
    refreshBalances: () => refreshBalances(keyway),
    emit: (outcome) => keyway.outcomes.emit(outcome),
    isProviderUrl: (url) =>
      isOnrampProviderUrl(url, keyway.options.onrampProviderOrigins, {
        allowLocalhost: allowsLocalhost(keyway.options),
      }),
    isKnownNetwork: (caip2) => s.networks.getState().networks.some((n) => n.id === caip2),
    afterPurchase: () => {
      refreshBalances(keyway);
      refreshTransactions(keyway);
    },
    ...overrides,
  });
  const subs = [followWallet(s, (address, network) => store.getState().setContext(address, network))];
  return ownedStore(store, subs);
}

declare module '../keyway' {
  /** The part this module creates (the instance knows its type from here: keyway.ts imports no part). */
  interface KeywayParts {
    onramp: OnrampStore;
  }
  interface KeywayPartDeps {
    onramp: OnrampStoreDeps;
  }
}
