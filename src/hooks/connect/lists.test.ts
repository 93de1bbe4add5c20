import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConfig, http } from 'wagmi';
import { createStore } from 'zustand/vanilla';
import type { SolanaAdapter, SolanaState } from '../../chains/solana/types';
import {
  FEATURED_WALLETS_COUNT,
  MAX_RECENT_WALLETS,
  RECOMMENDED_WALLETS_COUNT,
  RECOMMENDED_WALLETS_FETCHED,
  WALLET_SEARCH_ENTRIES,
  WALLET_SEARCH_MIN_WAIT_MS,
  WALLET_SEARCH_PAGE,
  WALLETS_PER_PAGE,
} from '../../core/constants';
import { kitMessage } from '../../core/messages';
import { keywayLocal, toViemChain } from '../../core/networks';
import { createMemoryStorage, createSafeStorage, STORAGE_KEYS } from '../../core/storage';
import {
  type ConnectStoreDeps,
  createConnectStore,
  selectAllWalletsList,
  selectConnectList,
  selectHasMore,
  selectListStatus,
  selectShowAllWallets,
} from './store';
import type { ExplorerWallet } from './wallets';

type Args = Parameters<ConnectStoreDeps['explorer']['getWallets']>[0];

/** An in-memory explorer with the API's paging, search, include and exclude semantics; it records calls. */
function memoryExplorer(all: ExplorerWallet[]) {
  const calls: Args[] = [];
  const gate: { hold: boolean; waiting: Array<() => void> } = { hold: false, waiting: [] };
  return {
    calls,
    gate,
    release() {
      for (const w of gate.waiting.splice(0)) w();
    },
    async getWallets(args: Args) {
      calls.push(args);
      if (gate.hold) await new Promise<void>((r) => gate.waiting.push(r));
      let list = all;
      if (args.include) list = list.filter((w) => args.include!.includes(w.id));
      if (args.exclude) list = list.filter((w) => !args.exclude!.includes(w.id));
      if (args.search) list = list.filter((w) => w.name.toLowerCase().includes(args.search!.toLowerCase()));
      const start = (args.page - 1) * args.entries;
      return { data: list.slice(start, start + args.entries), count: list.length };
    },
    walletImageUrl: (id: string) => `https://explorer.test/getWalletImage/${id}`,
  };
}

const wallets: ExplorerWallet[] = Array.from({ length: 130 }, (_, i) => ({
  id: `w${i}`,
  name: i === 7 ? 'Rainbow' : i === 8 ? 'Rainbow Pro' : `Wallet ${i}`,
  image_id: `img${i}`,
  rdns: `com.wallet${i}`,
  mobile_link: i % 2 ? `wallet${i}://` : `https://w${i}.example/app`,
}));

const noWagmi = () => {
  throw new Error('wagmi is not used by list tests');
};

function setup(
  over: Partial<ConnectStoreDeps['options']> = {},
  storageInit: Record<string, string> = {},
  deps: Partial<ConnectStoreDeps> = {},
) {
  const explorer = memoryExplorer(wallets);
  const backend = createMemoryStorage(storageInit);
  const store = createConnectStore({
    explorer,
    storage: createSafeStorage(backend),
    getWagmiConfig: noWagmi,
    getPairingProvider: async () => null,
    options: {
      featuredWalletIds: [],
      includeWalletIds: [],
      excludeWalletIds: [],
      customWallets: [],
      allWallets: 'SHOW',
      enableEIP6963: true,
      ...over,
    },
    ...deps,
  });
  return { explorer, store, backend, s: () => store.getState() };
}

