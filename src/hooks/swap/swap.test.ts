import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import {
  type Address,
  decodeFunctionData,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  maxUint256,
  parseAbi,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBlockchainApiClient } from '../../api/blockchain-api';
import { balanceSchema } from '../../api/schemas';
import { type PermitContractReader, type PermitTypedData, permitTokenAbi } from '../../chains/evm/permit';
import { approveData } from '../../chains/evm/swap';
import { createEventBus, type TrackedEvent } from '../../core/events';
import { kitMessage, type MessageCode } from '../../core/messages';
import { mainnet } from '../../core/networks';
import type { OutcomeOf } from '../../core/outcomes';
import { englishText } from '../../i18n/english';
import {
  createBlockchainApiHandlers,
  FIXTURE_ADDRESS,
  FIXTURE_ROUTER,
  fixtureApproveTransaction,
  fixturePermitCall,
  fixtureSwapTransaction,
  type MockVariant,
  makeBalances,
  type RecordedRequest,
} from '../../testing/msw';
import { outcomeToast } from '../../views/modalRouter';
import { toTokenBalance } from '../balances/store';
import { createSwapStore, type EvmCall } from './store';

/** A code's English text, as the styled views show it. */
const english = (code: MessageCode) => englishText(kitMessage(code));

const API = 'https://api.swap.test';
const requests: RecordedRequest[] = [];
const server = setupServer(
  ...createBlockchainApiHandlers({ baseUrl: API, onRequest: (r) => requests.push(r) }),
);
function serve(variants: Record<string, MockVariant>, allowance?: string) {
  server.use(
    ...createBlockchainApiHandlers({
      baseUrl: API,
      onRequest: (r) => requests.push(r),
      variants,
      ...(allowance !== undefined ? { allowance } : {}),
    }),
  );
}
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

const USDC = 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const DAI = 'eip155:1:0x6B175474E89094C44Da98b954EedeAC495271d0F';
const called = (path: string) => requests.filter((r) => r.url.pathname.endsWith(path));
/** The pause after typing before the quote is asked for, in these stores. */
const DEBOUNCE_MS = 20;

function make(
  opts: {
    balances?: ReturnType<typeof makeBalances>;
    routers?: Address[];
    now?: () => number;
    address?: string | null;
    /** Routers that take permits (the permit path is wired when given). */
    permitRouters?: Address[];
    readContract?: PermitContractReader;
  } = {},
) {
  const signed: PermitTypedData[] = [];
  let rejectSign: Error | null = null;
  const toasts: { message: string; variant: string }[] = [];
  const events: TrackedEvent[] = [];
  const bus = createEventBus();
  bus.subscribe((e) => events.push(e));
  const sent: EvmCall[] = [];
  const nav = { failed: 0, review: 0, success: [] as string[][], outcomes: [] as OutcomeOf<'swap'>[] };
  let reject: Error | null = null;
  const balances = (opts.balances ?? makeBalances()).map((b) => toTokenBalance(balanceSchema.parse(b)));
  const api = createBlockchainApiClient({
    baseUrl: API,
    projectId: 'p1',
    sdkType: 'kw',
    sdkVersion: '1',
    retries: 0,
  });
  const store = createSwapStore({
    api,
    getAddress: () => (opts.address === undefined ? FIXTURE_ADDRESS : opts.address),
    getNetwork: () => mainnet,
    getBalances: () => balances,
    loadBalances: async () => undefined,
    getRouters: () => opts.routers ?? [FIXTURE_ROUTER as Address],
    sendTransaction: async (call) => {
      if (reject) throw reject;
      sent.push(call);
      return `0x${String(sent.length).padStart(64, '0')}` as Hex;
    },
    waitForTransaction: async () => undefined,
    bus,
    isSafeImage: (u): u is string => typeof u === 'string' && u.startsWith('https://'),
    // What a user of the styled modal reads: the presenter's toast of each outcome.
    emit: (outcome) => {
      const toast = outcomeToast(outcome);
      if (toast) toasts.push({ message: englishText(toast.message), variant: toast.variant });
      nav.outcomes.push(outcome);
      if (outcome.status === 'failed') nav.failed++;
      if (outcome.status === 'review') nav.review++;
    },
    afterSuccess: ({ forceUpdate }) => nav.success.push(forceUpdate),
    debounceMs: DEBOUNCE_MS,
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.permitRouters
      ? {
          getPermitRouters: () => opts.permitRouters!,
          readContract: opts.readContract ?? fixtureReader(),
          signTypedData: async (data: PermitTypedData) => {
            if (rejectSign) throw rejectSign;
            signed.push(data);
            return PERMIT_SIGNER.signTypedData(data);
          },
        }
      : {}),
  });
  store.getState().setContext(FIXTURE_ADDRESS, mainnet);
  return {
    store,
    api,
    toasts,
    events,
    sent,
    nav,
    rejectNext: (e: Error) => {
      reject = e;
    },
    allowSends: () => {
      reject = null;
    },
    signed,
    rejectSign: (e: Error | null) => {
      rejectSign = e;
    },
  };
}

