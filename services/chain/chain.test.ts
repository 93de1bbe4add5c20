/**
 * The local EVM chains: deployment, dev-account funding, pools, swaps through the router with viem, and
 * state kept across a restart with the same data directory, recovery from bad saved state.
 * Every start takes free ports: a restart need not find its old ones, the state is in the data directory.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  domainSeparator,
  type Hex,
  http,
  parseEther,
  parseEventLogs,
  parseSignature,
  parseUnits,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMIT_TYPES } from '../../src/chains/evm/permit.ts';
import { keywaySpamDropAbi, keywaySwapRouterAbi, testPermitTokenAbi, testTokenAbi } from './abis.ts';
import { startAnvil } from './anvil.ts';
import { wethBytecode } from './bytecode.ts';
import { DEPLOYER, DEV_ACCOUNTS, DEV_FUNDING, EXPECTED_ADDRESSES, POOL_SEED } from './deploy.ts';
import { DEV_PRIVATE_KEYS, type EvmChainInfo, type LocalChains, startChains } from './index.ts';

/** Port 0: each chain binds a port the OS picks (read back from `rpcUrl`). */
const FREE_PORTS = { evmPorts: [0, 0] as [number, number], solanaPort: 0 };

let dataDir: string;
let chains: LocalChains;

function clients(info: EvmChainInfo, keyIndex: number) {
  const chain = defineChain({
    id: info.chainId,
    name: info.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [info.rpcUrl] } },
  });
  const account = privateKeyToAccount(DEV_PRIVATE_KEYS[keyIndex]!);
  return {
    account,
    pub: createPublicClient({ chain, transport: http(info.rpcUrl) }),
    wallet: createWalletClient({ chain, account, transport: http(info.rpcUrl) }),
  };
}

