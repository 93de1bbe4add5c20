/**
 * Blockchain API contract tests over real HTTP against the running server and the local chains (startChains):
 * every spec §7 endpoint's shape (zod schemas mirroring API.md), error shapes, the on-ramp page, the RPC proxy,
 * and a swap done purely through the API. The API and the chains on free ports.
 */
import { rmSync } from 'node:fs';
import {
  type Address,
  decodeFunctionData,
  type Hex,
  maxUint256,
  parseEther,
  parseSignature,
  parseUnits,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PERMIT_TYPES } from '../../src/chains/evm/permit.ts';
import { testPermitTokenAbi } from '../chain/abis.ts';
import { DEV_PRIVATE_KEYS, type LocalChains, startChains } from '../chain/index.ts';
import { getWithHost } from '../raw-request.ts';
import { erc20Abi, routerAbi } from './abis.ts';
import {
  allowanceSchema,
  balancesSchema,
  buildApproveSchema,
  buildTransactionSchema,
  errorSchema,
  gasPriceSchema,
  historySchema,
  identitySchema,
  jsonRpcResponseSchema,
  onrampOptionsSchema,
  onrampQuoteSchema,
  onrampUrlSchema,
  pricesSchema,
  quotesSchema,
  tokensSchema,
} from './contract-schemas.ts';
import { type ApiServer, startApiServer } from './server.ts';
import { call, clientsFor, get, PROJECT_ID, post, tempDataDir } from './test-helpers.ts';

const P = `projectId=${PROJECT_ID}`;
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

let dataDir: string;
let chains: LocalChains;
let server: ApiServer;
let base: string;

const info = () => {
  const c = chains.evm[0];
  if (!c) throw new Error('no chain');
  return c;
};
const caip = (addr: string, chainId = info().chainId) => `eip155:${chainId}:${addr}`;
const key = (i: number) => DEV_PRIVATE_KEYS[i] as Hex;

async function balancesOf(address: string, chainId: number, force: string[] = []) {
  const q = force.length > 0 ? `&forceUpdate=${force.join(',')}` : '';
  const res = await get(
    base,
    `/v1/account/${address}/balance?${P}&currency=usd&chainId=eip155:${chainId}${q}`,
  );
  expect(res.status).toBe(200);
  return balancesSchema.parse(res.json).balances;
}
const raw = (balances: Awaited<ReturnType<typeof balancesOf>>, symbol: string): bigint => {
  const b = balances.find((x) => x.symbol === symbol);
  if (!b) throw new Error(`no ${symbol} balance`);
  return parseUnits(b.quantity.numeric, Number(b.quantity.decimals));
};

/** A KUSD permit (EIP-2612) of dev account `keyIndex` for the router, for exactly `value`. */
async function signKusdPermit(keyIndex: number, value: bigint, deadline: bigint): Promise<Hex> {
  const { wallet, pub, account } = clientsFor(info(), key(keyIndex));
  const kusd = info().contracts.kusd as Address;
  const nonce = await pub.readContract({
    address: kusd,
    abi: testPermitTokenAbi,
    functionName: 'nonces',
    args: [account.address],
  });
  return wallet.signTypedData({
    domain: { name: 'Keyway Dollar', version: '1', chainId: info().chainId, verifyingContract: kusd },
    types: PERMIT_TYPES,
    primaryType: 'Permit',
    message: { owner: account.address, spender: info().contracts.router, value, nonce, deadline },
  });
}
const soon = () => BigInt(Math.floor(Date.now() / 1000) + 20 * 60);

