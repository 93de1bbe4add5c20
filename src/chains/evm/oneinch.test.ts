/**
 * Attack tests of the 1inch v6 router's entry points (calldata encoded with viem from the router's ABI): the
 * honest call of each passes, each tampered field is refused before anything is signed.
 */
import {
  type Address,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  type Hex,
  parseAbi,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { type ChainCaller, ONEINCH_NATIVE, oneInchV6Abi } from './oneinch';
import { checkSwap, minimumOut, type SwapExpectation, SwapSafetyError, type SwapToCheck } from './swap';

const ROUTER: Address = '0x111111125421cA6dc452d289314280a0f8842A65';
const ACCOUNT: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const ATTACKER: Address = getAddress('0x000000000000000000000000000000000000bad1');
const USDC: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const DAI: Address = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const WETH: Address = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const JUNK: Address = getAddress('0x00000000000000000000000000000000deadbeef');
const EXECUTOR: Address = '0x5141B82f5fFDa4c6fE1E372978F1C5427640a190';
const CHAIN = 1;
const AMOUNT = 100_000_000n;
const QUOTED = 99_000_000_000_000_000_000n;
const SLIPPAGE = 1;
const LEAST = minimumOut(QUOTED, SLIPPAGE);

/** Pools on the fake chain: Uniswap-style (token0, token1) and a Curve pool (its coins by index). */
const POOL_USDC_DAI: Address = '0x5777d92f208679DB4b9778590Fa3CAB3aC9e2168';
const POOL_USDC_WETH: Address = '0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640';
const POOL_WETH_DAI: Address = '0xC2e9F25Be6257c210d7Adf0D4Cd6E3E881ba25f8';
const POOL_USDC_JUNK: Address = '0x1000000000000000000000000000000000000001';
const CURVE_3POOL: Address = '0xbEbc44782C7dB0a1A60Cb6fe97d0b483032FF1C7';
const CURVE_ETH_POOL: Address = '0xDC24316b9AE028F1497c275EB9192a3Ea0f67022';

const poolAbi = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function coins(uint256) view returns (address)',
]);
const pools: Record<string, { token0?: Address; token1?: Address; coins?: Address[] }> = {
  [POOL_USDC_DAI]: { token0: USDC, token1: DAI },
  [POOL_USDC_WETH]: { token0: USDC, token1: WETH },
  [POOL_WETH_DAI]: { token0: WETH, token1: DAI },
  [POOL_USDC_JUNK]: { token0: USDC, token1: JUNK },
  [CURVE_3POOL]: { coins: [DAI, USDC, '0xdAC17F958D2ee523a2206206994597C13D831ec7'] },
  [CURVE_ETH_POOL]: { coins: [ONEINCH_NATIVE, '0xae7ab96520DE3A18E5e111B5EaAb095312D7fE84'] },
};
const word = (a: Address) => encodeAbiParameters([{ type: 'address' }], [a]);
/** eth_call on the fake chain; records the calls. Unknown calls revert. */
function chain(): { call: ChainCaller; calls: { to: Address; data: Hex }[] } {
  const calls: { to: Address; data: Hex }[] = [];
  return {
    calls,
    call: async ({ chainId, to, data }) => {
      calls.push({ to, data });
      expect(chainId).toBe(CHAIN);
      const pool = pools[getAddress(to)];
      if (!pool) throw new Error('execution reverted');
      const { functionName, args } = decodeFunctionData({ abi: poolAbi, data });
      if (functionName === 'coins') {
        const coin = pool.coins?.[Number(args[0])];
        if (!coin) throw new Error('execution reverted');
        return word(coin);
      }
      const token = pool[functionName];
      if (!token) throw new Error('execution reverted');
      return word(token);
    },
  };
}

