import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBlockchainApiClient } from '../../api/blockchain-api';
import { transactionSchema } from '../../api/schemas';
import { createEventBus, type TrackedEvent } from '../../core/events';
import { kitMessage } from '../../core/messages';
import {
  type KeywayNetwork,
  keywayLocal,
  mainnet,
  polygon,
  solanaDevnet,
  solanaLocal,
} from '../../core/networks';
import type { FlowOutcome } from '../../core/outcomes';
import { createMemoryStorage } from '../../core/storage';
import { createKeyway } from '../../instance/createKeyway';
import {
  type BlockchainApiHandlersOptions,
  createBlockchainApiHandlers,
  FIXTURE_ADDRESS,
  FIXTURE_RECEIVER,
  generateTransactions,
  type RecordedRequest,
  transactionFixtures,
  type WireTransaction,
} from '../../testing/msw';
import { getBalancesStore } from '../balances/instance';
import {
  groupTransactionsByDay,
  knownCounterparties,
  toTransactionItem,
  transactionAmountText,
  visibleTransfers,
} from './format';
import { getTransactionsStore, refreshTransactions } from './instance';
import { createTransactionsStore } from './store';

const API = 'https://api.history.test';
const requests: RecordedRequest[] = [];
const server = setupServer(
  ...createBlockchainApiHandlers({ baseUrl: API, onRequest: (r) => requests.push(r) }),
);
function serve(opts: BlockchainApiHandlersOptions) {
  server.use(...createBlockchainApiHandlers({ baseUrl: API, onRequest: (r) => requests.push(r), ...opts }));
}
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

/** The fixtures' newest transaction is 2025-01-15 12:00 UTC. */
const NOW = Date.UTC(2025, 0, 15, 18, 0, 0);

function make(projectId: string | null = 'p1', networks: KeywayNetwork[] = [mainnet, polygon]) {
  const outcomes: FlowOutcome[] = [];
  const events: TrackedEvent[] = [];
  const bus = createEventBus();
  bus.subscribe((e) => events.push(e));
  const api = createBlockchainApiClient({
    baseUrl: API,
    projectId: 'p1',
    sdkType: 'kw',
    sdkVersion: '1',
    retries: 0,
  });
  const store = createTransactionsStore({
    api,
    projectId,
    bus,
    getNetworks: () => networks,
    emit: (o) => outcomes.push(o),
    now: () => NOW,
    timeZone: 'UTC',
  });
  return { store, outcomes, events };
}
const historyRequests = () => requests.filter((r) => r.url.pathname.endsWith('/history'));

/** A Solana account's SOL send as the reference API gives it (services/api/solana-history.ts). */
const SOL_ACCOUNT = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';
const SOL_RECEIVER = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const SOL_SIGNATURE =
  '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
const solanaSend: WireTransaction = {
  id: `${solanaDevnet.id}:${SOL_SIGNATURE}`,
  metadata: {
    operationType: 'send',
    hash: SOL_SIGNATURE,
    chain: solanaDevnet.id,
    minedAt: '2025-01-15T11:00:00.000Z',
    sentFrom: SOL_ACCOUNT,
    sentTo: SOL_RECEIVER,
    status: 'confirmed',
    nonce: 0,
  },
  transfers: [
    {
      fungible_info: { name: 'Solana', symbol: 'SOL', icon: { url: 'data:image/svg+xml,%3Csvg%2F%3E' } },
      direction: 'out',
      quantity: { numeric: '0.123456789' },
      value: 18.51851835,
      price: 150,
    },
  ],
};
const parse = (t: WireTransaction) => transactionSchema.parse(t);

