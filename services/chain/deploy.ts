/**
 * Deploys the test contracts to a fresh local chain, funds the dev accounts and seeds the pools.
 *
 * Everything is sent from dev account 0 (anvil's unlocked first account) in a fixed order, so on a fresh
 * chain the contracts always land at the same addresses (CREATE addresses of the deployer's nonces 0-5) and
 * deployment always ends at the same block (`DEPLOYMENT_TX_COUNT`, one transaction per auto-mined block).
 * On a chain restored from a state file, `inspectDeployment` finds the contracts at those addresses and the
 * deployment is skipped.
 */
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  http,
  numberToHex,
  type PublicClient,
  parseEther,
  parseUnits,
} from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { keywaySpamDropAbi, keywaySwapRouterAbi, testPermitTokenAbi, testTokenAbi, wethAbi } from './abis.ts';
import {
  keywaySpamDropBytecode,
  keywaySwapRouterBytecode,
  testPermitTokenBytecode,
  testTokenBytecode,
  wethBytecode,
} from './bytecode.ts';
import { DEV_PRIVATE_KEYS } from './types.ts';

export const DEPLOYER_PRIVATE_KEY: Hex = DEV_PRIVATE_KEYS[0]!;
export const DEPLOYER: Address = privateKeyToAddress(DEPLOYER_PRIVATE_KEY);
export const DEV_ACCOUNTS: readonly Address[] = DEV_PRIVATE_KEYS.map((k) => privateKeyToAddress(k));

/** Token amounts each dev account (0-3) receives on a fresh chain. */
export const DEV_FUNDING = {
  usdc: parseUnits('10000', 6),
  dai: parseUnits('10000', 18),
  kusd: parseUnits('10000', 18),
} as const;

/**
 * Initial pool liquidity: 1 000 ETH : 3 000 000 USDC (3 000 USDC/ETH), 5 000 000 USDC : 5 000 000 DAI,
 * 5 000 000 USDC : 5 000 000 KUSD and 100 ETH : 300 000 KUSD (3 000 KUSD/ETH).
 */
export const POOL_SEED = {
  ethUsdc: { eth: parseEther('1000'), usdc: parseUnits('3000000', 6) },
  usdcDai: { usdc: parseUnits('5000000', 6), dai: parseUnits('5000000', 18) },
  usdcKusd: { usdc: parseUnits('5000000', 6), kusd: parseUnits('5000000', 18) },
  ethKusd: { eth: parseEther('100'), kusd: parseUnits('300000', 18) },
} as const;

export interface Deployment {
  usdc: Address;
  dai: Address;
  weth: Address;
  router: Address;
  spamNft: Address;
  /** TestPermitToken "Keyway Dollar" (KUSD, 18 decimals): the EIP-2612 permit token. */
  kusd: Address;
  /** Block number of the last deployment transaction. */
  deployedAtBlock: bigint;
}

/** Where the contracts land on a fresh chain: CREATE addresses of the deployer's first six nonces. */
export const EXPECTED_ADDRESSES = {
  usdc: getContractAddress({ from: DEPLOYER, nonce: 0n }),
  dai: getContractAddress({ from: DEPLOYER, nonce: 1n }),
  weth: getContractAddress({ from: DEPLOYER, nonce: 2n }),
  router: getContractAddress({ from: DEPLOYER, nonce: 3n }),
  spamNft: getContractAddress({ from: DEPLOYER, nonce: 4n }),
  /** Deployed after the others, so their addresses did not move when it was added. */
  kusd: getContractAddress({ from: DEPLOYER, nonce: 5n }),
} as const satisfies Record<string, Address>;

interface PlannedTx {
  label: string;
  to?: Address;
  data: Hex;
  value?: bigint;
}