/** A pool word of the router: the pool, its protocol, the direction, the unwrap flag, Curve's getter. */
function dex(
  pool: Address,
  o: {
    protocol?: number;
    zeroForOne?: boolean;
    unwrap?: boolean;
    curveGetter?: number;
    curveIndex?: number;
    flags?: number[];
  } = {},
): bigint {
  let w = BigInt(pool) | (BigInt(o.protocol ?? 0) << 253n);
  if (o.zeroForOne) w |= 1n << 247n;
  if (o.unwrap) w |= 1n << 252n;
  // The third getter of the table is `coins(uint256)` (byte offset 8).
  if (o.protocol === 2) w |= (BigInt(o.curveGetter ?? 8) << 208n) | (BigInt(o.curveIndex ?? 0) << 216n);
  for (const f of o.flags ?? []) w |= 1n << BigInt(f);
  return w;
}
const addr = (a: Address) => BigInt(a);

const expectation = (e: Partial<SwapExpectation> = {}): SwapExpectation => ({
  routers: [ROUTER],
  account: ACCOUNT,
  from: USDC,
  to: DAI,
  amount: AMOUNT,
  quotedOut: QUOTED,
  slippagePercent: SLIPPAGE,
  ...e,
});
const tx = (data: Hex, value = 0n): SwapToCheck => ({ to: ROUTER, data, value });

/** Resolves null when the swap passes, else the refusal's reason. */
/** `caller` null: no way to call the chain. */
async function verdict(t: SwapToCheck, e = expectation(), caller: ChainCaller | null = chain().call) {
  try {
    await checkSwap(t, e, { chainId: CHAIN, call: caller ?? undefined });
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(SwapSafetyError);
    return (err as SwapSafetyError).code;
  }
}

describe('1inch v6 swap(executor, desc, data)', () => {
  const desc = (d: Partial<Record<string, unknown>> = {}) => ({
    srcToken: USDC,
    dstToken: DAI,
    srcReceiver: EXECUTOR,
    dstReceiver: ACCOUNT,
    amount: AMOUNT,
    minReturnAmount: LEAST,
    flags: 0n,
    ...d,
  });
  const call = (d: Partial<Record<string, unknown>> = {}) =>
    encodeFunctionData({
      abi: oneInchV6Abi,
      functionName: 'swap',
      args: [EXECUTOR, desc(d) as never, '0x1234'],
    });

  it('passes the quoted swap, paid to the account or to the sender (zero receiver)', async () => {
    expect(await verdict(tx(call()))).toBeNull();
    expect(await verdict(tx(call({ dstReceiver: '0x0000000000000000000000000000000000000000' })))).toBeNull();
    // Native in (the router's placeholder or the zero address) carries the amount as value.
    expect(
      await verdict(tx(call({ srcToken: ONEINCH_NATIVE }), AMOUNT), expectation({ from: null })),
    ).toBeNull();
    expect(
      await verdict(
        tx(call({ srcToken: '0x0000000000000000000000000000000000000000' }), AMOUNT),
        expectation({ from: null }),
      ),
    ).toBeNull();
    expect(await verdict(tx(call({ dstToken: ONEINCH_NATIVE })), expectation({ to: null }))).toBeNull();
  });

  it('refuses each tampered field', async () => {
    expect(await verdict(tx(call({ dstReceiver: ATTACKER })))).toBe('swapMismatch');
    expect(await verdict(tx(call({ minReturnAmount: 0n })))).toBe('swapMismatch');
    expect(await verdict(tx(call({ minReturnAmount: LEAST - 1n })))).toBe('swapMismatch');
    expect(await verdict(tx(call({ srcToken: DAI })))).toBe('swapMismatch');
    expect(await verdict(tx(call({ dstToken: JUNK })))).toBe('swapMismatch');
    expect(await verdict(tx(call({ dstToken: ONEINCH_NATIVE })))).toBe('swapMismatch');
    expect(await verdict(tx(call({ amount: AMOUNT + 1n })))).toBe('swapMismatch');
    // Partial fill (1) and extra ETH (2) change what the minimum means or what is spent.
    expect(await verdict(tx(call({ flags: 1n })))).toBe('swapMismatch');
    expect(await verdict(tx(call({ flags: 2n })))).toBe('swapMismatch');
    expect(
      await verdict(tx(call({ srcToken: ONEINCH_NATIVE }), AMOUNT + 1n), expectation({ from: null })),
    ).toBe('swapMismatch');
  });

  it('refuses data the kit cannot decode, and a call to a router off the list', async () => {
    expect(await verdict(tx('0x12aa3caf'))).toBe('swapMismatch');
    expect(await verdict(tx(`${call().slice(0, 100)}` as Hex))).toBe('swapMismatch');
    expect(await verdict({ ...tx(call()), to: ATTACKER })).toBe('untrustedRouter');
  });
});

