/**
 * The wallet context that a flow's store follows (send, swap, on-ramp): the connected address (null when
 * disconnected) and the active network, given at once and again on every change of either. Returns the
 * subscriptions' disposer.
 */
import type { KeywayNetwork } from '../core/networks';
import type { KeywayStores } from './keyway';

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