function tokenBalance(info: EvmChainInfo, token: Address, owner: Address): Promise<bigint> {
  return clients(info, 0).pub.readContract({
    address: token,
    abi: testTokenAbi,
    functionName: 'balanceOf',
    args: [owner],
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kw-chain-test-'));
  chains = await startChains({ ...FREE_PORTS, dataDir });
});

afterAll(async () => {
  await chains?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('deployment', () => {
  it('starts both chains with their ids and names', async () => {
    expect(chains.evm.map((c) => [c.chainId, c.name])).toEqual([
      [31337, 'Keyway Local'],
      [31338, 'Keyway Local L2'],
    ]);
    for (const info of chains.evm) {
      expect(await clients(info, 0).pub.getChainId()).toBe(info.chainId);
    }
  });

  it('deploys the tokens with their symbols and decimals at the same addresses on both chains', async () => {
    const [l1, l2] = chains.evm;
    expect(l1!.contracts).toEqual(l2!.contracts);
    for (const info of chains.evm) {
      const { pub } = clients(info, 0);
      const read = (address: Address, functionName: 'symbol' | 'decimals') =>
        pub.readContract({ address, abi: testTokenAbi, functionName });
      expect(await read(info.contracts.usdc, 'symbol')).toBe('USDC');
      expect(await read(info.contracts.usdc, 'decimals')).toBe(6);
      expect(await read(info.contracts.dai, 'symbol')).toBe('DAI');
      expect(await read(info.contracts.dai, 'decimals')).toBe(18);
      expect(await read(info.contracts.weth, 'symbol')).toBe('WETH');
      expect(
        await pub.readContract({
          address: info.contracts.router,
          abi: keywaySwapRouterAbi,
          functionName: 'weth',
        }),
      ).toBe(info.contracts.weth);
      expect(info.deployedAtBlock).toBeGreaterThan(0n);
      expect(await pub.getBlockNumber()).toBeGreaterThanOrEqual(info.deployedAtBlock);
    }
  });

  it('funds dev accounts 0-3 with 10 000 USDC and 10 000 DAI on both chains', async () => {
    for (const info of chains.evm) {
      for (const account of DEV_ACCOUNTS) {
        expect(await tokenBalance(info, info.contracts.usdc, account)).toBe(DEV_FUNDING.usdc);
        expect(await tokenBalance(info, info.contracts.dai, account)).toBe(DEV_FUNDING.dai);
      }
      // Accounts 1-3 keep anvil's 10 000 ETH untouched by deployment.
      expect(await clients(info, 0).pub.getBalance({ address: DEV_ACCOUNTS[1]! })).toBe(parseEther('10000'));
    }
  });

  it('seeds the ETH/USDC pool at 3 000 USDC per ETH and USDC/DAI at 1:1', async () => {
    const info = chains.evm[0]!;
    const { pub } = clients(info, 0);
    const { usdc, dai, weth, router } = info.contracts;
    const [ethReserve, usdcReserve] = await pub.readContract({
      address: router,
      abi: keywaySwapRouterAbi,
      functionName: 'getReserves',
      args: [weth, usdc],
    });
    expect([ethReserve, usdcReserve]).toEqual([POOL_SEED.ethUsdc.eth, POOL_SEED.ethUsdc.usdc]);
    // Reversed order gives the reserves in that order.
    const [daiReserve, usdcReserve2] = await pub.readContract({
      address: router,
      abi: keywaySwapRouterAbi,
      functionName: 'getReserves',
      args: [dai, usdc],
    });
    expect([daiReserve, usdcReserve2]).toEqual([POOL_SEED.usdcDai.dai, POOL_SEED.usdcDai.usdc]);
    const oneEthInUsdc = await pub.readContract({
      address: router,
      abi: keywaySwapRouterAbi,
      functionName: 'getAmountOut',
      args: [weth, usdc, parseEther('1')],
    });
    // 3 000 USDC less the 0.3 % fee and a little price impact.
    expect(oneEthInUsdc).toBeGreaterThan(parseUnits('2985', 6));
    expect(oneEthInUsdc).toBeLessThan(parseUnits('2991', 6));
  });

  it('mints the spam NFT to dev account 0', async () => {
    const info = chains.evm[0]!;
    const { pub } = clients(info, 0);
    const nft = info.contracts.spamNft!;
    expect(await pub.readContract({ address: nft, abi: keywaySpamDropAbi, functionName: 'name' })).toBe(
      'Keyway Spam Drop',
    );
    expect(
      await pub.readContract({ address: nft, abi: keywaySpamDropAbi, functionName: 'ownerOf', args: [1n] }),
    ).toBe(DEV_ACCOUNTS[0]);
  });
});

describe('swaps through the router', () => {
  it('swaps USDC for DAI after an exact approval; balances move by getAmountOut', async () => {
    const info = chains.evm[0]!;
    const { account, pub, wallet } = clients(info, 1);
    const { usdc, dai, router } = info.contracts;
    const amountIn = parseUnits('250', 6);
    const usdcBefore = await tokenBalance(info, usdc, account.address);
    const daiBefore = await tokenBalance(info, dai, account.address);

    const approveHash = await wallet.writeContract({
      address: usdc,
      abi: testTokenAbi,
      functionName: 'approve',
      args: [router, amountIn],
    });
    expect((await pub.waitForTransactionReceipt({ hash: approveHash })).status).toBe('success');

    const quoted = await pub.readContract({
      address: router,
      abi: keywaySwapRouterAbi,
      functionName: 'getAmountOut',
      args: [usdc, dai, amountIn],
    });
    expect(quoted).toBeGreaterThan(parseUnits('249', 18));
    expect(quoted).toBeLessThan(parseUnits('250', 18));

    const hash = await wallet.writeContract({
      address: router,
      abi: keywaySwapRouterAbi,
      functionName: 'swapExactTokensForTokens',
      args: [usdc, dai, amountIn, quoted, account.address],
    });
    const receipt = await pub.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(await tokenBalance(info, usdc, account.address)).toBe(usdcBefore - amountIn);
    expect(await tokenBalance(info, dai, account.address)).toBe(daiBefore + quoted);
    // The approval was exact, so nothing is left of it.
    expect(
      await pub.readContract({
        address: usdc,
        abi: testTokenAbi,
        functionName: 'allowance',
        args: [account.address, router],
      }),
    ).toBe(0n);

    const [swap] = parseEventLogs({ abi: keywaySwapRouterAbi, eventName: 'Swap', logs: receipt.logs });
    expect(swap?.args).toEqual({
      sender: account.address,
      to: account.address,
      tokenIn: usdc,
      tokenOut: dai,
      amountIn,
      amountOut: quoted,
    });
  });

  it("reverts with 'SLIPPAGE' when the output is below minAmountOut", async () => {
    const info = chains.evm[0]!;
    const { account, pub, wallet } = clients(info, 2);
    const { usdc, dai, router } = info.contracts;
    const amountIn = parseUnits('10', 6);
    await pub.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: usdc,
        abi: testTokenAbi,
        functionName: 'approve',
        args: [router, amountIn],
      }),
    });
    const quoted = await pub.readContract({
      address: router,
      abi: keywaySwapRouterAbi,
      functionName: 'getAmountOut',
      args: [usdc, dai, amountIn],
    });
    await expect(
      pub.simulateContract({
        account,
        address: router,
        abi: keywaySwapRouterAbi,
        functionName: 'swapExactTokensForTokens',
        args: [usdc, dai, amountIn, quoted + 1n, account.address],
      }),
    ).rejects.toThrow(/SLIPPAGE/);
  });

  it('swaps ETH for USDC: USDC rises by the quote, ETH falls by the value plus gas', async () => {
    const info = chains.evm[1]!;
    const { account, pub, wallet } = clients(info, 2);
    const { usdc, weth, router } = info.contracts;
    const value = parseEther('0.5');
    const quoted = await pub.readContract({
      address: router,
      abi: keywaySwapRouterAbi,
      functionName: 'getAmountOut',
      args: [weth, usdc, value],
    });
    const ethBefore = await pub.getBalance({ address: account.address });
    const usdcBefore = await tokenBalance(info, usdc, account.address);
    const hash = await wallet.writeContract({
      address: router,
      abi: keywaySwapRouterAbi,
      functionName: 'swapExactETHForTokens',
      args: [usdc, quoted, account.address],
      value,
    });
    const receipt = await pub.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(await tokenBalance(info, usdc, account.address)).toBe(usdcBefore + quoted);
    const gas = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(await pub.getBalance({ address: account.address })).toBe(ethBefore - value - gas);
  });

  it('swaps USDC for ETH delivered to another address', async () => {
    const info = chains.evm[1]!;
    const { pub, wallet } = clients(info, 3);
    const { usdc, weth, router } = info.contracts;
    const recipient: Address = '0x000000000000000000000000000000000000beef';
    const amountIn = parseUnits('300', 6);
    await pub.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: usdc,
        abi: testTokenAbi,
        functionName: 'approve',
        args: [router, amountIn],
      }),
    });
    const quoted = await pub.readContract({
      address: router,
      abi: keywaySwapRouterAbi,
      functionName: 'getAmountOut',
      args: [usdc, weth, amountIn],
    });
    const before = await pub.getBalance({ address: recipient });
    const hash = await wallet.writeContract({
      address: router,
      abi: keywaySwapRouterAbi,
      functionName: 'swapExactTokensForETH',
      args: [usdc, amountIn, quoted, recipient],
    });
    expect((await pub.waitForTransactionReceipt({ hash })).status).toBe('success');
    expect(await pub.getBalance({ address: recipient })).toBe(before + quoted);
    expect(quoted).toBeGreaterThan(parseEther('0.09'));
  });
});