describe('history rows', () => {
  it('drops spam NFT transfers and hides a transaction left with none', () => {
    const spam = parse(transactionFixtures[2]!);
    expect(visibleTransfers(spam)).toBeNull();
    expect(toTransactionItem(spam, [mainnet])).toBeNull();
    const mixed = parse({
      ...transactionFixtures[7]!,
      transfers: [...transactionFixtures[2]!.transfers, ...transactionFixtures[7]!.transfers],
    });
    const item = toTransactionItem(mixed, [mainnet])!;
    expect(item.transfers).toHaveLength(1);
    expect(item.title).toEqual(kitMessage('historyMinted', { symbol: 'Keyway Genesis #12' }));
  });

  it('hides zero-value transfers in from a sender the account never sent to (address poisoning)', () => {
    const all = transactionFixtures.map(parse);
    const known = knownCounterparties(FIXTURE_ADDRESS, all);
    expect(known.has(FIXTURE_RECEIVER.toLowerCase())).toBe(true);
    // A look-alike of the real receiver: same first and last characters, different middle.
    const lookAlike = `${FIXTURE_RECEIVER.slice(0, 6)}${'9'.repeat(30)}${FIXTURE_RECEIVER.slice(-4)}`;
    const zeroIn = (sentFrom: string, numeric = '0') =>
      parse({
        ...transactionFixtures[1]!,
        id: `poison-${sentFrom}-${numeric}`,
        metadata: { ...transactionFixtures[1]!.metadata, sentFrom },
        transfers: [{ ...transactionFixtures[1]!.transfers[0]!, quantity: { numeric }, value: 0 }],
      });
    expect(toTransactionItem(zeroIn(lookAlike), [mainnet], known)).toBeNull();
    expect(toTransactionItem(zeroIn(lookAlike, '0.000'), [mainnet], known)).toBeNull();
    // From a counterparty the account did send to, or with a value, the row stays.
    expect(toTransactionItem(zeroIn(FIXTURE_RECEIVER), [mainnet], known)).not.toBeNull();
    expect(toTransactionItem(zeroIn(lookAlike, '0.01'), [mainnet], known)).not.toBeNull();
    // Without a known set (a single item formatted on its own) nothing is hidden for being zero.
    expect(toTransactionItem(zeroIn(lookAlike), [mainnet])).not.toBeNull();
  });

  it('gives direction, counterparty, signed amounts, status and an https explorer link', () => {
    const rows = transactionFixtures.map((t) => toTransactionItem(parse(t), [mainnet]));
    const [pending, received, , failed, trade, tiny] = rows;
    expect(pending).toMatchObject({
      direction: 'out',
      title: kitMessage('historySent', { symbol: 'ETH' }),
      counterparty: kitMessage('historyTo', { party: '0x7099…79C8' }),
      counterpartyAddress: FIXTURE_RECEIVER,
      amount: { quantity: '0.01', symbol: 'ETH', direction: 'out' },
      secondaryAmount: { usd: expect.any(Number) },
      status: 'pending',
      explorerUrl: `https://etherscan.io/tx/0x${'0'.repeat(64)}`,
    });
    expect(pending!.iconUrl).toMatch(/^data:image\/svg\+xml,/);
    expect(received).toMatchObject({
      direction: 'in',
      title: kitMessage('historyReceived', { symbol: 'USDC' }),
      counterparty: kitMessage('historyFrom', { party: '0x7099…79C8' }),
      status: 'confirmed',
    });
    // As a view writes them: signed, grouped, the tiny amount as a bound, the USD value as money.
    const text = (a: Parameters<typeof transactionAmountText>[0] | null | undefined, locale = 'en-US') =>
      a ? transactionAmountText(a, locale) : '';
    expect(text(pending!.amount)).toBe('-0.01 ETH');
    expect(text(pending!.secondaryAmount)).toBe('$32.01');
    expect(text(received!.amount)).toBe('+250 USDC');
    expect(text(failed!.amount)).toBe('-5 USDC');
    expect(failed).toMatchObject({ status: 'failed' });
    expect(trade).toMatchObject({
      direction: 'trade',
      title: kitMessage('historySwapped', { from: 'ETH', to: 'USDC' }),
      counterparty: null,
    });
    expect(text(trade!.amount)).toBe('+1,600.25 USDC');
    expect(text(trade!.secondaryAmount)).toBe('-0.5 ETH');
    expect(text(tiny!.amount)).toBe('<0.001 ETH');
    // In German: the locale's separators.
    expect(text(trade!.amount, 'de')).toBe('+1.600,25 USDC');
    expect(text(tiny!.amount, 'de')).toBe('<0,001 ETH');
    // A network without an https explorer gives no link.
    expect(toTransactionItem(parse(transactionFixtures[0]!), [keywayLocal])!.explorerUrl).toBeNull();
    expect(
      toTransactionItem(parse(transactionFixtures[0]!), [
        { ...mainnet, blockExplorerUrl: 'http://localhost:1' },
      ])!.explorerUrl,
    ).toBeNull();
    expect(
      toTransactionItem(
        parse({
          ...transactionFixtures[0]!,
          metadata: { ...transactionFixtures[0]!.metadata, hash: 'javascript:alert(1)' },
        }),
        [mainnet],
      )!.explorerUrl,
    ).toBeNull();
    expect(
      toTransactionItem(
        parse({
          ...transactionFixtures[0]!,
          metadata: { ...transactionFixtures[0]!.metadata, status: 'weird' },
        }),
        [mainnet],
      )!.status,
    ).toBe('pending');
  });

  it('shows a Solana SOL transfer: exact 9-decimal amount, direction, counterparty, signature, cluster link', () => {
    const sent = parse(solanaSend);
    const row = toTransactionItem(sent, [solanaDevnet], knownCounterparties(SOL_ACCOUNT, [sent]));
    expect(row).toMatchObject({
      id: `${solanaDevnet.id}:${SOL_SIGNATURE}`,
      hash: SOL_SIGNATURE,
      chainId: solanaDevnet.id,
      direction: 'out',
      title: kitMessage('historySent', { symbol: 'SOL' }),
      counterparty: kitMessage('historyTo', { party: '9xQe…VFin' }),
      counterpartyAddress: SOL_RECEIVER,
      amount: { quantity: '0.123456789', symbol: 'SOL', direction: 'out' },
      status: 'confirmed',
      // Solana's explorer names the cluster in the query.
      explorerUrl: `https://explorer.solana.com/tx/${SOL_SIGNATURE}?cluster=devnet`,
    });
    expect(transactionAmountText(row!.amount!, 'en-US')).toBe('-0.123 SOL');
    expect(transactionAmountText(row!.secondaryAmount!, 'en-US')).toBe('$18.52');
    // The receiving side: from the sender; the local network has no explorer, so no link.
    const received = parse({
      ...solanaSend,
      metadata: { ...solanaSend.metadata, operationType: 'receive' },
      transfers: [{ ...solanaSend.transfers[0]!, direction: 'in' }],
    });
    expect(toTransactionItem(received, [solanaLocal])).toMatchObject({
      direction: 'in',
      title: kitMessage('historyReceived', { symbol: 'SOL' }),
      counterparty: kitMessage('historyFrom', {
        party: `${SOL_ACCOUNT.slice(0, 4)}…${SOL_ACCOUNT.slice(-4)}`,
      }),
      amount: { quantity: '0.123456789', direction: 'in' },
      explorerUrl: null,
    });
    // A failed transfer stays a send, marked failed.
    const failed = parse({ ...solanaSend, metadata: { ...solanaSend.metadata, status: 'failed' } });
    expect(toTransactionItem(failed, [solanaDevnet])?.status).toBe('failed');
  });

  it('groups by day: today, yesterday, then dates (as data: the view names them in its locale)', () => {
    const items = generateTransactions(12, 0).map((t) => toTransactionItem(parse(t), [mainnet])!);
    // Every 7 hours back from 2025-01-15 12:00 UTC.
    const sections = groupTransactionsByDay(items, NOW, { timeZone: 'UTC' });
    expect(sections.map((s) => [s.key, s.day])).toEqual([
      ['2025-01-15', 'today'],
      ['2025-01-14', 'yesterday'],
      ['2025-01-13', 'earlier'],
      ['2025-01-12', 'earlier'],
    ]);
    expect(sections.map((s) => s.items.length)).toEqual([2, 4, 3, 3]);
    const lastYear = groupTransactionsByDay(items, Date.UTC(2026, 0, 1), { timeZone: 'UTC' });
    expect(lastYear[0]).toMatchObject({ key: '2025-01-15', day: 'earlier' });
  });
});

