import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBlockchainApiClient } from '../../api/blockchain-api';
import { BALANCES_MAX_AGE_MS, SEND_BALANCES_MAX_AGE_MS } from '../../core/constants';
import { formatTokenAmount, formatUsd } from '../../core/format';
import { kitMessage } from '../../core/messages';
import { mainnet, polygon } from '../../core/networks';
import type { FlowOutcome } from '../../core/outcomes';
import { createMemoryStorage } from '../../core/storage';
import { createKeyway } from '../../instance/createKeyway';
import {
  createBlockchainApiHandlers,
  FIXTURE_ADDRESS,
  FIXTURE_RECEIVER,
  type MockVariant,
  makeBalances,
  type RecordedRequest,
} from '../../testing/msw';
import { getBalancesStore, refreshBalances } from './instance';
import { createBalancesStore, type TokenMetadata } from './store';

const API = 'https://api.balances.test';
const requests: RecordedRequest[] = [];
let variant: MockVariant = 'ok';
const server = setupServer(
  ...createBlockchainApiHandlers({ baseUrl: API, onRequest: (r) => requests.push(r), delayMs: 0 }),
);
// The handler family is fixed at setup; switch the balance variant per test by swapping handlers.
function useVariant(v: MockVariant) {
  variant = v;
  server.use(
    ...createBlockchainApiHandlers({
      baseUrl: API,
      onRequest: (r) => requests.push(r),
      variants: { balance: variant },
    }),
  );
}
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

function make(now?: () => number) {
  const outcomes: FlowOutcome[] = [];
  const api = createBlockchainApiClient({
    baseUrl: API,
    projectId: 'p1',
    sdkType: 'kw',
    sdkVersion: '1',
    retries: 0,
  });
  const store = createBalancesStore({ api, emit: (o) => outcomes.push(o), ...(now ? { now } : {}) });
  return { store, outcomes };
}
const balanceRequests = () => requests.filter((r) => r.url.pathname.endsWith('/balance'));

