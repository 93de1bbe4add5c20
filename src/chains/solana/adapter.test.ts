import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { KeywayError } from '../../core/errors';
import { keywayLocal, solanaLocal } from '../../core/networks';
import { createMemoryStorage, createSafeStorage, STORAGE_KEYS } from '../../core/storage';
import { createSolanaTestWallet } from '../../testing/solana-wallet';
import { createSolanaAdapter } from './adapter';
import { encodeBase58 } from './address';
import type { SolanaState, SolanaStore } from './types';

const SEED = new TextEncoder().encode('keyway-unit-test-solana-seed-32b');
// The public key of SEED is not needed: the adapter only reads the address the wallet reports.
const SECRET = new Uint8Array(64);
SECRET.set(SEED);
SECRET.set(
  Uint8Array.from({ length: 32 }, (_, i) => 200 - i),
  32,
);
const ADDRESS = encodeBase58(SECRET.slice(32));
const RECEIVER = '11111111111111111111111111111112';
/** The codes a refused and a failed send throw (spec §8: their texts are in the catalogue). */
const INVALID = 'solanaInvalidInput';
const FAILED = 'solanaSendFailed';

function setup(
  opts: {
    storage?: Record<string, string>;
    trusted?: boolean;
    active?: 'evm' | 'solana';
    store?: SolanaStore;
  } = {},
) {
  const target = new EventTarget();
  const backend = createMemoryStorage(opts.storage);
  const storage = createSafeStorage(backend);
  let web3Loads = 0;
  const adapter = createSolanaAdapter({
    networks: [solanaLocal],
    getActiveNetwork: () => (opts.active === 'evm' ? keywayLocal : solanaLocal),
    storage,
    target,
    ...(opts.store ? { store: opts.store } : {}),
    isSafeImage: (u): u is string => typeof u === 'string' && u.startsWith('data:image/'),
    loadWeb3: () => {
      web3Loads++;
      return import('@solana/web3.js');
    },
  });
  const wallet = createSolanaTestWallet({
    secretKey: SECRET,
    rpcUrl: 'http://127.0.0.1:1',
    name: 'Unit Solana Wallet',
    ...(opts.trusted ? { trusted: true } : {}),
  });
  return { adapter, wallet, target, backend, web3Loads: () => web3Loads };
}

async function rejection(p: Promise<unknown>): Promise<KeywayError> {
  try {
    await p;
  } catch (error) {
    expect(error).toBeInstanceOf(KeywayError);
    return error as KeywayError;
  }
  throw new Error('expected a rejection');
}

describe('Solana adapter: register', () => {
  it('adds a wallet without the window handshake, marked embedded when asked; a page wallet of that name is ignored', async () => {
    const { adapter, wallet, target } = setup();
    const off = adapter.register(wallet.wallet, { embedded: true });
    expect(adapter.store.getState().wallets).toMatchObject([{ name: 'Unit Solana Wallet', embedded: true }]);
    // A script on the page registering a wallet of the same name does not replace it.
    const impostor = createSolanaTestWallet({
      secretKey: new Uint8Array(64).fill(3),
      rpcUrl: 'http://127.0.0.1:1',
      name: 'Unit Solana Wallet',
    });
    impostor.register(target);
    adapter.startDiscovery();
    expect(adapter.store.getState().wallets).toHaveLength(1);
    await expect(adapter.connect('Unit Solana Wallet')).resolves.toBe(ADDRESS);
    expect(impostor.connected).toBe(false);
    off();
    expect(adapter.store.getState()).toMatchObject({ wallets: [], status: 'disconnected' });
  });

  it('a registered wallet remembered from a previous visit is reconnected silently', async () => {
    const { adapter, wallet } = setup({
      storage: { [STORAGE_KEYS.solanaWallet]: 'Unit Solana Wallet' },
      trusted: true,
    });
    adapter.register(wallet.wallet);
    await expect.poll(() => adapter.store.getState().status).toBe('connected');
    expect(adapter.store.getState().wallets[0]?.embedded).toBeUndefined();
    expect(wallet.prompts).toEqual([]);
  });

  it("takes over a store that awaited the remembered wallet ('reconnecting'): registered, it reconnects it", async () => {
    const store: SolanaStore = createStore<SolanaState>()(() => ({
      wallets: [],
      status: 'reconnecting',
      wallet: null,
      address: null,
      error: null,
    }));
    const { adapter, wallet } = setup({
      storage: { [STORAGE_KEYS.solanaWallet]: 'Unit Solana Wallet' },
      trusted: true,
      store,
    });
    // Until the remembered wallet registers, nothing is being restored.
    expect(store.getState().status).toBe('disconnected');
    adapter.register(wallet.wallet);
    expect(store.getState().status).toBe('reconnecting');
    await expect.poll(() => store.getState().status).toBe('connected');
    expect(wallet.prompts).toEqual([]);
  });
});

