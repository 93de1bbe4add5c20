/**
 * `createKeyway(options)`: one self-contained kit instance. It validates the host options, owns its API
 * clients, event bus, analytics sink, wagmi config and every store (no module-level state: two instances
 * never share anything), and wires the stores together. Creating an instance makes no request: the
 * explorer, analytics and balance calls start when the modal is first opened (or a host calls them).
 */
import type { Config, CreateConnectorFn } from 'wagmi';
import { getConnection, watchConnection } from 'wagmi/actions';
import { createAnalytics } from '../api/analytics';
import { createLazyBlockchainApi, createLazyExplorerApi, preloadApiClients } from '../api/lazy';
import { createLazySolanaAdapter } from '../chains/solana/lazy';
import type { Wallet } from '../chains/solana/wallet-standard';
import { PAIRED_SOLANA_WALLET_NAME, RESTORE_LIMIT_MS } from '../core/constants';
import { createCookieStorage } from '../core/cookies';
import { createEventBus } from '../core/events';
import { type KeywayOptions, parseKeywayOptions } from '../core/options';
import { createOutcomeStream } from '../core/outcomes';
import { browserStorage, createSafeStorage, STORAGE_KEYS } from '../core/storage';
import { isSafeImageUrl } from '../core/url';
import { createAccountStore } from '../hooks/account/store';
import type { PairingProvider } from '../hooks/connect/pairing';
import type {
  Keyway,
  KeywayPartDeps,
  KeywayParts,
  KeywayStores,
  OwnedPart,
  PartDepsOf,
} from '../hooks/keyway';
import { createModalStore } from '../hooks/modal/store';
import { createNetworksStore } from '../hooks/networks/store';
import { createToastsStore } from '../hooks/toasts/store';
import { createEmbeddedWallet, EMBEDDED_CONNECTOR_ID, type EmbeddedWalletInternal } from './embedded';
import type { SolanaSide } from './solana';
import {
  addOptionalConnectors,
  addRememberedPairing,
  buildWagmiConfig,
  createWalletConnectPairing,
  lazyWalletConnectConnector,
  loadWalletConnectCode,
  remembersConnection,
  remembersPairing,
  WAGMI_STORAGE_KEY,
} from './wagmi';

export type { Keyway, KeywayPartDeps, KeywayParts, KeywayStores, OwnedPart } from '../hooks/keyway';

/** Advanced wiring for tests and custom transports (not host options: not validated, not serialisable). */
export interface KeywayInternals {
  /** The fetch the API clients use (default globalThis.fetch). */
  fetch?: typeof fetch;
  /** The pairing transport (default: WalletConnect, when its provider package is installed). */
  pairingProvider?: PairingProvider | (() => Promise<PairingProvider | null>);
  /** Extra connectors for the built wagmi config (ignored when the host passes `wagmiConfig`). */
  connectors?: CreateConnectorFn[];
  /** Whether to look for the Coinbase/Safe peer packages on first open (default true). */
  optionalConnectors?: boolean;
  /** Frame client options of the embedded wallet (timeouts, login-cache storage, test document). */
  embeddedFrame?: EmbeddedWalletFrameOptions;
  /**
   * Dependencies put in place of a part's own, by part (tests and stories: a stubbed API, a fixed clock,
   * a short debounce), or a function of the instance that gives them (to wrap its API client). The part's
   * factory gets them whoever asks for the part first.
   */
  partDeps?: {
    [K in keyof KeywayPartDeps]?:
      | Partial<KeywayPartDeps[K]>
      | ((keyway: Keyway) => Partial<KeywayPartDeps[K]>);
  };
}

type EmbeddedWalletFrameOptions = NonNullable<Parameters<typeof createEmbeddedWallet>[0]['frameOptions']>;

