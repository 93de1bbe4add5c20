/**
 * The transaction history store of a Keyway instance, created on first use (useTransactions, the Activity
 * tab) and kept for the instance's lifetime: the history code stays out of the initial JS. It follows the
 * connected account and the active network (reset on a change) from its creation; a flow that moved funds
 * refreshes it only if it exists (a history created later loads fresh).
 */
import { followWallet, ownedStore } from '../followWallet';
import type { Keyway, OwnedPart } from '../keyway';
import { createTransactionsStore, type TransactionsStore, type TransactionsStoreDeps } from './store';

/** The instance's history store (created once, owned by the instance). */
export function getTransactionsStore(keyway: Keyway): TransactionsStore {
  return keyway.part('transactions', (deps) => wireTransactions(keyway, deps));
}

/** Refreshes the history if it was created (after a send, a swap, a purchase). */
export function refreshTransactions(keyway: Keyway): void {
  void keyway.peekPart('transactions')?.getState().refresh();
}

function wireTransactions(
  keyway: Keyway,
  overrides: Partial<TransactionsStoreDeps>,
): OwnedPart<TransactionsStore> {
  const { stores: s } = keyway;
  const store = createTransactionsStore({
    api: keyway.api.blockchain,
    projectId: keyway.options.projectId,
    bus: keyway.events,
    getNetworks: () => s.networks.getState().networks,
    emit: (outcome) => keyway.outcomes.emit(outcome),
    ...overrides,
  });
  return ownedStore(store, [
    followWallet(s, (address, network) => store.getState().setContext(address, network)),
  ]);
}

declare module '../keyway' {
  /** The part this module creates (the instance knows its type from here: keyway.ts imports no part). */
  interface KeywayParts {
    transactions: TransactionsStore;
  }
  interface KeywayPartDeps {
    transactions: TransactionsStoreDeps;
  }
}
