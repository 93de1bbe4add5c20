/**
 * The API server's request ids, request log and graceful stop (services/http-ops.ts), over real HTTP on a free
 * port: a slow request (test mode's `x-kw-fault: slow=…`) in flight when the server stops is answered, and the
 * server takes no new connection meanwhile.
 */
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiServer, startApiServer } from './api/server.ts';
import { call, get, PROJECT_ID, tempDataDir, unreachableChains } from './api/test-helpers.ts';
import type { RequestLogEntry } from './http-ops.ts';

let server: ApiServer | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  server = undefined;
});

async function start(log?: (line: string) => void) {
  dataDir = tempDataDir('ops');
  server = await startApiServer({ port: 0, chains: unreachableChains(), dataDir, testMode: true, log });
  return server;
}

describe('the API server for an operator', () => {
  it('answers /healthz and /readyz', async () => {
    const s = await start();
    expect((await get(s.url, '/healthz')).json).toEqual({ ok: true });
    expect((await get(s.url, '/readyz')).json).toEqual({ ready: true });
  });

  it("keeps the caller's request id, gives one to a request without a usable id, and logs each request as JSON", async () => {
    const lines: string[] = [];
    const s = await start((line) => lines.push(line));
    const kept = await get(s.url, `/v1/profile/account/nobody.kw.id?projectId=${PROJECT_ID}`, {
      'x-request-id': 'trace-42',
    });
    expect(kept.status).toBe(404);
    expect(kept.headers.get('x-request-id')).toBe('trace-42');
    const made = await get(s.url, '/healthz', { 'x-request-id': 'not a token; <script>' });
    const id = made.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const entries = lines.map((l) => JSON.parse(l) as RequestLogEntry);
    expect(entries).toEqual([
      expect.objectContaining({
        service: 'api',
        requestId: 'trace-42',
        method: 'GET',
        path: '/v1/profile/account/nobody.kw.id',
        status: 404,
      }),
      expect.objectContaining({
        service: 'api',
        requestId: id,
        method: 'GET',
        path: '/healthz',
        status: 200,
      }),
    ]);
    expect(lines.join('\n')).not.toContain(PROJECT_ID); // the query is not logged
    for (const e of entries) expect(Number.isNaN(Date.parse(e.time))).toBe(false);
  });

  it('answers the requests in flight when it stops, and takes no new connection meanwhile', async () => {
    const s = await start();
    const slow = call(s.url, 'GET', `/v1/profile/account/nobody.kw.id?projectId=${PROJECT_ID}`, {
      headers: { 'x-kw-fault': 'slow=1500' },
    });
    await expect.poll(() => s.inFlight()).toBe(1);
    const stopped = s.stop();
    let stopDone = false;
    void stopped.then(() => {
      stopDone = true;
    });
    await expect(fetch(`${s.url}/healthz`)).rejects.toThrow();
    expect(stopDone).toBe(false);
    const answered = await slow;
    expect(answered.status).toBe(404); // the name's answer: available
    expect(answered.text).toContain('Name nobody.kw.id is available');
    await stopped;
    expect(s.inFlight()).toBe(0);
  });
});
