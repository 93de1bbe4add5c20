/**
 * The 1inch Aggregation Router v6 (the default trusted router, src/core/constants.ts): its swap entry points
 * decoded into the terms the kit checks (src/chains/evm/swap.ts), and the reading of a `unoswap` route's
 * pools to learn which token it ends in.
 *
 * Entry points (the calls the hosted swap API builds):
 * - `swap(executor, desc, data)`: the generic route. The router itself measures what reaches it and refuses
 *   less than `desc.minReturnAmount`, so the description's fields are what matter: source, target, amount,
 *   receiver (zero = the sender), minimum, flags (partial fill and extra ETH are refused: the quote is for
 *   the whole amount and no more value).
 * - `unoswap`, `unoswap2`, `unoswap3`, `unoswapTo…`, `ethUnoswap…`, `ethUnoswapTo…`: one to three pools in a
 *   row. The target token is not in the call: it is the output of the last pool, read from the chain
 *   (`token0`/`token1` for Uniswap V2 and V3 pools by the direction bit, the pool's `coins` getter for Curve).
 * - `clipperSwap`, `clipperSwapTo`: an RFQ fill for an exact output.
 *
 * The pool word (`Address dex`): bits 0–159 the pool, 253–255 the protocol (0 Uniswap V2, 1 Uniswap V3,
 * 2 Curve), 252 unwrap WETH after the last pool, 247 the Uniswap direction (zero for one); for Curve
 * 208–215 the byte offset of the `coins` getter's selector in a fixed table and 216–223 its argument,
 * 242/243 "use ETH" and "has a use-ETH argument", 245/246 wrap or unwrap the output.
 *
 * What reading the pools cannot prove: that a pool is what it says. A contract can answer `token1()` with
 * the target and still not pay; the router measures the output only on the generic route. The remaining
 * guard there is the router allow-list itself (the API names pools, not the contract that moves the funds).
 */
import { type Address, decodeFunctionData, getAddress, type Hex, isAddressEqual, parseAbi } from 'viem';

/** The 1inch router's placeholder for the native coin (also accepted: the zero address). */
export const ONEINCH_NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE' as const;

export const oneInchV6Abi = parseAbi([
  'struct SwapDescription { address srcToken; address dstToken; address srcReceiver; address dstReceiver; uint256 amount; uint256 minReturnAmount; uint256 flags; }',
  'function swap(address executor, SwapDescription desc, bytes data) payable returns (uint256 returnAmount, uint256 spentAmount)',
  'function unoswap(uint256 token, uint256 amount, uint256 minReturn, uint256 dex) returns (uint256)',
  'function unoswap2(uint256 token, uint256 amount, uint256 minReturn, uint256 dex, uint256 dex2) returns (uint256)',
  'function unoswap3(uint256 token, uint256 amount, uint256 minReturn, uint256 dex, uint256 dex2, uint256 dex3) returns (uint256)',
  'function unoswapTo(uint256 to, uint256 token, uint256 amount, uint256 minReturn, uint256 dex) returns (uint256)',
  'function unoswapTo2(uint256 to, uint256 token, uint256 amount, uint256 minReturn, uint256 dex, uint256 dex2) returns (uint256)',
  'function unoswapTo3(uint256 to, uint256 token, uint256 amount, uint256 minReturn, uint256 dex, uint256 dex2, uint256 dex3) returns (uint256)',
  'function ethUnoswap(uint256 minReturn, uint256 dex) payable returns (uint256)',
  'function ethUnoswap2(uint256 minReturn, uint256 dex, uint256 dex2) payable returns (uint256)',
  'function ethUnoswap3(uint256 minReturn, uint256 dex, uint256 dex2, uint256 dex3) payable returns (uint256)',
  'function ethUnoswapTo(uint256 to, uint256 minReturn, uint256 dex) payable returns (uint256)',
  'function ethUnoswapTo2(uint256 to, uint256 minReturn, uint256 dex, uint256 dex2) payable returns (uint256)',
  'function ethUnoswapTo3(uint256 to, uint256 minReturn, uint256 dex, uint256 dex2, uint256 dex3) payable returns (uint256)',
  'function clipperSwap(address clipperExchange, uint256 srcToken, address dstToken, uint256 inputAmount, uint256 outputAmount, uint256 goodUntil, bytes32 r, bytes32 vs) payable returns (uint256)',
  'function clipperSwapTo(address clipperExchange, address recipient, uint256 srcToken, address dstToken, uint256 inputAmount, uint256 outputAmount, uint256 goodUntil, bytes32 r, bytes32 vs) payable returns (uint256)',
]);

