import { describe, expect, it, vi } from 'vitest';
import { keywayLocal, solanaLocal } from '../../core/networks';
import { createLazySolanaAdapter } from './lazy';
import type { SolanaAdapter, SolanaStore } from './types';

/** An adapter whose methods record their calls, loaded when `resolve` is called. */
function deferredAdapter() {
  let resolve!: (adapter: SolanaAdapter) => void;
  let reject!: (error: Error) => void;
  const loaded = new Promise<SolanaAdapter>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  const remove = vi.fn();
  const make = (store: SolanaStore): SolanaAdapter => ({
    store,
    getNetwork: () => solanaLocal,
    startDiscovery: vi.fn(),
    register: vi.fn(() => remove),
    connect: vi.fn(async (name: string) => `address of ${name}`),
    disconnect: vi.fn(async () => undefined),
    sendNative: vi.fn(async () => 'signature'),
    getBalance: vi.fn(async () => 5n),
    destroy: vi.fn(),
  });
  return { loaded, resolve, reject, make, remove };
}

describe('createLazySolanaAdapter', () => {
  it('has its store at once; calls made before the adapter is loaded reach it once it is', async () => {
    const d = deferredAdapter();
    let adapter: SolanaAdapter | null = null;
    const lazy = createLazySolanaAdapter({
      networks: [solanaLocal],
      getActiveNetwork: () => keywayLocal,
      load: async (store) => {
        await d.loaded;
        adapter = d.make(store);
        return adapter;
      },
    });
    expect(lazy.store.getState()).toMatchObject({ status: 'disconnected', wallets: [], address: null });
    // With a Solana wallet remembered from the last visit, the store says it is being restored until then.
    const awaited = createLazySolanaAdapter({
      networks: [solanaLocal],
      getActiveNetwork: () => keywayLocal,
      load: () => new Promise<SolanaAdapter>(() => undefined),
      restoring: true,
    });
    expect(awaited.store.getState().status).toBe('reconnecting');
    awaited.destroy();
    // The Solana network while the active one is EVM: the first Solana network.
    expect(lazy.getNetwork()).toBe(solanaLocal);
    lazy.startDiscovery();
    lazy.register({ name: 'Wallet' }, { embedded: true });
    const connected = lazy.connect('Wallet');
    const balance = lazy.getBalance();
    d.resolve(null as never);
    await expect(connected).resolves.toBe('address of Wallet');
    await expect(balance).resolves.toBe(5n);
    const loaded = adapter as unknown as SolanaAdapter;
    expect(loaded.store).toBe(lazy.store);
    expect(loaded.startDiscovery).toHaveBeenCalledTimes(1);
    expect(loaded.register).toHaveBeenCalledWith({ name: 'Wallet' }, { embedded: true });
    await expect(lazy.sendNative({ to: 'x', amount: '1' })).resolves.toBe('signature');
    lazy.destroy();
    expect(loaded.destroy).toHaveBeenCalledTimes(1);
  });

  it('a wallet removed before the adapter is loaded is never registered; destroyed first, the adapter is ended on load', async () => {
    const d = deferredAdapter();
    let adapter: SolanaAdapter | null = null;
    const lazy = createLazySolanaAdapter({
      networks: [solanaLocal],
      getActiveNetwork: () => solanaLocal,
      load: async (store) => {
        await d.loaded;
        adapter = d.make(store);
        return adapter;
      },
    });
    const remove = lazy.register({ name: 'Wallet' });
    remove();
    lazy.destroy();
    d.resolve(null as never);
    await expect(lazy.ready).rejects.toThrow('destroyed');
    const loaded = adapter as unknown as SolanaAdapter;
    expect(loaded.register).not.toHaveBeenCalled();
    expect(loaded.destroy).toHaveBeenCalledTimes(1);
  });

  it('a failed load fails the calls that wait for it, not the ones that do not', async () => {
    const lazy = createLazySolanaAdapter({
      networks: [solanaLocal],
      getActiveNetwork: () => solanaLocal,
      load: async () => {
        throw new Error('chunk failed');
      },
    });
    lazy.startDiscovery();
    lazy.register({ name: 'Wallet' });
    await expect(lazy.connect('Wallet')).rejects.toThrow('chunk failed');
    expect(lazy.getNetwork()).toBe(solanaLocal);
  });
});