describe('Solana adapter: discovery', () => {
  it('hears no wallet before discovery starts, then lists Solana wallets with name and safe icon', () => {
    const { adapter, wallet, target } = setup();
    wallet.register(target);
    expect(adapter.store.getState().wallets).toEqual([]);
    adapter.startDiscovery();
    const [info] = adapter.store.getState().wallets;
    expect(info?.name).toBe('Unit Solana Wallet');
    expect(info?.icon).toMatch(/^data:image\/svg\+xml/);
    expect(info?.chains).toEqual(['solana:devnet', 'solana:localnet']);
  });

  it('leaves out wallets without a Solana chain and drops an unregistered wallet', () => {
    const { adapter, target } = setup();
    adapter.startDiscovery();
    const evmOnly = createSolanaTestWallet({
      secretKey: SECRET,
      rpcUrl: 'http://127.0.0.1:1',
      name: 'EVM only',
      chains: ['eip155:1'],
    });
    evmOnly.register(target);
    const sol = createSolanaTestWallet({ secretKey: SECRET, rpcUrl: 'http://127.0.0.1:1', name: 'Sol' });
    const unregister = sol.register(target);
    expect(adapter.store.getState().wallets.map((w) => w.name)).toEqual(['Sol']);
    unregister();
    expect(adapter.store.getState().wallets).toEqual([]);
  });
});

describe('Solana adapter: connection', () => {
  it('connects, shows the address, remembers the wallet, and disconnects', async () => {
    const { adapter, wallet, target, backend } = setup();
    adapter.startDiscovery();
    wallet.register(target);
    await expect(adapter.connect('Unit Solana Wallet')).resolves.toBe(ADDRESS);
    expect(adapter.store.getState()).toMatchObject({
      status: 'connected',
      address: ADDRESS,
      wallet: { name: 'Unit Solana Wallet' },
    });
    expect(backend.getItem(STORAGE_KEYS.solanaWallet)).toBe('Unit Solana Wallet');
    await adapter.disconnect();
    expect(adapter.store.getState()).toMatchObject({ status: 'disconnected', address: null, wallet: null });
    expect(wallet.connected).toBe(false);
    expect(backend.getItem(STORAGE_KEYS.solanaWallet)).toBeNull();
  });

  it('a rejected connection leaves it disconnected with the wallet message', async () => {
    const { adapter, wallet, target } = setup();
    adapter.startDiscovery();
    wallet.register(target);
    wallet.rejectNext();
    await expect(adapter.connect('Unit Solana Wallet')).rejects.toThrow('User rejected the request.');
    expect(adapter.store.getState()).toMatchObject({
      status: 'disconnected',
      address: null,
      error: { code: 'connectionFailed', reason: 'User rejected the request.' },
    });
  });

  it('throws for a wallet that is not there', async () => {
    const { adapter } = setup();
    await expect(adapter.connect('Nope')).rejects.toThrow('Solana wallet "Nope" is not available');
  });

  it('follows a disconnect made in the wallet (standard:events change)', async () => {
    const { adapter, wallet, target } = setup();
    adapter.startDiscovery();
    wallet.register(target);
    await adapter.connect('Unit Solana Wallet');
    const disconnect = wallet.wallet.features['standard:disconnect'] as { disconnect(): Promise<void> };
    await disconnect.disconnect();
    expect(adapter.store.getState().status).toBe('disconnected');
  });

  it('reconnects silently to a remembered wallet that trusts the app, when it registers', async () => {
    const { adapter, wallet, target } = setup({
      storage: { [STORAGE_KEYS.solanaWallet]: 'Unit Solana Wallet' },
      trusted: true,
    });
    // Discovery started by itself (a remembered connection); no prompt is shown.
    wallet.register(target);
    await vi.waitFor(() => expect(adapter.store.getState().status).toBe('connected'));
    expect(adapter.store.getState().address).toBe(ADDRESS);
    expect(wallet.prompts).toEqual([]);
  });

  it('forgets a remembered wallet that no longer trusts the app', async () => {
    const { adapter, wallet, target, backend } = setup({
      storage: { [STORAGE_KEYS.solanaWallet]: 'Unit Solana Wallet' },
    });
    wallet.register(target);
    await vi.waitFor(() => expect(backend.getItem(STORAGE_KEYS.solanaWallet)).toBeNull());
    expect(adapter.store.getState().status).toBe('disconnected');
    expect(wallet.prompts).toEqual([]);
  });
});

