/**
 * Connecting wallets (spec §3 wallet connection, §4, §9): the wallet lists (recent, installed/announced,
 * featured, custom, recommended, all wallets paged with infinite scroll, search) and the connect actions
 * (a wagmi connector for installed wallets, pairing for the others), with connecting/declined/error states
 * and retry. Nothing is fetched until `prefetch()`, `fetchNextPage()` or `search()` is called.
 */
import type { Config } from 'wagmi';
import { connect as wagmiConnect } from 'wagmi/actions';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SolanaAdapter, SolanaWalletInfo } from '../../chains/solana/types';
import {
  CONNECTOR_IDS,
  FEATURED_WALLETS_COUNT,
  RECOMMENDED_WALLETS_FETCHED,
  WALLET_SEARCH_ENTRIES,
  WALLET_SEARCH_MIN_WAIT_MS,
  WALLET_SEARCH_PAGE,
  WALLETS_PER_PAGE,
} from '../../core/constants';
import { KeywayError } from '../../core/errors';
import { type KitMessage, kitMessage } from '../../core/messages';
import { type SafeStorage, STORAGE_KEYS } from '../../core/storage';
import { errorMessage, isUserRejection } from '../utils';
import { createPairingStore, type PairingProvider, type PairingStore } from './pairing';
import {
  buildAllWalletsList,
  buildConnectList,
  type ConnectorLike,
  connectorsToEntries,
  customWalletToEntry,
  type ExplorerWallet,
  explorerWalletToEntry,
  orderByIds,
  pairsOnly,
  pushRecent,
  recentWalletsSchema,
  type WalletEntry,
  type WalletListItem,
} from './wallets';

/** The explorer calls the store makes (the kit's explorer client satisfies it). */
export interface WalletsSource {
  getWallets(args: {
    page: number;
    entries: number;
    search?: string;
    chains?: string[];
    include?: string[];
    exclude?: string[];
  }): Promise<{ data: ExplorerWallet[]; count: number }>;
  walletImageUrl(imageId: string): string;
}

export type AllWalletsMode = 'SHOW' | 'HIDE' | 'ONLY_MOBILE';
export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting';
export type LoadStatus = 'idle' | 'loading' | 'success' | 'error';
export type AttemptStatus = 'connecting' | 'connected' | 'declined' | 'error';

/** The connection the visitor asked for last. */
export interface ConnectAttempt {
  wallet: WalletEntry;
  /** `connector` for installed wallets and connectors; `pairing` for QR / deep-link wallets. */
  via: 'connector' | 'pairing';
  status: AttemptStatus;
  error: KitMessage | null;
}

export interface WalletListState {
  wallets: WalletEntry[];
  status: LoadStatus;
  error: KitMessage | null;
}

export interface ConnectState {
  /** wagmi's connection status. */
  status: ConnectionStatus;
  attempt: ConnectAttempt | null;
  recent: WalletEntry[];
  /** EIP-6963 announced wallets and the legacy injected provider (badge Installed). */
  announced: WalletEntry[];
  /** Other connectors in the wagmi config (WalletConnect, Coinbase, Safe). */
  connectors: WalletEntry[];
  custom: WalletEntry[];
  featured: WalletListState;
  /**
   * The explorer's recommended wallets, in its order: up to RECOMMENDED_WALLETS_FETCHED candidates. The Connect
   * list shows the first RECOMMENDED_WALLETS_COUNT of them that it does not already show (installed or recent).
   */
  recommended: WalletListState;
  /** The all-wallets browse list, page by page. */
  all: WalletListState & { page: number; count: number };
  /** Search results (they replace the browse list while `query` is not empty). */
  searchResults: WalletListState & { query: string; pending: boolean };
  allWalletsMode: AllWalletsMode;
  /** The namespace of the active network: on 'solana' the lists show the Solana wallets only. */
  namespace: 'evm' | 'solana';
  /** Wallet Standard wallets that support a Solana chain (from `keyway.solana`), badge Installed. */
  solanaWallets: WalletEntry[];
  /**
   * Whether pairing by QR code can work: null until its transport is first loaded (a pairing started, or
   * preloaded while the pointer rests on a wallet that pairs), false when its package is not installed. From
   * false on, the lists leave out the wallets that could only pair: no choice ends in "not available".
   */
  pairingAvailable: boolean | null;
}