describe('transactions store', () => {
  it('requires a projectId and an address', async () => {
    const noAddress = make();
    noAddress.store.getState().setContext(null, mainnet);
    await noAddress.store.getState().load();
    const noProject = make(null);
    noProject.store.getState().setContext(FIXTURE_ADDRESS, mainnet);
    await noProject.store.getState().load();
    await noProject.store.getState().refresh();
    await noProject.store.getState().fetchNextPage();
    expect(historyRequests()).toHaveLength(0);
    expect(noProject.store.getState().status).toBe('idle');
  });

  it('pages by cursor, newest first, grouped by day, with spam hidden', async () => {
    serve({ transactions: [...transactionFixtures, ...generateTransactions(30)], pageSize: 10 });
    const { store } = make();
    store.getState().setContext(FIXTURE_ADDRESS, mainnet);
    const first = store.getState().load();
    expect(store.getState().status).toBe('loading');
    await first;
    let s = store.getState();
    expect(s.status).toBe('ready');
    // 10 on the page, the spam airdrop hidden.
    expect(s.transactions).toHaveLength(9);
    expect(s.transactions.map((t) => t.id)).not.toContain('tx-2');
    expect(s.transactions[0]!.id).toBe('tx-0');
    expect(s.sections[0]).toMatchObject({ day: 'today' });
    expect(s).toMatchObject({ next: '10', hasMore: true, empty: false });
    const r0 = historyRequests()[0]!;
    expect(r0.url.pathname).toBe(`/v1/account/${FIXTURE_ADDRESS}/history`);
    expect(r0.url.searchParams.get('chainId')).toBe('eip155:1');
    expect(r0.url.searchParams.has('cursor')).toBe(false);

    const more = store.getState().fetchNextPage();
    expect(store.getState().loadingMore).toBe(true);
    // A second call while a page loads does not fetch twice.
    await store.getState().fetchNextPage();
    await more;
    expect(historyRequests()).toHaveLength(2);
    expect(historyRequests()[1]!.url.searchParams.get('cursor')).toBe('10');
    await store.getState().fetchNextPage();
    await store.getState().fetchNextPage();
    s = store.getState();
    expect(s.transactions).toHaveLength(37);
    expect(s).toMatchObject({ hasMore: false, next: null, loadingMore: false });
    const times = s.transactions.map((t) => t.timestamp!);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    await store.getState().fetchNextPage();
    expect(historyRequests()).toHaveLength(4);
  });

  it('leaves out a zero-value transfer from a stranger, keeps one from a known receiver', async () => {
    const lookAlike = `${FIXTURE_RECEIVER.slice(0, 6)}${'9'.repeat(30)}${FIXTURE_RECEIVER.slice(-4)}`;
    const zeroFrom = (id: string, sentFrom: string): WireTransaction => ({
      ...transactionFixtures[1]!,
      id,
      metadata: { ...transactionFixtures[1]!.metadata, sentFrom },
      transfers: [{ ...transactionFixtures[1]!.transfers[0]!, quantity: { numeric: '0' }, value: 0 }],
    });
    // The poisoned row comes first (newest); the send to the real receiver only on the second page.
    serve({
      transactions: [
        zeroFrom('poison', lookAlike),
        zeroFrom('zero-known', FIXTURE_RECEIVER),
        ...transactionFixtures,
      ],
      pageSize: 2,
    });
    const { store } = make();
    store.getState().setContext(FIXTURE_ADDRESS, mainnet);
    await store.getState().load();
    expect(store.getState().transactions.map((t) => t.id)).toEqual([]);
    while (store.getState().hasMore) await store.getState().fetchNextPage();
    const ids = store.getState().transactions.map((t) => t.id);
    expect(ids).not.toContain('poison');
    // Hidden while its sender was unknown, shown once a later page holds a send to it.
    expect(ids).toContain('zero-known');
    expect(ids).toContain('tx-0');
  });

  it("loads a Solana account's history on a Solana network", async () => {
    serve({ transactions: [solanaSend, ...transactionFixtures] });
    const { store } = make('p1', [mainnet, solanaDevnet]);
    store.getState().setContext(SOL_ACCOUNT, solanaDevnet);
    await store.getState().load();
    const [r] = historyRequests();
    expect(r!.url.pathname).toBe(`/v1/account/${SOL_ACCOUNT}/history`);
    expect(r!.url.searchParams.get('chainId')).toBe(solanaDevnet.id);
    expect(store.getState().transactions.map((t) => [t.hash, t.amount])).toEqual([
      [SOL_SIGNATURE, { quantity: '0.123456789', symbol: 'SOL', direction: 'out' }],
    ]);
  });

  it('dedupes transactions repeated across pages', async () => {
    // Page 2 starts with the last two items of page 1 again (a new transaction shifted the list).
    const list = generateTransactions(8);
    let call = 0;
    const { http, HttpResponse } = await import('msw');
    server.use(
      http.get(`${API}/v1/account/:address/history`, ({ request }) => {
        requests.push({
          method: 'GET',
          url: new URL(request.url),
          headers: request.headers,
          body: undefined,
        });
        call++;
        return call === 1
          ? HttpResponse.json({ data: list.slice(0, 5), next: 'c2' })
          : HttpResponse.json({ data: list.slice(3), next: null });
      }),
    );
    const { store } = make();
    store.getState().setContext(FIXTURE_ADDRESS, mainnet);
    await store.getState().load();
    await store.getState().fetchNextPage();
    const ids = store.getState().transactions.map((t) => t.id);
    expect(ids).toEqual(list.map((t) => t.id));
    expect(new Set(ids).size).toBe(8);
  });

  it('says empty when there is no history', async () => {
    serve({ variants: { history: 'empty' } });
    const { store, outcomes } = make();
    store.getState().setContext(FIXTURE_ADDRESS, mainnet);
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'ready', empty: true, transactions: [], error: null });
    expect(outcomes).toEqual([]);
  });

  it('on failure reports it, emits ERROR_FETCH_TRANSACTIONS and marks the list empty', async () => {
    serve({ pageSize: 3 });
    const { store, outcomes, events } = make();
    store.getState().setContext(FIXTURE_ADDRESS, mainnet);
    await store.getState().load();
    expect(store.getState().transactions.length).toBeGreaterThan(0);
    serve({ variants: { history: 'error' } });
    await store.getState().fetchNextPage();
    const s = store.getState();
    expect(s).toMatchObject({
      status: 'error',
      empty: true,
      transactions: [],
      sections: [],
      hasMore: false,
      error: kitMessage('fetchTransactions'),
    });
    expect(outcomes).toEqual([{ flow: 'history', status: 'failed', reason: 'fetchFailed' }]);
    expect(events.map((e) => e.event)).toEqual(['ERROR_FETCH_TRANSACTIONS']);
    expect(events[0]!.properties).toEqual({ projectId: 'p1', cursor: '3' });
    // Try again starts over.
    serve({ pageSize: 3 });
    await store.getState().refresh();
    expect(store.getState()).toMatchObject({ status: 'ready', empty: false, error: null });
  });

  it('resets on account or network change and ignores the answer for the old account', async () => {
    serve({ delayMs: 30 });
    const { store } = make();
    store.getState().setContext(FIXTURE_ADDRESS, mainnet);
    await store.getState().load();
    expect(store.getState().transactions.length).toBe(7);
    const stale = store.getState().refresh();
    store.getState().setContext(FIXTURE_RECEIVER, mainnet);
    expect(store.getState()).toMatchObject({ address: FIXTURE_RECEIVER, transactions: [], status: 'idle' });
    await stale;
    expect(store.getState().transactions).toEqual([]);
    await store.getState().load();
    expect(historyRequests().at(-1)!.url.pathname).toBe(`/v1/account/${FIXTURE_RECEIVER}/history`);
    store.getState().setContext(FIXTURE_RECEIVER, polygon);
    expect(store.getState()).toMatchObject({ networkId: 'eip155:137', transactions: [], status: 'idle' });
    await store.getState().load();
    // The fixtures are all on eip155:1.
    expect(store.getState()).toMatchObject({ status: 'ready', empty: true });
    store.getState().reset();
    expect(store.getState()).toMatchObject({ status: 'idle', transactions: [], empty: false });
  });

  it('is a part of the instance, created on first use: follows the account and the network', async () => {
    const kw = createKeyway(
      {
        projectId: 'wired',
        networks: [mainnet, polygon],
        apiUrl: API,
        explorerUrl: 'https://explorer.history.test',
        storage: createMemoryStorage(),
      },
      { optionalConnectors: false },
    );
    try {
      const { account } = kw.stores;
      const balances = getBalancesStore(kw);
      expect(kw.peekPart('transactions')).toBeNull();
      // Nothing to refresh before the history exists: nothing is created.
      refreshTransactions(kw);
      expect(kw.peekPart('transactions')).toBeNull();
      const transactions = getTransactionsStore(kw);
      expect(transactions.getState().address).toBeNull();
      account
        .getState()
        .syncWagmi({ status: 'connected', addresses: [FIXTURE_ADDRESS], chainId: 1, connector: undefined });
      expect(transactions.getState()).toMatchObject({ address: FIXTURE_ADDRESS, networkId: 'eip155:1' });
      expect(balances.getState()).toMatchObject({ address: FIXTURE_ADDRESS, networkId: 'eip155:1' });
      await transactions.getState().load();
      await balances.getState().load();
      expect(transactions.getState().transactions.length).toBe(7);
      expect(balances.getState().balances.length).toBe(3);
      expect(historyRequests()[0]!.url.searchParams.get('projectId')).toBe('wired');
      account
        .getState()
        .syncWagmi({ status: 'connected', addresses: [FIXTURE_RECEIVER], chainId: 1, connector: undefined });
      expect(transactions.getState()).toMatchObject({ address: FIXTURE_RECEIVER, transactions: [] });
      expect(balances.getState()).toMatchObject({ address: FIXTURE_RECEIVER, balances: [] });
      account.getState().syncWagmi({
        status: 'connected',
        addresses: [FIXTURE_RECEIVER],
        chainId: 137,
        connector: undefined,
      });
      kw.stores.networks.getState().syncWagmi({ status: 'connected', chainId: 137 });
      expect(transactions.getState().networkId).toBe('eip155:137');
      account.getState().syncWagmi({
        status: 'disconnected',
        addresses: undefined,
        chainId: undefined,
        connector: undefined,
      });
      expect(transactions.getState().address).toBeNull();
      expect(balances.getState().address).toBeNull();
    } finally {
      kw.destroy();
    }
  });
});
