/**
 * EVM swap safety: the approval and the swap transaction are built by the Blockchain API, so nothing it
 * returns is sent before it is checked here.
 *
 * - An approval must be `approve(spender, amount)` on the source token itself, for exactly the amount being
 *   swapped (never unlimited), to a spender on the router allow-list of the chain.
 * - A swap transaction must go to a router on the allow-list, carry the swapped amount as `value` when the
 *   source is the native coin (and no value otherwise), and be a call the kit can decode (the local
 *   router's `swapExact…` family below, or an entry point of the 1inch v6 router, ./oneinch.ts) naming the
 *   same tokens and amount, paying the connected account, and asking for at least the quote less the
 *   slippage. A call the kit cannot decode is refused before anything is signed.
 *
 * - With an EIP-2612 permit (src/chains/evm/permit.ts) instead of an approval, the swap transaction must be
 *   the router's `…WithPermit` call, to the router the permit names as spender, carrying exactly the
 *   deadline and signature the user signed; without one, a `…WithPermit` call is refused.
 *
 * The allow-list is the `swapRouters` host option (CAIP-2 network → router addresses). Its default names
 * the 1inch Aggregation Router v6 (the router the hosted Blockchain API builds for) on the networks it is
 * deployed at the same address; any other network has no router until the host names one, and a swap there
 * is refused with a clear error before anything is signed.
 */
import {
  type Address,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  isAddress,
  isAddressEqual,
} from 'viem';
import { KeywayError } from '../../core/errors';
import { kitMessage, type SwapSafetyCode } from '../../core/messages';
import { type ChainCaller, decodeOneInchSwap, routeEndsIn, type SwapTerms } from './oneinch';
import { permitSignatureParts } from './permit';

export { DEFAULT_SWAP_ROUTERS } from '../../core/constants';
export type { ChainCaller } from './oneinch';

/** The swap calls whose arguments the kit can check (the local stack's router speaks these). */
export const swapRouterAbi = [
  {
    type: 'function',
    name: 'swapExactTokensForTokens',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'tokenIn', type: 'address' },
      { name: 'tokenOut', type: 'address' },
      { name: 'amountIn', type: 'uint256' },
      { name: 'minAmountOut', type: 'uint256' },
      { name: 'to', type: 'address' },
    ],
    outputs: [{ name: 'amountOut', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'swapExactETHForTokens',
    stateMutability: 'payable',
    inputs: [
      { name: 'tokenOut', type: 'address' },
      { name: 'minAmountOut', type: 'uint256' },
      { name: 'to', type: 'address' },
    ],
    outputs: [{ name: 'amountOut', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'swapExactTokensForETH',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'tokenIn', type: 'address' },
      { name: 'amountIn', type: 'uint256' },
      { name: 'minAmountOut', type: 'uint256' },
      { name: 'to', type: 'address' },
    ],
    outputs: [{ name: 'amountOut', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'swapExactTokensForTokensWithPermit',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'tokenIn', type: 'address' },
      { name: 'tokenOut', type: 'address' },
      { name: 'amountIn', type: 'uint256' },
      { name: 'minAmountOut', type: 'uint256' },
      { name: 'to', type: 'address' },
      { name: 'deadline', type: 'uint256' },
      { name: 'v', type: 'uint8' },
      { name: 'r', type: 'bytes32' },
      { name: 's', type: 'bytes32' },
    ],
    outputs: [{ name: 'amountOut', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'swapExactTokensForETHWithPermit',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'tokenIn', type: 'address' },
      { name: 'amountIn', type: 'uint256' },
      { name: 'minAmountOut', type: 'uint256' },
      { name: 'to', type: 'address' },
      { name: 'deadline', type: 'uint256' },
      { name: 'v', type: 'uint8' },
      { name: 'r', type: 'bytes32' },
      { name: 's', type: 'bytes32' },
    ],
    outputs: [{ name: 'amountOut', type: 'uint256' }],
  },
] as const;

export type { SwapSafetyCode };

/** A swap refused by the kit's checks: nothing was sent. `code` says which check. */
export class SwapSafetyError extends KeywayError {
  declare readonly code: SwapSafetyCode;
  constructor(code: SwapSafetyCode) {
    super(kitMessage(code));
  }
}

/** A `swapRouters` entry: an address, or the resolved `{address, permit}` form. */
export type SwapRouterOption = string | { address: string; permit?: boolean };
const routerAddressOf = (r: SwapRouterOption) => (typeof r === 'string' ? r : r.address);

/** The trusted routers of a network (checksummed); empty when none is configured. */
export function routersFor(
  routers: Readonly<Record<string, readonly SwapRouterOption[]>>,
  networkId: string,
): Address[] {
  return (routers[networkId] ?? [])
    .map(routerAddressOf)
    .filter((a) => isAddress(a, { strict: false }))
    .map((a) => getAddress(a));
}

