/**
 * Attacks on the local servers from another website: a page on http://evil.test that calls them directly
 * (its `Origin` goes along), and a DNS-rebinding page (its own host name pointed at 127.0.0.1: the `Host`
 * header names its site). The Solana RPC (HTTP and websocket), anvil behind its guard (HTTP and
 * websocket), the status page and the playground server refuse both, change nothing, and never answer
 * `Access-Control-Allow-Origin: *`; a page of the stack and a caller without `Origin` (Node) still work.
 * Each server is started alone, on free ports (port 0).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startPlaygroundServer } from '../playground/server.ts';
import { NPM_START_DEFAULTS } from '../playground/src/config.ts';
import { type AnvilHandle, startAnvil } from './chain/anvil.ts';
import { startSolana } from './solana/server.ts';
import { DEFAULT_PORTS, STORYBOOK_PORT, stackOrigins } from './stack.ts';
import { type HealthReport, startStatusPage } from './status-page.ts';

const EVIL = 'http://evil.test';
const EVIL_HOST = 'evil.test';
const ORIGINS = stackOrigins(DEFAULT_PORTS);
/** The playground of `npm start`, the page that calls the chains directly. */
const PLAYGROUND = 'http://127.0.0.1:4300';
const STORYBOOK = `http://localhost:${STORYBOOK_PORT}`;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** An HTTP request with headers of the test's choosing, `Host` included (fetch will not send another). */
function call(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

function rpc(url: string, method: string, params: unknown[], headers: Record<string, string> = {}) {
  return call(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
}

function resultOf(answer: Answer): unknown {
  expect(answer.status, answer.body).toBe(200);
  return (JSON.parse(answer.body) as { result?: unknown }).result;
}

/** A browser preflight for a JSON POST. */
function preflight(url: string, origin: string) {
  return call(url, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  });
}

/**
 * Opens a websocket as a page on `origin` would (and with `host`, as a rebinding page would) and sends one
 * call: resolves with the answer, or with the HTTP status that refused the upgrade.
 */
function wsCall(
  url: string,
  opts: { origin: string; host?: string },
  message: unknown,
): Promise<{ refused: number } | { answer: unknown }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, {
      origin: opts.origin,
      ...(opts.host ? { headers: { host: opts.host } } : {}),
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve({ refused: res.statusCode ?? 0 });
      res.resume();
      ws.terminate();
    });
    ws.on('open', () => ws.send(JSON.stringify(message)));
    ws.on('message', (data) => {
      resolve({ answer: JSON.parse(String(data)) });
      ws.close();
    });
    ws.on('error', (error) => {
      if (!/Unexpected server response/.test(error.message)) reject(error);
    });
  });
}

/** What a refused browser call must look like: the status, and no CORS grant to anyone. */
function expectRefused(answer: Answer, status: 403 | 421) {
  expect({ status: answer.status, cors: answer.headers['access-control-allow-origin'] }).toEqual({
    status,
    cors: undefined,
  });
}

it('the stack origins are its pages on both loopback names, never a wildcard', () => {
  expect(ORIGINS).toEqual(
    expect.arrayContaining([
      'http://127.0.0.1:4300',
      'http://localhost:4300',
      'http://127.0.0.1:4200',
      'http://127.0.0.1:4100',
      'http://localhost:6006',
    ]),
  );
  expect(ORIGINS.some((o) => o.includes('*') || o === 'null')).toBe(false);
});