/** The fixture account's key (anvil dev account 0): the wallet that signs the permits here. */
const PERMIT_SIGNER = privateKeyToAccount(
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
);

/** Reads the fixture permit tokens as a chain would (eth_call answers of fixturePermitCall). */
function fixtureReader(overrides: Partial<Record<string, unknown>> = {}): PermitContractReader {
  return async (call) => {
    if (call.functionName in overrides) return overrides[call.functionName];
    const data = encodeFunctionData({
      abi: permitTokenAbi,
      functionName: call.functionName,
      ...(call.args ? { args: call.args } : {}),
    } as Parameters<typeof encodeFunctionData>[0]);
    const answer = fixturePermitCall(call.chainId, call.address, data);
    if (answer === null) throw new Error('execution reverted');
    return decodeFunctionResult({ abi: permitTokenAbi, functionName: call.functionName, data: answer });
  };
}

const permitRouterAbi = parseAbi([
  'function swapExactTokensForTokensWithPermit(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, address to, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
]);

/** How long a wait may take before the test fails with what it waited for (within the test's own timeout). */
const WAIT = { timeout: 8_000, interval: 5 };

/**
 * Resolves once the quote asked for by the last change has been answered and followed up: the swap or the
 * approval transaction is built, the permit is ready to be signed, or the flow failed (with its toast).
 * The form must be complete (a quote is asked for). Throws with the state last seen when that does not
 * happen in time.
 */
const untilQuoted = (store: ReturnType<typeof make>['store']) =>
  vi.waitFor(() => {
    const { swapTransaction, approvalTransaction, permit, fetchError, loadingQuote, inputError } =
      store.getState();
    const followedUp =
      !loadingQuote &&
      (swapTransaction !== null || approvalTransaction !== null || permit !== null || fetchError);
    expect(
      followedUp,
      `a transaction, a permit or a failure after the quote (loadingQuote ${loadingQuote}, inputError ${inputError})`,
    ).toBe(true);
  }, WAIT);
const token = (s: ReturnType<typeof make>['store'], id: string) =>
  s.getState().tokens.find((t) => t.address.toLowerCase() === id.toLowerCase())!;

describe('swap store: initialize', () => {
  it('goes not initialized → initializing → initialized with tokens, balances, prices; the native coin first', async () => {
    const { store } = make();
    const statuses: string[] = [store.getState().status];
    store.subscribe((s) => {
      if (statuses.at(-1) !== s.status) statuses.push(s.status);
    });
    await store.getState().initialize();
    expect(statuses).toEqual(['notInitialized', 'initializing', 'initialized']);
    const s = store.getState();
    expect(s.sourceToken?.symbol).toBe('ETH');
    expect(s.networkPrice).toBe('3200.5');
    expect(s.networkTokenSymbol).toBe('ETH');
    expect(Number(s.networkBalanceInUSD)).toBeCloseTo(1.697269 * 3200.5, 4);
    expect(token(store, USDC).quantity.numeric).toBe('1250.000000');
    expect(s.myTokensWithBalance.map((t) => t.symbol)).toEqual(['ETH', 'USDC', 'DAI']);
    expect(s.gasFee).toBe(150_000n * 20_000_000_000n);
    // A second call for the same account and network does not fetch again.
    const before = requests.length;
    await store.getState().initialize();
    expect(requests.length).toBe(before);
  });

  it('a failed token list toasts "Failed to initialize swap" and goes back', async () => {
    serve({ tokens: 'error' });
    const { store, toasts, nav } = make();
    await store.getState().initialize();
    expect(store.getState()).toMatchObject({ status: 'notInitialized', fetchError: true });
    expect(toasts).toEqual([{ message: english('initializeSwap'), variant: 'error' }]);
    expect(nav.failed).toBe(1);
  });

  it('a failed network-token price toasts its message, goes back and sets the fetch error', async () => {
    serve({ price: 'error' });
    const { store, toasts, nav } = make();
    await store.getState().initialize();
    expect(toasts.map((t) => t.message)).toEqual([english('fetchNetworkTokenPrice')]);
    expect(store.getState().fetchError).toBe(true);
    expect(nav.failed).toBe(1);
  });

  it('a failed gas price leaves the fee unknown and the swap still builds', async () => {
    serve({ gasPrice: 'error' });
    const { store } = make();
    await store.getState().initialize();
    expect(store.getState()).toMatchObject({ status: 'initialized', gasFee: null, gasPriceInUSD: null });
    store.getState().setToToken(token(store, USDC));
    store.getState().setSourceTokenAmount('0.5');
    await untilQuoted(store);
    expect(store.getState().swapTransaction).not.toBeNull();
    expect(called('/quotes')[0]!.url.searchParams.get('gasPrice')).toBe('0');
  });
});