describe('1inch v6 unoswap family', () => {
  const uni = (
    fn: 'unoswap' | 'unoswap2' | 'unoswap3',
    route: bigint[],
    o: { token?: Address; amount?: bigint; min?: bigint } = {},
  ) =>
    encodeFunctionData({
      abi: oneInchV6Abi,
      functionName: fn,
      args: [addr(o.token ?? USDC), o.amount ?? AMOUNT, o.min ?? LEAST, ...route] as never,
    });
  const uniTo = (
    fn: 'unoswapTo' | 'unoswapTo2' | 'unoswapTo3',
    route: bigint[],
    o: { to?: Address; token?: Address; amount?: bigint; min?: bigint } = {},
  ) =>
    encodeFunctionData({
      abi: oneInchV6Abi,
      functionName: fn,
      args: [
        addr(o.to ?? ACCOUNT),
        addr(o.token ?? USDC),
        o.amount ?? AMOUNT,
        o.min ?? LEAST,
        ...route,
      ] as never,
    });
  const USDC_TO_DAI = dex(POOL_USDC_DAI, { zeroForOne: true });
  const USDC_TO_WETH = dex(POOL_USDC_WETH, { zeroForOne: true, protocol: 1 });
  const WETH_TO_DAI = dex(POOL_WETH_DAI, { zeroForOne: true });

  it('passes one, two and three pools ending in the target, read from the last pool', async () => {
    const c = chain();
    expect(await verdict(tx(uni('unoswap', [USDC_TO_DAI])), expectation(), c.call)).toBeNull();
    expect(c.calls).toEqual([{ to: POOL_USDC_DAI, data: '0xd21220a7' }]);
    expect(await verdict(tx(uni('unoswap2', [USDC_TO_WETH, WETH_TO_DAI])))).toBeNull();
    expect(await verdict(tx(uni('unoswap3', [USDC_TO_DAI, dex(POOL_WETH_DAI), WETH_TO_DAI])))).toBeNull();
    expect(await verdict(tx(uniTo('unoswapTo', [USDC_TO_DAI])))).toBeNull();
    expect(await verdict(tx(uniTo('unoswapTo2', [USDC_TO_WETH, WETH_TO_DAI])))).toBeNull();
    expect(await verdict(tx(uniTo('unoswapTo3', [USDC_TO_DAI, dex(POOL_WETH_DAI), WETH_TO_DAI])))).toBeNull();
    // To the native coin: the last pool's WETH unwrapped.
    expect(
      await verdict(
        tx(uni('unoswap', [dex(POOL_USDC_WETH, { zeroForOne: true, unwrap: true })])),
        expectation({ to: null }),
      ),
    ).toBeNull();
  });

  it('refuses a route that ends in another token, by direction or by pool', async () => {
    // The same pool the other way round ends in USDC.
    expect(await verdict(tx(uni('unoswap', [dex(POOL_USDC_DAI)])))).toBe('swapMismatch');
    expect(await verdict(tx(uni('unoswap', [dex(POOL_USDC_JUNK, { zeroForOne: true })])))).toBe(
      'swapMismatch',
    );
    expect(await verdict(tx(uni('unoswap2', [USDC_TO_DAI, dex(POOL_USDC_JUNK, { zeroForOne: true })])))).toBe(
      'swapMismatch',
    );
    // Unwrapped to the native coin when a token was quoted, or kept as WETH when the native coin was.
    expect(await verdict(tx(uni('unoswap', [dex(POOL_USDC_DAI, { zeroForOne: true, unwrap: true })])))).toBe(
      'swapMismatch',
    );
    expect(
      await verdict(
        tx(uni('unoswap', [dex(POOL_USDC_WETH, { zeroForOne: true })])),
        expectation({ to: null }),
      ),
    ).toBe('swapMismatch');
  });

  it('refuses each tampered field of the call', async () => {
    expect(await verdict(tx(uniTo('unoswapTo', [USDC_TO_DAI], { to: ATTACKER })))).toBe('swapMismatch');
    expect(
      await verdict(tx(uniTo('unoswapTo3', [USDC_TO_DAI, USDC_TO_DAI, USDC_TO_DAI], { to: ATTACKER }))),
    ).toBe('swapMismatch');
    expect(await verdict(tx(uni('unoswap', [USDC_TO_DAI], { token: DAI })))).toBe('swapMismatch');
    expect(await verdict(tx(uni('unoswap', [USDC_TO_DAI], { amount: AMOUNT - 1n })))).toBe('swapMismatch');
    expect(await verdict(tx(uni('unoswap', [USDC_TO_DAI], { min: 0n })))).toBe('swapMismatch');
    expect(await verdict(tx(uniTo('unoswapTo2', [USDC_TO_WETH, WETH_TO_DAI], { min: LEAST - 1n })))).toBe(
      'swapMismatch',
    );
  });

  it('refuses what it cannot read: an unknown protocol, a pool that reverts, no way to call the chain', async () => {
    expect(await verdict(tx(uni('unoswap', [dex(POOL_USDC_DAI, { zeroForOne: true, protocol: 5 })])))).toBe(
      'swapMismatch',
    );
    expect(await verdict(tx(uni('unoswap2', [dex(POOL_USDC_DAI, { protocol: 7 }), USDC_TO_DAI])))).toBe(
      'swapMismatch',
    );
    expect(await verdict(tx(uni('unoswap', [dex(ATTACKER, { zeroForOne: true })])))).toBe('swapMismatch');
    expect(await verdict(tx(uni('unoswap', [USDC_TO_DAI])), expectation(), null)).toBe('swapMismatch');
    // A pool that answers something that is not an address.
    const odd: ChainCaller = async () => `0x${'ff'.repeat(32)}`;
    expect(await verdict(tx(uni('unoswap', [USDC_TO_DAI])), expectation(), odd)).toBe('swapMismatch');
  });

  it('ethUnoswap: the native coin in, the amount as value', async () => {
    const eth = (route: bigint[], min = LEAST) =>
      encodeFunctionData({ abi: oneInchV6Abi, functionName: 'ethUnoswap', args: [min, ...route] as never });
    const ethTo = (to: Address, route: bigint[]) =>
      encodeFunctionData({
        abi: oneInchV6Abi,
        functionName: 'ethUnoswapTo2',
        args: [addr(to), LEAST, ...route] as never,
      });
    const e = expectation({ from: null });
    expect(await verdict(tx(eth([WETH_TO_DAI]), AMOUNT), e)).toBeNull();
    expect(await verdict(tx(ethTo(ACCOUNT, [dex(POOL_USDC_WETH), USDC_TO_DAI]), AMOUNT), e)).toBeNull();
    expect(await verdict(tx(ethTo(ATTACKER, [dex(POOL_USDC_WETH), USDC_TO_DAI]), AMOUNT), e)).toBe(
      'swapMismatch',
    );
    expect(await verdict(tx(eth([WETH_TO_DAI]), AMOUNT - 1n), e)).toBe('swapMismatch');
    expect(await verdict(tx(eth([WETH_TO_DAI], 1n), AMOUNT), e)).toBe('swapMismatch');
    expect(await verdict(tx(eth([dex(POOL_WETH_DAI)]), AMOUNT), e)).toBe('swapMismatch');
    // From a token, the ETH variants are not the quoted swap.
    expect(await verdict(tx(eth([WETH_TO_DAI]), 0n))).toBe('swapMismatch');
    const all = ['ethUnoswap2', 'ethUnoswap3', 'ethUnoswapTo', 'ethUnoswapTo3'] as const;
    for (const fn of all) {
      const hops = fn.endsWith('3') ? 3 : fn.endsWith('2') ? 2 : 1;
      const route = [...Array(hops - 1).fill(dex(POOL_WETH_DAI)), WETH_TO_DAI];
      const args = fn.includes('To') ? [addr(ACCOUNT), LEAST, ...route] : [LEAST, ...route];
      const data = encodeFunctionData({ abi: oneInchV6Abi, functionName: fn, args: args as never });
      expect(await verdict(tx(data, AMOUNT), e), fn).toBeNull();
    }
  });

  it('Curve: the coin the pool names at the output index', async () => {
    // coins(0) of the 3pool is DAI.
    const toDai = dex(CURVE_3POOL, { protocol: 2, curveIndex: 0 });
    const c = chain();
    expect(await verdict(tx(uni('unoswap', [toDai])), expectation(), c.call)).toBeNull();
    expect(c.calls[0]!.data).toBe(`0xc6610657${'0'.repeat(64)}`);
    expect(await verdict(tx(uni('unoswap', [dex(CURVE_3POOL, { protocol: 2, curveIndex: 2 })])))).toBe(
      'swapMismatch',
    );
    // Output wrapped or unwrapped by the router: not the coin the pool names.
    expect(await verdict(tx(uni('unoswap', [dex(CURVE_3POOL, { protocol: 2, flags: [245] })])))).toBe(
      'swapMismatch',
    );
    // A getter offset outside the table.
    expect(await verdict(tx(uni('unoswap', [dex(CURVE_3POOL, { protocol: 2, curveGetter: 20 })])))).toBe(
      'swapMismatch',
    );
    // To the native coin: a pool whose coin is the native placeholder.
    const toEth = dex(CURVE_ETH_POOL, { protocol: 2, curveIndex: 0 });
    expect(await verdict(tx(uni('unoswap', [toEth])), expectation({ to: null }))).toBeNull();
    // …unless told not to use ETH (the pool then pays WETH).
    expect(
      await verdict(
        tx(uni('unoswap', [dex(CURVE_ETH_POOL, { protocol: 2, curveIndex: 0, flags: [243] })])),
        expectation({ to: null }),
      ),
    ).toBe('swapMismatch');
  });
});