// Chains and contracts start in seconds alone; the full suite on two shared cores once took over 60 s.
beforeAll(async () => {
  dataDir = tempDataDir('chain');
  chains = await startChains({ evmPorts: [0, 0], solanaPort: 0 });
  server = await startApiServer({ port: 0, chains, dataDir, testMode: true });
  base = server.url;
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await chains?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('projectId and error shapes', () => {
  it('requires projectId on every Blockchain API call', async () => {
    const a = privateKeyToAccount(key(1)).address;
    const calls: [string, string, unknown?][] = [
      ['GET', `/v1/identity/${a}`],
      ['GET', `/v1/account/${a}/history`],
      ['GET', `/v1/account/${a}/balance?currency=usd&chainId=eip155:31337`],
      ['GET', '/v1/convert/tokens?chainId=eip155:31337'],
      ['GET', '/v1/convert/quotes'],
      ['POST', '/v1/fungible/price', { currency: 'usd', addresses: [] }],
      ['GET', '/v1/convert/allowance'],
      ['GET', '/v1/convert/gas-price?chainId=eip155:31337'],
      ['POST', '/v1/convert/build-transaction', {}],
      ['GET', '/v1/convert/build-approve'],
      ['GET', '/v1/profile/account/alice'],
      ['GET', `/v1/profile/reverse/${a}`],
      ['GET', '/v1/profile/suggestions/alice'],
      ['POST', '/v1/profile/account', {}],
      ['POST', '/v1/generators/onrampurl', {}],
      ['GET', '/v1/onramp/options'],
      ['POST', '/v1/onramp/quote', {}],
      ['POST', '/v1/?chainId=eip155:31337', { jsonrpc: '2.0', id: 1, method: 'eth_chainId' }],
    ];
    for (const [method, path, body] of calls) {
      const res = await call(base, method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(errorSchema.parse(res.json).reasons[0]?.field).toBe('projectId');
    }
    const bad = await get(base, '/v1/convert/tokens?chainId=eip155:31337&projectId=%3Cscript%3E');
    expect(bad.status).toBe(400);
  });

  it('answers invalid addresses, unknown chains and malformed bodies with 400 and the error shape', async () => {
    const a = privateKeyToAccount(key(1)).address;
    const cases: [string, string, { body?: unknown; rawBody?: string }?][] = [
      ['GET', `/v1/account/0x123/balance?${P}&currency=usd&chainId=eip155:31337`],
      ['GET', `/v1/account/${a}/balance?${P}&currency=usd&chainId=eip155:999`],
      ['GET', `/v1/account/${a}/balance?${P}&currency=usd&chainId=garbage`],
      ['GET', `/v1/account/${a}/balance?${P}&currency=eur&chainId=eip155:31337`],
      ['GET', `/v1/account/${a}/balance?${P}&chainId=eip155:31337&forceUpdate=nope`],
      ['GET', `/v1/account/nothex/history?${P}`],
      ['GET', `/v1/account/${a}/history?${P}&chainId=eip155:5`],
      ['GET', `/v1/account/${a}/history?${P}&cursor=!!notacursor`],
      ['GET', `/v1/identity/0xzz?${P}`],
      ['GET', `/v1/convert/tokens?${P}&chainId=eip155:1`],
      ['GET', `/v1/convert/tokens?${P}`],
      ['GET', `/v1/convert/gas-price?${P}&chainId=eip155:12`],
      ['GET', `/v1/convert/allowance?${P}&tokenAddress=0x1&userAddress=${a}`],
      ['GET', `/v1/convert/quotes?${P}&amount=-1&userAddress=${a}&from=x&to=y`],
      ['POST', `/v1/fungible/price?${P}`, { rawBody: '{"addresses": [' }],
      ['POST', `/v1/fungible/price?${P}`, { body: { currency: 'usd', addresses: ['not-caip'] } }],
      ['POST', `/v1/convert/build-transaction?${P}`, { rawBody: 'not json' }],
      ['POST', `/v1/onramp/quote?${P}`, { body: { amount: 'x' } }],
      ['POST', `/v1/generators/onrampurl?${P}`, { body: { destinationWallets: [{ address: '0xnope' }] } }],
      ['POST', `/v1/?${P}&chainId=eip155:4242`, { body: { jsonrpc: '2.0', id: 1, method: 'eth_chainId' } }],
      ['POST', `/v1/?${P}&chainId=eip155:31337`, { rawBody: '{"jsonrpc":' }],
      ['POST', `/v1/?${P}&chainId=eip155:31337`, { body: { hello: 'world' } }],
    ];
    for (const [method, path, opts] of cases) {
      const res = await call(base, method, path, opts);
      expect(res.status, `${method} ${path}`).toBe(400);
      errorSchema.parse(res.json);
    }
  });
});

describe('balances', () => {
  it('returns native and every known token read on chain, with USD values', async () => {
    const me = privateKeyToAccount(key(3)).address;
    const balances = await balancesOf(me, 31337);
    expect(balances.map((b) => b.symbol).sort()).toEqual(['DAI', 'ETH', 'KUSD', 'USDC', 'WETH']);
    const eth = balances.find((b) => b.symbol === 'ETH');
    expect(eth?.address).toBeUndefined();
    const usdc = balances.find((b) => b.symbol === 'USDC');
    expect(usdc?.address).toBe(caip(info().contracts.usdc));
    expect(usdc?.quantity.decimals).toBe('6');
    const { pub } = clientsFor(info(), key(3));
    const onChain = await pub.readContract({
      address: info().contracts.usdc,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [me],
    });
    expect(raw(balances, 'USDC')).toBe(onChain);
    expect(usdc?.value).toBeCloseTo(Number(usdc?.quantity.numeric) * (usdc?.price ?? 0), 4);
    expect(raw(balances, 'ETH')).toBe(await pub.getBalance({ address: me }));
  });

  it('serves a short cache and refreshes the tokens named in forceUpdate', async () => {
    const receiver = privateKeyToAccount(generatePrivateKey()).address;
    expect(raw(await balancesOf(receiver, 31337), 'USDC')).toBe(0n);
    const { wallet, pub } = clientsFor(info(), key(3));
    const hash = await wallet.writeContract({
      address: info().contracts.usdc,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [receiver, 1_500_000n],
    });
    await pub.waitForTransactionReceipt({ hash });
    expect(raw(await balancesOf(receiver, 31337), 'USDC')).toBe(0n); // cached
    const forced = await balancesOf(receiver, 31337, [caip(info().contracts.usdc)]);
    expect(raw(forced, 'USDC')).toBe(1_500_000n);
    expect(forced.find((b) => b.symbol === 'USDC')?.quantity.numeric).toBe('1.5');
  });

  it('returns every local EVM chain without chainId, and SOL on the Solana chain', async () => {
    const me = privateKeyToAccount(key(1)).address;
    const res = await get(base, `/v1/account/${me}/balance?${P}&currency=usd`);
    const all = balancesSchema.parse(res.json).balances;
    expect(new Set(all.map((b) => b.chainId))).toEqual(new Set(['eip155:31337', 'eip155:31338']));
    const sol = await get(
      base,
      `/v1/account/11111111111111111111111111111111/balance?${P}&currency=usd&chainId=${chains.solana.caip2}`,
    );
    expect(sol.status).toBe(200);
    expect(balancesSchema.parse(sol.json).balances[0]?.symbol).toBe('SOL');
  });
});

describe('history', () => {
  it('shows a native transfer to a fresh address as received, confirmed', async () => {
    const receiver = privateKeyToAccount(generatePrivateKey()).address;
    const { wallet, pub } = clientsFor(info(), key(1));
    const hash = await wallet.sendTransaction({ to: receiver, value: parseEther('0.25') });
    await pub.waitForTransactionReceipt({ hash });
    const res = await get(base, `/v1/account/${receiver}/history?${P}`);
    const { data, next } = historySchema.parse(res.json);
    expect(next).toBeNull();
    expect(data).toHaveLength(1);
    expect(data[0]?.metadata).toMatchObject({
      hash,
      operationType: 'receive',
      status: 'confirmed',
      chain: 'eip155:31337',
    });
    expect(data[0]?.transfers).toEqual([
      expect.objectContaining({ direction: 'in', quantity: { numeric: '0.25' } }),
    ]);
    const sender = historySchema.parse(
      (await get(base, `/v1/account/${wallet.account.address}/history?${P}`)).json,
    );
    expect(sender.data[0]?.metadata).toMatchObject({ hash, operationType: 'send' });
    expect(sender.data[0]?.transfers[0]?.direction).toBe('out');
  });

  it('shows ERC-20 transfers and failed transactions', async () => {
    const receiver = privateKeyToAccount(generatePrivateKey()).address;
    const { wallet, pub } = clientsFor(info(), key(1));
    const ok = await wallet.writeContract({
      address: info().contracts.dai,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [receiver, parseEther('2')],
    });
    await pub.waitForTransactionReceipt({ hash: ok });
    const failed = await wallet.sendTransaction({
      to: info().contracts.dai,
      data: '0xdeadbeef',
      gas: 100_000n,
    });
    await pub.waitForTransactionReceipt({ hash: failed });
    const got = historySchema.parse((await get(base, `/v1/account/${receiver}/history?${P}`)).json).data;
    expect(got[0]?.transfers[0]).toMatchObject({
      direction: 'in',
      quantity: { numeric: '2' },
      fungible_info: { symbol: 'DAI' },
    });
    const mine = historySchema.parse(
      (await get(base, `/v1/account/${wallet.account.address}/history?${P}`)).json,
    );
    expect(mine.data[0]?.metadata).toMatchObject({ hash: failed, status: 'failed' });
    // The token send's counterparty is the recipient of the transfer, not the token contract it was sent to.
    const sent = mine.data.find((t) => t.metadata.hash === ok);
    expect(sent?.metadata).toMatchObject({ operationType: 'send', sentTo: receiver });
  });

  it('pages newest first with an opaque cursor, filters by chain, and includes the spam-flagged NFT', async () => {
    const dev0 = privateKeyToAccount(key(0)).address;
    const seen: z.infer<typeof historySchema>['data'] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 50; page++) {
      const res = await get(base, `/v1/account/${dev0}/history?${P}${cursor ? `&cursor=${cursor}` : ''}`);
      const body = historySchema.parse(res.json);
      seen.push(...body.data);
      cursor = body.next;
      if (!cursor) break;
    }
    expect(cursor).toBeNull();
    expect(seen.length).toBeGreaterThan(20); // more than one page
    expect(new Set(seen.map((t) => t.id)).size).toBe(seen.length);
    const times = seen.map((t) => Date.parse(t.metadata.minedAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const spam = seen.flatMap((t) => t.transfers).filter((t) => t.nft_info?.flags.is_spam);
    expect(spam.length).toBeGreaterThan(0);

    const l2 = historySchema.parse(
      (await get(base, `/v1/account/${dev0}/history?${P}&chainId=eip155:31338`)).json,
    );
    expect(l2.data.length).toBeGreaterThan(0);
    expect(l2.data.every((t) => t.metadata.chain === 'eip155:31338')).toBe(true);
  });
});

describe('convert', () => {
  it('lists the tokens of a chain', async () => {
    const { tokens } = tokensSchema.parse(
      (await get(base, `/v1/convert/tokens?${P}&chainId=eip155:31337`)).json,
    );
    expect(tokens.find((t) => t.symbol === 'USDC')).toMatchObject({
      decimals: 6,
      address: caip(info().contracts.usdc),
    });
    expect(tokens.find((t) => t.symbol === 'ETH')?.address).toBe(caip(NATIVE));
  });

  it('quotes from the pool reserves (router getAmountOut) and refuses pairs without a pool', async () => {
    const me = caip(privateKeyToAccount(key(2)).address);
    const amount = parseEther('1');
    const res = await get(
      base,
      `/v1/convert/quotes?${P}&amount=${amount}&userAddress=${me}&from=${caip(NATIVE)}&to=${caip(info().contracts.usdc)}&gasPrice=1000000000`,
    );
    const [q] = quotesSchema.parse(res.json).quotes;
    const { pub } = clientsFor(info(), key(2));
    const expected = await pub.readContract({
      address: info().contracts.router,
      abi: routerAbi,
      functionName: 'getAmountOut',
      args: [info().contracts.weth, info().contracts.usdc, amount],
    });
    expect(q?.toAmount).toBe(expected.toString());
    expect(q?.fromAmount).toBe(amount.toString());
    const noPool = await get(
      base,
      `/v1/convert/quotes?${P}&amount=${amount}&userAddress=${me}&from=${caip(NATIVE)}&to=${caip(info().contracts.dai)}`,
    );
    expect(noPool.status).toBe(400);
    expect(errorSchema.parse(noPool.json).reasons[0]?.field).toBe('to');
  });

  it('reports the node gas price', async () => {
    const gp = gasPriceSchema.parse(
      (await get(base, `/v1/convert/gas-price?${P}&chainId=eip155:31338`)).json,
    );
    expect(BigInt(gp.standard)).toBeGreaterThan(0n);
    expect(BigInt(gp.fast)).toBeGreaterThanOrEqual(BigInt(gp.standard));
    expect(BigInt(gp.instant)).toBeGreaterThanOrEqual(BigInt(gp.fast));
  });

  it('builds an exact-amount approval whose spender is the router, and needs the amount', async () => {
    const me = privateKeyToAccount(key(2)).address;
    const q = `userAddress=${caip(me)}&from=${caip(info().contracts.usdc)}&to=${caip(info().contracts.dai)}`;
    const res = await get(base, `/v1/convert/build-approve?${P}&${q}&amount=1234567`);
    const { tx } = buildApproveSchema.parse(res.json);
    expect(tx.to).toBe(info().contracts.usdc);
    expect(tx.value).toBe('0');
    const decoded = decodeFunctionData({ abi: erc20Abi, data: tx.data as Hex });
    expect(decoded.functionName).toBe('approve');
    expect(decoded.args).toEqual([info().contracts.router, 1234567n]);
    const missing = await get(base, `/v1/convert/build-approve?${P}&${q}`);
    expect(missing.status).toBe(400);
    expect(errorSchema.parse(missing.json).reasons[0]?.field).toBe('amount');
  });

  it('builds router calldata honouring slippage, with the ETH variants for native in and out', async () => {
    const me = privateKeyToAccount(key(2)).address;
    const build = async (from: string, to: string, amount: bigint, slippage: number | string) => {
      const res = await post(base, '/v1/convert/build-transaction', {
        projectId: PROJECT_ID,
        userAddress: caip(me),
        from: caip(from),
        to: caip(to),
        amount: amount.toString(),
        eip155: { slippage },
      });
      expect(res.status).toBe(200);
      const { tx } = buildTransactionSchema.parse(res.json);
      expect(tx.to).toBe(info().contracts.router);
      return { tx, decoded: decodeFunctionData({ abi: routerAbi, data: tx.data as Hex }) };
    };
    const quoteOf = async (from: string, to: string, amount: bigint) =>
      BigInt(
        quotesSchema.parse(
          (
            await get(
              base,
              `/v1/convert/quotes?${P}&amount=${amount}&userAddress=${caip(me)}&from=${caip(from)}&to=${caip(to)}`,
            )
          ).json,
        ).quotes[0]?.toAmount ?? '0',
      );

    const ethIn = await build(NATIVE, info().contracts.usdc, parseEther('0.5'), 1);
    expect(ethIn.decoded.functionName).toBe('swapExactETHForTokens');
    expect(ethIn.tx.amount).toBe(parseEther('0.5').toString());
    const q1 = await quoteOf(NATIVE, info().contracts.usdc, parseEther('0.5'));
    expect(ethIn.decoded.args).toEqual([info().contracts.usdc, (q1 * 99n) / 100n, me]);

    const ethOut = await build(info().contracts.usdc, NATIVE, 1_000_000_000n, '2.5');
    expect(ethOut.decoded.functionName).toBe('swapExactTokensForETH');
    expect(ethOut.tx.amount).toBe('0');
    const q2 = await quoteOf(info().contracts.usdc, NATIVE, 1_000_000_000n);
    expect(ethOut.decoded.args).toEqual([info().contracts.usdc, 1_000_000_000n, (q2 * 9750n) / 10_000n, me]);

    const tokens = await build(info().contracts.usdc, info().contracts.dai, 5_000_000n, 0);
    expect(tokens.decoded.functionName).toBe('swapExactTokensForTokens');
    const q3 = await quoteOf(info().contracts.usdc, info().contracts.dai, 5_000_000n);
    expect(tokens.decoded.args).toEqual([info().contracts.usdc, info().contracts.dai, 5_000_000n, q3, me]);

    const badSlippage = await post(base, '/v1/convert/build-transaction', {
      projectId: PROJECT_ID,
      userAddress: caip(me),
      from: caip(NATIVE),
      to: caip(info().contracts.usdc),
      amount: '1000',
      eip155: { slippage: 'lots' },
    });
    expect(badSlippage.status).toBe(400);
    errorSchema.parse(badSlippage.json);
  });

  it('flags KUSD eip2612 and builds the WithPermit calls from a signed permit; refuses malformed permits', async () => {
    const { tokens } = tokensSchema.parse(
      (await get(base, `/v1/convert/tokens?${P}&chainId=eip155:31337`)).json,
    );
    const kusd = info().contracts.kusd as Address;
    expect(tokens.find((t) => t.symbol === 'KUSD')).toMatchObject({
      name: 'Keyway Dollar',
      decimals: 18,
      address: caip(kusd),
      eip2612: true,
    });
    expect(tokens.filter((t) => t.eip2612).map((t) => t.symbol)).toEqual(['KUSD']);

    const me = privateKeyToAccount(key(2)).address;
    const amount = parseUnits('20', 18);
    const deadline = soon();
    const signature = await signKusdPermit(2, amount, deadline);
    const { r, s } = parseSignature(signature);
    const v = Number(parseSignature(signature).v);
    const build = (to: string, permit: unknown, from = caip(kusd)) =>
      post(base, '/v1/convert/build-transaction', {
        projectId: PROJECT_ID,
        userAddress: caip(me),
        from,
        to: caip(to),
        amount: amount.toString(),
        eip155: { slippage: 1, permit },
      });

    const toUsdc = await build(info().contracts.usdc, { deadline: deadline.toString(), signature });
    expect(toUsdc.status).toBe(200);
    const t1 = buildTransactionSchema.parse(toUsdc.json).tx;
    expect(t1.to).toBe(info().contracts.router);
    expect(t1.amount).toBe('0');
    const d1 = decodeFunctionData({ abi: routerAbi, data: t1.data as Hex });
    expect(d1.functionName).toBe('swapExactTokensForTokensWithPermit');
    const [tokenIn, tokenOut, amountIn, minOut, recipient, ...rest1] = d1.args as readonly unknown[];
    expect([tokenIn, tokenOut, amountIn, recipient]).toEqual([kusd, info().contracts.usdc, amount, me]);
    expect(minOut).toBeGreaterThan(0n);
    expect(rest1).toEqual([deadline, v, r, s]);

    const toEth = await build(NATIVE, { deadline: deadline.toString(), signature });
    const d2 = decodeFunctionData({
      abi: routerAbi,
      data: buildTransactionSchema.parse(toEth.json).tx.data as Hex,
    });
    expect(d2.functionName).toBe('swapExactTokensForETHWithPermit');
    expect((d2.args as readonly unknown[]).slice(4)).toEqual([deadline, v, r, s]);

    const refused = async (permit: unknown, field: string, from?: string) => {
      const res = await build(info().contracts.usdc, permit, from);
      expect(res.status, JSON.stringify(permit)).toBe(400);
      expect(errorSchema.parse(res.json).reasons[0]?.field).toBe(field);
    };
    await refused('yes', 'eip155.permit');
    await refused({ signature }, 'eip155.permit.deadline');
    await refused({ deadline: '-1', signature }, 'eip155.permit.deadline');
    await refused({ deadline: deadline.toString() }, 'eip155.permit.signature');
    await refused({ deadline: deadline.toString(), signature: '0x1234' }, 'eip155.permit.signature');
    await refused({ deadline: '1000', signature }, 'eip155.permit.deadline');
    // A token without permit support, and the native coin, take no permit.
    await refused({ deadline: deadline.toString(), signature }, 'eip155.permit', caip(info().contracts.dai));
    const native = await build(
      info().contracts.usdc,
      { deadline: deadline.toString(), signature },
      caip(NATIVE),
    );
    expect(native.status).toBe(400);
  });

  it('reads prices and allowances', async () => {
    const prices = pricesSchema.parse(
      (
        await post(base, '/v1/fungible/price', {
          projectId: PROJECT_ID,
          currency: 'usd',
          addresses: [
            caip(info().contracts.usdc),
            caip(NATIVE),
            `${chains.solana.caip2}:So11111111111111111111111111111111111111111`,
          ],
        })
      ).json,
    );
    expect(prices.fungibles.map((f) => [f.symbol, f.price])).toEqual([
      ['USDC', 1],
      ['ETH', 3000],
      ['SOL', 150],
    ]);
    const native = await get(
      base,
      `/v1/convert/allowance?${P}&tokenAddress=${caip(NATIVE)}&userAddress=${caip(privateKeyToAccount(key(3)).address)}`,
    );
    expect(allowanceSchema.parse(native.json).allowance).toBe(maxUint256.toString());
  });
});

describe('a swap done purely through the API', () => {
  it('quote → build-approve → send → build-transaction → send → balances changed by the quoted amount', async () => {
    const { wallet, pub, account } = clientsFor(info(), key(2));
    const me = account.address;
    const from = caip(info().contracts.usdc);
    const to = caip(info().contracts.dai);
    const amount = 250_000_000n; // 250 USDC
    const slippage = 1;
    const before = await balancesOf(me, 31337, [from, to]);

    const quoteRes = await get(
      base,
      `/v1/convert/quotes?${P}&amount=${amount}&userAddress=${caip(me)}&from=${from}&to=${to}&gasPrice=1`,
    );
    const quoted = BigInt(quotesSchema.parse(quoteRes.json).quotes[0]?.toAmount ?? '0');
    expect(quoted).toBeGreaterThan(0n);

    const allowance0 = allowanceSchema.parse(
      (await get(base, `/v1/convert/allowance?${P}&tokenAddress=${from}&userAddress=${caip(me)}`)).json,
    );
    expect(BigInt(allowance0.allowance)).toBeLessThan(amount);

    const approve = buildApproveSchema.parse(
      (
        await get(
          base,
          `/v1/convert/build-approve?${P}&userAddress=${caip(me)}&from=${from}&to=${to}&amount=${amount}`,
        )
      ).json,
    ).tx;
    const approveHash = await wallet.sendTransaction({
      to: approve.to as Address,
      data: approve.data as Hex,
      value: BigInt(approve.value),
      gas: BigInt(approve.eip155.gas),
      gasPrice: BigInt(approve.eip155.gasPrice),
    });
    expect((await pub.waitForTransactionReceipt({ hash: approveHash })).status).toBe('success');
    const allowance1 = allowanceSchema.parse(
      (await get(base, `/v1/convert/allowance?${P}&tokenAddress=${from}&userAddress=${caip(me)}`)).json,
    );
    expect(allowance1.allowance).toBe(amount.toString());

    const built = buildTransactionSchema.parse(
      (
        await post(base, '/v1/convert/build-transaction', {
          projectId: PROJECT_ID,
          userAddress: caip(me),
          from,
          to,
          amount: amount.toString(),
          eip155: { slippage },
        })
      ).json,
    ).tx;
    const swapHash = await wallet.sendTransaction({
      to: built.to as Address,
      data: built.data as Hex,
      value: BigInt(built.amount),
      gas: BigInt(built.eip155.gas),
      gasPrice: BigInt(built.eip155.gasPrice),
    });
    expect((await pub.waitForTransactionReceipt({ hash: swapHash })).status).toBe('success');

    const after = await balancesOf(me, 31337, [from, to]);
    expect(raw(before, 'USDC') - raw(after, 'USDC')).toBe(amount);
    const received = raw(after, 'DAI') - raw(before, 'DAI');
    expect(received).toBeLessThanOrEqual(quoted);
    expect(received).toBeGreaterThanOrEqual((quoted * BigInt(100 - slippage)) / 100n);

    const history = historySchema.parse((await get(base, `/v1/account/${me}/history?${P}`)).json);
    const trade = history.data.find((t) => t.metadata.hash === swapHash);
    expect(trade?.metadata.operationType).toBe('trade');
    expect(trade?.transfers.map((t) => [t.direction, t.fungible_info?.symbol])).toEqual([
      ['out', 'USDC'],
      ['in', 'DAI'],
    ]);
  });

  it('swaps native ETH for tokens through the API', async () => {
    const { wallet, pub, account } = clientsFor(info(), key(2));
    const me = account.address;
    const usdc = caip(info().contracts.usdc);
    const amount = parseEther('0.1');
    const before = await balancesOf(me, 31337, [usdc]);
    const quoted = BigInt(
      quotesSchema.parse(
        (
          await get(
            base,
            `/v1/convert/quotes?${P}&amount=${amount}&userAddress=${caip(me)}&from=${caip(NATIVE)}&to=${usdc}`,
          )
        ).json,
      ).quotes[0]?.toAmount ?? '0',
    );
    const built = buildTransactionSchema.parse(
      (
        await post(base, '/v1/convert/build-transaction', {
          projectId: PROJECT_ID,
          userAddress: caip(me),
          from: caip(NATIVE),
          to: usdc,
          amount: amount.toString(),
          eip155: { slippage: 0.5 },
        })
      ).json,
    ).tx;
    const hash = await wallet.sendTransaction({
      to: built.to as Address,
      data: built.data as Hex,
      value: BigInt(built.amount),
    });
    expect((await pub.waitForTransactionReceipt({ hash })).status).toBe('success');
    const after = await balancesOf(me, 31337, [usdc]);
    expect(raw(after, 'USDC') - raw(before, 'USDC')).toBe(quoted);
    const trade = historySchema
      .parse((await get(base, `/v1/account/${me}/history?${P}`)).json)
      .data.find((t) => t.metadata.hash === hash);
    expect(trade?.transfers.map((t) => [t.direction, t.fungible_info?.symbol])).toEqual([
      ['out', 'ETH'],
      ['in', 'USDC'],
    ]);
  });
});

describe('a permit swap done purely through the API', () => {
  it('KUSD → USDC: quote → sign the permit → build-transaction → one transaction; no approval transaction', async () => {
    const { wallet, pub, account } = clientsFor(info(), key(3));
    const me = account.address;
    const from = caip(info().contracts.kusd as Address);
    const to = caip(info().contracts.usdc);
    const amount = parseUnits('75', 18);
    const before = await balancesOf(me, 31337, [from, to]);
    const txCount = await pub.getTransactionCount({ address: me });
    const quoted = BigInt(
      quotesSchema.parse(
        (
          await get(
            base,
            `/v1/convert/quotes?${P}&amount=${amount}&userAddress=${caip(me)}&from=${from}&to=${to}`,
          )
        ).json,
      ).quotes[0]?.toAmount ?? '0',
    );
    expect(quoted).toBeGreaterThan(parseUnits('74', 6));
    const allowance = allowanceSchema.parse(
      (await get(base, `/v1/convert/allowance?${P}&tokenAddress=${from}&userAddress=${caip(me)}`)).json,
    );
    expect(BigInt(allowance.allowance)).toBeLessThan(amount);

    const deadline = soon();
    const signature = await signKusdPermit(3, amount, deadline);
    const built = buildTransactionSchema.parse(
      (
        await post(base, '/v1/convert/build-transaction', {
          projectId: PROJECT_ID,
          userAddress: caip(me),
          from,
          to,
          amount: amount.toString(),
          eip155: { slippage: '0.5', permit: { deadline: deadline.toString(), signature } },
        })
      ).json,
    ).tx;
    // The node could estimate the call (the permit is valid): not the fallback.
    expect(BigInt(built.eip155.gas)).not.toBe(300_000n);
    const hash = await wallet.sendTransaction({
      to: built.to as Address,
      data: built.data as Hex,
      value: BigInt(built.amount),
      gas: BigInt(built.eip155.gas),
    });
    expect((await pub.waitForTransactionReceipt({ hash })).status).toBe('success');
    expect(await pub.getTransactionCount({ address: me })).toBe(txCount + 1);
    const after = await balancesOf(me, 31337, [from, to]);
    expect(raw(before, 'KUSD') - raw(after, 'KUSD')).toBe(amount);
    expect(raw(after, 'USDC') - raw(before, 'USDC')).toBe(quoted);
  });
});

describe('identity', () => {
  it('answers null name and avatar for an address without a name', async () => {
    const me = privateKeyToAccount(key(3)).address;
    const res = await get(base, `/v1/identity/${me}?${P}&sender=${me}`);
    expect(identitySchema.parse(res.json)).toEqual({ name: null, avatar: null });
  });
});

describe('on-ramp', () => {
  it('lists options and quotes a purchase', async () => {
    const options = onrampOptionsSchema.parse((await get(base, `/v1/onramp/options?${P}`)).json);
    expect(options.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR']);
    const usdc = options.purchaseCurrencies.find((c) => c.symbol === 'USDC');
    expect(usdc?.networks.map((n) => n.chain_id)).toEqual(['31337', '31338']);
    const network = usdc?.networks[0]?.name ?? '';
    const quote = onrampQuoteSchema.parse(
      (
        await post(base, `/v1/onramp/quote?${P}`, {
          purchaseCurrency: 'USDC',
          paymentCurrency: 'USD',
          amount: '100',
          network,
        })
      ).json,
    );
    expect(quote.paymentTotal).toEqual({ amount: '100.00', currency: 'USD' });
    expect(quote.purchaseAmount).toEqual({ amount: '98.90', currency: 'USDC' });
    const tooSmall = await post(base, `/v1/onramp/quote?${P}`, {
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '5',
      network,
    });
    expect(tooSmall.status).toBe(400);
    expect(errorSchema.parse(tooSmall.json).reasons[0]?.field).toBe('amount');
  });

  it('generates a provider page URL whose "Pay" mints test USDC to the wallet (balances and history)', async () => {
    const receiver = privateKeyToAccount(generatePrivateKey()).address;
    const res = await post(base, `/v1/generators/onrampurl?${P}`, {
      destinationWallets: [{ address: receiver, blockchains: ['keyway-local-l2'], assets: ['USDC'] }],
      defaultNetwork: 'keyway-local-l2',
      partnerUserId: 'user-1',
      defaultExperience: 'buy',
      presetFiatAmount: 50,
    });
    const { url } = onrampUrlSchema.parse(res.json);
    expect(url.startsWith(`${base}/onramp/checkout/`)).toBe(true);
    expect(url).not.toContain(receiver);

    const page = await get(base, new URL(url).pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.text).toContain('<script src="/onramp/checkout.js"');
    expect(page.text).not.toMatch(/<script>|<script[^>]*>\s*[^<\s]/);
    const js = await get(base, '/onramp/checkout.js');
    expect(js.headers.get('content-type')).toContain('javascript');

    const id = new URL(url).pathname.split('/').pop();
    const session = (await get(base, `/onramp/api/sessions/${id}`)).json as Record<string, unknown>;
    expect(session).toMatchObject({ address: receiver, defaultNetwork: 'keyway-local-l2', amount: '50' });
    const paid = await post(base, `/onramp/api/sessions/${id}/pay`, {
      network: 'keyway-local-l2',
      amount: '50',
    });
    expect(paid.status).toBe(200);
    expect(paid.json).toMatchObject({ chainId: 'eip155:31338', purchaseAmount: '49.40' });

    const l2 = chains.evm[1]?.contracts.usdc ?? '';
    const balances = await balancesOf(receiver, 31338, [`eip155:31338:${l2}`]);
    expect(balances.find((b) => b.symbol === 'USDC')?.quantity.numeric).toBe('49.4');
    const history = historySchema.parse(
      (await get(base, `/v1/account/${receiver}/history?${P}&onramp=coinbase`)).json,
    );
    expect(history.data).toHaveLength(1);
    expect(history.data[0]?.metadata).toMatchObject({ operationType: 'buy', chain: 'eip155:31338' });
    expect(history.data[0]?.transfers[0]).toMatchObject({
      direction: 'in',
      fungible_info: { symbol: 'USDC' },
    });

    const again = await post(base, `/onramp/api/sessions/${id}/pay`, {
      network: 'keyway-local-l2',
      amount: '50',
    });
    expect(again.status).toBe(404);
  });
});

describe('chain RPC proxy', () => {
  it('forwards JSON-RPC to the local chain with that id, and to Solana', async () => {
    for (const c of chains.evm) {
      const res = await post(base, `/v1/?chainId=eip155:${c.chainId}&${P}`, {
        jsonrpc: '2.0',
        id: 7,
        method: 'eth_chainId',
        params: [],
      });
      expect(jsonRpcResponseSchema.parse(res.json)).toEqual({
        jsonrpc: '2.0',
        id: 7,
        result: `0x${c.chainId.toString(16)}`,
      });
    }
    const batch = await post(base, `/v1?chainId=eip155:31337&${P}`, [
      { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] },
      { jsonrpc: '2.0', id: 2, method: 'eth_gasPrice', params: [] },
    ]);
    expect(Array.isArray(batch.json) && batch.json.length).toBe(2);
    const sol = await post(base, `/v1/?chainId=${chains.solana.caip2}&${P}`, {
      jsonrpc: '2.0',
      id: 1,
      method: 'getLatestBlockhash',
      params: [],
    });
    expect(sol.status).toBe(200);
    expect(jsonRpcResponseSchema.parse(sol.json).result).toBeDefined();
  });

  it('lists the requests it forwarded in test mode (chain, project id, methods), not the ones it refused', async () => {
    const someone = privateKeyToAccount(generatePrivateKey()).address;
    const read = { jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [someone, 'latest'] };
    expect((await post(base, `/v1/?chainId=eip155:31338&${P}`, read)).status).toBe(200);
    const refused = { jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [someone, '0x1'] };
    expect((await post(base, `/v1/?chainId=eip155:31337&${P}`, refused)).status).toBe(403);
    const log = (await get(base, '/__test/rpc-proxy')).json as {
      served: { chainId: string; projectId: string; calls: { method: string; params: unknown }[] }[];
    };
    const mine = log.served.filter((r) => JSON.stringify(r.calls).includes(someone));
    expect(mine).toEqual([
      {
        chainId: 'eip155:31338',
        projectId: PROJECT_ID,
        calls: [{ method: 'eth_getBalance', params: [someone, 'latest'] }],
      },
    ]);
  });

  it('refuses the dev nodes’ own methods and unsigned sends, alone or hidden in a batch, and non-JSON posts', async () => {
    const attacker = privateKeyToAccount(generatePrivateKey()).address;
    const balanceOf = async () =>
      jsonRpcResponseSchema.parse(
        (
          await post(base, `/v1/?chainId=eip155:31337&${P}`, {
            jsonrpc: '2.0',
            id: 1,
            method: 'eth_getBalance',
            params: [attacker, 'latest'],
          })
        ).json,
      ).result;
    const before = await balanceOf();
    const rpc = (method: string, params: unknown[]) => ({ jsonrpc: '2.0', id: 1, method, params });
    const attacks: [string, unknown][] = [
      ['eip155:31337', rpc('anvil_setBalance', [attacker, '0xffffffffffffffffffff'])],
      ['eip155:31337', rpc('hardhat_setBalance', [attacker, '0xffffffffffffffffffff'])],
      ['eip155:31337', rpc('evm_mine', [])],
      [
        'eip155:31337',
        rpc('eth_sendTransaction', [{ from: privateKeyToAccount(key(1)).address, to: attacker }]),
      ],
      [
        'eip155:31337',
        [rpc('eth_chainId', []), rpc('anvil_setBalance', [attacker, '0xffffffffffffffffffff'])],
      ],
      [chains.solana.caip2, rpc('requestAirdrop', ['11111111111111111111111111111111', 1_000_000_000])],
    ];
    for (const [chainId, body] of attacks) {
      const res = await post(base, `/v1/?chainId=${chainId}&${P}`, body);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(errorSchema.parse(res.json).reasons[0]?.field).toBe('method');
    }
    expect(await balanceOf()).toBe(before);
    // A form-encoded or text/plain post (sendable cross-site without a preflight) is refused as such.
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await call(base, 'POST', `/v1/?chainId=eip155:31337&${P}`, {
        rawBody: JSON.stringify(rpc('eth_chainId', [])),
        headers: { 'content-type': type },
      });
      expect(res.status, type).toBe(415);
    }
  });
});

describe('Host header (DNS rebinding)', () => {
  it('refuses a request that names another site with 421 and the error shape, before any route', async () => {
    const refused = await getWithHost(
      `${base}/v1/convert/tokens?projectId=${PROJECT_ID}&chainId=eip155:31337`,
      'evil.example:4100',
    );
    expect(refused.status).toBe(421);
    expect(JSON.parse(refused.body)).toMatchObject({ status: 'FAILED', reasons: [{ field: 'host' }] });
    const ok = await getWithHost(
      `${base}/v1/convert/tokens?projectId=${PROJECT_ID}&chainId=eip155:31337`,
      `localhost:${new URL(base).port}`,
    );
    expect(ok.status).toBe(200);
  });
});