describe('swap store: quote and transaction', () => {
  it('debounces typing into one quote; native source needs no allowance; amounts to 6 decimals', async () => {
    // The pause after typing is the subject here: the test moves the clock until the quote is asked for (the
    // answers still come through the mock server).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { store, api } = make();
    const askQuote = vi.spyOn(api, 'getSwapQuote');
    await store.getState().initialize();
    store.getState().setToToken(token(store, USDC));
    store.getState().setSourceTokenAmount('0');
    store.getState().setSourceTokenAmount('0.');
    store.getState().setSourceTokenAmount('0.5');
    expect(store.getState().loadingQuote).toBe(true);
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS - 1);
    expect(askQuote).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(askQuote).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
    await untilQuoted(store);
    expect(called('/quotes')).toHaveLength(1);
    const q = called('/quotes')[0]!.url.searchParams;
    expect(q.get('amount')).toBe('500000000000000000');
    expect(q.get('from')).toBe('eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee');
    expect(q.get('gasPrice')).toBe('20000000000');
    const s = store.getState();
    // 0.5 ETH × 3200.5 less 0.85 % = 1586.64787 USDC (6 decimals).
    expect(s.toTokenAmount).toBe('1586.647875');
    expect(s.quoteToAmount).toBe('1586647875');
    expect(s.providerFee).toBe('0.00425');
    expect(s.priceImpact).toBeCloseTo(0.85, 2);
    expect(called('/allowance')).toHaveLength(0);
    expect(s.approvalTransaction).toBeNull();
    expect(s.swapTransaction).toMatchObject({ to: FIXTURE_ROUTER, value: 500000000000000000n });
    expect(s.loadingQuote || s.loadingBuildTransaction).toBe(false);
  });

  it('an ERC-20 without allowance gets an approval for exactly the amount; after it the swap is built', async () => {
    const { store, sent } = make();
    await store.getState().initialize();
    store.getState().setSourceToken(token(store, USDC));
    store.getState().setToToken(token(store, DAI));
    store.getState().setSourceTokenAmount('100');
    await untilQuoted(store);
    expect(called('/build-approve')[0]!.url.searchParams.get('amount')).toBe('100000000');
    const approval = store.getState().approvalTransaction!;
    expect(approval.to).toBe('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48');
    expect(store.getState().swapTransaction).toBeNull();
    // The chain's allowance once the approval is mined.
    serve({}, '100000000');
    expect(await store.getState().approve()).toBe(true);
    expect(sent).toHaveLength(1);
    const { functionName, args } = decodeFunctionData({ abi: erc20Abi, data: sent[0]!.data });
    expect(functionName).toBe('approve');
    expect(args).toEqual([FIXTURE_ROUTER, 100_000_000n]);
    expect(Object.keys(sent[0]!).sort()).toEqual(['chainId', 'data', 'to', 'value']);
    // The quote and the transaction are fetched again after the approval.
    expect(called('/quotes')).toHaveLength(2);
    expect(store.getState().approvalStatus).toBe('done');
    expect(store.getState().swapTransaction?.to).toBe(FIXTURE_ROUTER);
  });

  it('with enough allowance builds the swap directly', async () => {
    serve({}, '100000000');
    const { store } = make();
    await store.getState().initialize();
    store.getState().setSourceToken(token(store, USDC));
    store.getState().setToToken(token(store, DAI));
    store.getState().setSourceTokenAmount('100');
    await untilQuoted(store);
    expect(called('/build-approve')).toHaveLength(0);
    expect(store.getState().swapTransaction).not.toBeNull();
  });

  it.each([
    ['allowance', english('checkAllowance')],
    ['buildApprove', english('createApprovalTransaction')],
    ['buildTransaction', english('createTransaction')],
  ] as const)(
    'a failed %s toasts its message, goes back, sets the fetch error, keeps the form',
    async (endpoint, message) => {
      serve({ [endpoint]: 'error' }, endpoint === 'buildTransaction' ? '100000000' : undefined);
      const { store, toasts, nav, sent } = make();
      await store.getState().initialize();
      store.getState().setSourceToken(token(store, USDC));
      store.getState().setToToken(token(store, DAI));
      store.getState().setSourceTokenAmount('100');
      await untilQuoted(store);
      expect(toasts.map((t) => t.message)).toEqual([message]);
      expect(nav.failed).toBe(1);
      expect(store.getState()).toMatchObject({
        fetchError: true,
        sourceTokenAmount: '100',
        swapTransaction: null,
      });
      expect(sent).toHaveLength(0);
      // Coming back to the kept form (the view initializes again) fetches the quote anew, so it can go on.
      serve({}, endpoint === 'buildTransaction' ? '100000000' : undefined);
      await store.getState().initialize();
      await untilQuoted(store);
      expect(store.getState().fetchError).toBe(false);
      expect(store.getState().sourceTokenAmount).toBe('100');
      expect(store.getState().approvalTransaction ?? store.getState().swapTransaction).not.toBeNull();
    },
  );

  it('a failed quote says so under the amount and keeps the form', async () => {
    serve({ quotes: 'error' });
    const { store, toasts, nav } = make();
    await store.getState().initialize();
    store.getState().setToToken(token(store, USDC));
    store.getState().setSourceTokenAmount('0.5');
    // The failed quote has been handled (where a toast would have been shown).
    await vi.waitFor(() => expect(store.getState().inputError).toEqual(kitMessage('quoteUnavailable')), WAIT);
    expect(store.getState()).toMatchObject({
      inputError: kitMessage('quoteUnavailable'),
      sourceTokenAmount: '0.5',
    });
    expect(toasts).toEqual([]);
    expect(nav.failed).toBe(0);
  });

  it('switching exchanges the tokens and uses amount 1 when the target amount is empty', async () => {
    const { store } = make();
    await store.getState().initialize();
    store.getState().setToToken(token(store, USDC));
    store.getState().switchTokens();
    expect(store.getState().sourceToken?.symbol).toBe('USDC');
    expect(store.getState().toToken?.symbol).toBe('ETH');
    expect(store.getState().sourceTokenAmount).toBe('1');
    await untilQuoted(store);
    store.getState().switchTokens();
    expect(store.getState().sourceTokenAmount).toBe(store.getState().sourceTokenAmount);
    expect(store.getState().sourceToken?.symbol).toBe('ETH');
  });
});

