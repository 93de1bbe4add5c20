/**
 * Networks (spec §3 network): the configured list, the active network, switching (through wagmi's
 * switchChain for EVM networks) and unsupported-chain detection (a wallet on a chain that is not in the
 * list).
 */
import type { Config } from 'wagmi';
import { switchChain } from 'wagmi/actions';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { KeywayError } from '../../core/errors';
import type { KitMessage } from '../../core/messages';
import type { KeywayNetwork } from '../../core/networks';
import { errorMessage } from '../utils';

export interface NetworksState {
  networks: readonly KeywayNetwork[];
  /** The network the kit works on: the wallet's chain when connected on a known one, else the chosen one. */
  activeNetwork: KeywayNetwork;
  /** The chain id the connected wallet reports (null when disconnected). */
  connectedChainId: number | null;
  /** True when a connected wallet is on a chain that is not in `networks`. */
  isUnsupported: boolean;
  /** The network being switched to. */
  switching: KeywayNetwork | null;
  /** Message of the last failed switch. */
  error: KitMessage | null;
  /**
   * Image URL per network (CAIP-2 id): the host's `imageUrl`, or, once the modal was first opened, the
   * explorer's asset image for a network that names an `imageId` (never fetched before the first open).
   */
  imageUrls: Readonly<Record<string, string>>;
}

export interface NetworksActions {
  /**
   * Switches to a network by CAIP-2 id. Throws 'Network not found' for an id that is not configured, and
   * the wallet's error when it refuses (also kept in `error`). Then the modal returns where it was.
   */
  switchNetwork(caip2: string): Promise<void>;
  /** Fed by the provider binding from wagmi's connection state. */
  syncWagmi(input: { status: string; chainId: number | undefined }): void;
  /** Adds the explorer's images of networks that name an `imageId` and have no `imageUrl` (on first open). */
  loadImages(): void;
}

export type NetworksStore = StoreApi<NetworksState & NetworksActions>;

export interface NetworksStoreDeps {
  networks: readonly KeywayNetwork[];
  defaultNetwork: KeywayNetwork;
  getWagmiConfig: () => Config;
  /** After a successful switch (the styled router then leaves the Networks view). */
  afterSwitch?: () => void;
  /** After a failed switch (toast, shake). */
  onError?: (message: KitMessage) => void;
  /** The explorer's URL of an asset image (`/public/getAssetImage/{id}`). */
  assetImageUrl?: (imageId: string) => string;
}

/** The host's own network images, by CAIP-2 id. */
function hostImages(networks: readonly KeywayNetwork[]): Record<string, string> {
  return Object.fromEntries(networks.flatMap((n) => (n.imageUrl ? [[n.id, n.imageUrl]] : [])));
}

export function createNetworksStore(deps: NetworksStoreDeps): NetworksStore {
  const evmById = (chainId: number | undefined) =>
    chainId === undefined ? undefined : deps.networks.find((n) => n.chain === 'evm' && n.chainId === chainId);
  let switchSeq = 0;

  return createStore<NetworksState & NetworksActions>()((set, get) => ({
    networks: deps.networks,
    activeNetwork: deps.defaultNetwork,
    connectedChainId: null,
    isUnsupported: false,
    switching: null,
    error: null,
    imageUrls: hostImages(deps.networks),

    loadImages() {
      const assetImageUrl = deps.assetImageUrl;
      if (!assetImageUrl) return;
      const added = deps.networks.flatMap((n) =>
        !n.imageUrl && n.imageId ? [[n.id, assetImageUrl(n.imageId)] as const] : [],
      );
      if (added.length === 0 || added.every(([id]) => get().imageUrls[id])) return;
      set({ imageUrls: { ...Object.fromEntries(added), ...get().imageUrls } });
    },

    async switchNetwork(caip2) {
      const network = deps.networks.find((n) => n.id === caip2);
      if (!network) throw KeywayError.of('networkNotFound');
      const mine = ++switchSeq;
      if (network.chain === 'evm' && typeof network.chainId === 'number') {
        set({ switching: network, error: null });
        try {
          await switchChain(deps.getWagmiConfig(), { chainId: network.chainId });
        } catch (error) {
          if (mine === switchSeq) {
            const message = errorMessage(error, 'switchNetworkFailed');
            set({ switching: null, error: message });
            deps.onError?.(message);
          }
          throw error;
        }
      }
      if (mine !== switchSeq) return;
      set({ activeNetwork: network, switching: null, error: null, isUnsupported: false });
      deps.afterSwitch?.();
    },

    syncWagmi({ status, chainId }) {
      const connected = status === 'connected' || status === 'reconnecting';
      const known = evmById(chainId);
      const s = get();
      if (!connected) {
        if (s.connectedChainId !== null || s.isUnsupported)
          set({ connectedChainId: null, isUnsupported: false });
        // Disconnected: wagmi's chain follows the last choice; keep a chosen Solana network as it is.
        if (known && s.activeNetwork.chain === 'evm' && s.activeNetwork.id !== known.id)
          set({ activeNetwork: known });
        return;
      }
      const connectedChainId = chainId ?? null;
      if (s.activeNetwork.chain === 'solana') {
        // A Solana network was chosen: the EVM wallet's chain is remembered but does not move the kit
        // back to EVM, and it cannot make the Solana network "unsupported".
        if (s.connectedChainId !== connectedChainId || s.isUnsupported)
          set({ connectedChainId, isUnsupported: false });
        return;
      }
      if (known) {
        if (s.activeNetwork.id !== known.id || s.isUnsupported || s.connectedChainId !== connectedChainId) {
          set({ activeNetwork: known, isUnsupported: false, connectedChainId });
        }
      } else if (connectedChainId !== null && (!s.isUnsupported || s.connectedChainId !== connectedChainId)) {
        set({ isUnsupported: true, connectedChainId });
      }
    },
  }));
}