describe('balances store', () => {
  it('does nothing without an account', async () => {
    const { store } = make();
    await store.getState().load();
    await store.getState().refresh();
    expect(balanceRequests()).toHaveLength(0);
    expect(store.getState().status).toBe('idle');
  });

  it('loads the balances of the address on the active network in usd, with an exact total', async () => {
    const { store } = make();
    store.getState().setContext(FIXTURE_ADDRESS, mainnet);
    const p = store.getState().load();
    expect(store.getState().status).toBe('loading');
    await p;
    const s = store.getState();
    expect(s.status).toBe('ready');
    expect(s.balances.map((b) => b.symbol)).toEqual(['ETH', 'USDC', 'DAI']);
    const [eth, usdc, dai] = s.balances;
    expect(eth).toMatchObject({
      isNative: true,
      id: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
      quantity: '1.697269',
    });
    expect(eth!.valueUsd).toBe('5432.1094345');
    // The store keeps exact decimals (no text: the views and hooks write them in the active locale).
    expect(usdc).toMatchObject({ isNative: false, decimals: 6, quantity: '1250.000000', valueUsd: '1250' });
    expect(eth).not.toHaveProperty('formattedQuantity');
    expect(s.totalUsd).toBe('6682.109834500000000001');
    // As the views and useBalances write them in en-US: rounded for display, a tiny amount as a bound.
    const shown = (b: typeof eth) => [formatTokenAmount(b!.quantity), formatUsd(b!.valueUsd)];
    expect(shown(eth)).toEqual(['1.697', '$5,432.11']);
    expect(shown(usdc)).toEqual(['1,250', '$1,250.00']);
    expect(shown(dai)).toEqual(['<0.001', '<$0.01']);
    expect(formatUsd(s.totalUsd)).toBe('$6,682.11');
    const r = balanceRequests()[0]!;
    expect(r.url.pathname).toBe(`/v1/account/${FIXTURE_ADDRESS}/balance`);
    expect(r.url.searchParams.get('currency')).toBe('usd');
    expect(r.url.searchParams.get('chainId')).toBe('eip155:1');
    expect(r.url.searchParams.get('projectId')).toBe('p1');
    expect(r.url.searchParams.has('forceUpdate')).toBe(false);
    // load() is once per account and network while the balances are fresh.
    await store.getState().load();
    expect(balanceRequests()).toHaveLength(1);
  });

  it('loads again when shown balances are older than BALANCES_MAX_AGE_MS, keeping them on screen', async () => {
    let t = 1_000_000;
    const { store } = make(() => t);
    store.getState().setContext(FIXTURE_ADDRESS, mainnet);
    await store.getState().load();
    const first = store.getState().balances;
    t += BALANCES_MAX_AGE_MS - 1;
    await store.getState().load();
    expect(balanceRequests()).toHaveLength(1);
    t += 1;
    const p = store.getState().load();
    // Reloading: the last balances stay (no empty list, no skeleton: `loaded` stays true).
    expect(store.getState()).toMatchObject({ status: 'loading', loaded: true, balances: first });
    await p;
    expect(balanceRequests()).toHaveLength(2);
    expect(store.getState().status).toBe('ready');
  });

  it('a view that needs fresher balances (the send flow) passes its own maximum age', async () => {
    let t = 1_000_000;
    const { store } = make(() => t);
    store.getState().setContext(FIXTURE_ADDRESS, mainnet);
    await store.getState().load();
    t += SEND_BALANCES_MAX_AGE_MS - 1;
    await store.getState().load({ maxAgeMs: SEND_BALANCES_MAX_AGE_MS });
    expect(balanceRequests()).toHaveLength(1);
    t += 1;
    await store.getState().load({ maxAgeMs: SEND_BALANCES_MAX_AGE_MS });
    expect(balanceRequests()).toHaveLength(2);
    // The default age still applies to everyone else.
    t += SEND_BALANCES_MAX_AGE_MS;
    await store.getState().load();
    expect(balanceRequests()).toHaveLength(2);
  });

  it('passes forceUpdate through on refresh', async () => {
    const { store } = make();
    store.getState().setContext(FIXTURE_ADDRESS, mainnet);
    await store.getState().load();
    const usdc = store.getState().balances[1]!.address!;
    await store
      .getState()
      .refresh({ forceUpdate: [usdc, 'eip155:1:0x6B175474E89094C44Da98b954EedeAC495271d0F'] });
    const r = balanceRequests().at(-1)!;
    expect(r.url.searchParams.get('forceUpdate')).toBe(
      `${usdc},eip155:1:0x6B175474E89094C44Da98b954EedeAC495271d0F`,
    );
  });

  it('keeps the last known balances on a failed refresh and reports it', async () => {
    const { store, outcomes } = make();
    store.getState().setContext(FIXTURE_ADDRESS, mainnet);
    await store.getState().load();
    const before = store.getState().balances;
    useVariant('error');
    await store.getState().refresh();
    const s = store.getState();
    expect(s.status).toBe('error');
    expect(s.error).toEqual(kitMessage('fetchTokenBalance'));
    expect(outcomes).toEqual([{ flow: 'balances', status: 'failed', reason: 'fetchFailed' }]);
    expect(s.balances).toBe(before);
    expect(s.totalUsd).toBe('6682.109834500000000001');
    useVariant('ok');
    await store.getState().refresh();
    expect(store.getState().status).toBe('ready');
    expect(store.getState().error).toBeNull();
  });

  it('a failed first load shows no balances and reports it', async () => {
    useVariant('malformed');
    const { store, outcomes } = make();
    store.getState().setContext(FIXTURE_ADDRESS, mainnet);
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'error', balances: [], loaded: false });
    expect(outcomes).toEqual([{ flow: 'balances', status: 'failed', reason: 'fetchFailed' }]);
  });

  it('resets on account or network change and drops a stale answer', async () => {
    server.use(
      ...createBlockchainApiHandlers({
        baseUrl: API,
        onRequest: (r) => requests.push(r),
        balances: (chainId, address) =>
          address === FIXTURE_RECEIVER ? makeBalances(chainId).slice(0, 1) : makeBalances(chainId),
      }),
    );
    const { store } = make();
    store.getState().setContext(FIXTURE_ADDRESS, mainnet);
    await store.getState().load();
    expect(store.getState().balances).toHaveLength(3);
    // Same address in another case: no reset.
    store.getState().setContext(FIXTURE_ADDRESS.toLowerCase(), mainnet);
    expect(store.getState().balances).toHaveLength(3);

    const stale = store.getState().refresh();
    store.getState().setContext(FIXTURE_RECEIVER, mainnet);
    expect(store.getState()).toMatchObject({ address: FIXTURE_RECEIVER, balances: [], status: 'idle' });
    await stale;
    expect(store.getState().balances).toHaveLength(0);
    await store.getState().load();
    expect(store.getState().balances.map((b) => b.symbol)).toEqual(['ETH']);

    store.getState().setContext(FIXTURE_RECEIVER, polygon);
    expect(store.getState()).toMatchObject({ networkId: 'eip155:137', balances: [], loaded: false });
    await store.getState().load();
    expect(balanceRequests().at(-1)!.url.searchParams.get('chainId')).toBe('eip155:137');
    expect(store.getState().balances[0]!.chainId).toBe('eip155:137');

    store.getState().setContext(null, polygon);
    expect(store.getState()).toMatchObject({ address: null, balances: [], status: 'idle' });
  });
});

