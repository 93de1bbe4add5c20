/**
 * The kit's swap path (`useSwap`'s store wired like src/hooks/swap/instance.ts: wagmi actions, the EVM test
 * wallet of `keyway/testing`) against the reference API and the local chains: KUSD, the permit token, swaps
 * with one signature and one transaction; USDC (no permit) with one approval transaction and the swap.
 * The API and the chains on free ports.
 */
import { rmSync } from 'node:fs';
import { type Address, decodeFunctionData, erc20Abi, type Hex, parseUnits } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, type CreateConnectorFn, createConfig, http } from 'wagmi';
import {
  connect,
  getPublicClient,
  readContract,
  sendTransaction,
  signTypedData,
  waitForTransactionReceipt,
} from 'wagmi/actions';
import { injected } from 'wagmi/connectors';
import { createBlockchainApiClient } from '../../src/api/blockchain-api.ts';
import { swapRouterAbi } from '../../src/chains/evm/swap.ts';
import { createEventBus } from '../../src/core/events.ts';
import { keywayLocal, toViemChain } from '../../src/core/networks.ts';
import { type TokenBalance, toTokenBalance } from '../../src/hooks/balances/store.ts';
import { createSwapStore, type EvmCall } from '../../src/hooks/swap/store.ts';
import { englishText } from '../../src/i18n/english.ts';
import { createTestWallet } from '../../src/testing/test-wallet.ts';
import { outcomeToast } from '../../src/views/modalRouter.ts';
import { DEV_PRIVATE_KEYS, type LocalChains, startChains } from '../chain/index.ts';
import { type ApiServer, startApiServer } from './server.ts';
import { PROJECT_ID, tempDataDir } from './test-helpers.ts';

const KEY = DEV_PRIVATE_KEYS[2]!;
const ME = privateKeyToAddress(KEY);

let dataDir: string;
let chains: LocalChains;
let server: ApiServer;
let config: Config;
let hadWindow = true;
let network: typeof keywayLocal;

// Chains and contracts start in seconds alone; the full suite on two shared cores once took over 60 s.
beforeAll(async () => {
  dataDir = tempDataDir('kit-swap');
  chains = await startChains({ evmPorts: [0, 0], solanaPort: 0 });
  server = await startApiServer({ port: 0, chains, dataDir, testMode: true });
  const rpcUrl = chains.evm[0]!.rpcUrl;
  network = { ...keywayLocal, rpcUrls: [rpcUrl] };
  // wagmi's injected connector looks for `window`; node has none.
  const g = globalThis as { window?: unknown };
  hadWindow = 'window' in g;
  g.window ??= new EventTarget();
  const wallet = createTestWallet({ privateKey: KEY, rpcUrl, chainId: 31337 });
  const connector: CreateConnectorFn = injected({
    target: () => ({ id: 'dev.keyway.wallet', name: 'Keyway Dev Wallet', provider: wallet as never }),
  });
  const chain = toViemChain(network);
  config = createConfig({
    chains: [chain],
    connectors: [connector],
    transports: { [chain.id]: http(rpcUrl) },
    pollingInterval: 50,
  });
  await connect(config, { connector: config.connectors[0]! });
}, 180_000);

afterAll(async () => {
  if (!hadWindow) delete (globalThis as { window?: unknown }).window;
  await server?.stop();
  await chains?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const contracts = () => chains.evm[0]!.contracts;
const pub = () => getPublicClient(config, { chainId: 31337 })!;
const balanceOf = (token: Address) =>
  pub().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [ME] });

