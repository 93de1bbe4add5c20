import {
  type Address,
  decodeFunctionResult,
  domainSeparator,
  encodeFunctionData,
  type Hex,
  parseSignature,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { KeywayOptionsError } from '../../core/errors';
import { keywayLocal } from '../../core/networks';
import { parseKeywayOptions } from '../../core/options';
import { englishText } from '../../i18n/english';
import { fixturePermitCall, fixtureSwapTransaction, makeSwapTokens } from '../../testing/msw';
import {
  type PermitContractReader,
  permitDeadline,
  permitSignatureParts,
  permitTokenAbi,
  permitTypedData,
  readPermitDomain,
  readPermitNonce,
} from './permit';
import {
  checkSwapTransaction,
  minimumOut,
  permitRoutersFor,
  routersFor,
  type SwapExpectation,
  SwapSafetyError,
} from './swap';

const ROUTER: Address = '0x1111111254EEB25477B68fb85Ed929f73A960582';
const OTHER_ROUTER: Address = '0x2222222222222222222222222222222222222222';
const ACCOUNT = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const USDC = makeSwapTokens().find((t) => t.symbol === 'USDC')!;
const DAI = makeSwapTokens().find((t) => t.symbol === 'DAI')!;
const usdc = USDC.address.split(':')[2] as Address;
const dai = DAI.address.split(':')[2] as Address;
const AMOUNT = 100_000_000n;
const DEADLINE = 1_800_000_000n;

const reasonOf = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(SwapSafetyError);
    return (e as SwapSafetyError).code;
  }
};

async function signedPermit(spender: Address = ROUTER, value = AMOUNT) {
  const domain = { name: 'USD Coin', version: '1', chainId: 1, verifyingContract: usdc };
  return ACCOUNT.signTypedData(
    permitTypedData(domain, { owner: ACCOUNT.address, spender, value, nonce: 0n, deadline: DEADLINE }),
  );
}

/** What the API builds for USDC → DAI with the permit (the fixture router's WithPermit call). */
function built(signature: Hex, opts: { deadline?: bigint; slippage?: number; to?: Address } = {}) {
  const tx = fixtureSwapTransaction(
    {
      from: USDC.address,
      to: DAI.address,
      amount: AMOUNT.toString(),
      userAddress: ACCOUNT.address,
      eip155: {
        slippage: opts.slippage ?? 1,
        permit: { deadline: (opts.deadline ?? DEADLINE).toString(), signature },
      },
    },
    opts.to ?? ROUTER,
  ).tx;
  return { to: tx.to, data: tx.data as Hex, value: BigInt(tx.amount) };
}

const expectation = (signature: Hex, extra: Partial<SwapExpectation> = {}): SwapExpectation => ({
  routers: [ROUTER, OTHER_ROUTER],
  account: ACCOUNT.address,
  from: usdc,
  to: dai,
  amount: AMOUNT,
  // The fixture quote of 100 USDC in DAI (prices 1:1, less 0.85 %).
  quotedOut: 99_150_000_000_000_000_000n,
  slippagePercent: 1,
  permit: { spender: ROUTER, deadline: DEADLINE, signature },
  ...extra,
});

describe('swapRouters option', () => {
  it('takes addresses and {address, name?, permit?} entries; permitRoutersFor lists the permit ones', () => {
    const o = parseKeywayOptions({
      projectId: 'p1',
      networks: [keywayLocal],
      swapRouters: {
        'eip155:31337': [OTHER_ROUTER, { address: ROUTER, name: 'Local router', permit: true }],
        'eip155:31338': [{ address: ROUTER }],
      },
    });
    expect(o.swapRouters['eip155:31337']).toEqual([
      { address: OTHER_ROUTER, permit: false },
      { address: ROUTER, name: 'Local router', permit: true },
    ]);
    expect(routersFor(o.swapRouters, 'eip155:31337')).toEqual([OTHER_ROUTER, ROUTER]);
    expect(permitRoutersFor(o.swapRouters, 'eip155:31337')).toEqual([ROUTER]);
    expect(permitRoutersFor(o.swapRouters, 'eip155:31338')).toEqual([]);
    // The default (1inch on mainnet) stays, as plain entries without permits.
    expect(routersFor(o.swapRouters, 'eip155:1')).toHaveLength(1);
    expect(permitRoutersFor(o.swapRouters, 'eip155:1')).toEqual([]);
  });

  it('refuses malformed entries with a message naming the option', () => {
    for (const bad of [
      { address: '0x1234' },
      { address: ROUTER, permit: 'yes' },
      { address: ROUTER, extra: 1 },
      42,
    ]) {
      expect(() =>
        parseKeywayOptions({ projectId: 'p1', networks: [keywayLocal], swapRouters: { 'eip155:1': [bad] } }),
      ).toThrow(KeywayOptionsError);
    }
  });
});

