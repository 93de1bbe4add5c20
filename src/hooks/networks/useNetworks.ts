import { useKeyway, useKeywayStore } from '../context';
import type { NetworksState } from './store';

export interface UseNetworksResult extends NetworksState {
  /** Switches by CAIP-2 id; rejects with 'Network not found' for an unknown id or with the wallet's error. */
  switchNetwork(caip2: string): Promise<void>;
}

/** The configured networks, the active one, switching and unsupported-chain detection. */
export function useNetworks(): UseNetworksResult {
  const { stores } = useKeyway();
  const state = useKeywayStore(
    'networks',
    (s): NetworksState => ({
      networks: s.networks,
      activeNetwork: s.activeNetwork,
      connectedChainId: s.connectedChainId,
      isUnsupported: s.isUnsupported,
      switching: s.switching,
      error: s.error,
      imageUrls: s.imageUrls,
    }),
  );
  return { ...state, switchNetwork: stores.networks.getState().switchNetwork };
}
