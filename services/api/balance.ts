/** GET /v1/account/{address}/balance: native + every known token, read on chain, with a short cache. */
import type { Address } from 'viem';
import { erc20Abi } from './abis.ts';
import type { App } from './app-types.ts';
import { caip2, caip2Schema, caip10, parseAccount, parseEvmCaip10 } from './caip.ts';
import {
  type ApiContext,
  type EvmChainContext,
  evmChain,
  formatUnitsExact,
  type KnownToken,
  priceOf,
  tokenIcon,
  usdValue,
} from './context.ts';
import { ApiError, badRequest, parseOrThrow } from './errors.ts';

/** Balances are cached this long unless `forceUpdate` names the token. */
export const BALANCE_CACHE_MS = 15_000;
const SOLANA_ADDRESS_RE = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

export interface BalanceView {
  name: string;
  symbol: string;
  chainId: string;
  address?: string;
  value?: number;
  price: number;
  quantity: { decimals: string; numeric: string };
  iconUrl: string;
}

export class BalanceCache {
  private readonly entries = new Map<string, { at: number; value: bigint }>();

  async read(key: string, force: boolean, load: () => Promise<bigint>): Promise<bigint> {
    const hit = this.entries.get(key);
    if (!force && hit && Date.now() - hit.at < BALANCE_CACHE_MS) return hit.value;
    const value = await load();
    this.entries.set(key, { at: Date.now(), value });
    return value;
  }
}

function view(token: KnownToken, raw: bigint): BalanceView {
  const numeric = formatUnitsExact(raw, token.decimals);
  const price = priceOf(token.symbol);
  const out: BalanceView = {
    name: token.name,
    symbol: token.symbol,
    chainId: caip2(token.chainId),
    value: usdValue(numeric, price),
    price,
    quantity: { decimals: String(token.decimals), numeric },
    iconUrl: tokenIcon(token.symbol),
  };
  if (!token.native) out.address = caip10(token.chainId, token.address);
  return out;
}

async function evmBalances(
  cache: BalanceCache,
  chain: EvmChainContext,
  owner: Address,
  force: Set<string>,
): Promise<BalanceView[]> {
  return Promise.all(
    chain.tokens.map(async (token) => {
      const id = caip10(token.chainId, token.address).toLowerCase();
      const raw = await cache.read(`${id}:${owner.toLowerCase()}`, force.has(id), () =>
        token.native
          ? chain.client.getBalance({ address: owner })
          : chain.client.readContract({
              address: token.address,
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [owner],
            }),
      );
      return view(token, raw);
    }),
  );
}

async function solanaBalance(ctx: ApiContext, owner: string): Promise<BalanceView> {
  const res = await fetch(ctx.chains.solana.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [owner] }),
    signal: AbortSignal.timeout(8_000),
  });
  const json = (await res.json()) as { result?: { value?: number } };
  const lamports = BigInt(json.result?.value ?? 0);
  const numeric = formatUnitsExact(lamports, 9);
  const price = priceOf('SOL');
  return {
    name: 'Solana',
    symbol: 'SOL',
    chainId: ctx.chains.solana.caip2,
    value: usdValue(numeric, price),
    price,
    quantity: { decimals: '9', numeric },
    iconUrl: tokenIcon('SOL'),
  };
}

export function registerBalanceRoutes(app: App, ctx: ApiContext): void {
  const cache = new BalanceCache();
  app.get('/v1/account/:address/balance', async (c) => {
    const q = c.req.query();
    const currency = (q.currency ?? 'usd').toLowerCase();
    if (currency !== 'usd') throw badRequest('currency', 'Only currency=usd is supported');
    const rawAddress = c.req.param('address');
    const chainId = q.chainId ? parseOrThrow(caip2Schema, q.chainId, 'chainId') : undefined;

    if (chainId && chainId === ctx.chains.solana.caip2) {
      if (!SOLANA_ADDRESS_RE.test(rawAddress)) throw badRequest('address', 'Invalid Solana address');
      try {
        return c.json({ balances: [await solanaBalance(ctx, rawAddress)] });
      } catch {
        throw new ApiError(502, 'chainId', 'The local Solana runtime did not answer; try again');
      }
    }

    const { address, chainId: accountChain } = parseAccount(rawAddress, 'address');
    const force = new Set<string>();
    if (q.forceUpdate) {
      for (const item of q.forceUpdate.split(',')) {
        if (!item.trim()) continue;
        const parsed = parseEvmCaip10(item.trim(), 'forceUpdate');
        force.add(
          caip10(parsed.chainId, parsed.native ? parsed.address.toLowerCase() : parsed.address).toLowerCase(),
        );
      }
    }
    const chains = chainId
      ? [evmChain(ctx, chainId)]
      : accountChain !== undefined
        ? [evmChain(ctx, accountChain, 'address')]
        : [...ctx.evm.values()];
    try {
      const lists = await Promise.all(chains.map((ch) => evmBalances(cache, ch, address, force)));
      return c.json({ balances: lists.flat() });
    } catch {
      throw new ApiError(502, 'chainId', 'The local chain did not answer; try again');
    }
  });
}