/** The EIP-712 Permit of KUSD for `spender`, signed by dev account `keyIndex` (v, r, s split). */
async function signKusdPermit(
  info: EvmChainInfo,
  keyIndex: number,
  p: { spender: Address; value: bigint; deadline: bigint; nonce?: bigint },
) {
  const { account, pub, wallet } = clients(info, keyIndex);
  const kusd = info.contracts.kusd!;
  const nonce =
    p.nonce ??
    (await pub.readContract({
      address: kusd,
      abi: testPermitTokenAbi,
      functionName: 'nonces',
      args: [account.address],
    }));
  const signature = await wallet.signTypedData({
    domain: { name: 'Keyway Dollar', version: '1', chainId: info.chainId, verifyingContract: kusd },
    types: PERMIT_TYPES,
    primaryType: 'Permit',
    message: { owner: account.address, spender: p.spender, value: p.value, nonce, deadline: p.deadline },
  });
  const { v, r, s } = parseSignature(signature);
  return { v: Number(v ?? 27n), r, s, signature };
}

const inTwentyMinutes = () => BigInt(Math.floor(Date.now() / 1000) + 20 * 60);

describe('EIP-2612 permit token and permit swaps', () => {
  it('deploys KUSD with permit: name, decimals, EIP-712 domain (version "1"), funding and pools', async () => {
    for (const info of chains.evm) {
      const { pub } = clients(info, 0);
      const kusd = info.contracts.kusd!;
      expect(kusd).toBe(EXPECTED_ADDRESSES.kusd);
      const read = <F extends 'name' | 'symbol' | 'decimals' | 'DOMAIN_SEPARATOR' | 'eip712Domain'>(
        functionName: F,
      ) => pub.readContract({ address: kusd, abi: testPermitTokenAbi, functionName });
      expect(await read('name')).toBe('Keyway Dollar');
      expect(await read('symbol')).toBe('KUSD');
      expect(await read('decimals')).toBe(18);
      const domain = { name: 'Keyway Dollar', version: '1', chainId: info.chainId, verifyingContract: kusd };
      expect(await read('DOMAIN_SEPARATOR')).toBe(domainSeparator({ domain }));
      const [fields, name, version, chainId, verifyingContract] = await read('eip712Domain');
      expect([fields, name, version, chainId, verifyingContract]).toEqual([
        '0x0f',
        'Keyway Dollar',
        '1',
        BigInt(info.chainId),
        kusd,
      ]);
      for (const account of DEV_ACCOUNTS) {
        expect(await tokenBalance(info, kusd, account)).toBe(DEV_FUNDING.kusd);
      }
      const reserves = (a: Address, b: Address) =>
        pub.readContract({
          address: info.contracts.router,
          abi: keywaySwapRouterAbi,
          functionName: 'getReserves',
          args: [a, b],
        });
      expect(await reserves(info.contracts.usdc, kusd)).toEqual([
        POOL_SEED.usdcKusd.usdc,
        POOL_SEED.usdcKusd.kusd,
      ]);
      expect(await reserves(info.contracts.weth, kusd)).toEqual([
        POOL_SEED.ethKusd.eth,
        POOL_SEED.ethKusd.kusd,
      ]);
    }
  });

  it('swaps KUSD for USDC with one signature and one transaction (no approval transaction)', async () => {
    const info = chains.evm[0]!;
    const { account, pub, wallet } = clients(info, 1);
    const { usdc, router } = info.contracts;
    const kusd = info.contracts.kusd!;
    const amountIn = parseUnits('120', 18);
    const nonceBefore = await pub.getTransactionCount({ address: account.address });
    const kusdBefore = await tokenBalance(info, kusd, account.address);
    const usdcBefore = await tokenBalance(info, usdc, account.address);
    const deadline = inTwentyMinutes();
    const { v, r, s } = await signKusdPermit(info, 1, { spender: router, value: amountIn, deadline });
    const quoted = await pub.readContract({
      address: router,
      abi: keywaySwapRouterAbi,
      functionName: 'getAmountOut',
      args: [kusd, usdc, amountIn],
    });
    const hash = await wallet.writeContract({
      address: router,
      abi: keywaySwapRouterAbi,
      functionName: 'swapExactTokensForTokensWithPermit',
      args: [kusd, usdc, amountIn, quoted, account.address, deadline, v, r, s],
    });
    const receipt = await pub.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    // One transaction from the account: the swap itself.
    expect(await pub.getTransactionCount({ address: account.address })).toBe(nonceBefore + 1);
    expect(await tokenBalance(info, kusd, account.address)).toBe(kusdBefore - amountIn);
    expect(await tokenBalance(info, usdc, account.address)).toBe(usdcBefore + quoted);
    const read = (functionName: 'allowance' | 'nonces') =>
      functionName === 'allowance'
        ? pub.readContract({
            address: kusd,
            abi: testPermitTokenAbi,
            functionName,
            args: [account.address, router],
          })
        : pub.readContract({ address: kusd, abi: testPermitTokenAbi, functionName, args: [account.address] });
    // The permit was for exactly the amount: nothing is left of it; the nonce moved on.
    expect(await read('allowance')).toBe(0n);
    expect(await read('nonces')).toBe(1n);
    const [permitted] = parseEventLogs({
      abi: testPermitTokenAbi,
      eventName: 'Approval',
      logs: receipt.logs,
    });
    expect(permitted?.args).toEqual({ owner: account.address, spender: router, value: amountIn });
  });

  it('swaps KUSD for ETH with a permit (the ETH-out variant)', async () => {
    const info = chains.evm[1]!;
    const { account, pub, wallet } = clients(info, 2);
    const { weth, router } = info.contracts;
    const kusd = info.contracts.kusd!;
    const amountIn = parseUnits('600', 18);
    const deadline = inTwentyMinutes();
    const { v, r, s } = await signKusdPermit(info, 2, { spender: router, value: amountIn, deadline });
    const quoted = await pub.readContract({
      address: router,
      abi: keywaySwapRouterAbi,
      functionName: 'getAmountOut',
      args: [kusd, weth, amountIn],
    });
    const ethBefore = await pub.getBalance({ address: account.address });
    const hash = await wallet.writeContract({
      address: router,
      abi: keywaySwapRouterAbi,
      functionName: 'swapExactTokensForETHWithPermit',
      args: [kusd, amountIn, quoted, account.address, deadline, v, r, s],
    });
    const receipt = await pub.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    const gas = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(await pub.getBalance({ address: account.address })).toBe(ethBefore + quoted - gas);
    expect(quoted).toBeGreaterThan(parseEther('0.19'));
  });

  it('refuses a permit for another amount, another spender, an expired deadline or a reused signature', async () => {
    const info = chains.evm[0]!;
    const { account, pub, wallet } = clients(info, 3);
    const { usdc, router } = info.contracts;
    const kusd = info.contracts.kusd!;
    const amountIn = parseUnits('10', 18);
    const simulate = (sig: { v: number; r: Hex; s: Hex }, amount: bigint, deadline: bigint) =>
      pub.simulateContract({
        account,
        address: router,
        abi: keywaySwapRouterAbi,
        functionName: 'swapExactTokensForTokensWithPermit',
        args: [kusd, usdc, amount, 0n, account.address, deadline, sig.v, sig.r, sig.s],
      });
    const deadline = inTwentyMinutes();
    // Signed for less than the swap: the permit fails and there is no allowance to fall back on.
    const small = await signKusdPermit(info, 3, { spender: router, value: amountIn - 1n, deadline });
    await expect(simulate(small, amountIn, deadline)).rejects.toThrow(/PERMIT_FAILED/);
    // Signed for another spender.
    const other = await signKusdPermit(info, 3, { spender: account.address, value: amountIn, deadline });
    await expect(simulate(other, amountIn, deadline)).rejects.toThrow(/PERMIT_FAILED/);
    // Expired.
    const past = BigInt(Math.floor(Date.now() / 1000) - 3600);
    const expired = await signKusdPermit(info, 3, { spender: router, value: amountIn, deadline: past });
    await expect(simulate(expired, amountIn, past)).rejects.toThrow(/PERMIT_FAILED/);
    // A good one works once; the same signature again has a used nonce and no allowance left.
    const good = await signKusdPermit(info, 3, { spender: router, value: amountIn, deadline });
    const hash = await wallet.writeContract({
      address: router,
      abi: keywaySwapRouterAbi,
      functionName: 'swapExactTokensForTokensWithPermit',
      args: [kusd, usdc, amountIn, 0n, account.address, deadline, good.v, good.r, good.s],
    });
    expect((await pub.waitForTransactionReceipt({ hash })).status).toBe('success');
    await expect(simulate(good, amountIn, deadline)).rejects.toThrow(/PERMIT_FAILED/);
  });

  it('still swaps when someone submitted the permit to the token first (front-run)', async () => {
    const info = chains.evm[1]!;
    const { account, pub, wallet } = clients(info, 3);
    const other = clients(info, 1);
    const { usdc, router } = info.contracts;
    const kusd = info.contracts.kusd!;
    const amountIn = parseUnits('5', 18);
    const deadline = inTwentyMinutes();
    const { v, r, s } = await signKusdPermit(info, 3, { spender: router, value: amountIn, deadline });
    await pub.waitForTransactionReceipt({
      hash: await other.wallet.writeContract({
        address: kusd,
        abi: testPermitTokenAbi,
        functionName: 'permit',
        args: [account.address, router, amountIn, deadline, v, r, s],
      }),
    });
    const hash = await wallet.writeContract({
      address: router,
      abi: keywaySwapRouterAbi,
      functionName: 'swapExactTokensForTokensWithPermit',
      args: [kusd, usdc, amountIn, 0n, account.address, deadline, v, r, s],
    });
    expect((await pub.waitForTransactionReceipt({ hash })).status).toBe('success');
  });
});

