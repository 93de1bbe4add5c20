/**
 * The balances store of a Keyway instance, created on first use (useBalances, the Account view's tokens, the
 * send and swap stores) and kept for the instance's lifetime: the balances code (the store, its exact decimal
 * sums and display strings) stays out of the initial JS. From its creation it follows the connected account
 * and the active network (reset on a change); token balances fetched again also reread the account's native
 * balance (the account button), so both say the same. A flow that moved funds without showing the balances
 * (the on-ramp) refreshes them only if they exist: balances created later load fresh.
 */
import { followWallet, ownedStore } from '../followWallet';
import type { Keyway, OwnedPart } from '../keyway';
import { type BalancesStore, type BalancesStoreDeps, createBalancesStore } from './store';

/** The instance's balances store (created once, owned by the instance). */
export function getBalancesStore(keyway: Keyway): BalancesStore {
  return keyway.part('balances', (deps) => wireBalances(keyway, deps));
}

/** Reads the balances again if they were created (after a purchase). */
export function refreshBalances(keyway: Keyway): void {
  void keyway.peekPart('balances')?.getState().refresh();
}

function wireBalances(keyway: Keyway, overrides: Partial<BalancesStoreDeps>): OwnedPart<BalancesStore> {
  const { stores: s, options } = keyway;
  const store = createBalancesStore({
    api: keyway.api.blockchain,
    emit: (outcome) => keyway.outcomes.emit(outcome),
    // The host's token of each network (`tokens`): listed first with its image, at 0 when not held.
    hostToken: (networkId) => options.tokens[networkId],
    // Loaded on first use (a host token the account does not hold): the ERC-20 reads load only then.
    readTokenMetadata: async (networkId, address) => {
      const { readErc20Metadata } = await import('../../chains/evm/token-metadata');
      return readErc20Metadata(keyway.getWagmiConfig(), networkId, address);
    },
    ...overrides,
  });
  const subs = [
    followWallet(s, (address, network) => store.getState().setContext(address, network)),
    // Token balances fetched again (after a transaction, or reread while shown; not their first load): the
    // account's native balance (the account button) is read again with them, so both say the same.
    store.subscribe((b, prev) => {
      if (prev.loaded && prev.status === 'loading' && b.status === 'ready' && b.address === prev.address)
        void s.account.getState().refreshBalance();
    }),
  ];
  return ownedStore(store, subs);
}

declare module '../keyway' {
  /** The part this module creates (the instance knows its type from here: keyway.ts imports no part). */
  interface KeywayParts {
    balances: BalancesStore;
  }
  interface KeywayPartDeps {
    balances: BalancesStoreDeps;
  }
}