describe('swap store: the account context', () => {
  it('a reconnect of the same account (no address for a moment) keeps the tokens, the amount and the quote', async () => {
    const { store } = make();
    await store.getState().initialize();
    store.getState().setToToken(token(store, USDC));
    store.getState().setSourceTokenAmount('0.5');
    await untilQuoted(store);
    expect(store.getState().toTokenAmount).toBe('1586.647875');
    store.getState().setContext(null, mainnet);
    store.getState().setContext(FIXTURE_ADDRESS.toLowerCase(), mainnet);
    const s = store.getState();
    expect(s).toMatchObject({
      status: 'initialized',
      sourceTokenAmount: '0.5',
      toTokenAmount: '1586.647875',
    });
    expect(s.toToken?.address.toLowerCase()).toBe(USDC.toLowerCase());
  });

  it('an amount typed while the account was away is quoted when it comes back', async () => {
    const wallet: { address: string | null } = { address: FIXTURE_ADDRESS };
    const { store } = make(wallet);
    await store.getState().initialize();
    store.getState().setToToken(token(store, USDC));
    wallet.address = null;
    store.getState().setContext(null, mainnet);
    store.getState().setSourceTokenAmount('0.5');
    await vi.waitFor(() => expect(store.getState().inputError).toEqual(kitMessage('noSwapAddress')), WAIT);
    wallet.address = FIXTURE_ADDRESS;
    store.getState().setContext(FIXTURE_ADDRESS, mainnet);
    await untilQuoted(store);
    expect(store.getState()).toMatchObject({ inputError: null, toTokenAmount: '1586.647875' });
  });

  it('another account after a disconnect starts over', async () => {
    const { store } = make();
    await store.getState().initialize();
    store.getState().setToToken(token(store, USDC));
    store.getState().setSourceTokenAmount('0.5');
    await untilQuoted(store);
    store.getState().setContext(null, mainnet);
    store.getState().setContext('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', mainnet);
    expect(store.getState()).toMatchObject({
      status: 'notInitialized',
      sourceTokenAmount: '',
      toToken: null,
    });
  });
});

