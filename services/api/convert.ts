/** Swap endpoints (convert/*) and fungible/price, computed from the local router's pools. */
import { randomUUID } from 'node:crypto';
import { type Address, encodeFunctionData, type Hex, maxUint256, parseSignature } from 'viem';
import { z } from 'zod';
import { APPROVAL_GAS_ESTIMATE_UNITS } from '../../src/core/constants.ts';
import { erc20Abi, routerAbi } from './abis.ts';
import type { App } from './app-types.ts';
import { caip2Schema, caip10, NATIVE_SOLANA_ADDRESS, parseAccount, parseEvmCaip10 } from './caip.ts';
import {
  type ApiContext,
  type EvmChainContext,
  evmChain,
  findToken,
  type KnownToken,
  priceOf,
  requireToken,
  tokenIcon,
} from './context.ts';
import { ApiError, badRequest, parseOrThrow } from './errors.ts';

/** Gas used when the node cannot estimate a swap yet (for example before the approval is mined). */
const SWAP_GAS_FALLBACK = 300_000n;

const amountSchema = z
  .string({ error: 'amount is required' })
  .regex(/^\d{1,78}$/, 'amount must be a positive integer string in the smallest unit')
  .transform((v) => BigInt(v))
  .refine((v) => v > 0n && v <= maxUint256, 'amount must be greater than 0');

const slippageSchema = z
  .union([z.number(), z.string().regex(/^\d+(\.\d+)?$/, 'slippage must be a number (percent)')])
  .transform((v) => Number(v))
  .refine((v) => Number.isFinite(v) && v >= 0 && v <= 50, 'slippage must be a percent between 0 and 50');

interface Pair {
  chain: EvmChainContext;
  from: KnownToken;
  to: KnownToken;
  /** Router-level token addresses (native ETH is WETH inside the router). */
  tokenIn: Address;
  tokenOut: Address;
}

function resolvePair(ctx: ApiContext, fromId: string, toId: string): Pair {
  const from = parseEvmCaip10(fromId, 'from');
  const to = parseEvmCaip10(toId, 'to');
  if (from.chainId !== to.chainId) throw badRequest('to', 'from and to must be on the same chain');
  const chain = evmChain(ctx, from.chainId, 'from');
  const fromToken = requireToken(chain, from.address, 'from');
  const toToken = requireToken(chain, to.address, 'to');
  const weth = chain.info.contracts.weth;
  const tokenIn = fromToken.native ? weth : fromToken.address;
  const tokenOut = toToken.native ? weth : toToken.address;
  if (tokenIn.toLowerCase() === tokenOut.toLowerCase()) {
    throw badRequest('to', 'from and to must be different assets (wrap/unwrap ETH with the WETH contract)');
  }
  return { chain, from: fromToken, to: toToken, tokenIn, tokenOut };
}

async function quote(pair: Pair, amountIn: bigint): Promise<bigint> {
  let out: bigint;
  try {
    out = await pair.chain.client.readContract({
      address: pair.chain.info.contracts.router,
      abi: routerAbi,
      functionName: 'getAmountOut',
      args: [pair.tokenIn, pair.tokenOut, amountIn],
    });
  } catch {
    throw badRequest('to', `No liquidity pool for ${pair.from.symbol} → ${pair.to.symbol}`);
  }
  if (out === 0n) throw badRequest('amount', 'amount is too small to get a quote');
  return out;
}

async function gasPrice(chain: EvmChainContext): Promise<bigint> {
  try {
    return await chain.client.getGasPrice();
  } catch {
    throw new ApiError(502, 'chainId', 'The local chain did not answer; try again');
  }
}

async function estimate(
  chain: EvmChainContext,
  tx: { from: Address; to: Address; data: Hex; value: bigint },
) {
  try {
    const gas = await chain.client.estimateGas({
      account: tx.from,
      to: tx.to,
      data: tx.data,
      value: tx.value,
    });
    return (gas * 12n) / 10n;
  } catch {
    return undefined;
  }
}

/**
 * An EIP-2612 permit the user signed for this swap (owner: userAddress, spender: the router, value: exactly
 * `amount`): the router uses it instead of an allowance given by an approval transaction.
 */