describe('the host’s token (`tokens` option)', () => {
  const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
  const OTHER = '0x1111111111111111111111111111111111111111';
  const IMAGE = 'https://host.example/token.png';
  function makeWithHost(address: string, metadata: TokenMetadata | null = null) {
    const reads: string[] = [];
    const api = createBlockchainApiClient({ baseUrl: API, projectId: 'p1', sdkType: 'kw', sdkVersion: '1' });
    const store = createBalancesStore({
      api,
      hostToken: (id) => (id === mainnet.id ? { address, image: IMAGE } : undefined),
      readTokenMetadata: async (_, a) => {
        reads.push(a);
        return metadata;
      },
    });
    return { store, reads };
  }

  it('lists the host’s token first with the host’s image when the account holds it', async () => {
    const { store, reads } = makeWithHost(USDC);
    store.getState().setContext(FIXTURE_ADDRESS, mainnet);
    await store.getState().load();
    const list = store.getState().balances;
    expect(list.map((b) => b.symbol)).toEqual(['USDC', 'ETH', 'DAI']);
    expect(list[0]).toMatchObject({ iconUrl: IMAGE, quantity: '1250.000000', id: `${mainnet.id}:${USDC}` });
    // Held: nothing read from the chain.
    expect(reads).toEqual([]);
  });

  it('shows it at 0 from the chain’s metadata when the account holds none, and leaves it out when unreadable', async () => {
    const meta = { name: 'Host Token', symbol: 'HOST', decimals: 8 };
    const { store, reads } = makeWithHost(OTHER, meta);
    store.getState().setContext(FIXTURE_ADDRESS, mainnet);
    await store.getState().load();
    const [first, ...rest] = store.getState().balances;
    expect(first).toMatchObject({
      id: `${mainnet.id}:${OTHER}`,
      symbol: 'HOST',
      decimals: 8,
      quantity: '0',
      iconUrl: IMAGE,
      isNative: false,
    });
    expect(rest.map((b) => b.symbol)).toEqual(['ETH', 'USDC', 'DAI']);
    expect(reads).toEqual([OTHER]);
    // A zero row adds nothing to the total: the exact sum of the three held tokens.
    expect(store.getState().totalUsd).toBe('6682.109834500000000001');

    const unreadable = makeWithHost(OTHER, null);
    unreadable.store.getState().setContext(FIXTURE_ADDRESS, mainnet);
    await unreadable.store.getState().load();
    expect(unreadable.store.getState().balances.map((b) => b.symbol)).toEqual(['ETH', 'USDC', 'DAI']);
  });

  it('changes nothing on a network the host named no token for', async () => {
    const { store, reads } = makeWithHost(OTHER, { name: 'X', symbol: 'X', decimals: 18 });
    store.getState().setContext(FIXTURE_ADDRESS, polygon);
    await store.getState().load();
    expect(store.getState().balances.map((b) => b.symbol)).toEqual(['ETH', 'USDC', 'DAI']);
    expect(reads).toEqual([]);
  });
});

describe('the balances part', () => {
  it('is created on first use, follows the account and the network from then, and ends with the instance', async () => {
    const kw = createKeyway(
      {
        projectId: 'p1',
        networks: [mainnet, polygon],
        apiUrl: API,
        explorerUrl: 'https://explorer.balances.test',
        storage: createMemoryStorage(),
      },
      { optionalConnectors: false },
    );
    try {
      const { account, networks } = kw.stores;
      const refreshBalance = vi.fn(async () => undefined);
      account.setState({ refreshBalance });
      account
        .getState()
        .syncWagmi({ status: 'connected', addresses: [FIXTURE_ADDRESS], chainId: 1, connector: undefined });
      // Nothing to refresh before the balances exist (an on-ramp purchase): nothing is created or fetched.
      refreshBalances(kw);
      expect(kw.peekPart('balances')).toBeNull();
      expect(balanceRequests()).toHaveLength(0);

      // Created after the connection: it starts with the connected account and the active network.
      const balances = getBalancesStore(kw);
      expect(getBalancesStore(kw)).toBe(balances);
      expect(kw.peekPart('balances')).toBe(balances);
      expect(balances.getState()).toMatchObject({
        address: FIXTURE_ADDRESS,
        networkId: 'eip155:1',
        status: 'idle',
      });
      await balances.getState().load();
      expect(balances.getState()).toMatchObject({ status: 'ready', loaded: true });
      // The first load does not reread the account's native balance; a refresh does.
      expect(refreshBalance).not.toHaveBeenCalled();
      refreshBalances(kw);
      await vi.waitFor(() => expect(balances.getState().status).toBe('ready'));
      expect(balanceRequests()).toHaveLength(2);
      expect(refreshBalance).toHaveBeenCalledTimes(1);

      // Another network, another account: cleared.
      networks.setState({ activeNetwork: polygon });
      expect(balances.getState()).toMatchObject({ networkId: 'eip155:137', balances: [], loaded: false });
      account.getState().syncWagmi({
        status: 'connected',
        addresses: [FIXTURE_RECEIVER],
        chainId: 137,
        connector: undefined,
      });
      expect(balances.getState()).toMatchObject({ address: FIXTURE_RECEIVER, balances: [] });

      kw.destroy();
      expect(balances.getState()).toMatchObject({ address: FIXTURE_RECEIVER, status: 'idle', balances: [] });
      // It follows nothing any more.
      networks.setState({ activeNetwork: mainnet });
      expect(balances.getState().networkId).toBe('eip155:137');
    } finally {
      kw.destroy();
    }
  });
});