describe('swap store: validation (spec §5)', () => {
  it('flags each bad input with its message and keeps what was typed', async () => {
    const { store } = make();
    await store.getState().initialize();
    store.getState().setToToken(token(store, USDC));
    const check = (amount: string) => {
      store.getState().setSourceTokenAmount(amount);
      return store.getState().validate();
    };
    expect(check('')).toMatchObject({ valid: false, inputError: null, action: kitMessage('enterAmount') });
    expect(check('0').inputError).toEqual(kitMessage('notPositive'));
    expect(check('abc').inputError).toEqual(kitMessage('notNumeric'));
    expect(check('0.1234567890123456789').inputError).toEqual(
      kitMessage('tooManyDecimals', { symbol: 'ETH', decimals: 18 }),
    );
    expect(check('2').inputError).toEqual(kitMessage('insufficientBalance', { symbol: 'ETH' }));
    expect(check('0.5')).toMatchObject({ valid: true, action: kitMessage('review') });
    expect(store.getState().sourceTokenAmount).toBe('0.5');
  });

  it('no network-token balance is not enough for the fee', async () => {
    const balances = makeBalances().map((b) =>
      b.symbol === 'ETH' ? { ...b, quantity: { decimals: '18', numeric: '0' }, value: 0 } : b,
    );
    const { store } = make({ balances });
    await store.getState().initialize();
    store.getState().setSourceToken(token(store, USDC));
    store.getState().setToToken(token(store, DAI));
    store.getState().setSourceTokenAmount('10');
    expect(store.getState().validate().inputError).toEqual(kitMessage('insufficientGas', { symbol: 'ETH' }));
  });

  it('without a connected address: "No address found to swap the tokens from."', () => {
    const { store } = make({ address: null });
    expect(store.getState().validate().inputError).toEqual(kitMessage('noSwapAddress'));
  });
});

describe('swap store: safety', () => {
  async function ready(m: ReturnType<typeof make>, from = 'ETH') {
    await m.store.getState().initialize();
    if (from === 'USDC') m.store.getState().setSourceToken(token(m.store, USDC));
    m.store.getState().setToToken(token(m.store, from === 'USDC' ? DAI : USDC));
    m.store.getState().setSourceTokenAmount(from === 'USDC' ? '100' : '0.5');
    await untilQuoted(m.store);
  }

  it('refuses a swap transaction to a contract outside the allow-list; nothing is sent', async () => {
    const evil = '0x000000000000000000000000000000000000bad1';
    server.use(
      http.post(`${API}/v1/convert/build-transaction`, async ({ request }) =>
        HttpResponse.json(fixtureSwapTransaction(await request.json(), evil)),
      ),
    );
    const m = make();
    await ready(m);
    expect(m.toasts.map((t) => t.message)).toEqual([english('untrustedRouter')]);
    expect(m.store.getState().swapTransaction).toBeNull();
    expect(await m.store.getState().swap()).toBe('failed');
    expect(m.sent).toHaveLength(0);
  });

  it('refuses an approval to an unknown spender, and an unlimited one', async () => {
    const evil = '0x000000000000000000000000000000000000bad1';
    server.use(
      http.get(`${API}/v1/convert/build-approve`, ({ request }) =>
        HttpResponse.json(fixtureApproveTransaction(new URL(request.url), evil)),
      ),
    );
    const m = make();
    await ready(m, 'USDC');
    expect(m.toasts.map((t) => t.message)).toEqual([english('untrustedRouter')]);
    expect(m.store.getState().approvalTransaction).toBeNull();

    server.use(
      http.get(`${API}/v1/convert/build-approve`, () =>
        HttpResponse.json({
          tx: {
            from: FIXTURE_ADDRESS,
            to: USDC.split(':')[2],
            data: approveData(FIXTURE_ROUTER as Address, maxUint256),
            value: '0',
            eip155: { gas: '150000', gasPrice: '1' },
          },
        }),
      ),
    );
    const m2 = make();
    await ready(m2, 'USDC');
    expect(m2.toasts.map((t) => t.message)).toEqual([english('approvalNotExact')]);
    expect(m2.sent).toHaveLength(0);
  });

  it('refuses a swap asking for less than the quote less the slippage', async () => {
    server.use(
      http.post(`${API}/v1/convert/build-transaction`, async ({ request }) => {
        const body = (await request.json()) as { eip155: { slippage: string } };
        return HttpResponse.json(fixtureSwapTransaction({ ...body, eip155: { slippage: '40' } }));
      }),
    );
    const m = make();
    await ready(m);
    expect(m.toasts.map((t) => t.message)).toEqual([english('swapMismatch')]);
    expect(m.sent).toHaveLength(0);
  });

  it('with no router configured for the network, refuses before anything is signed', async () => {
    const m = make({ routers: [] });
    await ready(m);
    expect(m.toasts.map((t) => t.message)).toEqual([english('noRouter')]);
    expect(m.sent).toHaveLength(0);
  });
});

