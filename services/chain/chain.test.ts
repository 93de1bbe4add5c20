/**
 * The local EVM chains: deployment, dev-account funding, pools, swaps through the router with viem, and
 * state kept across a restart with the same data directory, recovery from bad saved state.
 * Ports 20001-20004 (EVM) and 20010-20013 (Solana), see docs/local-stack.md.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  parseEther,
  parseEventLogs,
  parseUnits,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keywaySpamDropAbi, keywaySwapRouterAbi, testTokenAbi } from './abis.ts';
import { startAnvil } from './anvil.ts';
import { wethBytecode } from './bytecode.ts';
import { DEPLOYER, DEV_ACCOUNTS, DEV_FUNDING, EXPECTED_ADDRESSES, POOL_SEED } from './deploy.ts';
import { DEV_PRIVATE_KEYS, type EvmChainInfo, type LocalChains, startChains } from './index.ts';

const PORTS = { evm: [20001, 20002] as [number, number], solana: 20010 };

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
  chains = await startChains({ evmPorts: PORTS.evm, solanaPort: PORTS.solana, dataDir });
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
    chains = await startChains({ evmPorts: PORTS.evm, solanaPort: PORTS.solana, dataDir });
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
  const ports = { evm: [20003, 20004] as [number, number], solana: 20012 };

  it('starts fresh and redeploys when a state file is unreadable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kw-chain-bad-'));
    try {
      writeFileSync(join(dir, 'anvil-31337.json'), 'not json');
      const recovered = await startChains({ evmPorts: ports.evm, solanaPort: ports.solana, dataDir: dir });
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
        port: ports.evm[0],
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

      const recovered = await startChains({ evmPorts: ports.evm, solanaPort: ports.solana, dataDir: dir });
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
