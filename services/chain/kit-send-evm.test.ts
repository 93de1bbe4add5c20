/**
 * The kit's EVM send path (`useSend`'s store with the real wagmi transport) against a local anvil chain with
 * the test contracts, signed by the EVM test wallet of `keyway/testing`. Only this one chain runs, on a free
 * port.
 */
import { createPublicClient, erc20Abi, formatUnits, http, parseEther, parseUnits } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, type CreateConnectorFn, createConfig } from 'wagmi';
import { connect } from 'wagmi/actions';
import { injected } from 'wagmi/connectors';
import { createEventBus, type TrackedEvent } from '../../src/core/events.ts';
import { keywayLocal, toViemChain } from '../../src/core/networks.ts';
import { type TokenBalance, toTokenBalance } from '../../src/hooks/balances/store.ts';
import { createSendStore } from '../../src/hooks/send/store.ts';
import { englishText } from '../../src/i18n/english.ts';
import { createTestWallet } from '../../src/testing/test-wallet.ts';
import { outcomeToast } from '../../src/views/modalRouter.ts';
import { type AnvilHandle, startAnvil } from './anvil.ts';
import { deployFresh } from './deploy.ts';
import { DEV_PRIVATE_KEYS } from './types.ts';

const SENDER_KEY = DEV_PRIVATE_KEYS[1]!;
const SENDER = privateKeyToAddress(SENDER_KEY);
const RECEIVER = privateKeyToAddress(DEV_PRIVATE_KEYS[2]!);
// RECEIVER with one letter's case flipped: the EIP-55 checksum does not match.
const flip = (a: string) => {
  const i = [...a].findIndex((c, k) => k > 1 && /[a-fA-F]/.test(c));
  const c = a[i]!;
  return `${a.slice(0, i)}${c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()}${a.slice(i + 1)}`;
};

let anvil: AnvilHandle;
let hadWindow = true;
let usdc: `0x${string}`;
let config: Config;
let network: typeof keywayLocal;
const client = () => createPublicClient({ transport: http(network.rpcUrls[0]) });

// Chains and contracts start in seconds alone; the full suite on two shared cores once took over 60 s.
beforeAll(async () => {
  anvil = await startAnvil({ port: 0, chainId: 31337 });
  network = { ...keywayLocal, rpcUrls: [anvil.rpcUrl] };
  const deployment = await deployFresh(anvil.rpcUrl);
  usdc = deployment.usdc;
  // wagmi's injected connector looks for `window`; node has none.
  const g = globalThis as { window?: unknown };
  hadWindow = 'window' in g;
  g.window ??= new EventTarget();
  const wallet = createTestWallet({ privateKey: SENDER_KEY, rpcUrl: anvil.rpcUrl, chainId: 31337 });
  const connector: CreateConnectorFn = injected({
    target: () => ({ id: 'dev.keyway.wallet', name: 'Keyway Dev Wallet', provider: wallet as never }),
  });
  const chain = toViemChain(network);
  config = createConfig({
    chains: [chain],
    connectors: [connector],
    transports: { [chain.id]: http(anvil.rpcUrl) },
    pollingInterval: 50,
  });
  await connect(config, { connector: config.connectors[0]! });
}, 180_000);

afterAll(async () => {
  if (!hadWindow) delete (globalThis as { window?: unknown }).window;
  await anvil?.stop();
});

/** The sender's balances as the Blockchain API would report them, read from the chain. */
async function balances(): Promise<TokenBalance[]> {
  const c = client();
  const [eth, usd] = await Promise.all([
    c.getBalance({ address: SENDER }),
    c.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [SENDER] }),
  ]);
  return [
    toTokenBalance({
      name: 'Ether',
      symbol: 'ETH',
      chainId: network.id,
      address: undefined,
      value: undefined,
      price: 3000,
      quantity: { decimals: 18, numeric: formatUnits(eth, 18) },
      iconUrl: '',
    }),
    toTokenBalance({
      name: 'USD Coin',
      symbol: 'USDC',
      chainId: network.id,
      address: `${network.id}:${usdc}`,
      value: undefined,
      price: 1,
      quantity: { decimals: 6, numeric: formatUnits(usd, 6) },
      iconUrl: '',
    }),
  ];
}

async function setup() {
  const current = await balances();
  const events: TrackedEvent[] = [];
  const toasts: string[] = [];
  const refreshed: string[][] = [];
  const bus = createEventBus();
  bus.subscribe((e) => events.push(e));
  const store = createSendStore({
    // No API runs here: the gas price comes from the chain's RPC (the store's fallback).
    api: {
      getGasPrice: async () => null,
      getIdentity: async () => ({ name: null, avatar: null }),
      getProfile: async () => null,
    },
    getWagmiConfig: () => config,
    getNetwork: () => network,
    getAddress: () => SENDER,
    getBalances: () => current,
    getSolana: () => null,
    bus,
    isSafeImage: (_u): _u is string => false,
    // What a user of the styled modal reads: the presenter's toast of each outcome.
    emit: (outcome) => {
      const toast = outcomeToast(outcome);
      if (toast) toasts.push(englishText(toast.message));
    },
    afterSuccess: ({ forceUpdate }) => refreshed.push(forceUpdate),
  });
  return { store, current, events, toasts, refreshed };
}