describe('featured and recommended (spec §9)', () => {
  it('fetches nothing until asked', () => {
    const { explorer } = setup({ featuredWalletIds: ['w3'] });
    expect(explorer.calls).toEqual([]);
  });

  it('shows 4 featured wallets in featuredWalletIds order', async () => {
    const { s, explorer } = setup({ featuredWalletIds: ['w9', 'w2', 'w50', 'w1', 'w77'] });
    await s().prefetch();
    expect(s().featured.wallets.map((w) => w.id)).toEqual(['w9', 'w2', 'w50', 'w1']);
    expect(s().featured.wallets).toHaveLength(FEATURED_WALLETS_COUNT);
    const featuredCall = explorer.calls.find((c) => c.include?.includes('w9'));
    expect(featuredCall).toMatchObject({
      page: 1,
      entries: FEATURED_WALLETS_COUNT,
      include: ['w9', 'w2', 'w50', 'w1'],
    });
    expect(s().featured.wallets[0]?.imageUrl).toBe('https://explorer.test/getWalletImage/img9');
  });

  it('shows 4 recommended wallets, none of them featured', async () => {
    const { s, explorer } = setup({ featuredWalletIds: ['w0', 'w1'] });
    await s().prefetch();
    // Twice as many candidates as rows, for the rows of wallets listed above them.
    expect(s().recommended.wallets.map((w) => w.id)).toEqual([
      'w2',
      'w3',
      'w4',
      'w5',
      'w6',
      'w7',
      'w8',
      'w9',
    ]);
    expect(explorer.calls.find((c) => !c.include)).toMatchObject({ entries: RECOMMENDED_WALLETS_FETCHED });
    const listed = selectConnectList(s()).map((w) => w.id);
    expect(listed).toEqual(['w0', 'w1', 'w2', 'w3', 'w4', 'w5']);
    expect(listed.slice(FEATURED_WALLETS_COUNT - 2)).toHaveLength(RECOMMENDED_WALLETS_COUNT);
  });

  it('prefetches once', async () => {
    const { s, explorer } = setup({ featuredWalletIds: ['w0'] });
    await Promise.all([s().prefetch(), s().prefetch()]);
    await s().prefetch();
    expect(explorer.calls).toHaveLength(2);
  });

  it('applies include and exclude ids to every list', async () => {
    const { s, explorer } = setup({
      includeWalletIds: ['w1', 'w2', 'w3', 'w4', 'w5', 'w6'],
      excludeWalletIds: ['w2'],
    });
    await s().prefetch();
    await s().fetchNextPage();
    expect(s().recommended.wallets.map((w) => w.id)).toEqual(['w1', 'w3', 'w4', 'w5', 'w6']);
    expect(s().all.wallets.map((w) => w.id)).toEqual(['w1', 'w3', 'w4', 'w5', 'w6']);
    for (const call of explorer.calls) {
      expect(call.include).toEqual(['w1', 'w2', 'w3', 'w4', 'w5', 'w6']);
      expect(call.exclude).toContain('w2');
    }
  });
});

describe('all wallets (infinite scroll)', () => {
  it('pages 40 at a time until the count is reached', async () => {
    const { s, explorer } = setup();
    expect(selectHasMore(s())).toBe(true);
    await s().fetchNextPage();
    expect(s().all.wallets).toHaveLength(WALLETS_PER_PAGE);
    expect(explorer.calls[0]).toMatchObject({ page: 1, entries: WALLETS_PER_PAGE });
    await s().fetchNextPage();
    await s().fetchNextPage();
    expect(s().all.wallets).toHaveLength(120);
    expect(selectHasMore(s())).toBe(true);
    await s().fetchNextPage();
    expect(s().all.wallets).toHaveLength(130);
    expect(s().all.count).toBe(130);
    expect(selectHasMore(s())).toBe(false);
    await s().fetchNextPage();
    expect(explorer.calls.map((c) => c.page)).toEqual([1, 2, 3, 4]);
    expect(new Set(s().all.wallets.map((w) => w.id)).size).toBe(130);
  });

  it('does not request the same page twice while one is loading', async () => {
    const { s, explorer } = setup();
    await Promise.all([s().fetchNextPage(), s().fetchNextPage()]);
    expect(explorer.calls).toHaveLength(1);
  });

  it('follows the allWallets option', () => {
    expect(selectShowAllWallets(setup({ allWallets: 'SHOW' }).s(), false)).toBe(true);
    expect(selectShowAllWallets(setup({ allWallets: 'HIDE' }).s(), true)).toBe(false);
    expect(selectShowAllWallets(setup({ allWallets: 'ONLY_MOBILE' }).s(), false)).toBe(false);
    expect(selectShowAllWallets(setup({ allWallets: 'ONLY_MOBILE' }).s(), true)).toBe(true);
  });

  it('keeps the page and shows an error when a page fails', async () => {
    const { s, explorer } = setup();
    await s().fetchNextPage();
    explorer.getWallets = async () => {
      throw new Error('HTTP 500');
    };
    await s().fetchNextPage();
    // The client's technical message (here 'HTTP 500') is not what the view shows.
    expect(s().all).toMatchObject({ status: 'error', error: kitMessage('walletListFailed'), page: 1 });
    expect(s().all.wallets).toHaveLength(WALLETS_PER_PAGE);
  });
});