export interface ConnectActions {
  /** Loads featured and recommended wallets once (the kit calls it when the modal first opens). */
  prefetch(): Promise<void>;
  /** Loads the next page of all wallets (WALLETS_PER_PAGE at a time). */
  fetchNextPage(): Promise<void>;
  /**
   * Searches the explorer (WALLET_SEARCH_ENTRIES results of page WALLET_SEARCH_PAGE), waiting until no
   * new query came for WALLET_SEARCH_MIN_WAIT_MS; the results replace the list. An empty query returns
   * to the browse list.
   */
  search(query: string): void;
  /**
   * Loads the pairing code ahead of a click (the pointer rests on a wallet that pairs), so its QR code comes
   * sooner; resolves with `pairingAvailable`. Harmless to call again.
   */
  preloadPairing(): Promise<boolean>;
  /** Connects a wallet entry, a wallet id or a wagmi connector id. Resolves with the attempt's outcome. */
  connect(target: WalletEntry | string): Promise<AttemptStatus>;
  /** Tries the last attempt again. */
  retry(): Promise<AttemptStatus | null>;
  /** Abandons the current attempt (and its pairing). */
  cancel(): void;
  /** Remembers a wallet as recent (at most MAX_RECENT_WALLETS, persisted). */
  addRecent(wallet: WalletEntry): void;
  /** Finds a wallet in any list by id, explorer id, rdns or connector id. */
  findWallet(idOrConnectorId: string): WalletEntry | undefined;
  /** Fed by the provider binding: wagmi's status and connectors. */
  syncWagmi(input: {
    status: ConnectionStatus;
    connectors: readonly ConnectorLike[];
    hasLegacyProvider: boolean;
    legacyIsAnnounced: boolean;
  }): void;
  /** Fed by the instance wiring: the namespace of the active network. */
  setNamespace(namespace: 'evm' | 'solana'): void;
  dispose(): void;
}

export type ConnectStore = StoreApi<ConnectState & ConnectActions> & { pairing: PairingStore };

export interface ConnectStoreDeps {
  explorer: WalletsSource;
  storage: SafeStorage;
  getWagmiConfig: () => Config;
  /** Resolves the pairing transport (lazy); null when unavailable. */
  getPairingProvider: () => Promise<PairingProvider | null>;
  /** Loads the pairing code only (ahead of a click); resolves with its availability. Default: the transport. */
  preloadPairing?: () => Promise<boolean>;
  /** A pairing URI's lifetime when not the spec's 4 minutes (tests: `walletConnect.uriLifetimeMs`). */
  pairingLifetimeMs?: number;
  options: {
    featuredWalletIds: readonly string[];
    includeWalletIds: readonly string[];
    excludeWalletIds: readonly string[];
    customWallets: readonly ExplorerWallet[];
    allWallets: AllWalletsMode;
    enableEIP6963: boolean;
    /**
     * The host's `disableAppend`: the explorer's recommended wallets are not appended after the host's own
     * (custom) wallets, and not fetched. Featured wallets (named by the host) and "All wallets" stay.
     */
    disableAppend?: boolean;
  };
  /** CAIP-2 ids sent as the explorer's `chains` filter. */
  chains?: () => string[];
  /** Called after any successful connection (navigation, SIWE). */
  onConnected?: (wallet: WalletEntry) => void;
  /** The Solana side (`keyway.solana`): its discovered wallets and connect. Absent without Solana networks. */
  solana?: SolanaAdapter | null;
  now?: () => number;
}

/** Connector ids of Solana Wallet Standard wallets: `wallet-standard:<wallet name>`. */
export const SOLANA_CONNECTOR_PREFIX = 'wallet-standard:';