const permitSchema = z.object(
  {
    deadline: z
      .string({ error: 'eip155.permit.deadline is required' })
      .regex(/^\d{1,20}$/, 'eip155.permit.deadline must be a unix time in seconds (integer string)')
      .transform((v) => BigInt(v)),
    signature: z
      .string({ error: 'eip155.permit.signature is required' })
      .regex(/^0x[0-9a-fA-F]{130}$/, 'eip155.permit.signature must be a 65-byte 0x-hex signature')
      .transform((v, ctx) => {
        try {
          const { r, s, v: sv, yParity } = parseSignature(v as Hex);
          const recovery = sv !== undefined ? Number(sv) : 27 + yParity;
          if (recovery !== 27 && recovery !== 28) throw new Error('v');
          return { v: recovery, r, s };
        } catch {
          ctx.addIssue({ code: 'custom', message: 'eip155.permit.signature is not a valid signature' });
          return z.NEVER;
        }
      }),
  },
  { error: 'eip155.permit must be an object with deadline and signature' },
);

const buildTxBody = z.object({
  projectId: z.string().optional(),
  userAddress: z.string({ error: 'userAddress is required' }).min(1, 'userAddress is required'),
  from: z.string({ error: 'from is required' }).min(1, 'from is required'),
  to: z.string({ error: 'to is required' }).min(1, 'to is required'),
  amount: amountSchema,
  eip155: z.object(
    { slippage: slippageSchema, permit: permitSchema.optional() },
    { error: 'eip155.slippage is required' },
  ),
});

const priceBody = z.object({
  projectId: z.string().optional(),
  currency: z.string().optional().default('usd'),
  addresses: z.array(z.string().min(3).max(200)).min(1, 'addresses must not be empty').max(100),
});