describe('the Solana RPC', () => {
  let dataDir: string;
  let solana: Awaited<ReturnType<typeof startSolana>>;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kw-guard-solana-'));
    solana = await startSolana({ port: 0, dataDir, allowedOrigins: ORIGINS });
  });
  afterAll(async () => {
    await solana?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses an airdrop and a transaction from another website, and airdrops nothing', async () => {
    const target = Keypair.generate().publicKey.toBase58();
    const airdrop = await rpc(solana.rpcUrl, 'requestAirdrop', [target, 1_000_000_000], { origin: EVIL });
    expectRefused(airdrop, 403);
    expectRefused(await rpc(solana.rpcUrl, 'sendTransaction', ['1111'], { origin: EVIL }), 403);
    expectRefused(await preflight(solana.rpcUrl, EVIL), 403);
    const balance = resultOf(await rpc(solana.rpcUrl, 'getBalance', [target])) as { value: number };
    expect(balance.value).toBe(0);
  });

  it('refuses a request addressed to a foreign host name (DNS rebinding)', async () => {
    const target = Keypair.generate().publicKey.toBase58();
    expectRefused(await rpc(solana.rpcUrl, 'requestAirdrop', [target, 1_000_000], { host: EVIL_HOST }), 421);
    const balance = resultOf(await rpc(solana.rpcUrl, 'getBalance', [target])) as { value: number };
    expect(balance.value).toBe(0);
  });

  it('refuses a websocket from another website or to a foreign host name', async () => {
    const wsUrl = solana.wsUrl;
    const subscribe = { jsonrpc: '2.0', id: 1, method: 'signatureSubscribe', params: ['1'.repeat(88)] };
    expect(await wsCall(wsUrl, { origin: EVIL }, subscribe)).toEqual({ refused: 403 });
    expect(await wsCall(wsUrl, { origin: PLAYGROUND, host: EVIL_HOST }, subscribe)).toEqual({ refused: 421 });
  });

  it('serves the pages of the stack, naming their origin in CORS, and Node callers', async () => {
    const target = Keypair.generate().publicKey.toBase58();
    const airdrop = await rpc(solana.rpcUrl, 'requestAirdrop', [target, 1_000_000], { origin: PLAYGROUND });
    expect(resultOf(airdrop)).toEqual(expect.any(String));
    expect(airdrop.headers['access-control-allow-origin']).toBe(PLAYGROUND);
    const pre = await preflight(solana.rpcUrl, STORYBOOK);
    expect([pre.status, pre.headers['access-control-allow-origin']]).toEqual([204, STORYBOOK]);
    expect(resultOf(await rpc(solana.rpcUrl, 'getHealth', []))).toBe('ok');
    const ws = await wsCall(solana.wsUrl, { origin: PLAYGROUND }, { jsonrpc: '2.0', id: 7, method: 'nope' });
    expect(ws).toMatchObject({ answer: { id: 7, error: { code: -32601 } } });
  });
});

describe('anvil behind its guard', () => {
  let anvil: AnvilHandle;
  const DEV_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
  const VICTIM = '0x000000000000000000000000000000000000bEEF';
  beforeAll(async () => {
    anvil = await startAnvil({ port: 0, chainId: 31337, allowedOrigins: ORIGINS });
  });
  afterAll(async () => {
    await anvil?.stop();
  });

  it('refuses the unlocked accounts and anvil_setCode to another website; the code stays empty', async () => {
    const evil = { origin: EVIL };
    expectRefused(await rpc(anvil.rpcUrl, 'anvil_setCode', [VICTIM, '0x6000'], evil), 403);
    const send = [{ from: DEV_ACCOUNT, to: VICTIM, value: '0x1' }];
    expectRefused(await rpc(anvil.rpcUrl, 'eth_sendTransaction', send, evil), 403);
    expectRefused(await preflight(anvil.rpcUrl, EVIL), 403);
    expect(resultOf(await rpc(anvil.rpcUrl, 'eth_getCode', [VICTIM, 'latest']))).toBe('0x');
    expect(resultOf(await rpc(anvil.rpcUrl, 'eth_getBalance', [VICTIM, 'latest']))).toBe('0x0');
  });

  it('refuses a request addressed to a foreign host name (DNS rebinding)', async () => {
    expectRefused(await rpc(anvil.rpcUrl, 'anvil_setCode', [VICTIM, '0x6000'], { host: EVIL_HOST }), 421);
    expect(resultOf(await rpc(anvil.rpcUrl, 'eth_getCode', [VICTIM, 'latest']))).toBe('0x');
  });

  it('refuses a websocket from another website or to a foreign host name', async () => {
    const wsUrl = anvil.rpcUrl.replace(/^http/, 'ws');
    const setCode = { jsonrpc: '2.0', id: 1, method: 'anvil_setCode', params: [VICTIM, '0x6000'] };
    expect(await wsCall(wsUrl, { origin: EVIL }, setCode)).toEqual({ refused: 403 });
    expect(await wsCall(wsUrl, { origin: PLAYGROUND, host: EVIL_HOST }, setCode)).toEqual({ refused: 421 });
    expect(resultOf(await rpc(anvil.rpcUrl, 'eth_getCode', [VICTIM, 'latest']))).toBe('0x');
  });

  it('serves the pages of the stack, naming their origin in CORS, over HTTP and websocket, and Node callers', async () => {
    const pre = await preflight(anvil.rpcUrl, PLAYGROUND);
    expect([pre.status, pre.headers['access-control-allow-origin']]).toEqual([204, PLAYGROUND]);
    const chainId = await rpc(anvil.rpcUrl, 'eth_chainId', [], { origin: PLAYGROUND });
    expect(resultOf(chainId)).toBe('0x7a69');
    expect(chainId.headers['access-control-allow-origin']).toBe(PLAYGROUND);
    const wsUrl = anvil.rpcUrl.replace(/^http/, 'ws');
    const ws = await wsCall(wsUrl, { origin: PLAYGROUND }, { jsonrpc: '2.0', id: 3, method: 'eth_chainId' });
    expect(ws).toEqual({ answer: { jsonrpc: '2.0', id: 3, result: '0x7a69' } });
    expect(resultOf(await rpc(anvil.rpcUrl, 'eth_blockNumber', []))).toEqual(expect.any(String));
  });
});