describe('Solana adapter: sendNative input checks', () => {
  it.each([
    ['an empty amount', { to: RECEIVER, amount: '' }],
    ['a zero amount', { to: RECEIVER, amount: '0' }],
    ['a negative amount', { to: RECEIVER, amount: '-1' }],
    ['more than 9 decimals', { to: RECEIVER, amount: '0.0000000001' }],
    ['a non-numeric amount', { to: RECEIVER, amount: 'ten' }],
    ['an empty receiver', { to: '', amount: '0.1' }],
    ['an EVM receiver', { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: '0.1' }],
  ])('refuses %s with the catalogue message before loading web3.js', async (_what, input) => {
    const { adapter, wallet, target, web3Loads } = setup();
    adapter.startDiscovery();
    wallet.register(target);
    await adapter.connect('Unit Solana Wallet');
    const error = await rejection(adapter.sendNative(input));
    expect(error).toMatchObject({ code: INVALID });
    expect(web3Loads()).toBe(0);
    expect(wallet.prompts.filter((p) => p.kind !== 'connect')).toEqual([]);
  });

  it('refuses to send without a connected wallet', async () => {
    const { adapter } = setup();
    const error = await rejection(adapter.sendNative({ to: RECEIVER, amount: '0.1' }));
    expect(error).toMatchObject({ code: FAILED });
  });

  it('reports an unreachable RPC as a failed send, with nothing signed', async () => {
    const target = new EventTarget();
    const closed = { ...solanaLocal, rpcUrls: ['http://127.0.0.1:1'] };
    const adapter = createSolanaAdapter({
      networks: [closed],
      getActiveNetwork: () => closed,
      storage: createSafeStorage(createMemoryStorage()),
      target,
      isSafeImage: (u): u is string => typeof u === 'string',
    });
    adapter.startDiscovery();
    const wallet = createSolanaTestWallet({ secretKey: SECRET, rpcUrl: 'http://127.0.0.1:1' });
    wallet.register(target);
    await adapter.connect(wallet.name);
    const error = await rejection(adapter.sendNative({ to: RECEIVER, amount: '0.1' }));
    expect(error).toMatchObject({ code: FAILED });
    expect(wallet.prompts.map((p) => p.kind)).toEqual(['connect']);
  });

  it('uses the first Solana network when an EVM network is active', () => {
    const { adapter } = setup({ active: 'evm' });
    expect(adapter.getNetwork().id).toBe(solanaLocal.id);
  });
});
