/**
 * The connect store of a Keyway instance, created on first use (useConnect, useAllWallets, usePairing, a
 * connect view, the dialog's title while connecting) and kept for the instance's lifetime: the wallet lists,
 * the pairing and the connect actions stay out of the initial JS. From its creation it follows wagmi (the
 * connection status, the connectors; the config a provider attaches too) and the active network's namespace.
 *
 * Nothing is fetched when it is created: the Connect view asks for the lists after its first paint
 * (`prefetch`), a host's own UI when it shows them. A connection is an outcome, and so is an attempt that ends
 * declined or failed (the styled modal shakes, spec §4).
 */
import type { Config } from 'wagmi';
import { getConnection, watchConnection, watchConnectors } from 'wagmi/actions';
import type { Keyway, OwnedPart } from '../keyway';
import { type ConnectStore, type ConnectStoreDeps, createConnectStore } from './store';

/** The instance's connect store (created once, owned by the instance). */
export function getConnectStore(keyway: Keyway): ConnectStore {
  return keyway.part('connect', (deps) => wireConnect(keyway, deps));
}

function wireConnect(keyway: Keyway, overrides: Partial<ConnectStoreDeps>): OwnedPart<ConnectStore> {
  const { options, stores: s, outcomes } = keyway;
  const store = createConnectStore({
    explorer: keyway.api.explorer,
    storage: keyway.storage,
    getWagmiConfig: () => keyway.getWagmiConfig(),
    getPairingProvider: () => keyway.getPairingProvider(),
    preloadPairing: () => keyway.preloadPairing(),
    ...(options.walletConnect?.uriLifetimeMs
      ? { pairingLifetimeMs: options.walletConnect.uriLifetimeMs }
      : {}),
    options: {
      featuredWalletIds: options.featuredWalletIds,
      includeWalletIds: options.includeWalletIds,
      excludeWalletIds: options.excludeWalletIds,
      customWallets: options.customWallets,
      allWallets: options.allWallets,
      enableEIP6963: options.enableEIP6963,
      disableAppend: options.disableAppend,
    },
    solana: keyway.solana,
    onConnected: () => outcomes.emit({ flow: 'connect', status: 'connected', via: 'wallet' }),
    ...overrides,
  });
  store.getState().setNamespace(s.networks.getState().activeNetwork.chain);

  /** wagmi → the store, for one config; returns its disposer. */
  const follow = (config: Config): (() => void) => {
    const sync = () => {
      const eth =
        typeof window !== 'undefined' ? (window as unknown as { ethereum?: unknown }).ethereum : undefined;
      store.getState().syncWagmi({
        status: getConnection(config).status,
        connectors: config.connectors,
        hasLegacyProvider: eth !== undefined && eth !== null,
        legacyIsAnnounced:
          eth !== undefined && !!config._internal.mipd?.getProviders().some((p) => p.provider === eth),
      });
    };
    const subs = [watchConnection(config, { onChange: sync }), watchConnectors(config, { onChange: sync })];
    sync();
    return () => {
      for (const u of subs) u();
    };
  };
  let unfollow = follow(keyway.getWagmiConfig());

  const subs = [
    keyway.onWagmiConfig((config) => {
      unfollow();
      unfollow = follow(config);
    }),
    // The lists follow the namespace of the active network (EVM or Solana).
    s.networks.subscribe((n, prev) => {
      if (n.activeNetwork.chain !== prev.activeNetwork.chain)
        store.getState().setNamespace(n.activeNetwork.chain);
    }),
    store.subscribe((c, prev) => {
      const status = c.attempt?.status;
      if (status !== prev.attempt?.status && (status === 'declined' || status === 'error')) {
        outcomes.emit({ flow: 'connect', status });
      }
    }),
  ];
  return {
    value: store,
    dispose() {
      unfollow();
      for (const u of subs) u();
      store.getState().dispose();
    },
  };
}

declare module '../keyway' {
  /** The part this module creates (the instance knows its type from here: keyway.ts imports no part). */
  interface KeywayParts {
    connect: ConnectStore;
  }
  interface KeywayPartDeps {
    connect: ConnectStoreDeps;
  }
}