const ethOf = (a: `0x${string}`) => client().getBalance({ address: a });
const usdcOf = (a: `0x${string}`) =>
  client().readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [a] });
const nonce = () => client().getTransactionCount({ address: SENDER });

describe('EVM send through the test wallet', () => {
  it('sends 0.01 ETH: the receiver gains exactly 0.01, the sender pays 0.01 plus the gas', async () => {
    const { store, current, events, toasts, refreshed } = await setup();
    const [senderBefore, receiverBefore] = await Promise.all([ethOf(SENDER), ethOf(RECEIVER)]);
    store.getState().setToken(current[0]!);
    await store.getState().fetchGasPrice();
    expect(store.getState().gasPrice).toBeGreaterThan(0n);
    store.getState().setAmount('0.01');
    await store.getState().setReceiver(RECEIVER);
    expect(store.getState().validate().valid).toBe(true);
    const gasPrice = store.getState().gasPrice;

    await expect(store.getState().submit()).resolves.toMatchObject({ status: 'sent' });
    const hash = store.getState().txHash as `0x${string}`;
    const receipt = await client().getTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    // Sent at the gas price the form showed (spec §4: native send with the gas price).
    const tx = await client().getTransaction({ hash });
    expect(tx.gasPrice).toBe(gasPrice);
    const gas = receipt.gasUsed * receipt.effectiveGasPrice;
    const [senderAfter, receiverAfter] = await Promise.all([ethOf(SENDER), ethOf(RECEIVER)]);
    expect(receiverAfter - receiverBefore).toBe(parseEther('0.01'));
    expect(senderBefore - senderAfter).toBe(parseEther('0.01') + gas);
    expect(events.map((e) => e.event)).toEqual(['SEND_INITIATED', 'SEND_SUCCESS']);
    expect(toasts).toEqual(['Sent 0.01 ETH']);
    expect(refreshed).toEqual([[`${network.id}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`]]);
  });

  it('sends 5 USDC: the token balances move by exactly 5, the sender pays only gas in ETH', async () => {
    const { store, current, refreshed } = await setup();
    const [usdcSender, usdcReceiver, ethSender, ethReceiver] = await Promise.all([
      usdcOf(SENDER),
      usdcOf(RECEIVER),
      ethOf(SENDER),
      ethOf(RECEIVER),
    ]);
    store.getState().setToken(current[1]!);
    await store.getState().fetchGasPrice();
    store.getState().setAmount('5');
    await store.getState().setReceiver(RECEIVER.toLowerCase());
    await expect(store.getState().submit()).resolves.toMatchObject({ status: 'sent' });
    const receipt = await client().getTransactionReceipt({ hash: store.getState().txHash as `0x${string}` });
    expect(receipt.to?.toLowerCase()).toBe(usdc.toLowerCase());
    const gas = receipt.gasUsed * receipt.effectiveGasPrice;
    expect((await usdcOf(SENDER)) - usdcSender).toBe(-parseUnits('5', 6));
    expect((await usdcOf(RECEIVER)) - usdcReceiver).toBe(parseUnits('5', 6));
    expect(ethSender - (await ethOf(SENDER))).toBe(gas);
    expect(await ethOf(RECEIVER)).toBe(ethReceiver);
    expect(refreshed[0]).toEqual([
      `${network.id}:${usdc}`,
      `${network.id}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`,
    ]);
  });

  it('bad input sends nothing: the nonce does not move', async () => {
    const before = await nonce();
    const { store, current, events } = await setup();
    const cases: [number, string, string][] = [
      [0, '100000', RECEIVER], // above the balance
      [1, '1.1234567', RECEIVER], // more decimals than USDC has
      [0, '0', RECEIVER],
      [0, '-1', RECEIVER],
      [0, 'abc', RECEIVER],
      [0, '0.01', flip(RECEIVER)], // checksum broken
      [0, '0.01', '0x1234'],
    ];
    for (const [token, amount, to] of cases) {
      store.getState().setToken(current[token]!);
      await store.getState().fetchGasPrice();
      store.getState().setAmount(amount);
      await store.getState().setReceiver(to);
      expect(store.getState().validate().valid).toBe(false);
      await expect(store.getState().submit()).resolves.not.toMatchObject({ status: 'sent' });
      // What the user typed is kept.
      expect(store.getState()).toMatchObject({ sendTokenAmount: amount, receiverInput: to });
    }
    expect(events).toEqual([]);
    expect(await nonce()).toBe(before);
  });
});