describe('checkSwapTransaction with a permit', () => {
  it('accepts the WithPermit call on the signed router with the signed deadline and signature', async () => {
    const sig = await signedPermit();
    const tx = built(sig);
    expect(checkSwapTransaction(tx, expectation(sig))).toEqual({
      minimumOut: minimumOut(expectation(sig).quotedOut, 1),
      route: null,
    });
  });

  it('refuses a call that carries another signature, another deadline or goes to another trusted router', async () => {
    const sig = await signedPermit();
    const other = await signedPermit(ROUTER, AMOUNT + 1n);
    expect(reasonOf(() => checkSwapTransaction(built(other), expectation(sig)))).toBe('permitMismatch');
    expect(
      reasonOf(() => checkSwapTransaction(built(sig, { deadline: DEADLINE + 1n }), expectation(sig))),
    ).toBe('permitMismatch');
    expect(reasonOf(() => checkSwapTransaction(built(sig, { to: OTHER_ROUTER }), expectation(sig)))).toBe(
      'permitMismatch',
    );
  });

  it('refuses a plain swap or undecodable data when a permit was signed, and a WithPermit call when none was', async () => {
    const sig = await signedPermit();
    const plain = fixtureSwapTransaction({
      from: USDC.address,
      to: DAI.address,
      amount: AMOUNT.toString(),
      userAddress: ACCOUNT.address,
      eip155: { slippage: 1 },
    }).tx;
    const plainTx = { to: plain.to, data: plain.data as Hex, value: 0n };
    expect(reasonOf(() => checkSwapTransaction(plainTx, expectation(sig)))).toBe('permitMismatch');
    expect(
      reasonOf(() => checkSwapTransaction({ to: ROUTER, data: '0x12aa3caf', value: 0n }, expectation(sig))),
    ).toBe('permitMismatch');
    // Without a permit the plain call passes and a WithPermit call (someone's signature) is refused.
    expect(reasonOf(() => checkSwapTransaction(plainTx, expectation(sig, { permit: null })))).toBeNull();
    expect(reasonOf(() => checkSwapTransaction(built(sig), expectation(sig, { permit: null })))).toBe(
      'swapMismatch',
    );
  });

  it('still checks tokens, amount, recipient, minimum output, value and the allow-list', async () => {
    const sig = await signedPermit();
    const e = expectation(sig);
    expect(reasonOf(() => checkSwapTransaction(built(sig, { slippage: 40 }), e))).toBe('swapMismatch');
    expect(reasonOf(() => checkSwapTransaction(built(sig), { ...e, to: usdc }))).toBe('swapMismatch');
    expect(reasonOf(() => checkSwapTransaction(built(sig), { ...e, amount: AMOUNT - 1n }))).toBe(
      'swapMismatch',
    );
    expect(
      reasonOf(() =>
        checkSwapTransaction(built(sig), { ...e, account: '0x000000000000000000000000000000000000bEEF' }),
      ),
    ).toBe('swapMismatch');
    expect(reasonOf(() => checkSwapTransaction({ ...built(sig), value: 1n }, e))).toBe('swapMismatch');
    expect(reasonOf(() => checkSwapTransaction(built(sig), { ...e, routers: [OTHER_ROUTER] }))).toBe(
      'untrustedRouter',
    );
    // The ETH-out variant decodes and is checked the same way.
    const ethOut = fixtureSwapTransaction(
      {
        from: USDC.address,
        to: makeSwapTokens()[0]!.address,
        amount: AMOUNT.toString(),
        userAddress: ACCOUNT.address,
        eip155: { slippage: 1, permit: { deadline: DEADLINE.toString(), signature: sig } },
      },
      ROUTER,
    ).tx;
    expect(
      reasonOf(() =>
        checkSwapTransaction(
          { to: ethOut.to, data: ethOut.data as Hex, value: 0n },
          { ...e, to: null, quotedOut: 1n },
        ),
      ),
    ).toBeNull();
    expect(englishText(new SwapSafetyError('permitMismatch').detail)).toMatch(/Nothing was sent/);
  });
});