describe('search', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits WALLET_SEARCH_MIN_WAIT_MS after the last keystroke, then replaces the list', async () => {
    const { s, explorer } = setup();
    await s().fetchNextPage();
    explorer.calls.length = 0;
    s().search('R');
    await vi.advanceTimersByTimeAsync(WALLET_SEARCH_MIN_WAIT_MS - 1);
    s().search('Ra');
    await vi.advanceTimersByTimeAsync(WALLET_SEARCH_MIN_WAIT_MS - 1);
    s().search('Rainbow');
    expect(s().searchResults).toMatchObject({ query: 'Rainbow', pending: true });
    await vi.advanceTimersByTimeAsync(WALLET_SEARCH_MIN_WAIT_MS - 1);
    expect(explorer.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(explorer.calls).toEqual([
      { page: WALLET_SEARCH_PAGE, entries: WALLET_SEARCH_ENTRIES, search: 'Rainbow' },
    ]);
    expect(selectAllWalletsList(s()).map((w) => w.name)).toEqual(['Rainbow', 'Rainbow Pro']);
    expect(selectHasMore(s())).toBe(false);
    s().search('');
    expect(selectAllWalletsList(s())).toHaveLength(WALLETS_PER_PAGE);
  });

  it('keeps at least WALLET_SEARCH_MIN_WAIT_MS between two requests', async () => {
    const { s, explorer } = setup();
    const at: number[] = [];
    const original = explorer.getWallets;
    explorer.getWallets = (args) => {
      at.push(Date.now());
      return original(args);
    };
    for (const q of ['a', 'ab', 'abc', 'abcd', 'abcde']) {
      s().search(q);
      await vi.advanceTimersByTimeAsync(WALLET_SEARCH_MIN_WAIT_MS + 20 * q.length);
    }
    expect(at.length).toBe(5);
    for (let i = 1; i < at.length; i++)
      expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(WALLET_SEARCH_MIN_WAIT_MS);
  });

  it('ignores a stale response that arrives after a newer query', async () => {
    const { s, explorer } = setup();
    explorer.gate.hold = true;
    s().search('Wallet 1');
    await vi.advanceTimersByTimeAsync(WALLET_SEARCH_MIN_WAIT_MS);
    explorer.gate.hold = false;
    s().search('Rainbow');
    await vi.advanceTimersByTimeAsync(WALLET_SEARCH_MIN_WAIT_MS);
    expect(s().searchResults.wallets.map((w) => w.name)).toEqual(['Rainbow', 'Rainbow Pro']);
    explorer.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(s().searchResults.query).toBe('Rainbow');
    expect(s().searchResults.wallets.map((w) => w.name)).toEqual(['Rainbow', 'Rainbow Pro']);
  });
});

