import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ONRAMP_FALLBACK_OPTIONS } from '../../api/blockchain-api';
import type { OnrampOptions, OnrampQuote, PaymentCurrency, Transaction } from '../../api/schemas';
import { kitMessage } from '../../core/messages';
import { mainnet, polygon } from '../../core/networks';
import { allowsLocalhost, isOnrampProviderUrl } from '../../core/url';
import { englishText } from '../../i18n/english';
import { onrampOptionsFixture } from '../../testing/msw/fixtures';
import { checkCryptoAmount, checkFiatAmount } from './limits';
import { createOnrampStore, type OnrampApi, type ProviderWindow } from './store';

const ADDRESS = '0x1111111111111111111111111111111111111111';
const USD: PaymentCurrency = {
  id: 'USD',
  payment_method_limits: [
    { id: 'card', min: '10.00', max: '7500.00' },
    { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
  ],
};

describe('on-ramp limits (spec §9)', () => {
  it.each([
    ['9.99', 'card', false, 'belowMinimum'],
    ['10.00', 'card', true, null],
    ['10', 'card', true, null],
    ['7500.00', 'card', true, null],
    ['7500.01', 'card', false, 'aboveMaximum'],
    ['9.99', 'ach_bank_account', false, 'belowMinimum'],
    ['10.00', 'ach_bank_account', true, null],
    ['25000.00', 'ach_bank_account', true, null],
    ['25000.01', 'ach_bank_account', false, 'aboveMaximum'],
  ])('%s by %s: valid %s (%s)', (amount, method, valid, problem) => {
    const c = checkFiatAmount(amount, USD, method);
    expect(c.valid).toBe(valid);
    expect(c.problem).toBe(problem);
  });

  it('below the minimum names 10.00 and the currency', () => {
    expect(englishText(checkFiatAmount('5', USD, 'card').message)).toBe('The minimum purchase is 10.00 USD');
  });

  it('above the card maximum names 7500.00 and suggests bank transfer while it allows the amount', () => {
    const c = checkFiatAmount('8000', USD, 'card');
    expect(englishText(c.message)).toBe(
      'The maximum by card is 7,500.00 USD. Pay by bank transfer for amounts up to 25,000.00 USD',
    );
    expect(c.suggestedMethod).toBe('ach_bank_account');
    // Above what bank transfer allows too: no suggestion.
    const d = checkFiatAmount('25000.01', USD, 'card');
    expect(englishText(d.message)).toBe('The maximum by card is 7,500.00 USD');
    expect(d.suggestedMethod).toBeNull();
  });

  it('above the bank maximum: no suggestion', () => {
    const c = checkFiatAmount('25000.01', USD, 'ach_bank_account');
    expect(englishText(c.message)).toBe('The maximum by bank transfer is 25,000.00 USD');
    expect(c.suggestedMethod).toBeNull();
  });

  it('format: empty (no message), not a number, more than 2 decimals, no method', () => {
    expect(checkFiatAmount('', USD, 'card')).toMatchObject({ valid: false, message: null, problem: 'empty' });
    expect(englishText(checkFiatAmount('1e3', USD, 'card').message)).toBe(
      'Enter a number, such as 50 or 50.25',
    );
    expect(englishText(checkFiatAmount('10.001', USD, 'card').message)).toBe('Use at most 2 decimals');
    expect(checkFiatAmount('50', USD, 'sepa').problem).toBe('noMethod');
    expect(checkCryptoAmount('1.1234567').message).toEqual(kitMessage('tooManyCryptoDecimals'));
    expect(checkCryptoAmount('0').valid).toBe(false);
    expect(checkCryptoAmount('49.4').valid).toBe(true);
  });
});

/** 1 % fee (rounded up) and 0.10 network fee, as the local provider charges. */
function quoteFor(amount: string, fallback = false): OnrampQuote {
  const cents = Math.round(Number(amount) * 100);
  const fee = Math.ceil(cents / 100);
  const sub = cents - fee - 10;
  const f = (c: number) => (c / 100).toFixed(2);
  return {
    paymentTotal: { amount: f(cents), currency: 'USD' },
    paymentSubtotal: { amount: f(sub), currency: 'USD' },
    purchaseAmount: { amount: f(sub), currency: 'USDC' },
    coinbaseFee: { amount: f(fee), currency: 'USD' },
    networkFee: { amount: '0.10', currency: 'USD' },
    quoteId: 'q',
    ...(fallback ? { fallback: true } : {}),
  };
}

const tx = (id: string, amount = '49.40'): Transaction => ({
  id,
  metadata: {
    operationType: 'buy',
    hash: id,
    chain: 'eip155:137',
    minedAt: '2026-01-01T00:00:00Z',
    sentFrom: '0x0000000000000000000000000000000000000001',
    sentTo: ADDRESS,
    status: 'confirmed',
    nonce: undefined,
  },
  transfers: [
    {
      fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: { url: '' } },
      direction: 'in',
      quantity: { numeric: amount },
    } as Transaction['transfers'][number],
  ],
});