function plan(): PlannedTx[] {
  const a = EXPECTED_ADDRESSES;
  const call = (label: string, to: Address, data: Hex, value?: bigint): PlannedTx => ({
    label,
    to,
    data,
    value,
  });
  const txs: PlannedTx[] = [
    {
      label: 'deploy USDC',
      data: encodeDeployData({
        abi: testTokenAbi,
        bytecode: testTokenBytecode,
        args: ['USD Coin', 'USDC', 6],
      }),
    },
    {
      label: 'deploy DAI',
      data: encodeDeployData({
        abi: testTokenAbi,
        bytecode: testTokenBytecode,
        args: ['Dai Stablecoin', 'DAI', 18],
      }),
    },
    { label: 'deploy WETH', data: encodeDeployData({ abi: wethAbi, bytecode: wethBytecode }) },
    {
      label: 'deploy router',
      data: encodeDeployData({
        abi: keywaySwapRouterAbi,
        bytecode: keywaySwapRouterBytecode,
        args: [a.weth],
      }),
    },
    {
      label: 'deploy spam NFT',
      data: encodeDeployData({ abi: keywaySpamDropAbi, bytecode: keywaySpamDropBytecode }),
    },
    {
      label: 'deploy KUSD',
      data: encodeDeployData({
        abi: testPermitTokenAbi,
        bytecode: testPermitTokenBytecode,
        args: ['Keyway Dollar', 'KUSD', 18],
      }),
    },
  ];
  for (const account of DEV_ACCOUNTS) {
    txs.push(
      call(
        'mint USDC',
        a.usdc,
        encodeFunctionData({ abi: testTokenAbi, functionName: 'mint', args: [account, DEV_FUNDING.usdc] }),
      ),
    );
  }
  for (const account of DEV_ACCOUNTS) {
    txs.push(
      call(
        'mint DAI',
        a.dai,
        encodeFunctionData({ abi: testTokenAbi, functionName: 'mint', args: [account, DEV_FUNDING.dai] }),
      ),
    );
  }
  for (const account of DEV_ACCOUNTS) {
    txs.push(
      call(
        'mint KUSD',
        a.kusd,
        encodeFunctionData({ abi: testTokenAbi, functionName: 'mint', args: [account, DEV_FUNDING.kusd] }),
      ),
    );
  }
  const poolUsdc = POOL_SEED.ethUsdc.usdc + POOL_SEED.usdcDai.usdc + POOL_SEED.usdcKusd.usdc;
  const poolDai = POOL_SEED.usdcDai.dai;
  const poolKusd = POOL_SEED.usdcKusd.kusd + POOL_SEED.ethKusd.kusd;
  const poolEth = POOL_SEED.ethUsdc.eth + POOL_SEED.ethKusd.eth;
  txs.push(
    call(
      'mint pool USDC',
      a.usdc,
      encodeFunctionData({ abi: testTokenAbi, functionName: 'mint', args: [DEPLOYER, poolUsdc] }),
    ),
    call(
      'mint pool KUSD',
      a.kusd,
      encodeFunctionData({ abi: testTokenAbi, functionName: 'mint', args: [DEPLOYER, poolKusd] }),
    ),
    call(
      'mint pool DAI',
      a.dai,
      encodeFunctionData({ abi: testTokenAbi, functionName: 'mint', args: [DEPLOYER, poolDai] }),
    ),
    call('wrap pool ETH', a.weth, encodeFunctionData({ abi: wethAbi, functionName: 'deposit' }), poolEth),
    call(
      'approve WETH',
      a.weth,
      encodeFunctionData({ abi: wethAbi, functionName: 'approve', args: [a.router, poolEth] }),
    ),
    call(
      'approve USDC',
      a.usdc,
      encodeFunctionData({ abi: testTokenAbi, functionName: 'approve', args: [a.router, poolUsdc] }),
    ),
    call(
      'approve DAI',
      a.dai,
      encodeFunctionData({ abi: testTokenAbi, functionName: 'approve', args: [a.router, poolDai] }),
    ),
    call(
      'approve KUSD',
      a.kusd,
      encodeFunctionData({ abi: testTokenAbi, functionName: 'approve', args: [a.router, poolKusd] }),
    ),
    call(
      'seed ETH/USDC pool',
      a.router,
      encodeFunctionData({
        abi: keywaySwapRouterAbi,
        functionName: 'addLiquidity',
        args: [a.weth, a.usdc, POOL_SEED.ethUsdc.eth, POOL_SEED.ethUsdc.usdc],
      }),
    ),
    call(
      'seed USDC/DAI pool',
      a.router,
      encodeFunctionData({
        abi: keywaySwapRouterAbi,
        functionName: 'addLiquidity',
        args: [a.usdc, a.dai, POOL_SEED.usdcDai.usdc, poolDai],
      }),
    ),
    call(
      'seed USDC/KUSD pool',
      a.router,
      encodeFunctionData({
        abi: keywaySwapRouterAbi,
        functionName: 'addLiquidity',
        args: [a.usdc, a.kusd, POOL_SEED.usdcKusd.usdc, POOL_SEED.usdcKusd.kusd],
      }),
    ),
    call(
      'seed ETH/KUSD pool',
      a.router,
      encodeFunctionData({
        abi: keywaySwapRouterAbi,
        functionName: 'addLiquidity',
        args: [a.weth, a.kusd, POOL_SEED.ethKusd.eth, POOL_SEED.ethKusd.kusd],
      }),
    ),
    call(
      'mint spam NFT',
      a.spamNft,
      encodeFunctionData({ abi: keywaySpamDropAbi, functionName: 'mint', args: [DEV_ACCOUNTS[0]!] }),
    ),
  );
  return txs;
}

