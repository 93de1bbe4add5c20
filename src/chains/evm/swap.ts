/**
 * EVM swap safety: the approval and the swap transaction are built by the Blockchain API, so nothing it
 * returns is sent before it is checked here.
 *
 * - An approval must be `approve(spender, amount)` on the source token itself, for exactly the amount being
 *   swapped (never unlimited), to a spender on the router allow-list of the chain.
 * - A swap transaction must go to a router on the allow-list, carry the swapped amount as `value` when the
 *   source is the native coin (and no value otherwise), and, when its call data is one of the swap calls
 *   this module knows (the `swapExact…` family below), name the same tokens and amount, pay the connected
 *   account, and ask for at least the quote less the slippage.
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
import { permitSignatureParts } from './permit';

export { DEFAULT_SWAP_ROUTERS } from '../../core/constants';

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

export const SWAP_SAFETY_MESSAGES = {
  noRouter: 'Swaps are not available on this network: no trusted swap router is configured.',
  untrustedRouter: 'The swap service named a contract that is not a trusted swap router. Nothing was sent.',
  approvalNotExact: 'The swap service asked for an approval other than the exact amount. Nothing was sent.',
  approvalWrongToken: 'The swap service built an approval for another token. Nothing was sent.',
  swapMismatch: 'The swap transaction does not match the quote. Nothing was sent.',
  permitMismatch: 'The swap transaction does not carry the permit you signed. Nothing was sent.',
} as const;

export type SwapSafetyCode =
  | 'noRouter'
  | 'untrustedRouter'
  | 'approvalNotExact'
  | 'approvalWrongToken'
  | 'swapMismatch'
  | 'permitMismatch';

export class SwapSafetyError extends KeywayError {
  constructor(readonly reason: SwapSafetyCode) {
    super('swapRefused', SWAP_SAFETY_MESSAGES[reason]);
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

/**
 * Checks a swap transaction built by the API against the quote. Returns the minimum output it asks for
 * when the call could be decoded, else null (a trusted router speaking another ABI: value checked only).
 */
export function checkSwapTransaction(tx: SwapToCheck, e: SwapExpectation): bigint | null {
  if (e.routers.length === 0) throw new SwapSafetyError('noRouter');
  if (!isTrusted(e.routers, tx.to)) throw new SwapSafetyError('untrustedRouter');
  const expectedValue = e.from === null ? e.amount : 0n;
  if (tx.value !== expectedValue) throw new SwapSafetyError('swapMismatch');
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
  const least = minimumOut(e.quotedOut, e.slippagePercent);
  const same = (a: Address, b: Address | null) => b !== null && isAddressEqual(a, b);
  let ok: boolean;
  let asked: bigint;
  switch (decoded.functionName) {
    case 'swapExactTokensForTokens': {
      const [tokenIn, tokenOut, amountIn, minOut, to] = decoded.args;
      asked = minOut;
      ok =
        same(tokenIn, e.from) &&
        same(tokenOut, e.to) &&
        amountIn === e.amount &&
        isAddressEqual(to, e.account);
      break;
    }
    case 'swapExactETHForTokens': {
      const [tokenOut, minOut, to] = decoded.args;
      asked = minOut;
      ok = e.from === null && same(tokenOut, e.to) && isAddressEqual(to, e.account);
      break;
    }
    case 'swapExactTokensForETH': {
      const [tokenIn, amountIn, minOut, to] = decoded.args;
      asked = minOut;
      ok = e.to === null && same(tokenIn, e.from) && amountIn === e.amount && isAddressEqual(to, e.account);
      break;
    }
    case 'swapExactTokensForTokensWithPermit': {
      const [tokenIn, tokenOut, amountIn, minOut, to, deadline, v, r, s] = decoded.args;
      asked = minOut;
      ok =
        same(tokenIn, e.from) &&
        same(tokenOut, e.to) &&
        amountIn === e.amount &&
        isAddressEqual(to, e.account);
      checkPermitArgs(tx.to, { deadline, v, r, s }, e.permit!);
      break;
    }
    case 'swapExactTokensForETHWithPermit': {
      const [tokenIn, amountIn, minOut, to, deadline, v, r, s] = decoded.args;
      asked = minOut;
      ok = e.to === null && same(tokenIn, e.from) && amountIn === e.amount && isAddressEqual(to, e.account);
      checkPermitArgs(tx.to, { deadline, v, r, s }, e.permit!);
      break;
    }
  }
  if (!ok || asked < least) throw new SwapSafetyError('swapMismatch');
  return asked;
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
