import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../core/errors';
import { z } from '../core/zod-mini';
import { createHttpClient } from './http';

const BASE = 'https://api.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ok = z.object({ ok: z.literal(true) });
const cfg = { baseUrl: BASE, projectId: 'proj-1', sdkType: 'keyway', sdkVersion: '5.1.11', retryDelayMs: 1 };

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

describe('createHttpClient', () => {
  it('sends projectId as a query parameter and the sdk headers (blockchain API)', async () => {
    let seen: Request | undefined;
    server.use(
      http.get(`${BASE}/v1/x`, ({ request }) => {
        seen = request;
        return HttpResponse.json({ ok: true });
      }),
    );
    const client = createHttpClient(cfg);
    await expect(client.get('/v1/x', { a: 'b', list: ['c', 'd'], skip: undefined }, ok)).resolves.toEqual({
      ok: true,
    });
    const url = new URL(seen!.url);
    expect(url.searchParams.get('projectId')).toBe('proj-1');
    expect(url.searchParams.get('a')).toBe('b');
    expect(url.searchParams.get('list')).toBe('c,d');
    expect(url.searchParams.has('skip')).toBe(false);
    expect(seen!.headers.get('x-sdk-type')).toBe('keyway');
    expect(seen!.headers.get('x-sdk-version')).toBe('5.1.11');
    expect(seen!.headers.get('x-project-id')).toBeNull();
  });

  it('parses with a schema picked from the API schemas module, loaded with the request', async () => {
    server.use(
      http.get(`${BASE}/v1/allowance`, () => HttpResponse.json({ allowance: '12' })),
      http.get(`${BASE}/v1/bad`, () => HttpResponse.json({ allowance: 'twelve' })),
    );
    const client = createHttpClient(cfg);
    await expect(client.get('/v1/allowance', {}, (s) => s.allowanceSchema)).resolves.toEqual({
      allowance: '12',
    });
    const e = await rejection(client.get('/v1/bad', {}, (s) => s.allowanceSchema));
    expect(e.message).toMatch(/^Unexpected response from GET \/v1\/bad: allowance: /);
  });

  it('sends x-project-id (and no projectId query) for the explorer', async () => {
    let seen: Request | undefined;
    server.use(
      http.post(`${BASE}/e`, ({ request }) => {
        seen = request;
        return HttpResponse.json({ ok: true });
      }),
    );
    const client = createHttpClient({ ...cfg, headers: 'explorer' });
    await client.post('/e', { hello: 1 }, ok);
    expect(seen!.headers.get('x-project-id')).toBe('proj-1');
    expect(seen!.headers.get('content-type')).toBe('application/json');
    expect(new URL(seen!.url).searchParams.has('projectId')).toBe(false);
    expect(await seen!.json()).toEqual({ hello: 1 });
  });

  it('retries a GET on 5xx with back-off and then succeeds', async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/flaky`, () => {
        calls++;
        return calls < 3 ? HttpResponse.json({}, { status: 503 }) : HttpResponse.json({ ok: true });
      }),
    );
    await expect(createHttpClient(cfg).get('/flaky', {}, ok)).resolves.toEqual({ ok: true });
    expect(calls).toBe(3);
  });

  it('gives up after the bounded number of retries, on 429 and on network errors too', async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/busy`, () => {
        calls++;
        return HttpResponse.json(
          { status: 'FAILED', reasons: [{ field: '', description: 'Slow down' }] },
          { status: 429 },
        );
      }),
    );
    const e = await rejection(createHttpClient({ ...cfg, retries: 2 }).get('/busy', {}, ok));
    expect(calls).toBe(3);
    expect(e.status).toBe(429);
    expect(e.message).toBe('Slow down');

    calls = 0;
    server.use(
      http.get(`${BASE}/down`, () => {
        calls++;
        return HttpResponse.error();
      }),
    );
    const e2 = await rejection(createHttpClient(cfg).get('/down', {}, ok));
    expect(calls).toBe(4);
    expect(e2.status).toBeNull();
    expect(e2.message).toBe('GET /down failed: network error');
  });

  it('never retries a POST', async () => {
    let calls = 0;
    server.use(
      http.post(`${BASE}/write`, () => {
        calls++;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const e = await rejection(createHttpClient(cfg).post('/write', { a: 1 }, ok));
    expect(calls).toBe(1);
    expect(e.status).toBe(500);
    expect(e.message).toBe('POST /write failed with HTTP 500');
  });

  it('does not retry a 4xx and exposes the API reasons', async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/bad`, () => {
        calls++;
        return HttpResponse.json(
          { status: 'FAILED', reasons: [{ field: 'name', description: 'Name is taken' }] },
          { status: 400 },
        );
      }),
    );
    const e = await rejection(createHttpClient(cfg).get('/bad', {}, ok));
    expect(calls).toBe(1);
    expect(e.status).toBe(400);
    expect(e.message).toBe('Name is taken');
    expect(e.reasons).toEqual([{ field: 'name', description: 'Name is taken' }]);
  });

  it('rejects with a timeout error when the server does not answer in time', async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/hang`, async () => {
        calls++;
        await delay('infinite');
        return HttpResponse.json({ ok: true });
      }),
    );
    const e = await rejection(createHttpClient({ ...cfg, timeoutMs: 50 }).get('/hang', {}, ok));
    expect(e.message).toBe('GET /hang timed out after 50 ms');
    expect(calls).toBe(1);
  });

  it("rejects with the caller's abort reason and does not retry", async () => {
    server.use(
      http.get(`${BASE}/hang`, async () => {
        await delay('infinite');
        return HttpResponse.json({ ok: true });
      }),
    );
    const ctrl = new AbortController();
    const p = createHttpClient(cfg).get('/hang', {}, ok, { signal: ctrl.signal });
    ctrl.abort(new Error('user left'));
    await expect(p).rejects.toThrow('user left');
  });

  it('turns malformed JSON and schema mismatches into ApiError, not crashes', async () => {
    server.use(
      http.get(
        `${BASE}/garbage`,
        () => new HttpResponse('{"ok": tr', { headers: { 'content-type': 'application/json' } }),
      ),
      http.get(`${BASE}/wrong`, () => HttpResponse.json({ ok: 'yes' })),
    );
    const client = createHttpClient(cfg);
    const e1 = await rejection(client.get('/garbage', {}, ok));
    expect(e1.message).toBe('Malformed response from GET /garbage: not JSON');
    expect(e1.status).toBe(200);
    const e2 = await rejection(client.get('/wrong', {}, ok));
    expect(e2.message).toMatch(/^Unexpected response from GET \/wrong: ok: /);
  });

  it('refuses to put an email address in a query string', async () => {
    const e = await rejection(createHttpClient(cfg).get('/v1/x', { sender: 'alice@example.com' }, ok));
    expect(e.message).toContain('user identifier');
  });

  it('builds absolute URLs for images and RPC', () => {
    const client = createHttpClient({ ...cfg, baseUrl: `${BASE}/` });
    expect(client.url('/v1/', { chainId: 'eip155:1' })).toBe(
      `${BASE}/v1/?chainId=eip155%3A1&projectId=proj-1`,
    );
  });
});
