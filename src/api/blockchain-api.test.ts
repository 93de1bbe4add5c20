import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../core/errors';
import { registrationMessage } from '../hooks/names/validation';
import {
  FIXTURE_ADDRESS,
  generateTransactions,
  type RecordedRequest,
  transactionFixtures,
} from '../testing/msw';
import { createBlockchainApiHandlers } from '../testing/msw/handlers';
import { createBlockchainApiClient, ONRAMP_FALLBACK_OPTIONS } from './blockchain-api';
import { isSpamTransaction } from './schemas';

const BASE = 'https://bapi.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const errors: string[] = [];
const client = createBlockchainApiClient({
  baseUrl: BASE,
  projectId: 'proj-1',
  sdkType: 'keyway',
  sdkVersion: '5.1.11',
  retryDelayMs: 1,
  onError: (where) => errors.push(where),
});

function use(opts: Parameters<typeof createBlockchainApiHandlers>[0] = {}) {
  const seen: RecordedRequest[] = [];
  server.use(...createBlockchainApiHandlers({ baseUrl: BASE, onRequest: (r) => seen.push(r), ...opts }));
  return seen;
}

describe('createBlockchainApiClient', () => {
  it('reads balances in usd for a network, with forceUpdate as a comma list', async () => {
    const seen = use();
    const balances = await client.getBalances({
      address: FIXTURE_ADDRESS,
      chainId: 'eip155:137',
      forceUpdate: ['eip155:137:0xa', 'eip155:137:0xb'],
    });
    expect(balances.map((b) => b.symbol)).toEqual(['ETH', 'USDC', 'DAI']);
    expect(balances[0]).toMatchObject({
      chainId: 'eip155:137',
      quantity: { decimals: 18, numeric: '1.697269' },
    });
    expect(balances[0]?.address).toBeUndefined();
    const q = seen[0]!.url.searchParams;
    expect(seen[0]!.url.pathname).toBe(`/v1/account/${FIXTURE_ADDRESS}/balance`);
    expect(q.get('currency')).toBe('usd');
    expect(q.get('chainId')).toBe('eip155:137');
    expect(q.get('forceUpdate')).toBe('eip155:137:0xa,eip155:137:0xb');
    expect(q.get('projectId')).toBe('proj-1');
    expect(seen[0]!.headers.get('x-sdk-version')).toBe('5.1.11');
  });

  it('leaves out a balance whose token address is not a CAIP-10 address on its network (never native)', async () => {
    const row = (address: string | undefined, symbol: string) => ({
      name: symbol,
      symbol,
      chainId: 'eip155:31337',
      ...(address === undefined ? {} : { address }),
      price: 1,
      quantity: { decimals: 18, numeric: '1' },
      iconUrl: '',
    });
    server.use(
      http.get(`${BASE}/v1/account/:address/balance`, () =>
        HttpResponse.json({
          balances: [
            row(undefined, 'ETH'),
            row('eip155:31337:x', 'BAD'),
            row('eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 'OTHERCHAIN'),
            row('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 'NOPREFIX'),
            row('eip155:31337:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 'USDC'),
          ],
        }),
      ),
    );
    const balances = await client.getBalances({ address: FIXTURE_ADDRESS, chainId: 'eip155:31337' });
    expect(balances.map((b) => [b.symbol, b.address])).toEqual([
      ['ETH', undefined],
      ['USDC', 'eip155:31337:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'],
    ]);
  });

  it('pages history by cursor and flags spam NFT transfers', async () => {
    use({ transactions: [...transactionFixtures, ...generateTransactions(30)], pageSize: 20 });
    const first = await client.getTransactions({ account: FIXTURE_ADDRESS });
    expect(first.data).toHaveLength(20);
    expect(first.next).toBe('20');
    const second = await client.getTransactions({ account: FIXTURE_ADDRESS, cursor: first.next! });
    expect(second.data).toHaveLength(18);
    expect(second.next).toBeNull();
    expect(first.data[0]?.metadata.status).toBe('pending');
    expect(first.data.filter(isSpamTransaction).map((t) => t.id)).toEqual(['tx-2']);
  });

  it('returns null for a failed gas-price call (spec §8)', async () => {
    use({ variants: { gasPrice: 'error' } });
    await expect(client.getGasPrice('eip155:1')).resolves.toBeNull();
    expect(errors).toContain('getGasPrice');
    use();
    await expect(client.getGasPrice('eip155:1')).resolves.toEqual({
      standard: '20000000000',
      fast: '25000000000',
      instant: '30000000000',
    });
  });

  it('returns null for an unregistered name and the profile for a registered one', async () => {
    const seen = use();
    await expect(client.getProfile('nobody.kw.id')).resolves.toBeNull();
    const p = await client.getProfile('alice.kw.id');
    expect(p?.addresses['60']?.address).toBe(FIXTURE_ADDRESS);
    expect(seen[0]!.url.searchParams.get('apiVersion')).toBe('2');
    const names = await client.reverseProfile(FIXTURE_ADDRESS, FIXTURE_ADDRESS);
    expect(names.map((n) => n.name)).toEqual(['alice.kw.id']);
    expect(await client.getNameSuggestions('alice')).toHaveLength(3);
  });

  it('surfaces the first API reason when a name cannot be registered', async () => {
    use();
    const account = { address: FIXTURE_ADDRESS, chainId: 1 };
    const body = {
      coin_type: 0x80000000 + 1,
      address: FIXTURE_ADDRESS,
      message: JSON.stringify(registrationMessage('alice', 1_736_942_400_000, account)),
      signature: '0xabcdef' as const,
    };
    const e = await client.registerName(body).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).message).toBe('Name alice.kw.id is already registered');
    const ok = await client.registerName({
      ...body,
      message: JSON.stringify(registrationMessage('bob1', 1_736_942_400_000, account)),
    });
    expect(ok.name).toBe('bob1.kw.id');
  });

  it('posts price requests with projectId and currency in the body', async () => {
    const seen = use();
    const prices = await client.getTokenPrices(['eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48']);
    expect(prices).toEqual([expect.objectContaining({ symbol: 'USDC', price: 1 })]);
    expect(seen[0]!.body).toEqual({
      projectId: 'proj-1',
      currency: 'usd',
      addresses: ['eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'],
    });
  });

  it('builds swap and approval transactions', async () => {
    const seen = use();
    const tx = await client.buildSwapTransaction({
      amount: '1000',
      userAddress: FIXTURE_ADDRESS,
      from: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
      to: 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      slippage: 1,
    });
    expect(tx.eip155).toEqual({ gas: '210000', gasPrice: '20000000000' });
    expect(seen[0]!.body).toMatchObject({ projectId: 'proj-1', amount: '1000', eip155: { slippage: '1' } });
    const approve = await client.buildApproveTransaction({
      userAddress: FIXTURE_ADDRESS,
      from: 'a',
      to: 'b',
      amount: '5',
    });
    expect(approve.data.startsWith('0x095ea7b3')).toBe(true);
    expect((await client.getAllowance({ tokenAddress: 'x', userAddress: FIXTURE_ADDRESS })).allowance).toBe(
      '0',
    );
    expect(await client.getSwapTokens('eip155:1')).toHaveLength(4);
    const quotes = await client.getSwapQuote({
      amount: '7',
      userAddress: FIXTURE_ADDRESS,
      from: 'f',
      to: 't',
      gasPrice: '1',
    });
    expect(quotes[0]?.fromAmount).toBe('7');
  });

  it('falls back to the spec §9 on-ramp data when options or quote fail', async () => {
    use({ variants: { onrampOptions: 'error', onrampQuote: 'malformed' } });
    const options = await client.getOnrampOptions();
    expect(options).toEqual(ONRAMP_FALLBACK_OPTIONS);
    expect(options.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR']);
    expect(options.paymentCurrencies[0]?.payment_method_limits).toEqual([
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ]);
    expect(options.purchaseCurrencies[0]?.networks.map((n) => n.chain_id)).toEqual(['1', '137']);
    const quote = await client.getOnrampQuote({
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '100',
      network: 'ethereum',
    });
    expect(quote).toMatchObject({ fallback: true, purchaseAmount: { amount: '100', currency: 'USDC' } });

    use();
    const real = await client.getOnrampQuote({
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '100',
      network: 'ethereum',
    });
    expect(real.purchaseAmount.amount).toBe('96.51');
    expect(real.fallback).toBeUndefined();
    const url = await client.generateOnrampUrl({
      destinationWallets: [{ address: FIXTURE_ADDRESS, blockchains: ['ethereum'], assets: ['USDC'] }],
      defaultNetwork: 'ethereum',
      partnerUserId: FIXTURE_ADDRESS,
    });
    expect(url.url).toMatch(/^https:/);
  });

  it('drops unsafe avatars and rejects malformed responses with ApiError', async () => {
    use({ identity: { name: 'evil\u202E.eth', avatar: 'javascript:alert(1)' } });
    await expect(client.getIdentity(FIXTURE_ADDRESS, { sender: FIXTURE_ADDRESS })).resolves.toEqual({
      name: 'evil.eth',
      avatar: null,
    });
    use({ variant: 'malformed' });
    await expect(
      client.getBalances({ address: FIXTURE_ADDRESS, chainId: 'eip155:1' }),
    ).rejects.toBeInstanceOf(ApiError);
    use({ variant: 'error' });
    const e = await client.getTransactions({ account: FIXTURE_ADDRESS }).catch((x: unknown) => x);
    expect((e as ApiError).status).toBe(500);
  });

  it('builds the RPC URL of a network', () => {
    expect(client.rpcUrl('eip155:137')).toBe(`${BASE}/v1/?chainId=eip155%3A137&projectId=proj-1`);
  });
});