describe('restart with the same data directory', () => {
  it('keeps balances, contracts and the deployment history', async () => {
    const info = chains.evm[0]!;
    const { account, pub, wallet } = clients(info, 1);
    const recipient: Address = '0x00000000000000000000000000000000000c0ffe';
    const amount = parseUnits('12.34', 6);
    const hash: Hex = await wallet.writeContract({
      address: info.contracts.usdc,
      abi: testTokenAbi,
      functionName: 'transfer',
      args: [recipient, amount],
    });
    await pub.waitForTransactionReceipt({ hash });
    const senderBalance = await tokenBalance(info, info.contracts.usdc, account.address);
    const blockBefore = await pub.getBlockNumber();
    const deployedAtBlock = info.deployedAtBlock;

    await chains.stop();
    chains = await startChains({ ...FREE_PORTS, dataDir });
    const restarted = chains.evm[0]!;

    expect(restarted.contracts).toEqual(info.contracts);
    expect(restarted.deployedAtBlock).toBe(deployedAtBlock);
    expect(await tokenBalance(restarted, restarted.contracts.usdc, recipient)).toBe(amount);
    expect(await tokenBalance(restarted, restarted.contracts.usdc, account.address)).toBe(senderBalance);
    const { pub: pub2 } = clients(restarted, 0);
    expect(await pub2.getBlockNumber()).toBe(blockBefore);
    // Past transfers are still there for an indexer to read.
    const mints = await pub2.getContractEvents({
      address: restarted.contracts.usdc,
      abi: testTokenAbi,
      eventName: 'Transfer',
      args: { to: recipient },
      fromBlock: 0n,
    });
    expect(mints.map((l) => l.args.value)).toEqual([amount]);
    expect(mints[0]?.transactionHash).toBe(hash);
  });
});