/** What a router call says it will do, in the kit's terms (null = the native coin). */
export interface SwapTerms {
  src: Address | null;
  /** The target; `route` when only the route's last pool can tell. */
  dst: Address | null | 'route';
  /** The source amount; null when the call takes it from the value sent (the `ethUnoswap` family). */
  amount: bigint | null;
  minOut: bigint;
  /** Who receives the output; null = the sender (the connected account). */
  receiver: Address | null;
  /** The pool words of a `unoswap` route, first to last. */
  route?: readonly bigint[];
}

const ADDRESS_MASK = (1n << 160n) - 1n;
const PARTIAL_FILL = 1n;
const REQUIRES_EXTRA_ETH = 2n;

const addressOf = (word: bigint): Address =>
  getAddress(`0x${(word & ADDRESS_MASK).toString(16).padStart(40, '0')}`);
const isNative = (a: Address) =>
  isAddressEqual(a, ONEINCH_NATIVE) || isAddressEqual(a, '0x0000000000000000000000000000000000000000');
const tokenOf = (a: Address): Address | null => (isNative(a) ? null : getAddress(a));
/** A receiver word: the zero address means the sender. */
const receiverOf = (a: Address): Address | null =>
  isAddressEqual(a, '0x0000000000000000000000000000000000000000') ? null : getAddress(a);

/**
 * Decodes a call to the 1inch v6 router into its terms; null when it is none of the entry points above.
 * Throws (a plain Error) for a generic swap with flags the kit does not accept.
 */
export function decodeOneInchSwap(data: Hex): SwapTerms | null {
  let call: ReturnType<typeof decodeFunctionData<typeof oneInchV6Abi>>;
  try {
    call = decodeFunctionData({ abi: oneInchV6Abi, data });
  } catch {
    return null;
  }
  switch (call.functionName) {
    case 'swap': {
      const d = call.args[1];
      if ((d.flags & (PARTIAL_FILL | REQUIRES_EXTRA_ETH)) !== 0n) throw new Error('unsupported swap flags');
      return {
        src: tokenOf(d.srcToken),
        dst: tokenOf(d.dstToken),
        amount: d.amount,
        minOut: d.minReturnAmount,
        receiver: receiverOf(d.dstReceiver),
      };
    }
    case 'unoswap':
    case 'unoswap2':
    case 'unoswap3': {
      const [token, amount, minOut, ...route] = call.args;
      return { src: tokenOf(addressOf(token)), dst: 'route', amount, minOut, receiver: null, route };
    }
    case 'unoswapTo':
    case 'unoswapTo2':
    case 'unoswapTo3': {
      const [to, token, amount, minOut, ...route] = call.args;
      return {
        src: tokenOf(addressOf(token)),
        dst: 'route',
        amount,
        minOut,
        receiver: receiverOf(addressOf(to)),
        route,
      };
    }
    case 'ethUnoswap':
    case 'ethUnoswap2':
    case 'ethUnoswap3': {
      const [minOut, ...route] = call.args;
      return { src: null, dst: 'route', amount: null, minOut, receiver: null, route };
    }
    case 'ethUnoswapTo':
    case 'ethUnoswapTo2':
    case 'ethUnoswapTo3': {
      const [to, minOut, ...route] = call.args;
      return { src: null, dst: 'route', amount: null, minOut, receiver: receiverOf(addressOf(to)), route };
    }
    case 'clipperSwap': {
      const [, srcToken, dstToken, inputAmount, outputAmount] = call.args;
      return {
        src: tokenOf(addressOf(srcToken)),
        dst: tokenOf(dstToken),
        amount: inputAmount,
        minOut: outputAmount,
        receiver: null,
      };
    }
    case 'clipperSwapTo': {
      const [, recipient, srcToken, dstToken, inputAmount, outputAmount] = call.args;
      return {
        src: tokenOf(addressOf(srcToken)),
        dst: tokenOf(dstToken),
        amount: inputAmount,
        minOut: outputAmount,
        receiver: receiverOf(recipient),
      };
    }
  }
}

