import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../core/errors';
import { createBlockchainApiHandlers, createExplorerHandlers, type RecordedRequest } from '../testing/msw';
import { createBlockchainApiClient } from './blockchain-api';
import { createExplorerClient } from './explorer-api';
import { createLazyBlockchainApi, createLazyExplorerApi, delegate } from './lazy';

const EXPLORER = 'https://explorer.test';
const API = 'https://api.test';
const seen: RecordedRequest[] = [];
const server = setupServer(
  ...createExplorerHandlers({ baseUrl: EXPLORER, onRequest: (r) => seen.push(r) }),
  ...createBlockchainApiHandlers({ baseUrl: API }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  seen.length = 0;
});
afterAll(() => server.close());

const common = { projectId: 'proj-1', sdkType: 'keyway', sdkVersion: '5.1.11', retryDelayMs: 1 };

describe('lazy API clients', () => {
  it('build the same image and RPC URLs as the clients, without loading them', () => {
    const lazy = createLazyExplorerApi({ ...common, baseUrl: `${EXPLORER}/` });
    const real = createExplorerClient({ ...common, baseUrl: `${EXPLORER}/` });
    for (const id of ['a1b2', 'x/y z', 'ÿ']) {
      expect(lazy.walletImageUrl(id)).toBe(real.walletImageUrl(id));
      expect(lazy.assetImageUrl(id)).toBe(real.assetImageUrl(id));
      expect(lazy.tokenImageUrl(id)).toBe(real.tokenImageUrl(id));
      expect(lazy.currencyImageUrl(id)).toBe(real.currencyImageUrl(id));
    }
    expect(lazy.walletImageUrl('w1')).toBe(
      `${EXPLORER}/getWalletImage/w1?projectId=proj-1&st=keyway&sv=5.1.11`,
    );
    const chain = createLazyBlockchainApi({ ...common, baseUrl: API });
    expect(chain.rpcUrl('eip155:1')).toBe(
      createBlockchainApiClient({ ...common, baseUrl: API }).rpcUrl('eip155:1'),
    );
    expect(chain.rpcUrl('eip155:1')).toBe(`${API}/v1/?chainId=eip155%3A1&projectId=proj-1`);
  });

  it('answer requests as the clients do, once their code is loaded', async () => {
    const lazy = createLazyExplorerApi({ ...common, baseUrl: EXPLORER });
    const real = createExplorerClient({ ...common, baseUrl: EXPLORER });
    expect(await lazy.getWallets({ page: 1, entries: 4 })).toEqual(
      await real.getWallets({ page: 1, entries: 4 }),
    );
    expect(seen.map((r) => r.headers.get('x-project-id'))).toEqual(['proj-1', 'proj-1']);
    const chain = createLazyBlockchainApi({ ...common, baseUrl: API });
    const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    expect(await chain.getIdentity(address)).toEqual(
      await createBlockchainApiClient({ ...common, baseUrl: API }).getIdentity(address),
    );
  });

  it('a client whose code cannot load fails each request as a network error, and tries again next time', async () => {
    let loads = 0;
    const client = { ping: async (n: number) => n + 1 };
    const api = delegate(
      'Test API',
      async () => {
        loads++;
        if (loads === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return client;
      },
      ['ping'] as const,
    );
    const error = await api.ping(1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Test API failed: network error');
    expect((error as ApiError).cause).toBeInstanceOf(TypeError);
    expect(await api.ping(1)).toBe(2);
    expect(await api.ping(2)).toBe(3);
    expect(loads).toBe(2);
  });
});
