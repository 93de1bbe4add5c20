/**
 * `keyway.solana` as the instance holds it from the start: its store (disconnected, no wallets) and its
 * methods, while the adapter (Wallet Standard discovery, connect, SOL transfers) is loaded by a dynamic
 * import. Calls made before it is there wait for it; a wallet registered before it is there is registered
 * once it is. Only an instance with a Solana network creates one, so an EVM-only host never loads the
 * Solana code.
 */
import { createStore } from 'zustand/vanilla';
import type { KeywayNetwork } from '../../core/networks';
import type { SolanaAdapter, SolanaState, SolanaStore } from './types';

export interface LazySolanaAdapterDeps {
  /** The configured Solana networks (at least one). */
  networks: readonly KeywayNetwork[];
  /** The kit's active network (any namespace). */
  getActiveNetwork: () => KeywayNetwork;
  /** Loads the adapter, which publishes its state in `store`. */
  load: (store: SolanaStore) => Promise<SolanaAdapter>;
  /**
   * A Solana wallet is remembered from the last visit (the kit's storage names one): the store says
   * 'reconnecting' until the adapter is there to look for it, so a reload shows no "Connect wallet" on Solana
   * meanwhile. The adapter starts from 'disconnected' and takes over.
   */
  restoring?: boolean;
}

/** The lazily loaded adapter, and when it is there. */
export interface LazySolanaAdapter extends SolanaAdapter {
  /** Resolves with the loaded adapter (rejects when it could not be loaded, or the instance was destroyed first). */
  readonly ready: Promise<SolanaAdapter>;
}

export function createLazySolanaAdapter(deps: LazySolanaAdapterDeps): LazySolanaAdapter {
  if (!deps.networks.length) throw new Error('createLazySolanaAdapter needs at least one Solana network');
  const store: SolanaStore = createStore<SolanaState>()(() => ({
    wallets: [],
    status: deps.restoring ? 'reconnecting' : 'disconnected',
    wallet: null,
    address: null,
    error: null,
  }));
  let destroyed = false;
  let loaded: SolanaAdapter | null = null;
  const ready = deps.load(store).then((adapter) => {
    if (destroyed) {
      adapter.destroy();
      throw new Error('This Keyway instance was destroyed');
    }
    loaded = adapter;
    return adapter;
  });
  // Fire-and-forget calls (discovery, registration) must not leave an unhandled rejection behind.
  ready.catch(() => undefined);

  return {
    store,
    ready,
    getNetwork() {
      const active = deps.getActiveNetwork();
      return active.chain === 'solana' ? active : (deps.networks[0] as KeywayNetwork);
    },
    startDiscovery() {
      if (loaded) loaded.startDiscovery();
      else
        void ready.then(
          (a) => a.startDiscovery(),
          () => undefined,
        );
    },
    register(wallet, options) {
      if (loaded) return loaded.register(wallet, options);
      let removed = false;
      let remove: (() => void) | null = null;
      void ready.then(
        (a) => {
          if (!removed) remove = a.register(wallet, options);
        },
        () => undefined,
      );
      return () => {
        removed = true;
        remove?.();
      };
    },
    connect: async (walletName) => (await ready).connect(walletName),
    disconnect: async () => (await ready).disconnect(),
    sendNative: async (input) => (await ready).sendNative(input),
    getBalance: async (address) => (await ready).getBalance(address),
    destroy() {
      if (destroyed) return;
      destroyed = true;
      loaded?.destroy();
    },
  };
}