function fakeWindow() {
  const w = {
    closed: false,
    opener: {} as unknown,
    replaced: [] as string[],
    location: { replace: (url: string) => void w.replaced.push(url) },
    close: () => {
      w.closed = true;
    },
  };
  return w;
}

function setup(
  opts: {
    options?: OnrampOptions;
    quoteFallback?: boolean;
    blocked?: boolean;
    isProviderUrl?: (url: string) => boolean;
  } = {},
) {
  let history: Transaction[] = [tx('old')];
  const win = fakeWindow();
  const api = {
    getOnrampOptions: vi.fn(async () => structuredClone(opts.options ?? onrampOptionsFixture)),
    getOnrampQuote: vi.fn(async (body: { amount: string | number }) =>
      quoteFor(String(body.amount), opts.quoteFallback),
    ),
    generateOnrampUrl: vi.fn(async () => ({ url: 'https://pay.example/checkout/1' })),
    getTransactions: vi.fn(async () => ({ data: history, next: null })),
  } satisfies OnrampApi;
  const afterPurchase = vi.fn();
  const openWindow = vi.fn((): ProviderWindow | null => (opts.blocked ? null : win));
  const store = createOnrampStore({
    api: api as unknown as OnrampApi,
    openWindow,
    afterPurchase,
    debounceMs: 300,
    pollMs: 1000,
    waitLimitMs: 10_000,
    windowCheckMs: 200,
    ...(opts.isProviderUrl ? { isProviderUrl: opts.isProviderUrl } : {}),
  });
  store.getState().setContext(ADDRESS, polygon);
  return {
    store,
    api,
    win,
    openWindow,
    afterPurchase,
    pay: (t: Transaction) => {
      history = [t, ...history];
    },
  };
}

