import { afterEach, describe, expect, it } from 'vitest';
import { keywayLocal } from '../../core/networks';
import { createMemoryStorage } from '../../core/storage';
import { createKeyway, type Keyway } from '../../instance/createKeyway';
import type { ConnectionStatus } from '../connect/store';
import { getNameRegistrationStore } from './instance';
import { freeNamesApi } from './testing';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const;
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as const;
const instances: Keyway[] = [];
afterEach(() => {
  for (const k of instances.splice(0)) k.destroy();
});

/** An instance whose name store follows the account store, fed as wagmi's connection would feed it. */
function setup() {
  const keyway = createKeyway(
    { projectId: 'p1', networks: [keywayLocal], storage: createMemoryStorage() },
    {
      optionalConnectors: false,
      partDeps: {
        names: {
          debounceMs: 1,
          api: freeNamesApi(async () => {
            throw new Error('not used');
          }),
          signTypedData: async () => `0x${'ab'.repeat(65)}`,
        },
      },
    },
  );
  instances.push(keyway);
  const account = keyway.stores.account.getState();
  const wagmi = (status: ConnectionStatus, addresses?: `0x${string}`[]) =>
    account.syncWagmi({ status, addresses, chainId: 31337, connector: { name: 'Email & Social' } });
  wagmi('connected', [ADDRESS]);
  const store = getNameRegistrationStore(keyway);
  return { store, wagmi };
}

describe('the name store follows the wallet', () => {
  it('a reconnect of the same account keeps the typed name and its availability', async () => {
    const { store, wagmi } = setup();
    expect(store.getState().context.address).toBe(ADDRESS);
    store.getState().setName('keepme');
    await expect.poll(() => store.getState().availability).toBe('available');
    // wagmi reconnects (a connector whose code is still loading): no addresses for a moment.
    wagmi('reconnecting');
    expect(store.getState().context.address).toBeNull();
    wagmi('connecting');
    wagmi('connected', [ADDRESS]);
    expect(store.getState()).toMatchObject({ name: 'keepme', availability: 'available' });
    expect(store.getState().context.address).toBe(ADDRESS);
  });

  it('a disconnect, then another account: the form starts over', async () => {
    const { store, wagmi } = setup();
    store.getState().setName('keepme');
    await expect.poll(() => store.getState().availability).toBe('available');
    wagmi('disconnected');
    wagmi('connected', [OTHER]);
    expect(store.getState()).toMatchObject({ name: '', availability: 'idle' });
  });
});