export function registerConvertRoutes(app: App, ctx: ApiContext): void {
  app.get('/v1/convert/tokens', (c) => {
    const chainId = parseOrThrow(caip2Schema, c.req.query('chainId'), 'chainId');
    const chain = evmChain(ctx, chainId);
    return c.json({
      tokens: chain.tokens.map((t) => ({
        name: t.name,
        symbol: t.symbol,
        address: caip10(t.chainId, t.address),
        decimals: t.decimals,
        logoUri: tokenIcon(t.symbol),
        eip2612: t.eip2612 === true,
      })),
    });
  });

  app.get('/v1/convert/quotes', async (c) => {
    const q = c.req.query();
    const amount = parseOrThrow(amountSchema, q.amount, 'amount');
    if (!q.userAddress) throw badRequest('userAddress', 'userAddress is required');
    parseAccount(q.userAddress, 'userAddress');
    if (q.gasPrice !== undefined && !/^\d{0,78}$/.test(q.gasPrice)) {
      throw badRequest('gasPrice', 'gasPrice must be an integer string in wei');
    }
    const pair = resolvePair(ctx, q.from ?? '', q.to ?? '');
    const toAmount = await quote(pair, amount);
    return c.json({
      quotes: [
        {
          id: randomUUID(),
          fromAmount: amount.toString(),
          fromAccount: caip10(pair.chain.info.chainId, pair.from.address),
          toAmount: toAmount.toString(),
          toAccount: caip10(pair.chain.info.chainId, pair.to.address),
        },
      ],
    });
  });

  app.get('/v1/convert/allowance', async (c) => {
    const q = c.req.query();
    const token = parseEvmCaip10(q.tokenAddress ?? '', 'tokenAddress');
    if (!q.userAddress) throw badRequest('userAddress', 'userAddress is required');
    const user = parseAccount(q.userAddress, 'userAddress');
    const chain = evmChain(ctx, token.chainId, 'tokenAddress');
    const known = requireToken(chain, token.address, 'tokenAddress');
    if (known.native) return c.json({ allowance: maxUint256.toString() });
    try {
      const allowance = await chain.client.readContract({
        address: known.address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [user.address, chain.info.contracts.router],
      });
      return c.json({ allowance: allowance.toString() });
    } catch {
      throw new ApiError(502, 'tokenAddress', 'The local chain did not answer; try again');
    }
  });

  app.get('/v1/convert/gas-price', async (c) => {
    const chainId = parseOrThrow(caip2Schema, c.req.query('chainId'), 'chainId');
    const chain = evmChain(ctx, chainId);
    const gp = await gasPrice(chain);
    return c.json({
      standard: gp.toString(),
      fast: ((gp * 12n) / 10n).toString(),
      instant: ((gp * 15n) / 10n).toString(),
    });
  });

  app.get('/v1/convert/build-approve', async (c) => {
    const q = c.req.query();
    if (!q.userAddress) throw badRequest('userAddress', 'userAddress is required');
    const user = parseAccount(q.userAddress, 'userAddress');
    const pair = resolvePair(ctx, q.from ?? '', q.to ?? '');
    if (pair.from.native) throw badRequest('from', 'The native token needs no approval');
    const amount = parseOrThrow(amountSchema, q.amount, 'amount');
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [pair.chain.info.contracts.router, amount],
    });
    const [gp, gas] = await Promise.all([
      gasPrice(pair.chain),
      estimate(pair.chain, { from: user.address, to: pair.from.address, data, value: 0n }),
    ]);
    return c.json({
      tx: {
        from: user.address,
        to: pair.from.address,
        data,
        value: '0',
        eip155: { gas: (gas ?? APPROVAL_GAS_ESTIMATE_UNITS).toString(), gasPrice: gp.toString() },
      },
    });
  });

  app.post('/v1/convert/build-transaction', async (c) => {
    const body = parseOrThrow(buildTxBody, await c.req.json().catch(() => undefined));
    const user = parseAccount(body.userAddress, 'userAddress');
    const pair = resolvePair(ctx, body.from, body.to);
    const expected = await quote(pair, body.amount);
    const bps = BigInt(Math.round(body.eip155.slippage * 100));
    const minOut = (expected * (10_000n - bps)) / 10_000n;
    const router = pair.chain.info.contracts.router;
    let data: Hex;
    let value = 0n;
    const permit = body.eip155.permit;
    if (permit && !pair.from.eip2612) {
      throw badRequest(
        'eip155.permit',
        pair.from.native
          ? 'The native token needs no approval'
          : `${pair.from.symbol} does not support EIP-2612 permits; approve it with a transaction`,
      );
    }
    if (permit && permit.deadline <= BigInt(Math.floor(Date.now() / 1000))) {
      throw badRequest('eip155.permit.deadline', 'The permit has expired; sign a new one');
    }
    if (permit) {
      const { v, r, s } = permit.signature;
      data = pair.to.native
        ? encodeFunctionData({
            abi: routerAbi,
            functionName: 'swapExactTokensForETHWithPermit',
            args: [pair.tokenIn, body.amount, minOut, user.address, permit.deadline, v, r, s],
          })
        : encodeFunctionData({
            abi: routerAbi,
            functionName: 'swapExactTokensForTokensWithPermit',
            args: [pair.tokenIn, pair.tokenOut, body.amount, minOut, user.address, permit.deadline, v, r, s],
          });
    } else if (pair.from.native) {
      data = encodeFunctionData({
        abi: routerAbi,
        functionName: 'swapExactETHForTokens',
        args: [pair.tokenOut, minOut, user.address],
      });
      value = body.amount;
    } else if (pair.to.native) {
      data = encodeFunctionData({
        abi: routerAbi,
        functionName: 'swapExactTokensForETH',
        args: [pair.tokenIn, body.amount, minOut, user.address],
      });
    } else {
      data = encodeFunctionData({
        abi: routerAbi,
        functionName: 'swapExactTokensForTokens',
        args: [pair.tokenIn, pair.tokenOut, body.amount, minOut, user.address],
      });
    }
    const [gp, gas] = await Promise.all([
      gasPrice(pair.chain),
      estimate(pair.chain, { from: user.address, to: router, data, value }),
    ]);
    return c.json({
      tx: {
        from: user.address,
        to: router,
        data,
        amount: value.toString(),
        eip155: { gas: (gas ?? SWAP_GAS_FALLBACK).toString(), gasPrice: gp.toString() },
      },
    });
  });

  app.post('/v1/fungible/price', async (c) => {
    const body = parseOrThrow(priceBody, await c.req.json().catch(() => undefined));
    if (body.currency.toLowerCase() !== 'usd') throw badRequest('currency', 'Only currency=usd is supported');
    const fungibles: { name: string; symbol: string; iconUrl: string; price: number }[] = [];
    for (const id of body.addresses) {
      if (id.startsWith('solana:')) {
        const [, ref, addr] = id.split(':');
        if (!ref || addr !== NATIVE_SOLANA_ADDRESS) continue;
        fungibles.push({ name: 'Solana', symbol: 'SOL', iconUrl: tokenIcon('SOL'), price: priceOf('SOL') });
        continue;
      }
      const parsed = parseEvmCaip10(id, 'addresses');
      const chain = ctx.evm.get(parsed.chainId);
      const token = chain ? findToken(chain, parsed.address) : undefined;
      if (!token) continue;
      fungibles.push({
        name: token.name,
        symbol: token.symbol,
        iconUrl: tokenIcon(token.symbol),
        price: priceOf(token.symbol),
      });
    }
    return c.json({ fungibles });
  });
}