/** The trusted routers of a network the host marked as taking EIP-2612 permits (`permit: true`). */
export function permitRoutersFor(
  routers: Readonly<Record<string, readonly SwapRouterOption[]>>,
  networkId: string,
): Address[] {
  return routersFor(
    { [networkId]: (routers[networkId] ?? []).filter((r) => typeof r !== 'string' && r.permit === true) },
    networkId,
  );
}

const isTrusted = (routers: readonly Address[], to: string) =>
  isAddress(to, { strict: false }) && routers.some((r) => isAddressEqual(r, to as Address));

export interface ApprovalToCheck {
  to: string;
  data: Hex;
  value: string;
}

/**
 * Checks an approval built by the API: `approve(spender, amount)` on `token`, spender trusted, amount
 * exactly `amount`, no value. Returns the spender. Throws SwapSafetyError otherwise.
 */
export function checkApproval(
  tx: ApprovalToCheck,
  expected: { token: Address; amount: bigint; routers: readonly Address[] },
): Address {
  if (expected.routers.length === 0) throw new SwapSafetyError('noRouter');
  if (!isAddress(tx.to, { strict: false }) || !isAddressEqual(tx.to as Address, expected.token)) {
    throw new SwapSafetyError('approvalWrongToken');
  }
  let decoded: ReturnType<typeof decodeFunctionData<typeof erc20Abi>>;
  try {
    decoded = decodeFunctionData({ abi: erc20Abi, data: tx.data });
  } catch {
    throw new SwapSafetyError('approvalNotExact');
  }
  if (decoded.functionName !== 'approve') throw new SwapSafetyError('approvalNotExact');
  const [spender, amount] = decoded.args as readonly [Address, bigint];
  if (!isTrusted(expected.routers, spender)) throw new SwapSafetyError('untrustedRouter');
  if (amount !== expected.amount || BigInt(tx.value || '0') !== 0n)
    throw new SwapSafetyError('approvalNotExact');
  return getAddress(spender);
}

export interface SwapToCheck {
  to: string;
  data: Hex;
  /** Wei sent with the call. */
  value: bigint;
}

export interface SwapExpectation {
  routers: readonly Address[];
  account: Address;
  /** Source and target token contracts; null for the native coin. */
  from: Address | null;
  to: Address | null;
  /** Source amount in its smallest unit. */
  amount: bigint;
  /** The quote's output in the target's smallest unit. */
  quotedOut: bigint;
  /** Slippage in percent (1 = 1 %). */
  slippagePercent: number;
  /**
   * The permit the user signed for this swap (spender: the router it was signed for). The transaction must
   * then be a `…WithPermit` call to that router carrying this deadline and signature.
   */
  permit?: { spender: Address; deadline: bigint; signature: Hex } | null;
}

/** The least output a swap may ask for: the quote less the slippage (rounded down). */
export function minimumOut(quotedOut: bigint, slippagePercent: number): bigint {
  const bps = BigInt(Math.round(slippagePercent * 100));
  return (quotedOut * (10_000n - bps)) / 10_000n;
}

/** What a checked swap call asks for: its minimum output, and the pools to read when the call names no target. */
export interface SwapCheck {
  minimumOut: bigint;
  /** A `unoswap` route of the 1inch router: its last pool must end in the target (see {@link checkSwap}). */
  route: readonly bigint[] | null;
}

/**
 * Checks a swap transaction built by the API against the quote: a trusted router, the value, and a call the
 * kit can decode (the local router's `swapExact…` family or an entry point of the 1inch v6 router, see
 * ./oneinch.ts) naming the quoted tokens and amount, paying the connected account, and asking for at least
 * the quote less the slippage. Anything else is refused before signing. A route whose target only its
 * pools know is returned for {@link checkSwap} to read.
 */
export function checkSwapTransaction(tx: SwapToCheck, e: SwapExpectation): SwapCheck {
  if (e.routers.length === 0) throw new SwapSafetyError('noRouter');
  if (!isTrusted(e.routers, tx.to)) throw new SwapSafetyError('untrustedRouter');
  const expectedValue = e.from === null ? e.amount : 0n;
  if (tx.value !== expectedValue) throw new SwapSafetyError('swapMismatch');
  const terms = localTerms(tx, e) ?? oneInchTerms(tx.data, e);
  const same = (a: Address | null, b: Address | null) =>
    a === null || b === null ? a === b : isAddressEqual(a, b);
  const receiverOk = terms.receiver === null || isAddressEqual(terms.receiver, e.account);
  const amountOk = terms.amount === null ? e.from === null : terms.amount === e.amount;
  const targetOk = terms.dst === 'route' ? (terms.route?.length ?? 0) > 0 : same(terms.dst, e.to);
  if (
    !same(terms.src, e.from) ||
    !targetOk ||
    !amountOk ||
    !receiverOk ||
    terms.minOut < minimumOut(e.quotedOut, e.slippagePercent)
  ) {
    throw new SwapSafetyError('swapMismatch');
  }
  return { minimumOut: terms.minOut, route: terms.dst === 'route' ? terms.route! : null };
}