/** The swap store with the instance's wiring (wagmi actions), trusting the local router with permits. */
async function setup() {
  const api = createBlockchainApiClient({
    baseUrl: server.url,
    projectId: PROJECT_ID,
    sdkType: 'keyway',
    sdkVersion: 'test',
    retries: 0,
  });
  let balances: TokenBalance[] = [];
  const load = async () => {
    balances = (await api.getBalances({ address: ME, chainId: network.id })).map((b) => toTokenBalance(b));
  };
  await load();
  const sent: EvmCall[] = [];
  const signed: unknown[] = [];
  const toasts: string[] = [];
  const router = contracts().router;
  const store = createSwapStore({
    api,
    getAddress: () => ME,
    getNetwork: () => network,
    getBalances: () => balances,
    loadBalances: load,
    getRouters: () => [router],
    getPermitRouters: () => [router],
    sendTransaction: (call) => {
      sent.push(call);
      return sendTransaction(config, {
        chainId: call.chainId,
        to: call.to,
        data: call.data,
        value: call.value,
      });
    },
    waitForTransaction: async (chainId, hash) => {
      const receipt = await waitForTransactionReceipt(config, { chainId, hash });
      if (receipt.status !== 'success') throw new Error('The transaction reverted');
    },
    signTypedData: (data) => {
      signed.push(data);
      return signTypedData(config, data);
    },
    readContract: (call) =>
      readContract(config, {
        chainId: call.chainId,
        address: call.address,
        abi: call.abi,
        functionName: call.functionName,
        ...(call.args ? { args: call.args } : {}),
      } as Parameters<typeof readContract>[1]),
    bus: createEventBus(),
    isSafeImage: (u): u is string => typeof u === 'string',
    // What a user of the styled modal reads: the presenter's toast of each outcome.
    emit: (outcome) => {
      const toast = outcomeToast(outcome);
      if (toast) toasts.push(englishText(toast.message));
    },
    afterSuccess: () => void load(),
    debounceMs: 0,
  });
  store.getState().setContext(ME, network);
  await store.getState().initialize();
  const pick = async (from: string, to: string, amount: string) => {
    const bySymbol = (symbol: string) => store.getState().tokens.find((t) => t.symbol === symbol)!;
    store.getState().setSourceToken(bySymbol(from));
    store.getState().setToToken(bySymbol(to));
    store.getState().setSourceTokenAmount(amount);
    await store.getState().fetchQuote();
  };
  return { store, sent, signed, toasts, pick };
}

describe('kit swap against the reference API', () => {
  it('KUSD (eip2612) → USDC: one permit signature, then one transaction (the WithPermit call)', async () => {
    const { store, sent, signed, toasts, pick } = await setup();
    const kusd = contracts().kusd!;
    expect(store.getState().tokens.find((t) => t.symbol === 'KUSD')?.eip2612).toBe(true);
    const [kusdBefore, usdcBefore, txCount] = await Promise.all([
      balanceOf(kusd),
      balanceOf(contracts().usdc),
      pub().getTransactionCount({ address: ME }),
    ]);
    await pick('KUSD', 'USDC', '25');
    expect(store.getState()).toMatchObject({ approvalMethod: 'permit', approvalTransaction: null });
    expect(store.getState().permit).toMatchObject({
      spender: contracts().router,
      amount: parseUnits('25', 18),
      domain: { name: 'Keyway Dollar', version: '1', chainId: 31337, verifyingContract: kusd },
    });

    expect(await store.getState().approve()).toBe(true);
    expect(signed).toHaveLength(1);
    expect(sent).toHaveLength(0);
    const tx = store.getState().swapTransaction!;
    expect(decodeFunctionData({ abi: swapRouterAbi, data: tx.data }).functionName).toBe(
      'swapExactTokensForTokensWithPermit',
    );

    expect(await store.getState().swap()).toBe('sent');
    expect(toasts.at(-1)).toMatch(/^Swapped 25 KUSD for 24\.\d+ USDC$/);
    expect(sent).toHaveLength(1);
    expect(await pub().getTransactionCount({ address: ME })).toBe(txCount + 1);
    expect(await balanceOf(kusd)).toBe(kusdBefore - parseUnits('25', 18));
    const received = (await balanceOf(contracts().usdc)) - usdcBefore;
    expect(received).toBeGreaterThan(parseUnits('24.8', 6));
  });

  it('KUSD → ETH uses the ETH-out permit call', async () => {
    const { store, sent, pick } = await setup();
    await pick('KUSD', 'ETH', '30');
    expect(await store.getState().approve()).toBe(true);
    const tx = store.getState().swapTransaction!;
    expect(decodeFunctionData({ abi: swapRouterAbi, data: tx.data as Hex }).functionName).toBe(
      'swapExactTokensForETHWithPermit',
    );
    expect(await store.getState().swap()).toBe('sent');
    expect(sent).toHaveLength(1);
  });

  it('USDC (no permit) → DAI: one exact approval transaction, then the swap', async () => {
    const { store, sent, signed, pick } = await setup();
    const txCount = await pub().getTransactionCount({ address: ME });
    await pick('USDC', 'DAI', '40');
    expect(store.getState().approvalMethod).toBe('transaction');
    expect(await store.getState().approve()).toBe(true);
    expect(await store.getState().swap()).toBe('sent');
    expect(signed).toHaveLength(0);
    expect(sent).toHaveLength(2);
    expect(await pub().getTransactionCount({ address: ME })).toBe(txCount + 2);
  });
});