const HEALTH: HealthReport[] = [
  { name: 'api', description: 'test', url: 'http://127.0.0.1:4100', healthy: true, detail: 'HTTP 200' },
];

describe('the status page', () => {
  let server: Awaited<ReturnType<typeof startStatusPage>>;
  beforeAll(async () => {
    server = await startStatusPage({ port: 0, health: async () => HEALTH, allowedOrigins: ORIGINS });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses another website and a foreign host name', async () => {
    expectRefused(await call(`${server.url}/status.json`, { headers: { origin: EVIL } }), 403);
    expectRefused(await call(`${server.url}/`, { headers: { origin: EVIL } }), 403);
    expectRefused(await call(`${server.url}/status.json`, { headers: { host: EVIL_HOST } }), 421);
  });

  it('serves its own page, the pages of the stack and a visit without Origin', async () => {
    const own = new URL(server.url).origin;
    for (const origin of [own, PLAYGROUND]) {
      const res = await call(`${server.url}/status.json`, { headers: { origin } });
      expect([res.status, res.headers['access-control-allow-origin']]).toEqual([200, origin]);
    }
    const visit = await call(`${server.url}/`);
    expect(visit.status).toBe(200);
    expect(visit.body).toContain('all services healthy');
  });
});

describe('the playground server', () => {
  let dir: string;
  let server: Awaited<ReturnType<typeof startPlaygroundServer>>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kw-guard-playground-'));
    for (const page of ['index.html', 'headless.html', 'phone.html']) {
      writeFileSync(join(dir, page), '<!doctype html><head><!--keyway-playground-config--></head>');
    }
    server = await startPlaygroundServer({
      dir,
      port: 0,
      config: NPM_START_DEFAULTS,
      health: async () => HEALTH,
      allowedOrigins: ORIGINS,
    });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses another website and a foreign host name, for its pages and /status', async () => {
    for (const path of ['/', '/status.json']) {
      expectRefused(await call(`${server.url}${path}`, { headers: { origin: EVIL } }), 403);
      expectRefused(await call(`${server.url}${path}`, { headers: { host: EVIL_HOST } }), 421);
    }
  });

  it('serves its own page, the pages of the stack and a visit without Origin', async () => {
    const own = new URL(server.url).origin;
    const ownLocalhost = own.replace('127.0.0.1', 'localhost');
    for (const origin of [own, ownLocalhost, `http://127.0.0.1:${DEFAULT_PORTS.frame}`]) {
      const res = await call(`${server.url}/status.json`, { headers: { origin } });
      expect([res.status, res.headers['access-control-allow-origin']]).toEqual([200, origin]);
    }
    const visit = await call(`${server.url}/`);
    expect(visit.status).toBe(200);
    expect(visit.body).toContain('keyway-playground-config');
  });
});