/** A discovered Solana wallet as a list entry (connected through `keyway.solana`, not wagmi). */
export function solanaWalletToEntry(w: SolanaWalletInfo): WalletEntry {
  return {
    id: `${SOLANA_CONNECTOR_PREFIX}${w.name}`,
    name: w.name,
    ...(w.icon ? { imageUrl: w.icon } : {}),
    source: 'announced',
    connectorId: `${SOLANA_CONNECTOR_PREFIX}${w.name}`,
    links: {},
  };
}

/**
 * The Solana wallets to pick from: the embedded wallet is reached by logging in, and a phone wallet's Solana
 * side by pairing it (the phone wallets are listed for that), so neither is listed itself.
 */
const pickableSolanaWallets = (wallets: readonly SolanaWalletInfo[]): WalletEntry[] =>
  wallets.filter((w) => !w.embedded && !w.paired).map(solanaWalletToEntry);

const emptyList = (): WalletListState => ({ wallets: [], status: 'idle', error: null });
/**
 * What a wallet list says when the explorer call fails (the views render it): never the client's own
 * message, which names the HTTP call, the status or the response's schema problem.
 */
const walletListError = (): KitMessage => kitMessage('walletListFailed');

export function createConnectStore(deps: ConnectStoreDeps): ConnectStore {
  const { options } = deps;
  const toEntry = (w: ExplorerWallet) => explorerWalletToEntry(w, (id) => deps.explorer.walletImageUrl(id));
  const filters = () => {
    const f: { include?: string[]; exclude?: string[]; chains?: string[] } = {};
    if (options.includeWalletIds.length) f.include = [...options.includeWalletIds];
    if (options.excludeWalletIds.length) f.exclude = [...options.excludeWalletIds];
    const chains = deps.chains?.();
    if (chains?.length) f.chains = chains;
    return f;
  };
  const excluded = new Set(options.excludeWalletIds);

  let attemptSeq = 0;
  let searchSeq = 0;
  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  let prefetching: Promise<void> | null = null;
  let unsubscribeSolana: (() => void) | null = null;
  let paging: Promise<void> | null = null;

  const store = createStore<ConnectState & ConnectActions>()((set, get) => {
    const setAttempt = (patch: Partial<ConnectAttempt>) => {
      const a = get().attempt;
      if (a) set({ attempt: { ...a, ...patch } });
    };

    const addRecent = (wallet: WalletEntry) => {
      const recent = pushRecent(get().recent, wallet);
      set({ recent });
      deps.storage.setJson(STORAGE_KEYS.recentWallets, recent);
    };

    const loadFeatured = async () => {
      const ids = options.featuredWalletIds
        .filter((id) => !excluded.has(id))
        .slice(0, FEATURED_WALLETS_COUNT);
      if (!ids.length) {
        set({ featured: { wallets: [], status: 'success', error: null } });
        return;
      }
      set({ featured: { ...get().featured, status: 'loading', error: null } });
      try {
        const chains = deps.chains?.();
        const res = await deps.explorer.getWallets({
          page: 1,
          entries: FEATURED_WALLETS_COUNT,
          include: ids,
          ...(chains?.length ? { chains } : {}),
        });
        const wallets = orderByIds(res.data.map(toEntry), ids).slice(0, FEATURED_WALLETS_COUNT);
        set({ featured: { wallets, status: 'success', error: null } });
      } catch {
        set({ featured: { wallets: [], status: 'error', error: walletListError() } });
      }
    };

    const loadRecommended = async () => {
      if (options.disableAppend) {
        set({ recommended: { wallets: [], status: 'success', error: null } });
        return;
      }
      set({ recommended: { ...get().recommended, status: 'loading', error: null } });
      const f = filters();
      const skip = [
        ...(f.exclude ?? []),
        ...options.featuredWalletIds,
        ...get().recent.flatMap((w) => (w.explorerId ? [w.explorerId] : [])),
      ];
      try {
        const res = await deps.explorer.getWallets({
          page: 1,
          entries: RECOMMENDED_WALLETS_FETCHED,
          ...f,
          ...(skip.length ? { exclude: [...new Set(skip)] } : {}),
        });
        const wallets = res.data
          .map(toEntry)
          .filter((w) => !skip.includes(w.id))
          .slice(0, RECOMMENDED_WALLETS_FETCHED);
        set({ recommended: { wallets, status: 'success', error: null } });
      } catch {
        set({ recommended: { wallets: [], status: 'error', error: walletListError() } });
      }
    };

    const connectWithConnector = async (wallet: WalletEntry): Promise<AttemptStatus> => {
      const mine = ++attemptSeq;
      store.pairing.getState().cancel();
      set({ attempt: { wallet, via: 'connector', status: 'connecting', error: null } });
      const config = deps.getWagmiConfig();
      const connector = config.connectors.find((c) => c.id === wallet.connectorId);
      try {
        // A code with the wallet's name, not the developer's text below: the attempt's error is shown to the user.
        if (!connector)
          throw KeywayError.of(
            'walletUnavailable',
            new Error(`Wallet connector "${wallet.connectorId}" is not available`),
            { wallet: wallet.name },
          );
        await wagmiConnect(config, { connector });
      } catch (error) {
        if (mine !== attemptSeq) return get().attempt?.status ?? 'error';
        const already = (error as { name?: unknown })?.name === 'ConnectorAlreadyConnectedError';
        if (!already) {
          const status: AttemptStatus = isUserRejection(error) ? 'declined' : 'error';
          setAttempt({ status, error: errorMessage(error, 'connectionFailed') });
          return status;
        }
      }
      if (mine !== attemptSeq) return get().attempt?.status ?? 'connected';
      setAttempt({ status: 'connected', error: null });
      addRecent(wallet);
      deps.onConnected?.(wallet);
      return 'connected';
    };

    const connectWithSolana = async (wallet: WalletEntry): Promise<AttemptStatus> => {
      const mine = ++attemptSeq;
      store.pairing.getState().cancel();
      set({ attempt: { wallet, via: 'connector', status: 'connecting', error: null } });
      try {
        if (!deps.solana)
          throw KeywayError.of('connectionFailed', new Error('No Solana network is configured'));
        await deps.solana.connect(wallet.connectorId!.slice(SOLANA_CONNECTOR_PREFIX.length));
      } catch (error) {
        if (mine !== attemptSeq) return get().attempt?.status ?? 'error';
        const status: AttemptStatus = isUserRejection(error) ? 'declined' : 'error';
        setAttempt({ status, error: errorMessage(error, 'connectionFailed') });
        return status;
      }
      if (mine !== attemptSeq) return get().attempt?.status ?? 'connected';
      setAttempt({ status: 'connected', error: null });
      deps.onConnected?.(wallet);
      return 'connected';
    };

    const connectWithPairing = async (wallet: WalletEntry): Promise<AttemptStatus> => {
      ++attemptSeq;
      set({ attempt: { wallet, via: 'pairing', status: 'connecting', error: null } });
      await store.pairing.getState().start(wallet);
      return get().attempt?.status ?? 'error';
    };

    const findWallet = (id: string): WalletEntry | undefined => {
      const s = get();
      const pools = [
        s.solanaWallets,
        s.announced,
        s.connectors,
        s.recent,
        s.custom,
        s.featured.wallets,
        s.recommended.wallets,
        s.searchResults.wallets,
        s.all.wallets,
      ];
      for (const pool of pools) {
        const found = pool.find(
          (w) => w.id === id || w.explorerId === id || w.rdns === id || w.connectorId === id,
        );
        if (found) return found;
      }
      return undefined;
    };

    return {
      status: 'disconnected',
      attempt: null,
      recent: deps.storage.getJson(STORAGE_KEYS.recentWallets, recentWalletsSchema) ?? [],
      announced: [],
      connectors: [],
      custom: options.customWallets.map(customWalletToEntry),
      featured: emptyList(),
      recommended: emptyList(),
      all: { ...emptyList(), page: 0, count: 0 },
      searchResults: { ...emptyList(), query: '', pending: false },
      allWalletsMode: options.allWallets,
      namespace: 'evm',
      solanaWallets: pickableSolanaWallets(deps.solana?.store.getState().wallets ?? []),
      pairingAvailable: null,

      async preloadPairing() {
        if (!deps.preloadPairing) return (await loadPairing()) !== null;
        const available = await deps.preloadPairing().catch(() => false);
        // A pairing that started meanwhile has the transport's own answer: it stays.
        if (get().pairingAvailable === null) set({ pairingAvailable: available });
        return available;
      },

      prefetch() {
        const { featured, recommended } = get();
        const done = featured.status === 'success' && recommended.status === 'success';
        if (done) return Promise.resolve();
        prefetching ??= Promise.all([
          featured.status === 'success' ? undefined : loadFeatured(),
          recommended.status === 'success' ? undefined : loadRecommended(),
        ]).then(() => {
          prefetching = null;
        });
        return prefetching;
      },

      fetchNextPage() {
        const { all, allWalletsMode } = get();
        if (allWalletsMode === 'HIDE') return Promise.resolve();
        if (paging) return paging;
        if (all.status === 'success' && all.wallets.length >= all.count) return Promise.resolve();
        const page = all.page + 1;
        set({ all: { ...all, status: 'loading', error: null } });
        paging = (async () => {
          try {
            const res = await deps.explorer.getWallets({ page, entries: WALLETS_PER_PAGE, ...filters() });
            const prev = get().all.wallets;
            const ids = new Set(prev.map((w) => w.id));
            const next = res.data.map(toEntry).filter((w) => !ids.has(w.id) && !excluded.has(w.id));
            // A short page means the end, whatever `count` says.
            const count = res.data.length < WALLETS_PER_PAGE ? prev.length + next.length : res.count;
            set({ all: { wallets: [...prev, ...next], page, count, status: 'success', error: null } });
          } catch {
            set({ all: { ...get().all, status: 'error', error: walletListError() } });
          } finally {
            paging = null;
          }
        })();
        return paging;
      },

      search(raw) {
        const query = raw.trim();
        if (searchTimer) clearTimeout(searchTimer);
        searchTimer = undefined;
        const mine = ++searchSeq;
        if (!query) {
          set({ searchResults: { ...emptyList(), query: '', pending: false } });
          return;
        }
        set({ searchResults: { ...get().searchResults, query, pending: true } });
        searchTimer = setTimeout(async () => {
          searchTimer = undefined;
          if (mine !== searchSeq) return;
          set({ searchResults: { ...get().searchResults, status: 'loading', error: null } });
          try {
            const res = await deps.explorer.getWallets({
              page: WALLET_SEARCH_PAGE,
              entries: WALLET_SEARCH_ENTRIES,
              search: query,
              ...filters(),
            });
            if (mine !== searchSeq) return;
            const wallets = res.data.map(toEntry).filter((w) => !excluded.has(w.id));
            set({ searchResults: { wallets, query, pending: false, status: 'success', error: null } });
          } catch {
            if (mine !== searchSeq) return;
            set({
              searchResults: {
                wallets: [],
                query,
                pending: false,
                status: 'error',
                error: walletListError(),
              },
            });
          }
        }, WALLET_SEARCH_MIN_WAIT_MS);
      },

      async connect(target) {
        const wallet = typeof target === 'string' ? findWallet(target) : target;
        if (!wallet) {
          const config = deps.getWagmiConfig();
          const connector =
            typeof target === 'string' ? config.connectors.find((c) => c.id === target) : undefined;
          if (!connector) throw new Error(`Unknown wallet "${String(target)}"`);
          return connectWithConnector({
            id: connector.id,
            name: connector.name,
            source: 'connector',
            connectorId: connector.id,
            links: {},
          });
        }
        if (wallet.connectorId?.startsWith(SOLANA_CONNECTOR_PREFIX)) return connectWithSolana(wallet);
        if (wallet.connectorId && wallet.connectorId !== CONNECTOR_IDS.walletConnect) {
          return connectWithConnector(wallet);
        }
        return connectWithPairing(wallet);
      },

      async retry() {
        const a = get().attempt;
        if (!a) return null;
        if (a.via === 'pairing') {
          ++attemptSeq;
          setAttempt({ status: 'connecting', error: null });
          await store.pairing.getState().retry();
          return get().attempt?.status ?? null;
        }
        if (a.wallet.connectorId?.startsWith(SOLANA_CONNECTOR_PREFIX)) return connectWithSolana(a.wallet);
        return connectWithConnector(a.wallet);
      },

      cancel() {
        ++attemptSeq;
        store.pairing.getState().cancel();
        set({ attempt: null });
      },

      addRecent,
      findWallet,

      syncWagmi({ status, connectors, hasLegacyProvider, legacyIsAnnounced }) {
        const { announced, others } = connectorsToEntries(connectors, {
          enableEIP6963: options.enableEIP6963,
          hasLegacyProvider,
          legacyIsAnnounced,
        });
        const same = (a: WalletEntry[], b: WalletEntry[]) =>
          a.length === b.length && a.every((w, i) => w.id === b[i]?.id && w.imageUrl === b[i]?.imageUrl);
        const s = get();
        const patch: Partial<ConnectState> = {};
        if (s.status !== status) patch.status = status;
        if (!same(s.announced, announced)) patch.announced = announced;
        if (!same(s.connectors, others)) patch.connectors = others;
        if (Object.keys(patch).length) set(patch);
      },

      setNamespace(namespace) {
        if (get().namespace !== namespace) set({ namespace });
      },

      dispose() {
        unsubscribeSolana?.();
        if (searchTimer) clearTimeout(searchTimer);
        searchTimer = undefined;
        ++searchSeq;
        ++attemptSeq;
        store.pairing.getState().dispose();
      },
    };
  }) as ConnectStore;

  // The transport, loaded once (the instance keeps it); what it tells about availability goes to the lists.
  let pairingProvider: Promise<PairingProvider | null> | null = null;
  const loadPairing = (): Promise<PairingProvider | null> => {
    pairingProvider ??= deps.getPairingProvider().then(
      (provider) => provider,
      () => null,
    );
    return pairingProvider.then((provider) => {
      if (store.getState().pairingAvailable !== (provider !== null))
        store.setState({ pairingAvailable: provider !== null });
      return provider;
    });
  };

  // The pairing store mirrors its outcome into the attempt.
  store.pairing = createPairingStore({
    getProvider: loadPairing,
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.pairingLifetimeMs ? { lifetimeMs: deps.pairingLifetimeMs } : {}),
    onConnected: (wallet) => {
      if (wallet) {
        store.getState().addRecent(wallet);
        deps.onConnected?.(wallet);
      }
    },
  });
  store.pairing.subscribe((p) => {
    const a = store.getState().attempt;
    if (a?.via !== 'pairing' || p.status === 'idle') return;
    const status: AttemptStatus =
      p.status === 'connected'
        ? 'connected'
        : p.status === 'declined'
          ? 'declined'
          : p.status === 'error'
            ? 'error'
            : 'connecting';
    if (a.status !== status || a.error !== p.error) {
      store.setState({ attempt: { ...a, status, error: p.error } });
    }
  });

  // Solana wallets follow the adapter's discovery.
  unsubscribeSolana =
    deps.solana?.store.subscribe((sol, prev) => {
      if (sol.wallets !== prev.wallets) store.setState({ solanaWallets: pickableSolanaWallets(sol.wallets) });
    }) ?? null;

  return store;
}