describe('1inch v6 clipperSwap', () => {
  const clip = (
    o: { recipient?: Address; src?: Address; dst?: Address; input?: bigint; output?: bigint } = {},
  ) => {
    const tail = [
      addr(o.src ?? USDC),
      o.dst ?? DAI,
      o.input ?? AMOUNT,
      o.output ?? LEAST,
      1_800_000_000n,
      `0x${'11'.repeat(32)}`,
      `0x${'22'.repeat(32)}`,
    ] as const;
    return o.recipient
      ? encodeFunctionData({
          abi: oneInchV6Abi,
          functionName: 'clipperSwapTo',
          args: [EXECUTOR, o.recipient, ...tail],
        })
      : encodeFunctionData({ abi: oneInchV6Abi, functionName: 'clipperSwap', args: [EXECUTOR, ...tail] });
  };

  it('passes the quoted fill and refuses each tampered field', async () => {
    expect(await verdict(tx(clip()))).toBeNull();
    expect(await verdict(tx(clip({ recipient: ACCOUNT })))).toBeNull();
    expect(await verdict(tx(clip({ recipient: ATTACKER })))).toBe('swapMismatch');
    expect(await verdict(tx(clip({ dst: JUNK })))).toBe('swapMismatch');
    expect(await verdict(tx(clip({ src: DAI })))).toBe('swapMismatch');
    expect(await verdict(tx(clip({ input: AMOUNT * 2n })))).toBe('swapMismatch');
    expect(await verdict(tx(clip({ output: LEAST - 1n })))).toBe('swapMismatch');
  });
});
