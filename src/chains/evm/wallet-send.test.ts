import {
  ChainMismatchError,
  InsufficientFundsError,
  InvalidAddressError,
  parseEther,
  TransactionExecutionError,
  UserRejectedRequestError,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, createConfig, http } from 'wagmi';
import { connect } from 'wagmi/actions';
import { injected } from 'wagmi/connectors';
import { keywayLocal, toViemChain } from '../../core/networks';
import { isUserRejection } from '../../hooks/utils';
import { sendWalletTransaction } from './wallet-send';

const FROM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TO = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const HASH = `0x${'ab'.repeat(32)}` as const;

/** An EIP-1193 wallet that records every request; `chainId` and the answer to eth_sendTransaction are set per test. */
const wallet = {
  chainId: 31337,
  requests: [] as { method: string; params?: unknown }[],
  answer: (): unknown => HASH,
  listeners: new Map<string, ((...a: unknown[]) => void)[]>(),
  async request({ method, params }: { method: string; params?: unknown }) {
    this.requests.push({ method, params });
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [FROM];
    if (method === 'eth_chainId') return `0x${this.chainId.toString(16)}`;
    if (method === 'wallet_requestPermissions' || method === 'wallet_revokePermissions') return [];
    if (method === 'eth_sendTransaction') return this.answer();
    throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 });
  },
  on(event: string, fn: (...a: unknown[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), fn]);
  },
  removeListener(event: string, fn: (...a: unknown[]) => void) {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((f) => f !== fn),
    );
  },
};

let config: Config;
let hadWindow = true;
const chain = toViemChain(keywayLocal);
const sends = () => wallet.requests.filter((r) => r.method === 'eth_sendTransaction');

beforeAll(async () => {
  // wagmi's injected connector looks for `window`; node has none.
  const g = globalThis as { window?: unknown };
  hadWindow = 'window' in g;
  g.window ??= new EventTarget();
  config = createConfig({
    chains: [chain],
    connectors: [injected({ target: () => ({ id: 'test', name: 'Test', provider: wallet as never }) })],
    // No chain runs here: nothing may read through the transport.
    transports: { [chain.id]: http('http://127.0.0.1:9') },
  });
  await connect(config, { connector: config.connectors[0]! });
});

afterAll(() => {
  if (!hadWindow) delete (globalThis as { window?: unknown }).window;
});

describe('sendWalletTransaction', () => {
  it('asks the wallet with eth_sendTransaction, the fields hex-encoded and from the connected account', async () => {
    wallet.requests = [];
    wallet.answer = () => HASH;
    const hash = await sendWalletTransaction(config, {
      chainId: chain.id,
      to: TO,
      value: parseEther('0.01'),
      data: '0xa9059cbb',
      gas: 65_000n,
      gasPrice: 2_000_000_000n,
    });
    expect(hash).toBe(HASH);
    expect(sends()).toEqual([
      {
        method: 'eth_sendTransaction',
        params: [
          {
            from: FROM,
            to: TO,
            value: '0x2386f26fc10000',
            data: '0xa9059cbb',
            gas: '0xfde8',
            gasPrice: '0x77359400',
          },
        ],
      },
    ]);
  });

  it('leaves out what it is not given: the wallet fills gas and fees', async () => {
    wallet.requests = [];
    await sendWalletTransaction(config, { chainId: chain.id, to: TO, value: 1n });
    expect(sends()[0]?.params).toEqual([{ from: FROM, to: TO, value: '0x1' }]);
  });

  it('refuses when the wallet is on another chain, naming it, and asks nothing', async () => {
    wallet.requests = [];
    wallet.chainId = 1;
    try {
      const error = await sendWalletTransaction(config, { chainId: chain.id, to: TO, value: 1n }).catch(
        (e) => e,
      );
      expect(error).toBeInstanceOf(TransactionExecutionError);
      expect(error.cause).toBeInstanceOf(ChainMismatchError);
      expect(error.shortMessage).toBe(
        `The current chain of the wallet (id: 1) does not match the target chain for the transaction (id: ${chain.id} – ${chain.name}).`,
      );
      expect(sends()).toEqual([]);
    } finally {
      wallet.chainId = 31337;
    }
  });

  it('refuses a malformed receiver before asking the wallet', async () => {
    wallet.requests = [];
    const error = await sendWalletTransaction(config, { chainId: chain.id, to: '0x1234', value: 1n }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(TransactionExecutionError);
    expect(error.cause).toBeInstanceOf(InvalidAddressError);
    expect(sends()).toEqual([]);
  });

  it('a rejection in the wallet is a user rejection', async () => {
    wallet.answer = () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
    };
    const error = await sendWalletTransaction(config, { chainId: chain.id, to: TO, value: 1n }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(TransactionExecutionError);
    expect(error.cause).toBeInstanceOf(UserRejectedRequestError);
    expect(isUserRejection(error)).toBe(true);
    expect(error.shortMessage).toBe('User rejected the request.');
  });

  it("a node's reason becomes viem's error for it", async () => {
    wallet.answer = () => {
      throw Object.assign(new Error('insufficient funds for gas * price + value'), { code: -32000 });
    };
    const error = await sendWalletTransaction(config, { chainId: chain.id, to: TO, value: 1n }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(TransactionExecutionError);
    expect(error.cause).toBeInstanceOf(InsufficientFundsError);
    expect(isUserRejection(error)).toBe(false);
  });
});