describe('recovery from saved state that cannot be used', () => {
  it('starts fresh and redeploys when a state file is unreadable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kw-chain-bad-'));
    try {
      writeFileSync(join(dir, 'anvil-31337.json'), 'not json');
      const recovered = await startChains({ ...FREE_PORTS, dataDir: dir });
      try {
        const info = recovered.evm[0]!;
        expect(await tokenBalance(info, info.contracts.usdc, DEV_ACCOUNTS[1]!)).toBe(DEV_FUNDING.usdc);
        expect(readdirSync(dir).some((f) => f.startsWith('anvil-31337.json.unreadable-'))).toBe(true);
      } finally {
        await recovered.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('starts fresh and redeploys when the saved chain holds a half-finished deployment', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kw-chain-partial-'));
    try {
      mkdirSync(dir, { recursive: true });
      // A chain where only the first contract was deployed before it stopped.
      const anvil = await startAnvil({
        port: 0,
        chainId: 31337,
        statePath: join(dir, 'anvil-31337.json'),
        // anvil writes its state on SIGTERM; under load that can take longer than the default 5 s before
        // SIGKILL, which would lose the half-finished deployment this test is about.
        stopTimeoutMs: 60_000,
      });
      const wallet = createWalletClient({ transport: http(anvil.rpcUrl) });
      const hash = await wallet.request({
        method: 'eth_sendTransaction',
        params: [{ from: DEPLOYER, data: wethBytecode }],
      });
      await createPublicClient({ transport: http(anvil.rpcUrl) }).waitForTransactionReceipt({ hash });
      await anvil.stop();
      // The precondition: the half-finished chain really was saved.
      expect(readdirSync(dir)).toContain('anvil-31337.json');

      const recovered = await startChains({ ...FREE_PORTS, dataDir: dir });
      try {
        const info = recovered.evm[0]!;
        expect(info.contracts.router).toBe(EXPECTED_ADDRESSES.router);
        expect(await clients(info, 0).pub.getCode({ address: info.contracts.router })).not.toBe(undefined);
        expect(await tokenBalance(info, info.contracts.dai, DEV_ACCOUNTS[2]!)).toBe(DEV_FUNDING.dai);
        expect(readdirSync(dir)).toContainEqual(expect.stringMatching(/^anvil-31337\.json\.unusable-/));
      } finally {
        await recovered.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