/**
 * The Connect view's list on a Solana network: the Solana Wallet Standard wallets (badge Installed), then the
 * phone wallets of the EVM list (recent, featured, custom, recommended) that are reached by pairing, whose
 * session proposes the `solana` namespace too. Wallets with a connector in the page are EVM connections, so
 * they are left out here.
 */
export const buildSolanaConnectList = (
  solanaWallets: readonly WalletEntry[],
  phoneWallets: readonly WalletListItem[] = [],
): WalletListItem[] => [
  ...buildConnectList({
    recent: [],
    announced: [...solanaWallets],
    featured: [],
    custom: [],
    recommended: [],
    connectors: [],
  }),
  ...phoneWallets.filter(pairsOnly),
];

// ---------- selectors ----------

/** What the Connect view's list is built from (a memoized selector compares these). */
export const connectListInputs = (
  s: ConnectState,
): [
  ConnectState['namespace'],
  ConnectState['solanaWallets'],
  ConnectState['recent'],
  ConnectState['announced'],
  ConnectState['featured']['wallets'],
  ConnectState['custom'],
  ConnectState['recommended']['wallets'],
  ConnectState['connectors'],
  boolean,
] => [
  s.namespace,
  s.solanaWallets,
  s.recent,
  s.announced,
  s.featured.wallets,
  s.custom,
  s.recommended.wallets,
  s.connectors,
  s.pairingAvailable === false,
];

