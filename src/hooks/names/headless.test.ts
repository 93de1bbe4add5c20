import { afterEach, describe, expect, it } from 'vitest';
import type { Profile } from '../../api/schemas';
import { keywayLocal } from '../../core/networks';
import { createMemoryStorage } from '../../core/storage';
import { createKeyway, type Keyway } from '../../instance/createKeyway';
import { getNameRegistrationStore } from './instance';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const instances: Keyway[] = [];
afterEach(() => {
  for (const k of instances.splice(0)) k.destroy();
});

const profile = (name: string): Profile => ({
  name,
  registered: 1,
  updated: 1,
  addresses: { '2147514985': { address: ADDRESS } },
  attributes: [],
});

describe('useNameRegistration in a headless host', () => {
  it('registering never touches the modal (outcomes only)', async () => {
    const keyway = createKeyway(
      { projectId: 'p1', networks: [keywayLocal], storage: createMemoryStorage() },
      { optionalConnectors: false },
    );
    instances.push(keyway);
    const before = keyway.stores.modal.getState();
    const store = getNameRegistrationStore(keyway, {
      debounceMs: 1,
      api: {
        getProfile: async () => null,
        getNameSuggestions: async () => [],
        reverseProfile: async () => [],
        registerName: async (body) => profile(JSON.parse(body.message).name),
      },
      signTypedData: async () => `0x${'ab'.repeat(65)}`,
      afterRegistered: () => undefined,
    });
    // Nothing connected: the hook says why registration is not possible.
    expect(store.getState().unavailableReason).toBe('notConnected');
    store.getState().setContext({ address: ADDRESS, chainId: 31337, embedded: true });
    store.getState().setName('headless');
    await expect.poll(() => store.getState().availability).toBe('available');
    await expect(store.getState().register()).resolves.toEqual({ type: 'success', name: 'headless.kw.id' });
    const after = keyway.stores.modal.getState();
    expect(after.isOpen).toBe(false);
    expect(after.history).toBe(before.history);
  });
});