/**
 * {@link checkSwapTransaction}, then, for a route that names no target, the read of its last pool: it must
 * end in the quoted target. Without a way to read the chain such a route is refused. Resolves with the
 * minimum output the call asks for.
 */
export async function checkSwap(
  tx: SwapToCheck,
  e: SwapExpectation,
  chain: { chainId: number; call?: ChainCaller | undefined },
): Promise<bigint> {
  const checked = checkSwapTransaction(tx, e);
  if (checked.route) {
    const ok = chain.call ? await routeEndsIn(checked.route, e.to, chain.chainId, chain.call) : false;
    if (!ok) throw new SwapSafetyError('swapMismatch');
  }
  return checked.minimumOut;
}

/** The local router's calls as terms (the `…WithPermit` ones checked against the signed permit); null: not one. */
function localTerms(tx: SwapToCheck, e: SwapExpectation): SwapTerms | null {
  let decoded: ReturnType<typeof decodeFunctionData<typeof swapRouterAbi>>;
  try {
    decoded = decodeFunctionData({ abi: swapRouterAbi, data: tx.data });
  } catch {
    // With a permit the call must be one the kit can check: the signature must be the one signed.
    if (e.permit) throw new SwapSafetyError('permitMismatch');
    return null;
  }
  const withPermit =
    decoded.functionName === 'swapExactTokensForTokensWithPermit' ||
    decoded.functionName === 'swapExactTokensForETHWithPermit';
  if (withPermit !== !!e.permit) throw new SwapSafetyError(e.permit ? 'permitMismatch' : 'swapMismatch');
  switch (decoded.functionName) {
    case 'swapExactTokensForTokens': {
      const [src, dst, amount, minOut, receiver] = decoded.args;
      return { src, dst, amount, minOut, receiver };
    }
    case 'swapExactETHForTokens': {
      const [dst, minOut, receiver] = decoded.args;
      return { src: null, dst, amount: null, minOut, receiver };
    }
    case 'swapExactTokensForETH': {
      const [src, amount, minOut, receiver] = decoded.args;
      return { src, dst: null, amount, minOut, receiver };
    }
    case 'swapExactTokensForTokensWithPermit': {
      const [src, dst, amount, minOut, receiver, deadline, v, r, s] = decoded.args;
      checkPermitArgs(tx.to, { deadline, v, r, s }, e.permit!);
      return { src, dst, amount, minOut, receiver };
    }
    case 'swapExactTokensForETHWithPermit': {
      const [src, amount, minOut, receiver, deadline, v, r, s] = decoded.args;
      checkPermitArgs(tx.to, { deadline, v, r, s }, e.permit!);
      return { src, dst: null, amount, minOut, receiver };
    }
  }
}

/** The 1inch router's calls as terms; anything the kit cannot decode is refused. */
function oneInchTerms(data: Hex, e: SwapExpectation): SwapTerms {
  // A permit is only ever carried by the local router's `…WithPermit` calls (checked above).
  if (e.permit) throw new SwapSafetyError('permitMismatch');
  let terms: SwapTerms | null;
  try {
    terms = decodeOneInchSwap(data);
  } catch {
    terms = null;
  }
  if (!terms) throw new SwapSafetyError('swapMismatch');
  return terms;
}

/** The permit arguments of a `…WithPermit` call must be the signed ones, sent to the permit's spender. */
function checkPermitArgs(
  router: string,
  args: { deadline: bigint; v: number; r: Hex; s: Hex },
  permit: NonNullable<SwapExpectation['permit']>,
): void {
  const signed = permitSignatureParts(permit.signature);
  if (
    !signed ||
    !isAddressEqual(router as Address, permit.spender) ||
    args.deadline !== permit.deadline ||
    args.v !== signed.v ||
    args.r.toLowerCase() !== signed.r.toLowerCase() ||
    args.s.toLowerCase() !== signed.s.toLowerCase()
  ) {
    throw new SwapSafetyError('permitMismatch');
  }
}

/** `approve(spender, amount)` call data (for tests and the frame's decoder). */
export function approveData(spender: Address, amount: bigint): Hex {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] });
}
