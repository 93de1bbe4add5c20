import { afterEach, describe, expect, it } from 'vitest';
import type { Profile } from '../../api/schemas';
import { keywayLocal } from '../../core/networks';
import { createMemoryStorage } from '../../core/storage';
import { createKeyway, type Keyway } from '../../instance/createKeyway';
import { getNameRegistrationStore } from './instance';
import { freeNamesApi } from './testing';

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
  it('registering never touches the modal (outcomes only); its messages are codes, in German too', async () => {
    const keyway = createKeyway(
      { projectId: 'p1', networks: [keywayLocal], storage: createMemoryStorage(), locale: 'de' },
      {
        optionalConnectors: false,
        partDeps: {
          names: {
            debounceMs: 1,
            api: freeNamesApi(async (body) => profile(JSON.parse(body.message).name)),
            signTypedData: async () => `0x${'ab'.repeat(65)}`,
            afterRegistered: () => undefined,
          },
        },
      },
    );
    instances.push(keyway);
    const before = keyway.stores.modal.getState();
    const store = getNameRegistrationStore(keyway);
    // Nothing connected: the hook says why registration is not possible.
    expect(store.getState().unavailableReason).toBe('notConnected');
    await expect(store.getState().register()).resolves.toEqual({
      type: 'unavailable',
      message: { code: 'addressOrAuthConnectorNotFound' },
    });
    store.getState().setContext({ address: ADDRESS, chainId: 31337, embedded: true });
    // A name that breaks a §5 rule: its code and the limit it names.
    store.getState().setName('ab');
    expect(store.getState().rule).toBe('tooShort');
    store.getState().setName('headless');
    await expect.poll(() => store.getState().availability).toBe('available');
    await expect(store.getState().register()).resolves.toEqual({ type: 'success', name: 'headless.kw.id' });
    const after = keyway.stores.modal.getState();
    expect(after.isOpen).toBe(false);
    expect(after.history).toBe(before.history);
  });
});
