/**
 * Wallet explorer, analytics, CORS and fault-injection contract tests over real HTTP (no chain needed).
 * Two servers on free ports: one in test mode, one in normal mode.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsConfigSchema, errorSchema, walletsSchema } from './contract-schemas.ts';
import { substituteAddress } from './faults.ts';
import { type ApiServer, startApiServer } from './server.ts';
import { call, get, PROJECT_ID, post, tempDataDir, unreachableChains } from './test-helpers.ts';

const ROUTER = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
const H = { 'x-project-id': PROJECT_ID, 'x-sdk-type': 'keyway', 'x-sdk-version': '5.1.11' };
let dataDir: string;
let server: ApiServer;
let plain: ApiServer;
let base: string;

beforeAll(async () => {
  dataDir = tempDataDir('explorer');
  [server, plain] = await Promise.all([
    startApiServer({ port: 0, chains: unreachableChains(), dataDir: `${dataDir}/a`, testMode: true }),
    startApiServer({ port: 0, chains: unreachableChains(), dataDir: `${dataDir}/b` }),
  ]);
  base = server.url;
});

afterAll(async () => {
  await Promise.all([server?.stop(), plain?.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /getWallets', () => {
  it('lists a registry of at least 500 wallets, 40 per page by default', async () => {
    const res = await get(base, '/getWallets?page=1', H);
    expect(res.status).toBe(200);
    const body = walletsSchema.parse(res.json);
    expect(body.count).toBeGreaterThanOrEqual(500);
    expect(body.data).toHaveLength(40);
    expect(new Set(body.data.map((w) => w.id)).size).toBe(40);
  });

  it('pages without overlap and the last page holds the remainder', async () => {
    const p1 = walletsSchema.parse((await get(base, '/getWallets?page=1&entries=100', H)).json);
    const p2 = walletsSchema.parse((await get(base, '/getWallets?page=2&entries=100', H)).json);
    const ids1 = new Set(p1.data.map((w) => w.id));
    expect(p2.data.some((w) => ids1.has(w.id))).toBe(false);
    const lastPage = Math.ceil(p1.count / 100);
    const last = walletsSchema.parse((await get(base, `/getWallets?page=${lastPage}&entries=100`, H)).json);
    expect(last.data).toHaveLength(p1.count - (lastPage - 1) * 100);
    const beyond = walletsSchema.parse(
      (await get(base, `/getWallets?page=${lastPage + 1}&entries=100`, H)).json,
    );
    expect(beyond.data).toEqual([]);
  });

  it('is deterministic across servers', async () => {
    const a = walletsSchema.parse((await get(base, '/getWallets?page=3&entries=20', H)).json);
    const b = walletsSchema.parse((await get(plain.url, '/getWallets?page=3&entries=20', H)).json);
    expect(a).toEqual(b);
  });

  it('searches by name and includes the Keyway Dev Wallet with its rdns', async () => {
    const body = walletsSchema.parse(
      (await get(base, '/getWallets?page=1&entries=100&search=keyway%20dev', H)).json,
    );
    const dev = body.data.find((w) => w.name === 'Keyway Dev Wallet');
    expect(dev?.rdns).toBe('dev.keyway.wallet');
    expect(dev?.injected?.[0]?.injected_id).toBe('dev.keyway.wallet');
    expect(body.data.every((w) => w.name.toLowerCase().includes('keyway dev'))).toBe(true);
    expect(body.count).toBe(body.data.length);
  });

  it('has well-known-style wallets and several entries with an rdns', async () => {
    const all = walletsSchema.parse((await get(base, '/getWallets?page=1&entries=1000', H)).json);
    const names = all.data.map((w) => w.name);
    expect(names).toEqual(expect.arrayContaining(['MetaMask', 'Rainbow', 'Coinbase Wallet', 'Trust Wallet']));
    expect(all.data.filter((w) => w.rdns).length).toBeGreaterThan(10);
    for (const w of all.data) {
      for (const link of [w.homepage, w.webapp_link, w.app_store, w.play_store, w.chrome_store]) {
        if (link) expect(link.startsWith('https://')).toBe(true);
      }
    }
  });

  it('filters with include, exclude and chains', async () => {
    const first = walletsSchema.parse((await get(base, '/getWallets?page=1&entries=5', H)).json).data;
    const ids = first.map((w) => w.id);
    const inc = walletsSchema.parse(
      (await get(base, `/getWallets?page=1&include=${ids[1]},${ids[3]}`, H)).json,
    );
    expect(inc.data.map((w) => w.id)).toEqual([ids[1], ids[3]]);
    expect(inc.count).toBe(2);
    const all = walletsSchema.parse((await get(base, '/getWallets?page=1&entries=1000', H)).json);
    const exc = walletsSchema.parse(
      (await get(base, `/getWallets?page=1&entries=1000&exclude=${ids[0]}`, H)).json,
    );
    expect(exc.count).toBe(all.count - 1);
    expect(exc.data.some((w) => w.id === ids[0])).toBe(false);
    const local = walletsSchema.parse(
      (await get(base, '/getWallets?page=1&entries=1000&chains=eip155:31338', H)).json,
    );
    expect(local.count).toBeGreaterThan(0);
    expect(local.count).toBeLessThan(all.count);
    expect(local.data.some((w) => w.name === 'Keyway Dev Wallet')).toBe(true);
  });

  it('refuses calls without a project id and invalid paging with the error shape', async () => {
    const noId = await get(base, '/getWallets?page=1');
    expect(noId.status).toBe(400);
    expect(errorSchema.parse(noId.json).reasons[0]?.field).toBe('projectId');
    const byQuery = await get(base, `/getWallets?page=1&projectId=${PROJECT_ID}`);
    expect(byQuery.status).toBe(200);
    for (const q of ['page=0', 'entries=0', 'entries=abc', 'page=1.5']) {
      const res = await get(base, `/getWallets?${q}`, H);
      expect(res.status).toBe(400);
      errorSchema.parse(res.json);
    }
  });
});

describe('images', () => {
  const paths = [
    '/getWalletImage/319386d7-7d40-4a09-aeef-442110702b02',
    '/public/getAssetImage/eip155-31337',
    '/public/getCurrencyImage/USD',
    '/public/getTokenImage/USDC',
  ];

  it('serves deterministic SVGs with a content security policy', async () => {
    for (const p of paths) {
      const a = await get(base, p, H);
      const b = await get(base, p, H);
      expect(a.status).toBe(200);
      expect(a.headers.get('content-type')).toBe('image/svg+xml');
      expect(a.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(a.text.startsWith('<svg')).toBe(true);
      expect(a.text).not.toMatch(/<script/i);
      expect(a.text).toBe(b.text);
    }
    const usdc = await get(base, '/public/getTokenImage/USDC', H);
    const dai = await get(base, '/public/getTokenImage/DAI', H);
    expect(usdc.text).not.toBe(dai.text);
  });

  it('refuses invalid ids and missing project ids', async () => {
    const bad = await get(base, '/public/getTokenImage/%3Cscript%3E', H);
    expect(bad.status).toBe(400);
    errorSchema.parse(bad.json);
    const noId = await get(base, '/public/getTokenImage/USDC');
    expect(noId.status).toBe(400);
  });
});

describe('analytics', () => {
  it('reports analytics as enabled', async () => {
    const res = await get(base, '/getAnalyticsConfig', H);
    expect(analyticsConfigSchema.parse(res.json)).toEqual({ isAnalyticsEnabled: true });
  });

  it('records posted events so a test can read them back', async () => {
    await call(base, 'DELETE', '/__test/analytics');
    const event = {
      eventId: 'evt-1',
      url: 'http://localhost:5173/',
      domain: 'localhost',
      timestamp: Date.now(),
      props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
    };
    const res = await post(base, '/e', event, H);
    expect(res.status).toBe(202);
    const read = await get(base, '/__test/analytics');
    expect(read.json).toEqual({ events: [event] });
  });

  it('refuses malformed events and hides the read-back routes (analytics, RPC proxy log) outside test mode', async () => {
    const bad = await call(base, 'POST', '/e', { rawBody: '{"eventId":', headers: H });
    expect(bad.status).toBe(400);
    errorSchema.parse(bad.json);
    const wrongShape = await post(base, '/e', { eventId: 'x', props: { type: 'other' } }, H);
    expect(wrongShape.status).toBe(400);
    expect((await get(plain.url, '/__test/analytics')).status).toBe(404);
    expect((await get(plain.url, '/__test/rpc-proxy')).status).toBe(404);
  });
});

describe('CORS', () => {
  it('allows local dev origins and the kit headers', async () => {
    const res = await call(base, 'OPTIONS', '/getWallets', {
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-project-id,x-sdk-type,x-sdk-version',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const allowed = res.headers.get('access-control-allow-headers') ?? '';
    for (const h of ['x-project-id', 'x-sdk-type', 'x-sdk-version']) expect(allowed).toContain(h);
    const simple = await get(base, '/getAnalyticsConfig', { ...H, origin: 'http://127.0.0.1:6006' });
    expect(simple.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:6006');
  });

  it('does not allow foreign origins', async () => {
    const res = await get(base, '/getAnalyticsConfig', { ...H, origin: 'https://evil.example' });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('fault injection (test mode)', () => {
  it('fails a path with a status a given number of times, then recovers', async () => {
    const add = await post(base, '/__admin/faults', {
      path: '/getAnalyticsConfig',
      mode: 'status',
      status: 503,
      times: 1,
    });
    expect(add.status).toBe(200);
    const failed = await get(base, '/getAnalyticsConfig', H);
    expect(failed.status).toBe(503);
    errorSchema.parse(failed.json);
    const ok = await get(base, '/getAnalyticsConfig', H);
    expect(ok.status).toBe(200);
  });

  it('returns malformed JSON until cleared', async () => {
    await post(base, '/__admin/faults', { path: '/v1/convert/quotes', mode: 'malformed' });
    for (let i = 0; i < 2; i++) {
      const res = await get(base, `/v1/convert/quotes?projectId=${PROJECT_ID}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.json).toBeUndefined();
    }
    expect((await call(base, 'DELETE', '/__admin/faults')).status).toBe(200);
    const after = await get(base, `/v1/convert/quotes?projectId=${PROJECT_ID}`);
    expect(after.status).toBe(400);
    errorSchema.parse(after.json);
  });

  it('makes a path slow (a client with a short timeout gives up; without the fault it does not)', async () => {
    await post(base, '/__admin/faults', {
      path: '/getAnalyticsConfig',
      mode: 'slow',
      delayMs: 3000,
      times: 1,
    });
    await expect(
      call(base, 'GET', '/getAnalyticsConfig', { headers: H, signal: AbortSignal.timeout(300) }),
    ).rejects.toThrow();
    await call(base, 'DELETE', '/__admin/faults');
    const res = await call(base, 'GET', '/getAnalyticsConfig', {
      headers: H,
      signal: AbortSignal.timeout(3000),
    });
    expect(res.status).toBe(200);
  });

  it('honours the x-kw-fault request header', async () => {
    const status = await get(base, '/getAnalyticsConfig', { ...H, 'x-kw-fault': 'status=500' });
    expect(status.status).toBe(500);
    errorSchema.parse(status.json);
    const malformed = await get(base, '/getAnalyticsConfig', { ...H, 'x-kw-fault': 'malformed' });
    expect(malformed.json).toBeUndefined();
    await expect(
      call(base, 'GET', '/getAnalyticsConfig', {
        headers: { ...H, 'x-kw-fault': 'slow=3000' },
        signal: AbortSignal.timeout(300),
      }),
    ).rejects.toThrow();
    const unknown = await get(base, '/getAnalyticsConfig', { ...H, 'x-kw-fault': 'explode' });
    expect(unknown.status).toBe(400);
  });

  it('validates fault rules', async () => {
    const res = await post(base, '/__admin/faults', { path: 'no-slash', mode: 'status' });
    expect(res.status).toBe(400);
    errorSchema.parse(res.json);
    const mode = await post(base, '/__admin/faults', { path: '/e', mode: 'explode' });
    expect(mode.status).toBe(400);
    const half = await post(base, '/__admin/faults', { path: '/e', mode: 'substitute', find: ROUTER });
    expect(half.status).toBe(400);
    const notAddress = await post(base, '/__admin/faults', {
      path: '/e',
      mode: 'substitute',
      find: ROUTER,
      replace: '0x1234',
    });
    expect(notAddress.status).toBe(400);
  });

  it('substitute names another address wherever the answer names the given one', () => {
    const other = '0x00000000000000000000000000000000DeaDBeef';
    const padded = ROUTER.slice(2).toLowerCase().padStart(64, '0');
    const answer = JSON.stringify({ tx: { to: ROUTER, data: `0x095ea7b3${padded}` } });
    const out = JSON.parse(substituteAddress(answer, ROUTER.toLowerCase(), other)) as {
      tx: { to: string; data: string };
    };
    expect(out.tx.to).toBe(other);
    expect(out.tx.data).toBe(`0x095ea7b3${other.slice(2).toLowerCase().padStart(64, '0')}`);
  });

  it('is off outside test mode', async () => {
    expect(
      (await post(plain.url, '/__admin/faults', { path: '/getAnalyticsConfig', mode: 'status' })).status,
    ).toBe(404);
    const res = await get(plain.url, '/getAnalyticsConfig', { ...H, 'x-kw-fault': 'status=500' });
    expect(res.status).toBe(200);
  });
});

describe('health and unknown routes', () => {
  it('answers the health check and 404s with the error shape', async () => {
    expect((await get(base, '/health')).json).toEqual({ ok: true });
    const res = await get(base, `/v1/nope?projectId=${PROJECT_ID}`);
    expect(res.status).toBe(404);
    errorSchema.parse(res.json);
  });
});
