import { useStoreBinding } from '../bind';
import { useKeyway } from '../context';
import type { NetworksActions, NetworksState } from './store';

export interface UseNetworksResult extends NetworksState, Pick<NetworksActions, 'switchNetwork'> {}

/** The action a networks screen calls (the store's own; the wagmi feed and image loading stay the instance's). */
const NETWORKS_ACTIONS = ['switchNetwork'] as const satisfies readonly (keyof NetworksActions)[];

/** The configured networks, the active one, switching and unsupported-chain detection. */
export function useNetworks(): UseNetworksResult {
  return useStoreBinding(useKeyway().stores.networks, NETWORKS_ACTIONS);
}
