/**
 * The wallet context that a flow's store follows (send, swap, on-ramp): the connected address (null when
 * disconnected) and the active network, given at once and again on every change of either. Returns the
 * subscriptions' disposer.
 */
import type { KeywayNetwork } from '../core/networks';
import type { KeywayStores, OwnedPart } from './keyway';

export function followWallet(
  stores: Pick<KeywayStores, 'account' | 'networks'>,
  setContext: (address: string | null, network: KeywayNetwork) => void,
): () => void {
  const sync = () => {
    const a = stores.account.getState();
    setContext(a.isConnected ? a.address : null, stores.networks.getState().activeNetwork);
  };
  sync();
  const subs = [stores.account.subscribe(sync), stores.networks.subscribe(sync)];
  return () => {
    for (const unsubscribe of subs) unsubscribe();
  };
}

/**
 * Tells a flow store when its form belongs to someone else: true when a connected address differs from
 * the last connected one. The first address seen is no change: nothing typed before it belonged to
 * another account (a form filled while the wallet was still reconnecting after a page load, or by a
 * headless host before the account arrived, is kept). A null address changes nothing either: a reconnect passes
 * through it (wagmi's 'connecting' / 'reconnecting' before the addresses are known, a connector whose code
 * is still loading), and so does a disconnect. Keeping what was typed across a disconnect is deliberate:
 * the forms are only reachable while connected, their actions refuse without an account, and the same
 * account coming back finds its form as it left it; another account starts it over. EVM addresses compare
 * without regard to case; others (Solana's base58) exactly.
 */
export function accountChanges(): (address: string | null) => boolean {
  let last: string | null = null;
  return (address) => {
    if (address === null) return false;
    const changed = last !== null && !sameAddress(last, address);
    last = address;
    return changed;
  };
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const sameAddress = (a: string, b: string) =>
  a === b || (EVM_ADDRESS.test(a) && EVM_ADDRESS.test(b) && a.toLowerCase() === b.toLowerCase());

/**
 * A flow store as its instance's part: destroying the instance ends the store's subscriptions (following the
 * wallet, and any other) and resets it, so that no timer or request of it outlives the instance.
 */
export function ownedStore<T extends { getState(): { reset(): void } }>(
  store: T,
  subscriptions: readonly (() => void)[] = [],
): OwnedPart<T> {
  return {
    value: store,
    dispose() {
      for (const unsubscribe of subscriptions) unsubscribe();
      store.getState().reset();
    },
  };
}