describe('swap store: sending', () => {
  it('sends the checked swap; success emits SWAP_SUCCESS, resets and refreshes both tokens', async () => {
    const m = make();
    await m.store.getState().initialize();
    m.store.getState().setToToken(token(m.store, USDC));
    // No amount yet: the form is invalid, and nothing is reviewed.
    expect(m.store.getState().preview()).toEqual({ status: 'invalid' });
    m.store.getState().setSourceTokenAmount('0.5');
    // A valid amount whose quote is still on its way: not ready.
    expect(m.store.getState().preview()).toEqual({ status: 'not-ready' });
    expect(m.nav.review).toBe(0);
    await untilQuoted(m.store);
    expect(m.store.getState().preview()).toEqual({ status: 'review' });
    expect(m.nav.review).toBe(1);
    expect(await m.store.getState().swap()).toBe('sent');
    expect(m.sent).toHaveLength(1);
    expect(m.sent[0]).toMatchObject({ to: FIXTURE_ROUTER, value: 500000000000000000n, chainId: 1 });
    // The API's gas and gas price (eip155.gas / gasPrice of the build answer) are not forwarded: the wallet
    // estimates them from the network.
    expect(Object.keys(m.sent[0]!).sort()).toEqual(['chainId', 'data', 'to', 'value']);
    expect(m.events.map((e) => e.event)).toEqual(['SWAP_SUCCESS']);
    expect(m.events[0]!.properties).toMatchObject({
      swapFromToken: 'ETH',
      swapToToken: 'USDC',
      swapFromAmount: '0.5',
    });
    expect(m.nav.success).toEqual([['eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', USDC]]);
    expect(m.nav.outcomes).toEqual([
      { flow: 'swap', status: 'review' },
      {
        flow: 'swap',
        status: 'sent',
        hash: `0x${'1'.padStart(64, '0')}`,
        from: { amount: '0.5', symbol: 'ETH' },
        to: { amount: '1586.647875', symbol: 'USDC' },
      },
    ]);
    expect(m.store.getState()).toMatchObject({ sourceTokenAmount: '', swapTransaction: null });
    expect(m.toasts.at(-1)).toEqual({ message: 'Swapped 0.5 ETH for 1,586.647 USDC', variant: 'success' });
  });

  it('a quote older than 30 s is fetched again before it is used; the user confirms the new one', async () => {
    let t = 1_000_000;
    const m = make({ now: () => t });
    await m.store.getState().initialize();
    m.store.getState().setToToken(token(m.store, USDC));
    m.store.getState().setSourceTokenAmount('0.5');
    await untilQuoted(m.store);
    t += 31_000;
    expect(await m.store.getState().swap()).toBe('refreshed');
    expect(m.sent).toHaveLength(0);
    expect(called('/quotes')).toHaveLength(2);
    expect(m.store.getState().quoteRefreshed).toBe(true);
    expect(await m.store.getState().swap()).toBe('sent');
  });

  it("a rejection in the wallet: SWAP_ERROR and the wallet's short message; a rejected approval keeps the form", async () => {
    const m = make();
    await m.store.getState().initialize();
    m.store.getState().setToToken(token(m.store, USDC));
    m.store.getState().setSourceTokenAmount('0.5');
    await untilQuoted(m.store);
    m.rejectNext(Object.assign(new Error('rejected'), { shortMessage: 'User rejected the request.' }));
    expect(await m.store.getState().swap()).toBe('failed');
    expect(m.events.map((e) => e.event)).toEqual(['SWAP_ERROR']);
    expect(m.toasts.at(-1)).toEqual({ message: 'User rejected the request.', variant: 'error' });

    m.store.getState().setSourceToken(token(m.store, USDC));
    m.store.getState().setToToken(token(m.store, DAI));
    m.store.getState().setSourceTokenAmount('100');
    await untilQuoted(m.store);
    expect(await m.store.getState().approve()).toBe(false);
    expect(m.store.getState()).toMatchObject({ approvalStatus: 'rejected', sourceTokenAmount: '100' });
    expect(m.store.getState().approvalTransaction).not.toBeNull();
    m.allowSends();
    serve({}, '100000000');
    expect(await m.store.getState().approve()).toBe(true);
  });
});