/** Number of transactions (and so of auto-mined blocks) a fresh deployment takes. */
export const DEPLOYMENT_TX_COUNT = plan().length;

/**
 * 'complete': the contracts are there; 'none': an unused chain (deploy on it); 'unusable': a half-done
 * deployment, or the deployer already used its first nonces for something else (start a fresh chain).
 */
export type DeploymentStatus = 'complete' | 'none' | 'unusable';

function client(rpcUrl: string): PublicClient {
  return createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) });
}

/**
 * Looks for the deployment at the expected addresses: 'complete' when every contract has code and the last
 * deployment step (the spam NFT mint) happened, 'none' when nothing is there and the deployer is unused.
 */
export async function inspectDeployment(rpcUrl: string): Promise<DeploymentStatus> {
  const c = client(rpcUrl);
  const codes = await Promise.all(Object.values(EXPECTED_ADDRESSES).map((address) => c.getCode({ address })));
  const present = codes.filter((code) => code !== undefined && code !== '0x').length;
  if (present === 0) {
    const nonce = await c.getTransactionCount({ address: DEPLOYER });
    return nonce === 0 ? 'none' : 'unusable';
  }
  if (present < codes.length) return 'unusable';
  const minted = await c.readContract({
    address: EXPECTED_ADDRESSES.spamNft,
    abi: keywaySpamDropAbi,
    functionName: 'totalSupply',
  });
  return minted > 0n ? 'complete' : 'unusable';
}

/** Runs the full deployment on a fresh chain (deployer nonce 0) and returns the addresses. */
export async function deployFresh(rpcUrl: string, log?: (line: string) => void): Promise<Deployment> {
  const c = client(rpcUrl);
  const nonce = await c.getTransactionCount({ address: DEPLOYER });
  if (nonce !== 0) throw new Error(`deployer nonce is ${nonce} on ${rpcUrl}; a fresh chain is required`);
  const wallet = createWalletClient({ transport: http(rpcUrl, { retryCount: 0 }) });
  const hashes: Hex[] = [];
  for (const tx of plan()) {
    // anvil's dev accounts are unlocked: eth_sendTransaction signs on the node, nonces follow the order sent.
    const hash = await wallet.request({
      method: 'eth_sendTransaction',
      params: [
        {
          from: DEPLOYER,
          ...(tx.to ? { to: tx.to } : {}),
          data: tx.data,
          ...(tx.value ? { value: numberToHex(tx.value) } : {}),
        },
      ],
    });
    hashes.push(hash);
  }
  let lastBlock = 0n;
  for (const [i, hash] of hashes.entries()) {
    const receipt = await c.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (receipt.status !== 'success') throw new Error(`deployment step "${plan()[i]?.label}" reverted`);
    if (receipt.blockNumber > lastBlock) lastBlock = receipt.blockNumber;
  }
  log?.(`deployed test contracts on ${rpcUrl} in ${hashes.length} transactions (block ${lastBlock})`);
  return { ...EXPECTED_ADDRESSES, deployedAtBlock: lastBlock };
}
