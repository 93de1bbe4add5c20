import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { numberToHex, parseEther } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createConfig, createConnector, createStorage, mock, http as viemHttp } from 'wagmi';
import { connect, reconnect } from 'wagmi/actions';
import { RESTORE_LIMIT_MS } from '../core/constants';
import { KeywayOptionsError } from '../core/errors';
import type { TrackedEvent } from '../core/events';
import { kitMessage } from '../core/messages';
import { keywayLocal, keywayLocalL2, solanaLocal, toViemChain } from '../core/networks';
import { createMemoryStorage } from '../core/storage';
import { getBalancesStore } from '../hooks/balances/instance';
import { getConnectStore } from '../hooks/connect/instance';
import { getNameRegistrationStore } from '../hooks/names/instance';
import { getOnrampStore } from '../hooks/onramp/instance';
import { getSendStore } from '../hooks/send/instance';
import { embeddedLoginStores } from '../hooks/social/embeddedStores';
import { getSwapStore } from '../hooks/swap/instance';
import { getTransactionsStore } from '../hooks/transactions/instance';
import { createBlockchainApiHandlers, createExplorerHandlers, type RecordedRequest } from '../testing/msw';
import { createTestPairingProvider } from '../testing/pairing';
import { attachModalRouter } from '../views/modalRouter';
import { createKeyway } from './createKeyway';
import { addRememberedPairing } from './wagmi';