describe('swap store: EIP-2612 permit', () => {
  async function usdcToDai(m: ReturnType<typeof make>) {
    await m.store.getState().initialize();
    m.store.getState().setSourceToken(token(m.store, USDC));
    m.store.getState().setToToken(token(m.store, DAI));
    m.store.getState().setSourceTokenAmount('100');
    await untilQuoted(m.store);
  }

  it('an eip2612 token on a permit router: one signature for exactly the amount, then one transaction', async () => {
    const t = 1_700_000_000_000;
    const m = make({ permitRouters: [FIXTURE_ROUTER as Address], now: () => t });
    await usdcToDai(m);
    let s = m.store.getState();
    expect(s).toMatchObject({ approvalMethod: 'permit', approvalTransaction: null, swapTransaction: null });
    expect(s.permit).toMatchObject({ spender: FIXTURE_ROUTER, amount: 100_000_000n, signature: null });
    expect(s.preview()).toEqual({ status: 'review' });

    expect(await s.approve()).toBe(true);
    expect(m.sent).toHaveLength(0);
    expect(m.signed).toHaveLength(1);
    const typed = m.signed[0]!;
    expect(typed.primaryType).toBe('Permit');
    expect(typed.domain).toEqual({
      name: 'USD Coin',
      version: '1',
      chainId: 1,
      verifyingContract: USDC.split(':')[2],
    });
    expect(typed.message).toEqual({
      owner: FIXTURE_ADDRESS,
      spender: FIXTURE_ROUTER,
      value: 100_000_000n,
      nonce: 0n,
      deadline: BigInt(t / 1000 + 20 * 60),
    });
    s = m.store.getState();
    expect(s.approvalStatus).toBe('done');
    expect(s.permit?.deadline).toBe(typed.message.deadline);
    const body = called('/build-transaction').at(-1)?.body as { eip155: { permit?: unknown } };
    expect(body.eip155.permit).toEqual({
      deadline: String(typed.message.deadline),
      signature: s.permit?.signature,
    });
    expect(s.swapTransaction?.permit).toMatchObject({
      spender: FIXTURE_ROUTER,
      deadline: typed.message.deadline,
    });
    const call = decodeFunctionData({ abi: permitRouterAbi, data: s.swapTransaction!.data });
    expect(call.functionName).toBe('swapExactTokensForTokensWithPermit');

    expect(await s.swap()).toBe('sent');
    expect(m.sent).toHaveLength(1);
    expect(m.sent[0]).toMatchObject({ to: FIXTURE_ROUTER, value: 0n });
    expect(m.events.map((e) => e.event)).toEqual(['SWAP_SUCCESS']);
    expect(m.store.getState()).toMatchObject({ permit: null, approvalMethod: null });
  });

  it('a rejected permit signature keeps the form as it was; nothing is sent; signing again works', async () => {
    const m = make({ permitRouters: [FIXTURE_ROUTER as Address] });
    await usdcToDai(m);
    m.rejectSign(Object.assign(new Error('rejected'), { shortMessage: 'User rejected the request.' }));
    expect(await m.store.getState().approve()).toBe(false);
    expect(m.store.getState()).toMatchObject({
      approvalStatus: 'rejected',
      approvalMethod: 'permit',
      sourceTokenAmount: '100',
      swapTransaction: null,
    });
    expect(m.store.getState().permit?.signature).toBeNull();
    expect(m.toasts.at(-1)).toEqual({ message: 'User rejected the request.', variant: 'error' });
    expect(m.sent).toHaveLength(0);
    m.rejectSign(null);
    expect(await m.store.getState().approve()).toBe(true);
    expect(m.store.getState().approvalStatus).toBe('done');
  });

  it('uses the approval transaction when the router does not take permits or the domain is not confirmed', async () => {
    const plain = make({ permitRouters: [] });
    await usdcToDai(plain);
    expect(plain.store.getState()).toMatchObject({ approvalMethod: 'transaction', permit: null });
    expect(plain.store.getState().approvalTransaction).not.toBeNull();

    const unconfirmed = make({
      permitRouters: [FIXTURE_ROUTER as Address],
      readContract: fixtureReader({ DOMAIN_SEPARATOR: `0x${'12'.repeat(32)}` }),
    });
    await usdcToDai(unconfirmed);
    expect(unconfirmed.store.getState()).toMatchObject({ approvalMethod: 'transaction', permit: null });

    // A token the API does not flag eip2612 takes the approval transaction.
    const unflagged = make({ permitRouters: [FIXTURE_ROUTER as Address] });
    await usdcToDai(unflagged);
    unflagged.store.setState({ sourceToken: { ...token(unflagged.store, USDC), eip2612: false } });
    await unflagged.store.getState().fetchQuote();
    expect(unflagged.store.getState().approvalMethod).toBe('transaction');
  });

  it('refuses a swap the API built with another signature or without the permit; nothing is sent', async () => {
    for (const tamper of ['signature', 'drop'] as const) {
      server.use(
        http.post(`${API}/v1/convert/build-transaction`, async ({ request }) => {
          const body = (await request.json()) as {
            eip155: { slippage: string; permit?: { deadline: string; signature: Hex } };
          };
          const permit = body.eip155.permit;
          const forged =
            permit && tamper === 'signature'
              ? {
                  ...permit,
                  signature: await PERMIT_SIGNER.signMessage({ message: 'something else' }),
                }
              : undefined;
          return HttpResponse.json(
            fixtureSwapTransaction({ ...body, eip155: { slippage: body.eip155.slippage, permit: forged } }),
          );
        }),
      );
      const m = make({ permitRouters: [FIXTURE_ROUTER as Address] });
      await usdcToDai(m);
      expect(await m.store.getState().approve()).toBe(false);
      expect(m.toasts.map((x) => x.message)).toEqual([english('permitMismatch')]);
      expect(m.store.getState()).toMatchObject({ swapTransaction: null, permit: null });
      expect(m.sent).toHaveLength(0);
    }
  });

  it('a changed amount drops the signature; an expired permit is signed again', async () => {
    let t = 1_700_000_000_000;
    const m = make({ permitRouters: [FIXTURE_ROUTER as Address], now: () => t });
    await usdcToDai(m);
    expect(await m.store.getState().approve()).toBe(true);
    m.store.getState().setSourceTokenAmount('90');
    await untilQuoted(m.store);
    expect(m.store.getState()).toMatchObject({ approvalStatus: 'idle', approvalMethod: 'permit' });
    expect(m.store.getState().permit).toMatchObject({ amount: 90_000_000n, signature: null });
    expect(await m.store.getState().approve()).toBe(true);
    // 20 minutes later the quote is stale and the permit is about to expire: sign again before swapping.
    t += 20 * 60 * 1000;
    expect(await m.store.getState().swap()).toBe('failed');
    expect(m.store.getState()).toMatchObject({ approvalStatus: 'idle', swapTransaction: null });
    expect(m.store.getState().permit?.signature).toBeNull();
    expect(m.sent).toHaveLength(0);
    expect(await m.store.getState().approve()).toBe(true);
    expect(await m.store.getState().swap()).toBe('sent');
    expect(m.signed).toHaveLength(3);
  });
});

vi.setConfig({ testTimeout: 10_000 });
