/**
 * The send store of a Keyway instance, created on first use (useSend or a send view) and kept for the
 * instance's lifetime: the send code (the store, its validation, the EVM transfer) stays out of the initial
 * JS. Like the other wallet stores it follows the connected account and the active network (reset on a
 * change); a transfer refreshes the balances (forced for the tokens involved) and the history; the fee in
 * USD follows the balances (the native token's price).
 */
import { isSafeImageUrl } from '../../core/url';
import { getBalancesStore } from '../balances/instance';
import { followWallet, ownedStore } from '../followWallet';
import type { Keyway, OwnedPart } from '../keyway';
import { refreshTransactions } from '../transactions/instance';
import { createSendStore, type SendStore, type SendStoreDeps } from './store';

/** The instance's send store (created once, owned by the instance). */
export function getSendStore(keyway: Keyway): SendStore {
  return keyway.part('send', (deps) => wireSend(keyway, deps));
}

/** Creates the send store and feeds it the connected account, the active network and the balances. */
function wireSend(keyway: Keyway, overrides: Partial<SendStoreDeps>): OwnedPart<SendStore> {
  const { stores: s, api, events } = keyway;
  const balances = getBalancesStore(keyway);
  const store = createSendStore({
    api: api.blockchain,
    getWagmiConfig: () => keyway.getWagmiConfig(),
    getNetwork: () => s.networks.getState().activeNetwork,
    getAddress: () => s.account.getState().address,
    getBalances: () => balances.getState().balances,
    // The Solana sender lives on the instance (`keyway.solana`), null when no Solana network is configured.
    getSolana: () => keyway.solana,
    bus: events,
    isSafeImage: isSafeImageUrl,
    emit: (outcome) => keyway.outcomes.emit(outcome),
    afterSuccess: ({ forceUpdate }) => {
      // Spec §4: after a send, balances (forced for the tokens involved) and history refresh.
      void balances.getState().refresh({ forceUpdate });
      refreshTransactions(keyway);
    },
    ...overrides,
  });
  const subs = [
    followWallet(s, (address, network) => store.getState().setContext(address, network)),
    balances.subscribe(() => store.getState().recomputeFee()),
  ];
  return ownedStore(store, subs);
}

declare module '../keyway' {
  /** The part this module creates (the instance knows its type from here: keyway.ts imports no part). */
  interface KeywayParts {
    send: SendStore;
  }
  interface KeywayPartDeps {
    send: SendStoreDeps;
  }
}