describe('installed wallets, recent, custom, badges', () => {
  const chain = toViemChain(keywayLocal);
  const announcedConnectors = [
    {
      id: 'com.wallet3',
      name: 'Wallet 3 (ext)',
      type: 'injected',
      rdns: 'com.wallet3',
      icon: 'data:image/png;base64,AA',
    },
    // wagmi's EIP-6963 connectors carry the rdns as their id only
    { id: 'io.unknown', name: 'Unknown Ext', type: 'injected' },
    { id: 'injected', name: 'Injected', type: 'injected' },
    { id: 'walletConnect', name: 'WalletConnect', type: 'walletConnect' },
  ];

  it('dedupes announced wallets against the explorer list by rdns and badges them Installed', async () => {
    const { s } = setup({ featuredWalletIds: ['w3', 'w4'] });
    s().syncWagmi({
      status: 'disconnected',
      connectors: announcedConnectors,
      hasLegacyProvider: true,
      legacyIsAnnounced: true,
    });
    await s().prefetch();
    const list = selectConnectList(s());
    const names = list.map((w) => `${w.name}${w.badge ? ` [${w.badge}]` : ''}`);
    expect(names).toEqual([
      'Wallet 3 (ext) [Installed]',
      'Unknown Ext [Installed]',
      'Wallet 4',
      'Wallet 0',
      'Wallet 1',
      'Wallet 2',
      'Wallet 5',
      'WalletConnect',
    ]);
    // The announced entry took the explorer's id and links.
    expect(list[0]).toMatchObject({ explorerId: 'w3', connectorId: 'com.wallet3' });
    // In the all-wallets list the explorer record is badged Installed and uses the installed connector.
    await s().fetchNextPage();
    const w3 = selectAllWalletsList(s()).find((w) => w.id === 'w3');
    expect(w3).toMatchObject({ badge: 'Installed', connectorId: 'com.wallet3' });
  });

  it('without a pairing transport, wallets that could only pair leave both lists once it is known', async () => {
    const { s } = setup({ featuredWalletIds: ['w3', 'w4'] });
    s().syncWagmi({
      status: 'disconnected',
      connectors: announcedConnectors,
      hasLegacyProvider: true,
      legacyIsAnnounced: true,
    });
    await s().prefetch();
    await s().fetchNextPage();
    // Unknown until the transport is first loaded: every wallet is offered.
    expect(s().pairingAvailable).toBeNull();
    expect(selectConnectList(s())).toHaveLength(8);
    // The pointer rests on a wallet that pairs: the transport loads, and it is missing (setup gives null).
    await expect(s().preloadPairing()).resolves.toBe(false);
    expect(s().pairingAvailable).toBe(false);
    expect(selectConnectList(s()).map((w) => w.name)).toEqual(['Wallet 3 (ext)', 'Unknown Ext']);
    expect(selectAllWalletsList(s()).map((w) => w.id)).toEqual(['w3']);
  });

  it('on a Solana network: the Solana browser wallets, then the phone wallets (pairing proposes Solana too)', async () => {
    const solanaStore = createStore<SolanaState>()(() => ({
      wallets: [
        { name: 'Sol Ext', chains: ['solana:devnet'] },
        { name: 'Email & Social', chains: ['solana:devnet'], embedded: true },
        { name: 'WalletConnect', chains: ['solana:devnet'], paired: true },
      ],
      status: 'disconnected',
      wallet: null,
      address: null,
      error: null,
    }));
    const { s } = setup(
      { featuredWalletIds: ['w3', 'w4'] },
      {},
      {
        solana: { store: solanaStore } as unknown as SolanaAdapter,
      },
    );
    s().syncWagmi({
      status: 'disconnected',
      connectors: announcedConnectors,
      hasLegacyProvider: true,
      legacyIsAnnounced: true,
    });
    s().setNamespace('solana');
    expect(selectListStatus(s())).toBe('idle');
    await s().prefetch();
    expect(selectListStatus(s())).toBe('success');
    const names = selectConnectList(s()).map((w) => `${w.name}${w.badge ? ` [${w.badge}]` : ''}`);
    // The EVM extension (Wallet 3's installed connector) and the WalletConnect connector are EVM ways in; the
    // kit's own Solana wallets are reached by logging in and by pairing, so they are not listed themselves.
    expect(names).toEqual([
      'Sol Ext [Installed]',
      'Wallet 3',
      'Wallet 4',
      'Wallet 0',
      'Wallet 1',
      'Wallet 2',
      'Wallet 5',
    ]);
    expect(
      selectConnectList(s())
        .slice(1)
        .every((w) => !w.connectorId),
    ).toBe(true);
    // Without the pairing package the phone wallets leave the Solana list too.
    await s().preloadPairing();
    expect(selectConnectList(s()).map((w) => w.name)).toEqual(['Sol Ext']);
  });

  it('a pairing started without its package makes the lists leave out the wallets that could only pair', async () => {
    const { s } = setup();
    await s().prefetch();
    expect(selectConnectList(s()).length).toBeGreaterThan(0);
    await s().connect(s().recommended.wallets[0]!);
    expect(s().attempt).toMatchObject({
      via: 'pairing',
      status: 'error',
      error: kitMessage('pairingUnavailable'),
    });
    expect(s().pairingAvailable).toBe(false);
    expect(selectConnectList(s())).toEqual([]);
  });

  it('a pairing transport that loads keeps every wallet, and is loaded once', async () => {
    const getPairingProvider = vi.fn(async () => ({
      connect: () => new Promise<void>(() => undefined),
      onUri: () => () => undefined,
      cancel: () => undefined,
    }));
    const store = createConnectStore({
      explorer: memoryExplorer(wallets),
      storage: createSafeStorage(createMemoryStorage({})),
      getWagmiConfig: noWagmi,
      getPairingProvider,
      options: {
        featuredWalletIds: [],
        includeWalletIds: [],
        excludeWalletIds: [],
        customWallets: [],
        allWallets: 'SHOW',
        enableEIP6963: true,
      },
    });
    const s = () => store.getState();
    await s().prefetch();
    await Promise.all([s().preloadPairing(), s().preloadPairing()]);
    expect(s().pairingAvailable).toBe(true);
    expect(selectConnectList(s())).toHaveLength(RECOMMENDED_WALLETS_COUNT);
    void s().connect(s().recommended.wallets[0]!);
    await vi.waitFor(() => expect(store.pairing.getState().status).toBe('pairing'));
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(getPairingProvider).toHaveBeenCalledTimes(1);
    s().cancel();
  });

  it('an installed wallet that is also recommended gives its recommended row to the next candidate', async () => {
    const { s } = setup();
    s().syncWagmi({
      status: 'disconnected',
      connectors: announcedConnectors.filter((c) => c.id === 'com.wallet3'),
      hasLegacyProvider: false,
      legacyIsAnnounced: false,
    });
    await s().prefetch();
    const names = selectConnectList(s()).map((w) => `${w.name}${w.badge ? ` [${w.badge}]` : ''}`);
    // Four recommended rows, as many as the Connect view reserved while loading (Wallet 3 is listed once).
    expect(names).toEqual(['Wallet 3 (ext) [Installed]', 'Wallet 0', 'Wallet 1', 'Wallet 2', 'Wallet 4']);
  });

  it('shows the legacy injected provider as Browser Wallet only when it is not an announced one', () => {
    const a = setup();
    a.s().syncWagmi({
      status: 'disconnected',
      connectors: announcedConnectors,
      hasLegacyProvider: true,
      legacyIsAnnounced: false,
    });
    expect(a.s().announced.map((w) => w.name)).toContain('Browser Wallet');
    const b = setup();
    b.s().syncWagmi({
      status: 'disconnected',
      connectors: announcedConnectors,
      hasLegacyProvider: false,
      legacyIsAnnounced: false,
    });
    expect(b.s().announced.map((w) => w.name)).not.toContain('Browser Wallet');
    const c = setup({ enableEIP6963: false });
    c.s().syncWagmi({
      status: 'disconnected',
      connectors: announcedConnectors,
      hasLegacyProvider: true,
      legacyIsAnnounced: true,
    });
    expect(c.s().announced.map((w) => w.name)).toEqual(['Browser Wallet']);
  });

  it('keeps at most 2 recent wallets, most recent first, persisted and badged Recent', async () => {
    const { s, backend } = setup();
    await s().fetchNextPage();
    const [w5, w6, w7] = [s().findWallet('w5')!, s().findWallet('w6')!, s().findWallet('w7')!];
    s().addRecent(w5);
    s().addRecent(w6);
    s().addRecent(w7);
    s().addRecent(w6);
    expect(s().recent.map((w) => w.id)).toEqual(['w6', 'w7']);
    expect(s().recent).toHaveLength(MAX_RECENT_WALLETS);
    const reloaded = createConnectStore({
      explorer: memoryExplorer(wallets),
      storage: createSafeStorage(backend),
      getWagmiConfig: noWagmi,
      getPairingProvider: async () => null,
      options: {
        featuredWalletIds: [],
        includeWalletIds: [],
        excludeWalletIds: [],
        customWallets: [],
        allWallets: 'SHOW',
        enableEIP6963: true,
      },
    });
    expect(reloaded.getState().recent.map((w) => w.id)).toEqual(['w6', 'w7']);
    expect(
      selectConnectList(reloaded.getState())
        .slice(0, 2)
        .map((w) => w.badge),
    ).toEqual(['Recent', 'Recent']);
  });

  it('ignores a tampered recent-wallets value and unsafe links in it', () => {
    const tampered = JSON.stringify([
      {
        id: 'x',
        name: 'Evil',
        source: 'explorer',
        imageUrl: 'javascript:alert(1)',
        links: { mobile: 'javascript:alert(1)' },
      },
      { nope: true },
    ]);
    const { s } = setup({}, { [STORAGE_KEYS.recentWallets]: tampered });
    expect(s().recent).toEqual([{ id: 'x', name: 'Evil', source: 'explorer', links: {} }]);
    const broken = setup({}, { [STORAGE_KEYS.recentWallets]: '{not json' });
    expect(broken.s().recent).toEqual([]);
  });

  it('lists the host’s custom wallets after featured ones', async () => {
    const { s } = setup({
      featuredWalletIds: ['w1'],
      customWallets: [
        { id: 'my-wallet', name: 'My Wallet', homepage: 'https://my.example', mobile_link: 'mywallet://' },
      ],
    });
    await s().prefetch();
    const ids = selectConnectList(s()).map((w) => w.id);
    expect(ids.slice(0, 2)).toEqual(['w1', 'my-wallet']);
    expect(s().findWallet('my-wallet')).toMatchObject({
      source: 'custom',
      links: { mobile: 'mywallet://', homepage: 'https://my.example' },
    });
  });

  it('with disableAppend, appends no explorer wallets to the host’s own and does not fetch them', async () => {
    const custom = [{ id: 'my-wallet', name: 'My Wallet', mobile_link: 'mywallet://' }];
    const { s, explorer } = setup({ featuredWalletIds: ['w1'], customWallets: custom, disableAppend: true });
    await s().prefetch();
    expect(selectConnectList(s()).map((w) => w.id)).toEqual(['w1', 'my-wallet']);
    // Only the featured wallets the host named were asked for; no recommended list.
    expect(explorer.calls).toEqual([expect.objectContaining({ include: ['w1'] })]);
    // Without the option the same host gets the recommended wallets after its own.
    const appended = setup({ featuredWalletIds: ['w1'], customWallets: custom });
    await appended.s().prefetch();
    expect(selectConnectList(appended.s()).map((w) => w.id)).toEqual([
      'w1',
      'my-wallet',
      'w0',
      'w2',
      'w3',
      'w4',
    ]);
  });

  it('a wagmi config builds in node without fetching (sanity for the connector tests)', () => {
    const config = createConfig({ chains: [chain], transports: { [chain.id]: http() }, connectors: [] });
    expect(config.chains[0]?.id).toBe(keywayLocal.chainId);
  });
});