/** `eth_call` on a chain; resolves with the returned data. Wired to the wagmi config; a test double elsewhere. */
export type ChainCaller = (call: { chainId: number; to: Address; data: Hex }) => Promise<Hex | undefined>;

const bit = (word: bigint, n: number) => ((word >> BigInt(n)) & 1n) === 1n;
const byteAt = (word: bigint, offset: number) => Number((word >> BigInt(offset)) & 0xffn);
/** The selectors of Curve's five `coins` getters, in the order of the router's table. */
const CURVE_COINS_SELECTORS = ['87cb4f57', '23746eb8', 'c6610657', 'b739953e', 'b9947eb0'] as const;
const TOKEN0 = '0x0dfe1681' as Hex;
const TOKEN1 = '0xd21220a7' as Hex;

async function readAddress(call: ChainCaller, chainId: number, to: Address, data: Hex): Promise<Address> {
  const out = await call({ chainId, to, data });
  // One ABI word holding an address: 12 zero bytes, then 20.
  if (!out || !/^0x0{24}[0-9a-fA-F]{40}$/.test(out.slice(0, 66)) || out.length !== 66) {
    throw new Error('not an address');
  }
  return getAddress(`0x${out.slice(26)}`);
}

/**
 * Whether a `unoswap` route ends in `expected` (null = the native coin): reads the last pool. Any pool of
 * an unknown protocol, any read that fails or answers something else, any flag that would change the
 * output token in a way the kit does not follow: false.
 */
export async function routeEndsIn(
  route: readonly bigint[],
  expected: Address | null,
  chainId: number,
  call: ChainCaller,
): Promise<boolean> {
  const last = route[route.length - 1];
  if (last === undefined) return false;
  for (const dex of route) if (dex >> 253n > 2n) return false;
  const pool = addressOf(last);
  const protocol = Number(last >> 253n);
  try {
    if (protocol === 0 || protocol === 1) {
      const out = await readAddress(call, chainId, pool, bit(last, 247) ? TOKEN1 : TOKEN0);
      // The unwrap flag turns the last pool's WETH into the native coin (the router reverts when it is not WETH).
      if (bit(last, 252)) return expected === null;
      return expected !== null && isAddressEqual(out, expected);
    }
    const offset = byteAt(last, 208);
    if (offset % 4 !== 0 || offset / 4 >= CURVE_COINS_SELECTORS.length) return false;
    const index = byteAt(last, 216);
    const data = `0x${CURVE_COINS_SELECTORS[offset / 4]}${index.toString(16).padStart(64, '0')}` as Hex;
    const coin = await readAddress(call, chainId, pool, data);
    const wrapsOutput = bit(last, 245);
    const unwrapsOutput = bit(last, 246);
    const hasUseEth = bit(last, 243);
    const useEth = bit(last, 242);
    if (expected === null) {
      if (wrapsOutput) return false;
      if (unwrapsOutput) return true;
      return isAddressEqual(coin, ONEINCH_NATIVE) && !(hasUseEth && !useEth);
    }
    return (
      !wrapsOutput &&
      !unwrapsOutput &&
      !(hasUseEth && useEth) &&
      !isAddressEqual(coin, ONEINCH_NATIVE) &&
      isAddressEqual(coin, expected)
    );
  } catch {
    return false;
  }
}