export function createKeyway(input: KeywayOptions, internals: KeywayInternals = {}): Keyway {
  const options = parseKeywayOptions(input);
  const events = createEventBus();
  const outcomes = createOutcomeStream();
  const storage = createSafeStorage(options.storage ?? null);
  const common = {
    projectId: options.projectId,
    sdkType: options.sdkType,
    sdkVersion: options.sdkVersion,
    ...(internals.fetch ? { fetch: internals.fetch } : {}),
  };
  // The clients' code loads with the first request (api/lazy.ts).
  const explorer = createLazyExplorerApi({ ...common, baseUrl: options.explorerUrl });
  const blockchain = createLazyBlockchainApi({ ...common, baseUrl: options.apiUrl });
  const analytics = createAnalytics({ explorer, bus: events, enabled: options.enableAnalytics });

  // Stores refer to each other lazily (through these getters), so creation order does not matter.
  const stores = {} as KeywayStores;
  /** The parts created on first use (`part`), in creation order. */
  const parts = new Map<keyof KeywayParts, OwnedPart<unknown>>();
  let destroyed = false;
  let currentConfig!: Config;
  const getWagmiConfig = () => currentConfig;

  // The embedded wallet: its frame client creates no iframe until it is used (or a login is remembered).
  const embedded: EmbeddedWalletInternal | null = options.secureFrameUrl
    ? createEmbeddedWallet({
        frameUrl: options.secureFrameUrl,
        projectId: options.projectId,
        chainId: options.defaultNetwork.chainId,
        eventBus: events,
        getWagmiConfig,
        getModal: () => stores.modal,
        emit: (outcome) => outcomes.emit(outcome),
        afterConnect: () => connectEmbeddedSolana(),
        ...(options.metadata
          ? { dappData: { metadata: options.metadata, sdkVersion: options.sdkVersion } }
          : {}),
        ...(internals.embeddedFrame ? { frameOptions: internals.embeddedFrame } : {}),
      })
    : null;
  // A built config has the auth connector from the start (wagmi's reconnect on mount sees it).
  const embeddedConnectorFn = embedded && !options.wagmiConfig ? [embedded.connector] : [];

  const walletConnectOptions = {
    projectId: options.projectId,
    metadata: options.metadata,
    relayUrl: options.walletConnect?.relayUrl,
    verify: options.walletConnect?.verify,
    solanaNetworks: options.networks
      .filter((n) => n.chain === 'solana')
      .map((n) => ({ id: n.id, rpcUrl: n.rpcUrls[0] ?? '' })),
    activeNamespace: () => stores.networks.getState().activeNetwork.chain,
    // The wallet shared a Solana account: the Solana side connects its paired wallet.
    onSolanaSession: async () => {
      if (solana) await solana.connect(PAIRED_SOLANA_WALLET_NAME);
    },
    // A paired wallet's relay going away and coming back (nothing the visitor asked is lost meanwhile): the
    // styled layer tells it in toasts.
    onRelayChange: (state: 'lost' | 'back') => outcomes.emit({ flow: 'relay', status: state }),
  };
  // Server rendering keeps wagmi's connection in a cookie, which the server reads back (`keyway/ssr`) and hands
  // over as `initialState`; the kit's other keys stay in its storage.
  const wagmiStorage = options.ssr ? createCookieStorage() : (options.storage ?? browserStorage());
  const initialState = options.wagmiConfig ? undefined : options.initialState;
  /** An instance that renders on a server (its restore never ends there, and it starts no timer). */
  const onServer = !!options.ssr && typeof window === 'undefined';
  // Read before wagmi's config exists: creating it writes its initial state over the stored one until it has
  // read that back (a few microtasks later).
  const rememberedConnection =
    !options.wagmiConfig && (remembersConnection(wagmiStorage) || !!initialState?.current);
  // Under `ssr`, wagmi reads its storage back only when its provider mounts, and creating its config writes an
  // empty state over it first: the remembered connection is put back right after (below).
  const storedConnection =
    options.ssr && !options.wagmiConfig ? wagmiStorage?.getItem(`${WAGMI_STORAGE_KEY}.store`) : null;
  // A pairing remembered from the last visit: its connector shell is there for wagmi's reconnect on mount.
  const pairingShell =
    !options.wagmiConfig && !internals.pairingProvider && remembersPairing(wagmiStorage)
      ? [lazyWalletConnectConnector(walletConnectOptions)]
      : [];
  const wagmiConfig =
    options.wagmiConfig ??
    buildWagmiConfig({
      networks: options.networks,
      // An EVM network without the host's own RPC URL reads through the Blockchain API's RPC (wagmi.ts).
      blockchainApi: { baseUrl: options.apiUrl, projectId: options.projectId },
      enableEIP6963: options.enableEIP6963,
      storage: wagmiStorage,
      connectors: [...(internals.connectors ?? []), ...embeddedConnectorFn, ...pairingShell],
      ssr: options.ssr ?? false,
    });
  currentConfig = wagmiConfig;
  // The connection the server read from the cookie is the config's state from the start (as wagmi's provider
  // sets it when it renders), so that the stores begin with it on the server and in the browser alike.
  if (initialState) {
    wagmiConfig.setState((state) => ({
      ...state,
      ...initialState,
      chainId: wagmiConfig.chains.some((c) => c.id === initialState.chainId)
        ? initialState.chainId
        : state.chainId,
      connections: initialState.connections as typeof state.connections,
      status: initialState.current ? 'reconnecting' : 'disconnected',
    }));
  }
  if (storedConnection) wagmiStorage?.setItem(`${WAGMI_STORAGE_KEY}.store`, storedConnection);
  // The host's own config gets the same shell when its storage remembers a pairing (before its provider mounts).
  if (options.wagmiConfig && !internals.pairingProvider)
    void addRememberedPairing(options.wagmiConfig, walletConnectOptions);

  let pairingProvider: Promise<PairingProvider | null> | null = null;
  const getPairingProvider = () => {
    const given = internals.pairingProvider;
    pairingProvider ??=
      typeof given === 'function'
        ? given()
        : given
          ? Promise.resolve(given)
          : // The pairing code (and WalletConnect) loads only now, when a pairing starts or is preloaded.
            createWalletConnectPairing(getWagmiConfig(), walletConnectOptions);
    return pairingProvider;
  };

  // Only the code (the kit's transport module and the peer package): no connector, no core, no relay yet.
  let pairingCode: Promise<boolean> | null = null;
  const preloadPairing = (): Promise<boolean> => {
    if (internals.pairingProvider) return getPairingProvider().then((p) => p !== null);
    pairingCode ??= loadWalletConnectCode();
    return pairingCode;
  };

  const toasts = createToastsStore();

  // Solana (Wallet Standard wallets, the embedded wallet's Solana side): only when a Solana network is
  // configured, and then loaded by a dynamic import (instance/solana.ts) at once; `keyway.solana` has its
  // store from the start and its calls wait for the code. Discovery starts on the first open, or at start-up
  // for a remembered Solana wallet or login.
  const solanaNetworks = options.networks.filter((n) => n.chain === 'solana');
  let embeddedSolanaWallet: Wallet | null = null;
  let solanaSide: Promise<SolanaSide> | null = null;
  const solana = solanaNetworks.length
    ? createLazySolanaAdapter({
        networks: solanaNetworks,
        restoring: storage.get(STORAGE_KEYS.solanaWallet) !== null,
        getActiveNetwork: () => stores.networks.getState().activeNetwork,
        load: (store) => {
          solanaSide = import('./solana').then(({ createSolanaSide }) => {
            const side = createSolanaSide({
              networks: solanaNetworks,
              getActiveNetwork: () => stores.networks.getState().activeNetwork,
              storage,
              store,
              getWagmiConfig,
              embedded,
              embeddedConnectorId: EMBEDDED_CONNECTOR_ID,
              getPairedSession: async () => {
                const provider = await getPairingProvider();
                return provider?.pairedSession ? provider.pairedSession() : null;
              },
            });
            embeddedSolanaWallet = side.embeddedWallet;
            return side;
          });
          // Destroying the adapter ends the Solana side's subscriptions too.
          return solanaSide.then((side) => ({ ...side.adapter, destroy: () => side.destroy() }));
        },
      })
    : null;
  /** After an embedded login: its Solana account joins, unless another Solana wallet is connected. */
  async function connectEmbeddedSolana(): Promise<void> {
    if (!solanaSide) return;
    const side = await solanaSide.catch((error: unknown) => {
      // As when its connect fails: only a login made on a Solana network needs the Solana account.
      if (stores.networks.getState().activeNetwork.chain === 'solana') throw error;
      return null;
    });
    await side?.connectEmbedded();
  }
  stores.toasts = toasts;
  stores.modal = createModalStore({
    bus: events,
    isConnected: () => stores.account.getState().isConnected,
    onFirstOpen: () => {
      void analytics.activate();
      stores.networks.getState().loadImages();
      // The wallet lists load on the first open (the connect store's code usually came with the idle preload).
      // A chunk that fails to load (offline, a redeploy, a page torn down meanwhile) costs only the prefetch:
      // the Connect view imports it again and shows the list's own error state.
      import('../hooks/connect/instance')
        .then(({ getConnectStore }) => {
          if (!destroyed) void getConnectStore(instance).getState().prefetch();
        })
        .catch(() => undefined);
      solana?.startDiscovery();
      stores.account.getState().want();
      if (!options.wagmiConfig && internals.optionalConnectors !== false) {
        void addOptionalConnectors(getWagmiConfig(), {
          appName: options.metadata?.name ?? 'Keyway',
          ...(options.metadata?.icons[0] ? { appLogoUrl: options.metadata.icons[0] } : {}),
        });
      }
    },
  });
  /**
   * The networks: the active network and its switch, whose end is an outcome (with whether the namespace,
   * EVM or Solana, changed) and whose error is a toast and an outcome; the connect list follows the
   * namespace. Returns its disposer.
   */
  function wireNetworks(): () => void {
    /** Set when the last network switch changed the namespace (EVM <-> Solana). */
    let namespaceSwitched = false;
    stores.networks = createNetworksStore({
      networks: options.networks,
      defaultNetwork: options.defaultNetwork,
      getWagmiConfig: getWagmiConfig,
      assetImageUrl: (imageId) => explorer.assetImageUrl(imageId),
      afterSwitch: () => {
        const namespaceChanged = namespaceSwitched;
        namespaceSwitched = false;
        outcomes.emit({ flow: 'network', status: 'switched', namespaceChanged });
      },
      // The styled layer toasts the failure (views/modalRouter.ts).
      onError: (message) => outcomes.emit({ flow: 'network', status: 'error', message }),
    });
    return stores.networks.subscribe((s, prev) => {
      if (s.activeNetwork.chain !== prev.activeNetwork.chain) namespaceSwitched = true;
    });
  }

  /**
   * The connected account: its identity (with the kit's registered name from the reverse lookup), the
   * preferred account type and the disconnect (outcomes); it
   * follows the Solana adapter (the embedded Solana account leaves with the embedded EVM login:
   * instance/solana.ts). Returns its disposer.
   */
  function wireAccount(): () => void {
    stores.account = createAccountStore({
      getWagmiConfig: getWagmiConfig,
      identity: {
        // The identity call names the account; an account name registered with the kit is also read from
        // the reverse lookup when the identity has none (only after the modal was first opened, like it).
        // A failed reverse lookup fails the whole lookup (the short address is shown, and it is asked again
        // the next time the account is shown): answering "no name" would be remembered for the session and
        // offer 'Choose your name' to an account that has one.
        async getIdentity(address) {
          const identity = await blockchain.getIdentity(address);
          if (identity.name) return identity;
          const profiles = await blockchain.reverseProfile(address, address);
          return profiles[0] ? { ...identity, name: profiles[0].name } : identity;
        },
      },
      storage: storage,
      bus: events,
      hasMultipleAddresses: options.hasMultipleAddresses,
      isSafeImage: isSafeImageUrl,
      emit: (outcome) => outcomes.emit(outcome),
      afterPreferredAccountType: () => outcomes.emit({ flow: 'account-type', status: 'chosen' }),
      solana: solana
        ? { getBalance: (address) => solana.getBalance(address), disconnect: () => solana.disconnect() }
        : null,
      // A disconnect also ends the sign-in with wallet: its store follows the account (hooks/siwe/instance.ts).
      onDisconnected: () => outcomes.emit({ flow: 'account', status: 'disconnected' }),
    });
    const subs: Array<() => void> = [];
    if (solana) {
      const syncSolana = () => {
        const { status, address, wallet } = solana.store.getState();
        stores.account.getState().syncSolana({ status, address, wallet });
      };
      subs.push(solana.store.subscribe(syncSolana));
      syncSolana();
    }
    return () => disposeAll(subs);
  }

  /**
   * Sign-in with wallet, when on: its store (a part, hooks/siwe/instance.ts) must follow the account from its
   * first connection, a reload's reconnect included (the session is checked then), so its code loads when an
   * account first connects, not before. Returns its disposer.
   */
  function wireSiwe(): () => void {
    if (!options.isSiweEnabled || !options.siwe) return () => undefined;
    let unsubscribe: (() => void) | null = null;
    const load = () => {
      if (!stores.account.getState().isConnected || !unsubscribe) return;
      unsubscribe();
      unsubscribe = null;
      import('../hooks/siwe/instance')
        .then(({ getSiweStore }) => {
          if (!destroyed) getSiweStore(instance);
        })
        .catch((error: unknown) => console.error('Keyway: the sign-in with wallet could not load', error));
    };
    unsubscribe = stores.account.subscribe(load);
    load();
    return () => unsubscribe?.();
  }

  // The connect, sign-in with wallet, balances, history and send stores are parts, created on first use
  // (hooks/<flow>/instance.ts).
  const disposers = [wireNetworks(), wireAccount(), wireSiwe()];

  // ---------- wagmi → stores ----------
  // A connection the config remembers (wagmi's persisted state names one, its status still 'disconnected') is
  // being restored: until wagmi's reconnect has run, the account says 'reconnecting' (spec §3's state), so that
  // a reload shows no "Connect wallet" before the remembered wallet is back. It ends, once for the instance, with
  // the reconnect, with any other connection step, or after RESTORE_LIMIT_MS when no reconnect ever starts (a
  // host's own WagmiProvider with reconnectOnMount off). The kit's own config is known to remember one at once
  // (its storage was read before the config was built); a config's own state says so once wagmi has read its
  // storage back.
  // Nothing to restore when the kit's own storage remembers no connection (wagmi reads the same storage):
  // no state, and no timer (a server renders an instance per request).
  let restoreEnded = !rememberedConnection && !options.wagmiConfig;
  let reconnectStarted = false;
  const endRestore = () => {
    restoreEnded = true;
    clearTimeout(restoreLimit);
  };
  const restoreLimit =
    restoreEnded || onServer
      ? undefined
      : setTimeout(() => {
          endRestore();
          resync?.();
        }, RESTORE_LIMIT_MS);
  /** Whether the account should say 'reconnecting' while `config` reports `status`. */
  const restoring = (config: Config, status: string): boolean => {
    if (restoreEnded) return false;
    if (status === 'reconnecting') {
      reconnectStarted = true;
      return true;
    }
    if (status !== 'disconnected' || reconnectStarted) {
      endRestore();
      return false;
    }
    return config.state.current !== null || (config === wagmiConfig && rememberedConnection);
  };
  /** The bound config's sync (the restore's end is told to the stores through it). */
  let resync: (() => void) | null = null;

  let unbind: (() => void) | null = null;
  /** The parts that follow wagmi themselves (the connect store) hear of each config the stores move to. */
  const configListeners = new Set<(config: Config) => void>();
  const bind = (config: Config) => {
    unbind?.();
    currentConfig = config;
    const sync = () => {
      const conn = getConnection(config);
      stores.networks.getState().syncWagmi({ status: conn.status, chainId: conn.chainId });
      stores.account.getState().syncWagmi({
        status: restoring(config, conn.status) ? 'reconnecting' : conn.status,
        addresses: conn.addresses,
        chainId: conn.chainId,
        connector: conn.connector ? { name: conn.connector.name, icon: conn.connector.icon } : undefined,
      });
    };
    const subs = [
      watchConnection(config, { onChange: sync }),
      // wagmi reading its storage back changes no connection field, only the remembered one.
      config.subscribe((state) => state.current, sync),
      stores.networks.subscribe((s, prev) => {
        if (s.activeNetwork !== prev.activeNetwork) stores.account.getState().setNetwork(s.activeNetwork);
      }),
    ];
    stores.account.getState().setNetwork(stores.networks.getState().activeNetwork);
    resync = sync;
    sync();
    unbind = () => {
      for (const u of subs) u();
      resync = null;
      unbind = null;
    };
    for (const listener of [...configListeners]) listener(config);
  };
  bind(wagmiConfig);
  embedded?.start();
  // Server rendering: what the stores hold now is what the server renders and what the browser hydrates with
  // (React reads a store's initial state then), so both show the account the cookie named.
  if (initialState) {
    pinInitialState(stores.account);
    pinInitialState(stores.networks);
  }

  const instance: Keyway = {
    options,
    events,
    outcomes,
    storage,
    api: { blockchain, explorer },
    analytics,
    stores,
    wagmiConfig,
    embedded,
    solana,
    get embeddedSolanaWallet() {
      return embeddedSolanaWallet;
    },
    getWagmiConfig,
    attachWagmiConfig(config) {
      if (config === currentConfig) return () => undefined;
      const previous = currentConfig;
      bind(config);
      return () => {
        if (!destroyed && currentConfig === config) bind(previous);
      };
    },
    onWagmiConfig(listener) {
      configListeners.add(listener);
      return () => {
        configListeners.delete(listener);
      };
    },
    getPairingProvider,
    preloadPairing,
    preload: preloadApiClients,
    peekPart(key) {
      return (parts.get(key)?.value ?? null) as KeywayParts[typeof key] | null;
    },
    part(key, create) {
      if (destroyed) throw new Error('This Keyway instance was destroyed');
      let found = parts.get(key);
      if (!found) {
        const given = (internals.partDeps as Partial<Record<keyof KeywayParts, unknown>> | undefined)?.[key];
        const deps = typeof given === 'function' ? given(instance) : given;
        found = create((deps ?? {}) as PartDepsOf<typeof key>);
        parts.set(key, found);
      }
      return found.value as KeywayParts[typeof key];
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      // The parts first (they subscribe to the core stores), newest first.
      for (const owned of [...parts.values()].reverse()) owned.dispose();
      parts.clear();
      unbind?.();
      clearTimeout(restoreLimit);
      embedded?.destroy();
      configListeners.clear();
      // The capabilities' subscriptions, the latest wired first.
      for (const dispose of [...disposers].reverse()) dispose();
      solana?.destroy();
      analytics.dispose();
      stores.modal.getState().dispose();
      stores.toasts.getState().dispose();
    },
    get destroyed() {
      return destroyed;
    },
  };
  return instance;
}

/** Makes a store's current state the one React renders on a server and hydrates with (`getInitialState`). */
function pinInitialState<S>(store: { getState(): S; getInitialState(): S }): void {
  const snapshot = store.getState();
  store.getInitialState = () => snapshot;
}

/** Ends each subscription once. */
function disposeAll(subs: readonly (() => void)[]): void {
  for (const unsubscribe of subs) unsubscribe();
}
