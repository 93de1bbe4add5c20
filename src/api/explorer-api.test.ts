import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../core/errors';
import { generateWallets, hostileWalletFixtures, type RecordedRequest, walletFixtures } from '../testing/msw';
import { createExplorerHandlers } from '../testing/msw/handlers';
import { createExplorerClient } from './explorer-api';

const BASE = 'https://explorer.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = createExplorerClient({
  baseUrl: BASE,
  projectId: 'proj-1',
  sdkType: 'keyway',
  sdkVersion: '5.1.11',
  retryDelayMs: 1,
});

function use(opts: Parameters<typeof createExplorerHandlers>[0] = {}) {
  const seen: RecordedRequest[] = [];
  server.use(...createExplorerHandlers({ baseUrl: BASE, onRequest: (r) => seen.push(r), ...opts }));
  return seen;
}

describe('createExplorerClient', () => {
  it('lists wallets page by page with the explorer headers', async () => {
    const seen = use();
    const page1 = await client.getWallets({ page: 1, entries: 40 });
    expect(page1.count).toBe(60);
    expect(page1.data).toHaveLength(40);
    expect(page1.data[0]).toMatchObject({
      name: 'MetaMask',
      rdns: 'io.metamask',
      mobile_link: 'metamask://',
    });
    const page2 = await client.getWallets({ page: 2, entries: 40 });
    expect(page2.data).toHaveLength(20);
    expect(seen[0]!.headers.get('x-project-id')).toBe('proj-1');
    expect(seen[0]!.headers.get('x-sdk-type')).toBe('keyway');
    expect(seen[0]!.url.searchParams.get('page')).toBe('1');
    expect(seen[0]!.url.searchParams.has('projectId')).toBe(false);
  });

  it('searches, includes and excludes', async () => {
    const seen = use({ wallets: generateWallets(5000) });
    const r = await client.getWallets({ page: 1, entries: 100, search: '  rainbow ' });
    expect(r.data.map((w) => w.name)).toEqual(['Rainbow']);
    expect(seen[0]!.url.searchParams.get('search')).toBe('rainbow');
    const ids = walletFixtures.slice(0, 3).map((w) => w.id);
    const inc = await client.getWallets({ page: 1, entries: 40, include: ids, exclude: [ids[1]!] });
    expect(inc.data.map((w) => w.id)).toEqual([ids[0], ids[2]]);
    expect(seen[1]!.url.searchParams.get('include')).toBe(ids.join(','));
  });

  it('drops unsafe links and malformed entries instead of failing the list', async () => {
    use({ wallets: [...hostileWalletFixtures, walletFixtures[0]] });
    const r = await client.getWallets({ page: 1, entries: 40 });
    expect(r.data.map((w) => w.id)).toEqual(['hostile-1', 'hostile-2', walletFixtures[0]!.id]);
    const [evil, file] = r.data;
    expect(evil!.name.length).toBeLessThanOrEqual(64);
    expect(evil!.name).not.toContain('\u202E');
    expect(evil).toMatchObject({
      mobile_link: undefined,
      desktop_link: undefined,
      webapp_link: undefined,
      homepage: undefined,
      image_url: undefined,
    });
    expect(file).toMatchObject({ mobile_link: undefined, image_url: undefined });
  });

  it('reports explorer failures as ApiError', async () => {
    use({ variant: 'malformed' });
    await expect(client.getWallets({ page: 1, entries: 40 })).rejects.toBeInstanceOf(ApiError);
    use({ variant: 'error' });
    await expect(client.getAnalyticsConfig()).rejects.toMatchObject({ status: 500 });
    use({ variant: 'empty' });
    await expect(client.getWallets({ page: 1, entries: 40 })).resolves.toEqual({ data: [], count: 0 });
  });

  it('times out on a slow explorer instead of hanging (the slow variant never answers)', async () => {
    use({ variant: 'slow' });
    const impatient = createExplorerClient({
      baseUrl: BASE,
      projectId: 'proj-1',
      sdkType: 'keyway',
      sdkVersion: '5.1.11',
      timeoutMs: 50,
    });
    await expect(impatient.getWallets({ page: 1, entries: 40 })).rejects.toThrow(
      'GET /getWallets timed out after 50 ms',
    );
  });

  it('the mock explorer refuses calls without x-project-id', async () => {
    use();
    const res = await fetch(`${BASE}/getWallets?page=1&entries=4`);
    expect(res.status).toBe(401);
  });

  it('reads the analytics config and posts events', async () => {
    const events: unknown[] = [];
    use({ analyticsEnabled: true, onEvent: (e) => events.push(e) });
    await expect(client.getAnalyticsConfig()).resolves.toEqual({ isAnalyticsEnabled: true });
    const event = {
      eventId: 'id-1',
      url: 'https://dapp.example/',
      domain: 'dapp.example',
      timestamp: 1,
      props: { type: 'track' as const, event: 'MODAL_OPEN', properties: { connected: false } },
    };
    await client.sendEvent(event);
    expect(events).toEqual([event]);
  });

  it('builds image URLs that carry the project id', () => {
    expect(client.walletImageUrl('abc-1')).toBe(
      `${BASE}/getWalletImage/abc-1?projectId=proj-1&st=keyway&sv=5.1.11`,
    );
    expect(client.assetImageUrl('x/y')).toBe(
      `${BASE}/public/getAssetImage/x%2Fy?projectId=proj-1&st=keyway&sv=5.1.11`,
    );
    expect(client.tokenImageUrl('usdc')).toContain('/public/getTokenImage/USDC?');
    expect(client.currencyImageUrl('eur')).toContain('/public/getCurrencyImage/EUR?');
  });
});