/**
 * Without a pairing transport, the wallets that could only pair are left out (no dead end). The lists take
 * only "known to be missing" as input: learning that the transport is there changes nothing in them, so it
 * does not render them again.
 */
const offered = (list: WalletListItem[], pairingMissing: boolean): WalletListItem[] =>
  pairingMissing ? list.filter((w) => !pairsOnly(w)) : list;

/** The Connect view's list from its inputs: on Solana the discovered wallets and the phone wallets. */
export const connectListFrom = (
  ...[
    namespace,
    solanaWallets,
    recent,
    announced,
    featured,
    custom,
    recommended,
    connectors,
    pairingMissing,
  ]: ReturnType<typeof connectListInputs>
): WalletListItem[] =>
  namespace === 'solana'
    ? buildSolanaConnectList(
        solanaWallets,
        pairingMissing
          ? []
          : buildConnectList({ recent, announced: [], featured, custom, recommended, connectors: [] }),
      )
    : offered(
        buildConnectList({ recent, announced, featured, custom, recommended, connectors }),
        pairingMissing,
      );

/** The Connect view's list (recent, installed, featured, custom, recommended, connectors), with badges. */
export const selectConnectList = (s: ConnectState): WalletListItem[] =>
  connectListFrom(...connectListInputs(s));