describe('permit reads', () => {
  /** A reader over the fixture chain (eth_call answers of fixturePermitCall), plus overrides. */
  const reader =
    (overrides: Partial<Record<string, unknown>> = {}): PermitContractReader =>
    async (call) => {
      if (call.functionName in overrides) {
        const v = overrides[call.functionName];
        if (v instanceof Error) throw v;
        return v;
      }
      const data = encodeFunctionData({
        abi: permitTokenAbi,
        functionName: call.functionName,
        ...(call.args ? { args: call.args } : {}),
      } as Parameters<typeof encodeFunctionData>[0]);
      const answer = fixturePermitCall(call.chainId, call.address, data);
      if (answer === null) throw new Error('execution reverted');
      return decodeFunctionResult({ abi: permitTokenAbi, functionName: call.functionName, data: answer });
    };

  it('reads name and version "1" when the token has no eip712Domain(), confirmed by DOMAIN_SEPARATOR()', async () => {
    expect(await readPermitDomain(reader(), 1, usdc)).toEqual({
      name: 'USD Coin',
      version: '1',
      chainId: 1,
      verifyingContract: usdc,
    });
    expect(await readPermitNonce(reader(), 1, usdc, ACCOUNT.address)).toBe(0n);
  });

  it('uses eip712Domain() when the token has it, and version() when it has that', async () => {
    const sepV2 = domainSeparator({
      domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: usdc },
    });
    const reported = ['0x0f', 'USD Coin', '2', 1n, usdc, `0x${'00'.repeat(32)}`, []];
    expect(
      await readPermitDomain(reader({ eip712Domain: reported, DOMAIN_SEPARATOR: sepV2 }), 1, usdc),
    ).toMatchObject({ version: '2' });
    expect(await readPermitDomain(reader({ version: '2', DOMAIN_SEPARATOR: sepV2 }), 1, usdc)).toMatchObject({
      version: '2',
    });
  });

  it('gives null (approval transaction) when the domain cannot be read or does not match the token', async () => {
    // The token's separator is for another version: unconfirmed.
    expect(await readPermitDomain(reader({ version: '2' }), 1, usdc)).toBeNull();
    expect(await readPermitDomain(reader({ name: new Error('reverted') }), 1, usdc)).toBeNull();
    expect(await readPermitDomain(reader({ DOMAIN_SEPARATOR: '0x1234' }), 1, usdc)).toBeNull();
    expect(await readPermitDomain(reader({ name: 'x'.repeat(500) }), 1, usdc)).toBeNull();
    // eip712Domain() naming another chain, contract, or with a salt.
    const base = ['0x0f', 'USD Coin', '1', 1n, usdc, `0x${'00'.repeat(32)}`, []] as const;
    for (const changed of [{ 3: 5n }, { 4: dai }, { 0: '0x1f' }] as Record<number, unknown>[]) {
      const reported = base.map((v, i) => (i in changed ? changed[i] : v));
      expect(await readPermitDomain(reader({ eip712Domain: reported }), 1, usdc)).toBeNull();
    }
    // A token that is not a permit token at all.
    expect(await readPermitDomain(reader(), 1, '0x000000000000000000000000000000000000dEaD')).toBeNull();
    await expect(readPermitNonce(reader({ nonces: -1n }), 1, usdc, ACCOUNT.address)).rejects.toThrow();
  });

  it('builds the Permit typed data, a deadline 20 minutes ahead, and splits signatures', async () => {
    expect(permitDeadline(1_000_000_000_000)).toBe(1_000_000_000n + 1200n);
    const sig = await signedPermit();
    const parts = permitSignatureParts(sig);
    expect(parts?.v === 27 || parts?.v === 28).toBe(true);
    expect(permitSignatureParts('0x1234')).toBeNull();
    expect(permitSignatureParts(`0x${'11'.repeat(64)}05`)).toBeNull();
  });

  it('splits a signature as viem parseSignature does, and refuses what it refuses', async () => {
    const sig = await signedPermit();
    const { r, s, v, yParity } = parseSignature(sig);
    expect(permitSignatureParts(sig)).toEqual({ v: Number(v), r, s });
    // The y parity (0/1) in place of v.
    const parity = `${sig.slice(0, 130)}0${yParity}` as Hex;
    expect(permitSignatureParts(parity)).toEqual({ v: 27 + yParity, r, s });
    expect(permitSignatureParts(sig.toUpperCase().replace('0X', '0x') as `0x${string}`)).toEqual({
      v: Number(v),
      r,
      s,
    });
    const n = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141';
    const minus1 = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140';
    const word = (x: string) => x.padStart(64, '0');
    for (const [rw, sw, ok] of [
      [word('0'), word('1'), false],
      [word('1'), word('0'), false],
      [n, word('1'), false],
      [word('1'), n, false],
      ['f'.repeat(64), word('1'), false],
      [minus1, minus1, true],
      [word('1'), word('1'), true],
    ] as const) {
      const candidate = `0x${rw}${sw}1b` as const;
      let viemOk = true;
      try {
        parseSignature(candidate);
      } catch {
        viemOk = false;
      }
      expect(viemOk).toBe(ok);
      expect(permitSignatureParts(candidate) !== null).toBe(ok);
    }
  });
});