const EXPLORER = 'https://explorer.keyway.test';
const API = 'https://api.keyway.test';
const requests: RecordedRequest[] = [];
const analyticsEvents: unknown[] = [];
/** The native balance the local chain's RPC answers (eth_getBalance), in ETH. */
let rpcBalance = '2.5';
let rpcBalanceReads = 0;
const server = setupServer(
  ...createBlockchainApiHandlers({ baseUrl: API }),
  http.post(keywayLocal.rpcUrls[0]!, async ({ request }) => {
    const { id, method } = (await request.json()) as { id: number; method: string };
    if (method === 'eth_getBalance') {
      rpcBalanceReads++;
      return HttpResponse.json({ jsonrpc: '2.0', id, result: numberToHex(parseEther(rpcBalance)) });
    }
    return HttpResponse.json({ jsonrpc: '2.0', id, error: { code: -32601, message: 'not mocked' } });
  }),
  ...createExplorerHandlers({
    baseUrl: EXPLORER,
    analyticsEnabled: true,
    onRequest: (r) => requests.push(r),
    onEvent: (e) => analyticsEvents.push(e),
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  requests.length = 0;
  analyticsEvents.length = 0;
});
afterAll(() => server.close());

const base = {
  projectId: 'test-project',
  networks: [keywayLocal, keywayLocalL2, solanaLocal],
  explorerUrl: EXPLORER,
  apiUrl: API,
  storage: createMemoryStorage(),
};

/**
 * An instance with wagmi's mock connector for one account, and its own storage: the connection must not be
 * remembered by the other tests' instances.
 */
function withMockWallet() {
  return createKeyway(
    { ...base, storage: createMemoryStorage() },
    {
      optionalConnectors: false,
      connectors: [mock({ accounts: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'] })],
    },
  );
}

describe('createKeyway', () => {
  it("shows a network's explorer image (imageId) only once the modal was first opened; a host imageUrl wins", async () => {
    const kw = createKeyway(
      {
        ...base,
        storage: createMemoryStorage(),
        networks: [
          { ...keywayLocal, imageId: 'net-local' },
          { ...keywayLocalL2, imageId: 'net-l2', imageUrl: 'https://host.example/l2.png' },
          solanaLocal,
        ],
      },
      { optionalConnectors: false, connectors: [] },
    );
    try {
      const images = () => kw.stores.networks.getState().imageUrls;
      expect(images()).toEqual({ [keywayLocalL2.id]: 'https://host.example/l2.png' });
      expect(requests.filter((r) => r.url.pathname.includes('getAssetImage'))).toEqual([]);
      kw.stores.modal.getState().open();
      const local = new URL(images()[keywayLocal.id] ?? '');
      expect(`${local.origin}${local.pathname}`).toBe(`${EXPLORER}/public/getAssetImage/net-local`);
      expect(images()[keywayLocalL2.id]).toBe('https://host.example/l2.png');
      expect(images()[solanaLocal.id]).toBeUndefined();
    } finally {
      kw.destroy();
    }
  });

  it('reads the native balance again when the token balances are fetched again, not on their first load', async () => {
    const kw = withMockWallet();
    try {
      rpcBalance = '2.5';
      rpcBalanceReads = 0;
      const config = kw.wagmiConfig;
      await connect(config, { connector: config.connectors.find((c) => c.id === 'mock')! });
      kw.stores.modal.getState().open('Account');
      await vi.waitFor(() => expect(kw.stores.account.getState().balance).toBe('2.5'));
      const balances = getBalancesStore(kw);
      await balances.getState().load();
      await vi.waitFor(() => expect(balances.getState().status).toBe('ready'));
      expect(rpcBalanceReads).toBe(1);

      // A transaction moved funds: the token balances are fetched again, and the account's balance with them.
      rpcBalance = '1.75';
      await balances.getState().refresh();
      await vi.waitFor(() => expect(kw.stores.account.getState().balance).toBe('1.75'));
      expect(rpcBalanceReads).toBe(2);
    } finally {
      kw.destroy();
    }
  });

  it('preload() loads the API clients ahead of the first request and asks nothing', async () => {
    const kw = createKeyway(base, { optionalConnectors: false });
    try {
      await expect(kw.preload()).resolves.toBeUndefined();
      expect(requests).toEqual([]);
      // The first request after it is answered as usual.
      await expect(kw.api.explorer.getAnalyticsConfig()).resolves.toMatchObject({ isAnalyticsEnabled: true });
      expect(requests.map((r) => r.url.pathname)).toEqual(['/getAnalyticsConfig']);
    } finally {
      kw.destroy();
    }
  });

  it('creates the connect store on first use, asking nothing; it follows wagmi, an attached config and the namespace', async () => {
    const kw = withMockWallet();
    try {
      expect(kw.peekPart('connect')).toBeNull();
      const store = getConnectStore(kw);
      expect(kw.peekPart('connect')).toBe(store);
      expect(getConnectStore(kw)).toBe(store);
      // Created without a request: the lists load on the first open. A request of the test's own through the
      // instance's explorer client, made after the creation: once it is answered, a request the creation had
      // started through that client (its code loads with the first one) has been sent before it.
      await kw.api.explorer.getAnalyticsConfig();
      expect(requests.map((r) => r.url.pathname)).toEqual(['/getAnalyticsConfig']);
      // wagmi's status reaches it.
      await connect(kw.wagmiConfig, { connector: kw.wagmiConfig.connectors.find((c) => c.id === 'mock')! });
      await vi.waitFor(() => expect(store.getState().status).toBe('connected'));

      // A host's config (KeywayProvider inside a WagmiProvider): the store follows it, then the own one again.
      const hostConnector = createConnector(() => ({
        id: 'hostWallet',
        name: 'Host Wallet',
        type: 'hostWallet',
        connect: () => Promise.reject(new Error('not used')),
        disconnect: async () => undefined,
        getAccounts: async () => [],
        getChainId: async () => 31337,
        getProvider: async () => ({}),
        isAuthorized: async () => false,
        onAccountsChanged: () => undefined,
        onChainChanged: () => undefined,
        onDisconnect: () => undefined,
      }));
      const other = createConfig({
        chains: [toViemChain(keywayLocal)],
        connectors: [hostConnector],
        transports: { 31337: viemHttp() },
      });
      const detach = kw.attachWagmiConfig(other);
      expect(store.getState().status).toBe('disconnected');
      expect(store.getState().connectors.map((c) => c.id)).toEqual(['hostWallet']);
      detach();
      expect(store.getState().status).toBe('connected');
      expect(store.getState().connectors).toEqual([]);

      // The lists follow the namespace of the active network.
      expect(store.getState().namespace).toBe('evm');
      kw.stores.networks.setState({ activeNetwork: solanaLocal });
      expect(store.getState().namespace).toBe('solana');
    } finally {
      kw.destroy();
    }
  });

  it('creates the send store on first use; it follows the account and the network, its fee the balances', () => {
    const kw = createKeyway(base, { optionalConnectors: false });
    try {
      const send = getSendStore(kw);
      expect(getSendStore(kw)).toBe(send);
      send.getState().setAmount('0.5');
      expect(send.getState().sendTokenAmount).toBe('0.5');
      // The first account to arrive keeps what was typed (a reconnect after a page load).
      kw.stores.account.setState({
        isConnected: true,
        status: 'connected',
        address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      });
      expect(send.getState().sendTokenAmount).toBe('0.5');
      // Another account: the form starts over.
      kw.stores.account.setState({ address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' });
      expect(send.getState().sendTokenAmount).toBe('');
      send.getState().setAmount('0.5');
      // Another network: the same.
      kw.stores.networks.setState({ activeNetwork: keywayLocalL2 });
      expect(send.getState().sendTokenAmount).toBe('');
      // The fee in USD is recomputed from the native token's price when the balances change.
      const recomputeFee = vi.fn();
      send.setState({ recomputeFee });
      getBalancesStore(kw).setState({ balances: [] });
      expect(recomputeFee).toHaveBeenCalled();
    } finally {
      kw.destroy();
    }
  });

  it('throws the options error naming the option', () => {
    expect(() => createKeyway({ ...base, projectId: '' })).toThrow(KeywayOptionsError);
    expect(() => createKeyway({ ...base, projectId: '' })).toThrow(/"projectId"/);
    expect(() => createKeyway({ ...base, colour: 'red' } as never)).toThrow('Unknown Keyway option "colour"');
    try {
      createKeyway({ ...base, featuredWalletIds: 'w1' } as never);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(KeywayOptionsError);
      expect((e as KeywayOptionsError).option).toBe('featuredWalletIds');
    }
  });

  it('makes no request at creation, nor until the modal is first opened', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      const kw = createKeyway({ ...base, enableAnalytics: true, featuredWalletIds: ['x'] });
      kw.stores.modal.getState().close();
      kw.stores.toasts.getState().show({ message: kitMessage('transactionError'), variant: 'error' });
      // Analytics, the wallet lists and the rest ask through the explorer client. A request of the test's own
      // through it, made after the above: once it is answered, a request they had started through that client
      // (its code loads with the first one) has been sent before it.
      await kw.api.explorer.getAnalyticsConfig();
      expect(fetchSpy).toHaveBeenCalledTimes(1);
      expect(requests.map((r) => r.url.pathname)).toEqual(['/getAnalyticsConfig']);
      expect(kw.analytics.state).toBe('idle');
      kw.destroy();
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('on first open activates analytics and loads the wallet lists; later opens fetch nothing new', async () => {
    const kw = createKeyway({ ...base, enableAnalytics: true }, { optionalConnectors: false });
    kw.stores.modal.getState().open();
    await vi.waitFor(() => expect(getConnectStore(kw).getState().recommended.status).toBe('success'));
    await vi.waitFor(() => expect(analyticsEvents).toHaveLength(1));
    expect(requests.map((r) => r.url.pathname).sort()).toEqual(['/e', '/getAnalyticsConfig', '/getWallets']);
    expect(analyticsEvents[0]).toMatchObject({ props: { type: 'track', event: 'MODAL_OPEN' } });
    // Every explorer call carries the project and SDK headers.
    for (const r of requests) {
      expect(r.headers.get('x-project-id')).toBe('test-project');
      expect(r.headers.get('x-sdk-version')).toBeTruthy();
    }
    kw.stores.modal.getState().close();
    await vi.waitFor(() => expect(analyticsEvents).toHaveLength(2));
    const before = requests.filter((r) => r.url.pathname === '/getWallets').length;
    kw.stores.modal.getState().open();
    // The open is tracked once more: its event is emitted after the open's own work has started (the first
    // open's loads run before it) and goes out through the same explorer client as the wallet lists.
    await vi.waitFor(() => expect(analyticsEvents).toHaveLength(3));
    expect(analyticsEvents[2]).toMatchObject({ props: { type: 'track', event: 'MODAL_OPEN' } });
    expect(requests.filter((r) => r.url.pathname === '/getWallets').length).toBe(before);
    expect(requests.filter((r) => r.url.pathname === '/getAnalyticsConfig')).toHaveLength(1);
    kw.destroy();
  });

  it('sends no analytics when the host did not enable them, yet hosts still get the events', async () => {
    const kw = createKeyway(base, { optionalConnectors: false });
    const seen: TrackedEvent[] = [];
    kw.events.subscribe((e) => seen.push(e));
    kw.stores.modal.getState().open();
    await vi.waitFor(() => expect(getConnectStore(kw).getState().recommended.status).toBe('success'));
    expect(requests.map((r) => r.url.pathname)).toEqual(['/getWallets']);
    expect(seen.map((e) => e.event)).toEqual(['MODAL_OPEN']);
    kw.destroy();
  });

  it('destroy() ends every subscription and timer, the parts created on first use included', () => {
    vi.useFakeTimers();
    try {
      const kw = createKeyway(base, { optionalConnectors: false });
      const detach = attachModalRouter(kw);
      // The parts a flow creates on first use: the same value each time, owned by the instance.
      const swap = getSwapStore(kw);
      expect(getSwapStore(kw)).toBe(swap);
      const onramp = getOnrampStore(kw);
      const send = getSendStore(kw);
      expect(getSendStore(kw)).toBe(send);
      const names = getNameRegistrationStore(kw);
      const embeddedLogin = embeddedLoginStores(kw);
      const connect = getConnectStore(kw);
      expect(getConnectStore(kw)).toBe(connect);
      const history = getTransactionsStore(kw);
      const balances = getBalancesStore(kw);
      expect(getBalancesStore(kw)).toBe(balances);
      // Timers: the shake, a toast's auto-dismiss.
      kw.stores.modal.getState().shake();
      kw.stores.toasts.getState().show({ message: kitMessage('relayBack'), variant: 'success' });
      expect(vi.getTimerCount()).toBeGreaterThan(0);
      detach();
      expect(kw.outcomes.listenerCount).toBe(0);

      kw.destroy();
      expect(kw.destroyed).toBe(true);
      expect(vi.getTimerCount()).toBe(0);
      // No store follows another any more: an account and a network change reach none of them.
      const watched = [
        balances,
        history,
        send,
        kw.stores.modal,
        swap,
        onramp,
        names,
        embeddedLogin.accountType,
      ] as const;
      const before = watched.map((store) => store.getState());
      kw.stores.account.setState({
        isConnected: true,
        status: 'connected',
        address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      });
      kw.stores.networks.setState({ activeNetwork: keywayLocalL2 });
      expect(watched.map((store) => store.getState())).toEqual(before);
      watched.forEach((store, i) => {
        expect(store.getState()).toBe(before[i]);
      });
      expect(vi.getTimerCount()).toBe(0);
      // Nor does a capability's wiring: a change of namespace reaches no connect list, and a failed connection
      // attempt or a network switch is no outcome any more.
      const outcomes: unknown[] = [];
      kw.outcomes.subscribe((o) => outcomes.push(o));
      const connectBefore = connect.getState();
      kw.stores.networks.setState({ activeNetwork: solanaLocal });
      expect(connect.getState()).toBe(connectBefore);
      const wallet = connectBefore.recommended.wallets[0] ?? connectBefore.connectors[0];
      connect.setState({
        attempt: {
          wallet: wallet!,
          via: 'connector',
          status: 'error',
          error: kitMessage('connectionFailed', undefined, 'Refused'),
        },
      });
      expect(outcomes).toEqual([]);
      expect(() => getSwapStore(kw)).toThrow('This Keyway instance was destroyed');
      expect(() => getConnectStore(kw)).toThrow('This Keyway instance was destroyed');
    } finally {
      vi.useRealTimers();
    }
  });

  it('two instances never share state', async () => {
    const a = createKeyway(base, { optionalConnectors: false });
    const b = createKeyway(base, { optionalConnectors: false });
    a.stores.modal.getState().open('Networks');
    a.stores.toasts.getState().show({ message: kitMessage('transactionError'), variant: 'error' });
    a.stores.account.getState().setTab('activity');
    expect(b.stores.modal.getState().isOpen).toBe(false);
    expect(b.stores.toasts.getState().toasts).toEqual([]);
    expect(b.stores.account.getState().tab).toBe('tokens');
    expect(a.stores).not.toBe(b.stores);
    expect(a.events).not.toBe(b.events);
    expect(a.wagmiConfig).not.toBe(b.wagmiConfig);
    const seenByB: TrackedEvent[] = [];
    b.events.subscribe((e) => seenByB.push(e));
    a.stores.modal.getState().close();
    expect(seenByB).toEqual([]);
    a.destroy();
    b.destroy();
  });

  it('builds a wagmi config from the EVM networks, or uses the host’s', () => {
    const kw = createKeyway(base);
    expect(kw.wagmiConfig.chains.map((c) => c.id)).toEqual([31337, 31338]);
    expect(kw.wagmiConfig.connectors.map((c) => c.id)).toContain('injected');
    const host = createKeyway({ ...base, wagmiConfig: kw.wagmiConfig });
    expect(host.wagmiConfig).toBe(kw.wagmiConfig);
    kw.destroy();
    host.destroy();
  });

  it('a host’s own wagmi config that remembers a pairing gets the WalletConnect shell for its reconnect', async () => {
    const chains = [toViemChain(keywayLocal)] as const;
    const hostConfig = (recent: string) => {
      const values = new Map([['wagmi.recentConnectorId', JSON.stringify(recent)]]);
      return createConfig({
        chains,
        transports: { [chains[0].id]: viemHttp() },
        connectors: [],
        storage: createStorage({
          storage: {
            getItem: (k) => values.get(k) ?? null,
            setItem: (k, v) => void values.set(k, v),
            removeItem: (k) => void values.delete(k),
          },
        }),
      });
    };
    const paired = hostConfig('walletConnect');
    const kw = createKeyway({ ...base, wagmiConfig: paired });
    const ids = (config: { connectors: readonly { id: string }[] }) => config.connectors.map((c) => c.id);
    await vi.waitFor(() => expect(ids(paired)).toEqual(['walletConnect']));
    // Only the shell: nothing of WalletConnect loaded or connected yet.
    expect(paired.state.status).toBe('disconnected');
    // Added once; a config that remembers another connector gets nothing.
    await expect(addRememberedPairing(paired, { projectId: 'p' })).resolves.toBe(false);
    const injected = hostConfig('injected');
    await expect(addRememberedPairing(injected, { projectId: 'p' })).resolves.toBe(false);
    expect(ids(injected)).toEqual([]);
    kw.destroy();
  });

  it('network switch through the store: unknown ids throw networkNotFound', async () => {
    const kw = createKeyway(base);
    attachModalRouter(kw);
    await expect(kw.stores.networks.getState().switchNetwork('eip155:999')).rejects.toThrow(
      'networkNotFound',
    );
    // Disconnected: switching picks the network (wagmi follows) and the modal goes back.
    kw.stores.modal.getState().open('Connect');
    kw.stores.modal.getState().push('Networks');
    await kw.stores.networks.getState().switchNetwork(keywayLocalL2.id);
    expect(kw.stores.networks.getState().activeNetwork.id).toBe(keywayLocalL2.id);
    expect(kw.wagmiConfig.state.chainId).toBe(31338);
    expect(kw.stores.modal.getState().history.map((h) => h.view)).toEqual(['Connect']);
    // A Solana network is picked without wagmi.
    await kw.stores.networks.getState().switchNetwork(solanaLocal.id);
    expect(kw.stores.networks.getState().activeNetwork.chain).toBe('solana');
    kw.destroy();
  });

  it('pairs through the injected pairing provider and closes the modal when approved', async () => {
    const pairing = createTestPairingProvider();
    const kw = createKeyway(base, { pairingProvider: pairing, optionalConnectors: false });
    attachModalRouter(kw);
    kw.stores.modal.getState().open();
    await vi.waitFor(() => expect(getConnectStore(kw).getState().recommended.status).toBe('success'));
    const wallet = getConnectStore(kw).getState().recommended.wallets[0]!;
    const done = getConnectStore(kw).getState().connect(wallet);
    await vi.waitFor(() => expect(getConnectStore(kw).pairing.getState().uri).toBe(pairing.uris[0]));
    expect(getConnectStore(kw).getState().attempt).toMatchObject({ via: 'pairing', status: 'connecting' });
    expect(kw.stores.modal.getState().shaking).toBe(false);
    pairing.decline();
    expect(await done).toBe('declined');
    expect(getConnectStore(kw).getState().attempt).toMatchObject({ status: 'declined' });
    // A declined attempt shakes the modal.
    expect(kw.stores.modal.getState().shaking).toBe(true);
    const retried = getConnectStore(kw).getState().retry();
    await vi.waitFor(() => expect(pairing.pending).toBe(true));
    await pairing.approve();
    expect(await retried).toBe('connected');
    expect(getConnectStore(kw).getState().recent[0]?.id).toBe(wallet.id);
    expect(kw.stores.modal.getState().isOpen).toBe(false);
    kw.destroy();
  });
});

describe('a remembered connection while it is restored (a reload)', () => {
  const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
  /** A storage in which an earlier instance connected wagmi's mock wallet and left it connected. */
  async function rememberedStorage() {
    const storage = createMemoryStorage();
    const first = createKeyway(
      { ...base, storage },
      { optionalConnectors: false, connectors: [mock({ accounts: [ACCOUNT] })] },
    );
    await connect(first.wagmiConfig, {
      connector: first.wagmiConfig.connectors.find((c) => c.id === 'mock')!,
    });
    await vi.waitFor(() => expect(first.stores.account.getState().isConnected).toBe(true));
    first.destroy();
    return storage;
  }

  it("says 'reconnecting' from the start, then the reconnect's result: connected, or disconnected", async () => {
    const storage = await rememberedStorage();
    const kw = createKeyway(
      { ...base, storage },
      {
        optionalConnectors: false,
        connectors: [mock({ accounts: [ACCOUNT], features: { reconnect: true, defaultConnected: true } })],
      },
    );
    try {
      expect(kw.stores.account.getState()).toMatchObject({ status: 'reconnecting', isConnected: false });
      await reconnect(kw.wagmiConfig);
      expect(kw.stores.account.getState()).toMatchObject({ status: 'connected', address: ACCOUNT });
    } finally {
      kw.destroy();
    }
    // A wallet that no longer allows the site: the reconnect ends disconnected.
    const refused = createKeyway(
      { ...base, storage: await rememberedStorage() },
      { optionalConnectors: false, connectors: [mock({ accounts: [ACCOUNT] })] },
    );
    try {
      expect(refused.stores.account.getState().status).toBe('reconnecting');
      await reconnect(refused.wagmiConfig);
      expect(refused.stores.account.getState()).toMatchObject({ status: 'disconnected', isConnected: false });
    } finally {
      refused.destroy();
    }
  });

  it('without a reconnect (a host that never reconnects) it ends after RESTORE_LIMIT_MS; nothing remembered, no restoring', async () => {
    const storage = await rememberedStorage();
    vi.useFakeTimers();
    try {
      const kw = createKeyway(
        { ...base, storage },
        { optionalConnectors: false, connectors: [mock({ accounts: [ACCOUNT] })] },
      );
      expect(kw.stores.account.getState().status).toBe('reconnecting');
      vi.advanceTimersByTime(RESTORE_LIMIT_MS - 1);
      expect(kw.stores.account.getState().status).toBe('reconnecting');
      vi.advanceTimersByTime(1);
      expect(kw.stores.account.getState().status).toBe('disconnected');
      kw.destroy();
    } finally {
      vi.useRealTimers();
    }
    const fresh = withMockWallet();
    expect(fresh.stores.account.getState().status).toBe('disconnected');
    fresh.destroy();
  });
});