/** The loading state of the explorer-backed parts of the Connect list (the phone wallets, on Solana too). */
export const selectListStatus = (s: ConnectState): LoadStatus => {
  const { featured, recommended } = s;
  if (featured.status === 'error' || recommended.status === 'error') return 'error';
  if (featured.status === 'loading' || recommended.status === 'loading') return 'loading';
  return featured.status === 'success' && recommended.status === 'success' ? 'success' : 'idle';
};

/** What the all-wallets list is built from. */
export const allWalletsInputs = (
  s: ConnectState,
): [readonly WalletEntry[], readonly WalletEntry[], boolean] => [
  s.searchResults.query ? s.searchResults.wallets : s.all.wallets,
  s.announced,
  s.pairingAvailable === false,
];

/** The all-wallets list from its inputs (without a pairing transport, the wallets that could only pair are left out). */
export const allWalletsFrom = (
  ...[wallets, announced, pairingMissing]: ReturnType<typeof allWalletsInputs>
): WalletListItem[] => offered(buildAllWalletsList(wallets, announced), pairingMissing);

/** The all-wallets list: search results while a query is active, else the browse pages. */
export const selectAllWalletsList = (s: ConnectState): WalletListItem[] =>
  allWalletsFrom(...allWalletsInputs(s));

/** Whether more pages of all wallets can be loaded. */
export const selectHasMore = (s: ConnectState): boolean =>
  !s.searchResults.query &&
  s.allWalletsMode !== 'HIDE' &&
  (s.all.status === 'idle' || s.all.wallets.length < s.all.count);

/** Whether the "All wallets" entry is offered (allWallets option; ONLY_MOBILE needs a phone). */
export const selectShowAllWallets = (s: ConnectState, isMobile: boolean): boolean =>
  s.namespace !== 'solana' &&
  (s.allWalletsMode === 'SHOW' || (s.allWalletsMode === 'ONLY_MOBILE' && isMobile));