describe('on-ramp store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads the options: USDC, the active network, USD by card; source provider', async () => {
    const { store } = setup();
    await store.getState().loadOptions();
    const s = store.getState();
    expect(s.status).toBe('ready');
    expect(s.purchaseCurrency?.symbol).toBe('USDC');
    expect(s.network?.chain_id).toBe('137');
    expect(s.paymentCurrency?.id).toBe('USD');
    expect(s.paymentMethod).toBe('card');
    expect(s.source).toBe('provider');
    expect(s.providers.length).toBeGreaterThan(0);
    expect(s.selectedProvider).not.toBeNull();
  });

  it('fallback options are flagged: source fallback', async () => {
    const { store } = setup({ options: structuredClone(ONRAMP_FALLBACK_OPTIONS) });
    await store.getState().loadOptions();
    expect(store.getState().optionsSource).toBe('fallback');
    expect(store.getState().source).toBe('fallback');
  });

  it('fallback options are asked for again on the next load; real ones replace them, the form kept', async () => {
    const { store, api } = setup({ options: structuredClone(ONRAMP_FALLBACK_OPTIONS) });
    await store.getState().loadOptions();
    store.getState().setPaymentAmount('50');
    // Still failing: nothing changes.
    await store.getState().loadOptions();
    expect(store.getState()).toMatchObject({ source: 'fallback', status: 'ready', paymentAmount: '50' });
    api.getOnrampOptions.mockResolvedValueOnce(structuredClone(onrampOptionsFixture));
    await store.getState().loadOptions();
    expect(store.getState()).toMatchObject({
      optionsSource: 'provider',
      status: 'ready',
      paymentAmount: '50',
    });
    await vi.advanceTimersByTimeAsync(300);
    expect(store.getState().source).toBe('provider');
    // Real options are kept: no further request.
    await store.getState().loadOptions();
    expect(api.getOnrampOptions).toHaveBeenCalledTimes(3);
  });

  it('a fallback quote makes the source fallback', async () => {
    const { store } = setup({ quoteFallback: true });
    await store.getState().loadOptions();
    store.getState().setPaymentAmount('50');
    await vi.advanceTimersByTimeAsync(300);
    expect(store.getState().quoteSource).toBe('fallback');
    expect(store.getState().source).toBe('fallback');
  });

  it('typing a fiat amount: one debounced quote for the last value, the crypto amount follows', async () => {
    const { store, api } = setup();
    await store.getState().loadOptions();
    store.getState().setPaymentAmount('5');
    store.getState().setPaymentAmount('50');
    expect(store.getState().quotesLoading).toBe(true);
    await vi.advanceTimersByTimeAsync(299);
    expect(api.getOnrampQuote).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.getOnrampQuote).toHaveBeenCalledTimes(1);
    expect(api.getOnrampQuote.mock.calls[0]?.[0]).toMatchObject({
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '50',
      network: 'polygon-mainnet',
    });
    expect(store.getState()).toMatchObject({ purchaseAmount: '49.40', quotesLoading: false, error: null });
  });

  it('typing a crypto amount: the fiat amount follows from the quote', async () => {
    const { store } = setup();
    await store.getState().loadOptions();
    store.getState().setPurchaseAmount('49.40');
    await vi.advanceTimersByTimeAsync(300);
    const s = store.getState();
    expect(s.lastEdited).toBe('purchase');
    expect(s.purchaseAmount).toBe('49.40');
    // 50.00 buys 49.40; the first guess (1:1) is scaled up to it.
    expect(Number(s.paymentAmount)).toBeGreaterThanOrEqual(49.9);
    expect(Number(s.paymentAmount)).toBeLessThanOrEqual(50.01);
    expect(Number(s.quote?.purchaseAmount.amount)).toBeGreaterThanOrEqual(49.4);
  });

  it('below the minimum and above the maximum: the message, no quote, Continue refused', async () => {
    const { store, api, openWindow } = setup();
    await store.getState().loadOptions();
    store.getState().setPaymentAmount('5');
    expect(store.getState().error).toEqual(kitMessage('belowMinimum', { min: '10.00', currency: 'USD' }));
    store.getState().setPaymentAmount('8000');
    expect(store.getState().error).toMatchObject({ code: 'aboveMaximum', values: { max: '7500.00' } });
    expect(store.getState().suggestedMethod).toBe('ach_bank_account');
    await vi.advanceTimersByTimeAsync(1000);
    expect(api.getOnrampQuote).not.toHaveBeenCalled();
    expect((await store.getState().buy()).outcome).toBe('invalid');
    expect(openWindow).not.toHaveBeenCalled();
    // Bank transfer allows it.
    store.getState().setPaymentMethod('ach_bank_account');
    expect(store.getState().error).toBeNull();
  });

  it('buy: opens the window in the call, sends the URL request, then the provider page; success from history', async () => {
    const { store, api, win, openWindow, afterPurchase, pay } = setup();
    await store.getState().loadOptions();
    store.getState().setPaymentAmount('50');
    await vi.advanceTimersByTimeAsync(300);
    const pending = store.getState().buy();
    expect(openWindow).toHaveBeenCalledTimes(1); // synchronously, before any await
    expect(store.getState().purchase.status).toBe('generating');
    expect(await pending).toEqual({ outcome: 'opened' });
    expect(api.generateOnrampUrl).toHaveBeenCalledWith({
      destinationWallets: [{ address: ADDRESS, blockchains: ['polygon-mainnet'], assets: ['USDC'] }],
      defaultNetwork: 'polygon-mainnet',
      partnerUserId: ADDRESS,
      defaultExperience: 'buy',
      presetFiatAmount: 50,
    });
    expect(win.opener).toBeNull();
    expect(win.replaced).toEqual(['https://pay.example/checkout/1']);
    expect(store.getState().purchase.status).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.getState().purchase.status).toBe('waiting'); // the old purchase is not this one
    pay(tx('new'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.getState().purchase).toMatchObject({
      status: 'success',
      received: { amount: '49.40', symbol: 'USDC' },
    });
    expect(api.getTransactions).toHaveBeenCalledWith(
      expect.objectContaining({ account: ADDRESS, onramp: 'coinbase', chainId: 'eip155:137' }),
    );
    expect(afterPurchase).toHaveBeenCalledTimes(1);
    store.getState().reset();
    expect(store.getState()).toMatchObject({
      paymentAmount: '',
      purchaseAmount: '',
      purchase: { status: 'idle' },
    });
  });

  it('a blocked popup: outcome blocked with the URL; the link opened starts waiting', async () => {
    const { store } = setup({ blocked: true });
    await store.getState().loadOptions();
    store.getState().setPaymentAmount('50');
    expect(await store.getState().buy()).toEqual({
      outcome: 'blocked',
      url: 'https://pay.example/checkout/1',
    });
    expect(store.getState().purchase).toMatchObject({
      status: 'blocked',
      url: 'https://pay.example/checkout/1',
    });
    store.getState().linkOpened();
    expect(store.getState().purchase.status).toBe('waiting');
  });

  it('the provider window closed without paying: closed, the form kept', async () => {
    const { store, win } = setup();
    await store.getState().loadOptions();
    store.getState().setPaymentAmount('50');
    await vi.advanceTimersByTimeAsync(300);
    await store.getState().buy();
    win.close();
    await vi.advanceTimersByTimeAsync(200);
    expect(store.getState().purchase.status).toBe('closed');
    expect(store.getState()).toMatchObject({ paymentAmount: '50', purchaseAmount: '49.40' });
  });

  it('the time limit: still waiting (not an error); check again finds the purchase', async () => {
    const { store, pay } = setup({ blocked: true });
    await store.getState().loadOptions();
    store.getState().setPaymentAmount('50');
    await store.getState().buy();
    store.getState().linkOpened();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(store.getState().purchase.status).toBe('stillWaiting');
    expect(store.getState().error).toBeNull();
    pay(tx('late', '10.00'));
    await store.getState().checkAgain();
    expect(store.getState().purchase).toMatchObject({ status: 'success', received: { amount: '10.00' } });
  });

  it('a failed URL request closes the blank window and keeps the form', async () => {
    const { store, api, win } = setup();
    api.generateOnrampUrl.mockRejectedValueOnce(new Error('down'));
    await store.getState().loadOptions();
    store.getState().setPaymentAmount('50');
    expect(await store.getState().buy()).toEqual({ outcome: 'error', message: kitMessage('urlFailed') });
    expect(win.closed).toBe(true);
    expect(store.getState()).toMatchObject({ paymentAmount: '50', error: kitMessage('urlFailed') });
  });

  it('a provider URL outside the allow-list or the URL policy is never opened nor offered as a link', async () => {
    const allowed = (url: string) =>
      isOnrampProviderUrl(url, ['https://pay.coinbase.com'], { allowLocalhost: false });
    for (const url of [
      'https://pay.evil.test/checkout/1',
      'http://localhost:8080/checkout/1',
      'http://127.0.0.1:3000/onramp/checkout/1',
      'javascript:alert(1)',
    ]) {
      for (const blocked of [false, true]) {
        const { store, api, win } = setup({ blocked, isProviderUrl: allowed });
        api.generateOnrampUrl.mockResolvedValueOnce({ url });
        await store.getState().loadOptions();
        store.getState().setPaymentAmount('50');
        expect(await store.getState().buy(), url).toEqual({
          outcome: 'error',
          message: kitMessage('urlFailed'),
        });
        expect(win.replaced).toEqual([]);
        expect(store.getState().purchase).toMatchObject({ status: 'idle', url: null });
        expect(store.getState().paymentAmount).toBe('50');
      }
    }
    // The listed provider opens.
    const { store, api, win } = setup({ isProviderUrl: allowed });
    api.generateOnrampUrl.mockResolvedValueOnce({ url: 'https://pay.coinbase.com/buy?session=1' });
    await store.getState().loadOptions();
    store.getState().setPaymentAmount('50');
    expect(await store.getState().buy()).toEqual({ outcome: 'opened' });
    expect(win.replaced).toEqual(['https://pay.coinbase.com/buy?session=1']);
  });

  it("a local stack's provider page opens only where the instance allows localhost and lists its origin", () => {
    const local = 'http://127.0.0.1:4100/onramp/checkout/1';
    expect(isOnrampProviderUrl(local, ['http://127.0.0.1:4100'], { allowLocalhost: true })).toBe(true);
    expect(isOnrampProviderUrl(local, ['http://127.0.0.1:4100'], { allowLocalhost: false })).toBe(false);
    expect(isOnrampProviderUrl(local, ['https://pay.coinbase.com'], { allowLocalhost: true })).toBe(false);
    expect(allowsLocalhost({ apiUrl: 'http://127.0.0.1:4100', explorerUrl: 'https://explorer.test' })).toBe(
      true,
    );
    expect(allowsLocalhost({ apiUrl: 'https://api.test', explorerUrl: 'https://explorer.test' })).toBe(false);
  });

  it('history is read on the chosen network when the kit has it, else on the active one', async () => {
    const { store, api } = setup();
    await store.getState().loadOptions();
    store.getState().setNetwork('ethereum-mainnet');
    store.getState().setPaymentAmount('50');
    await store.getState().buy();
    // Without isKnownNetwork (the kit has no chain 1 here): the active network.
    expect(api.getTransactions).toHaveBeenLastCalledWith(expect.objectContaining({ chainId: 'eip155:137' }));
    store.getState().cancelPurchase();
    const known = createOnrampStore({
      api: api as unknown as OnrampApi,
      openWindow: () => fakeWindow(),
      isKnownNetwork: (id) => id === 'eip155:1',
    });
    known.getState().setContext(ADDRESS, polygon);
    await known.getState().loadOptions();
    known.getState().setNetwork('ethereum-mainnet');
    known.getState().setPaymentAmount('50');
    await known.getState().buy();
    expect(api.getTransactions).toHaveBeenLastCalledWith(expect.objectContaining({ chainId: 'eip155:1' }));
    known.getState().cancelPurchase();
  });

  it('a non-EVM account cannot receive on an EVM network: the message, no window', async () => {
    const { store, openWindow } = setup();
    store.getState().setContext('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', polygon);
    await store.getState().loadOptions();
    store.getState().setPaymentAmount('50');
    expect(await store.getState().buy()).toEqual({
      outcome: 'invalid',
      message: kitMessage('wrongAccount', { network: 'Polygon' }),
    });
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('another account: the form and the purchase start over', async () => {
    const { store } = setup();
    await store.getState().loadOptions();
    store.getState().setPaymentAmount('50');
    store.getState().setContext('0x2222222222222222222222222222222222222222', mainnet);
    expect(store.getState()).toMatchObject({ paymentAmount: '', purchase: { status: 'idle' } });
    expect(store.getState().network?.chain_id).toBe('1');
  });

  it('a reconnect of the same account (no address for a moment) keeps the amount', async () => {
    const { store } = setup();
    await store.getState().loadOptions();
    store.getState().setPaymentAmount('50');
    store.getState().setContext(null, polygon);
    expect(store.getState()).toMatchObject({ address: null, paymentAmount: '50' });
    store.getState().setContext(ADDRESS, polygon);
    expect(store.getState()).toMatchObject({ address: ADDRESS, paymentAmount: '50' });
  });

  it('another account after a disconnect starts over', async () => {
    const { store } = setup();
    await store.getState().loadOptions();
    store.getState().setPaymentAmount('50');
    store.getState().setContext(null, polygon);
    store.getState().setContext('0x2222222222222222222222222222222222222222', polygon);
    expect(store.getState()).toMatchObject({ paymentAmount: '', purchase: { status: 'idle' } });
  });
});
