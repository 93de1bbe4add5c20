/**
 * The playground's sign-in backend over real HTTP (the playground server, a local chain for the signature
 * check): a nonce serves once, the domain must be this server's, the signature must be the account's, and the
 * session is an HTTP-only, SameSite=Lax cookie that sign-out ends.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnvilHandle, startAnvil } from '../services/chain/anvil.ts';
import { ANVIL_TEST_KEYS } from '../services/chain/types.ts';
import { type PlaygroundServer, startPlaygroundServer } from './server.ts';
import { createSiweServer, NONCE_LIFETIME_MS, SIWE_COOKIE } from './siwe-server.ts';
import { NPM_START_DEFAULTS } from './src/config.ts';
import { SIWE_ROUTES } from './src/siwe.ts';

/** Another page of the local stack (the secure frame's origin): the server's guard lets it call. */
const STACK_PAGE = 'http://127.0.0.1:4200';
const ALICE = privateKeyToAccount(ANVIL_TEST_KEYS[2] as Hex);
const BOB = privateKeyToAccount(ANVIL_TEST_KEYS[4] as Hex);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: Record<string, unknown>;
}

let chain: AnvilHandle;
let dir: string;
let server: PlaygroundServer;
let origin: string;
let host: string;

beforeAll(async () => {
  chain = await startAnvil({ port: 0, chainId: 31337, readyTimeoutMs: 25_000 });
  dir = mkdtempSync(join(tmpdir(), 'kw-siwe-playground-'));
  for (const page of ['index.html', 'headless.html', 'phone.html']) {
    writeFileSync(join(dir, page), '<!doctype html><head><!--keyway-playground-config--></head>');
  }
  server = await startPlaygroundServer({
    dir,
    port: 0,
    config: { ...NPM_START_DEFAULTS, evmRpc31337: chain.rpcUrl },
    allowedOrigins: [STACK_PAGE],
    testMode: true,
  });
  origin = server.url;
  host = new URL(server.url).host;
}, 30_000);
afterAll(async () => {
  await server?.stop();
  await chain?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** One request with headers of the test's choosing (Origin and Cookie included). */
function call(
  path: string,
  opts: { method?: string; body?: unknown; cookie?: string; origin?: string | null; type?: string } = {},
): Promise<Answer> {
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = opts.type ?? 'application/json';
  if (opts.cookie) headers.cookie = opts.cookie;
  const from = opts.origin === undefined ? origin : opts.origin;
  if (from) headers.origin = from;
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method: opts.method ?? 'GET', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json: JSON.parse(text) });
        } catch (error) {
          reject(new Error(`not JSON (${res.statusCode}): ${text}`, { cause: error }));
        }
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function nonce(): Promise<string> {
  const res = await call(SIWE_ROUTES.nonce);
  expect(res.status).toBe(200);
  return res.json.nonce as string;
}

/** A message for `account` on this server (overrides change a field), and its signature by `signer`. */
async function signed(
  account = ALICE,
  over: Partial<Parameters<typeof createSiweMessage>[0]> = {},
  signer = account,
): Promise<{ message: string; signature: Hex }> {
  const message = createSiweMessage({
    address: account.address,
    chainId: 31337,
    domain: host,
    uri: origin,
    nonce: over.nonce ?? (await nonce()),
    version: '1',
    issuedAt: new Date(),
    statement: 'Sign in to the Keyway playground.',
    ...over,
  });
  return { message, signature: await signer.signMessage({ message }) };
}

const cookieOf = (res: Answer): string => {
  const set = res.headers['set-cookie'];
  return (Array.isArray(set) ? set[0] : set) ?? '';
};

describe('the playground sign-in backend', () => {
  it('signs in: a session cookie, HTTP-only and SameSite=Lax; the session says the address; sign-out ends it', async () => {
    const res = await call(SIWE_ROUTES.verify, { method: 'POST', body: await signed() });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ session: { address: ALICE.address, chainId: 31337 } });
    const setCookie = cookieOf(res);
    expect(setCookie).toMatch(new RegExp(`^${SIWE_COOKIE}=[A-Za-z0-9_-]{20,};`));
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    const cookie = setCookie.split(';')[0]!;

    expect((await call(SIWE_ROUTES.session, { cookie })).json).toEqual({
      session: { address: ALICE.address, chainId: 31337 },
    });
    // No cookie, no session.
    expect((await call(SIWE_ROUTES.session)).json).toEqual({ session: null });
    const listed = await call(SIWE_ROUTES.testSessions);
    expect(listed.json.sessions).toContainEqual(
      expect.objectContaining({ address: ALICE.address, chainId: 31337 }),
    );

    const out = await call(SIWE_ROUTES.signOut, { method: 'POST', body: {}, cookie });
    expect(out.status).toBe(200);
    expect(cookieOf(out)).toMatch(new RegExp(`^${SIWE_COOKIE}=;.*Max-Age=0`));
    expect((await call(SIWE_ROUTES.session, { cookie })).json).toEqual({ session: null });
  });

  it('refuses a nonce used once already, even with the same valid signature', async () => {
    const body = await signed();
    expect((await call(SIWE_ROUTES.verify, { method: 'POST', body })).status).toBe(200);
    const again = await call(SIWE_ROUTES.verify, { method: 'POST', body });
    expect([again.status, again.json.error]).toEqual([400, 'unknownNonce']);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a nonce it never issued', async () => {
    const res = await call(SIWE_ROUTES.verify, {
      method: 'POST',
      body: await signed(ALICE, { nonce: 'madeup12345678' }),
    });
    expect([res.status, res.json.error]).toEqual([400, 'unknownNonce']);
  });

  it('refuses a message for another domain (and its nonce is used up)', async () => {
    const n = await nonce();
    const res = await call(SIWE_ROUTES.verify, {
      method: 'POST',
      body: await signed(ALICE, { nonce: n, domain: 'evil.test' }),
    });
    expect([res.status, res.json.error]).toEqual([400, 'wrongDomain']);
    const retry = await call(SIWE_ROUTES.verify, { method: 'POST', body: await signed(ALICE, { nonce: n }) });
    expect(retry.json.error).toBe('unknownNonce');
  });

  it('refuses a signature that is not the account’s', async () => {
    const res = await call(SIWE_ROUTES.verify, { method: 'POST', body: await signed(ALICE, {}, BOB) });
    expect([res.status, res.json.error]).toEqual([401, 'badSignature']);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an expired message and a chain it does not serve', async () => {
    const expired = await call(SIWE_ROUTES.verify, {
      method: 'POST',
      body: await signed(ALICE, { expirationTime: new Date(Date.now() - 1000) }),
    });
    expect([expired.status, expired.json.error]).toEqual([400, 'expired']);
    const otherChain = await call(SIWE_ROUTES.verify, {
      method: 'POST',
      body: await signed(ALICE, { chainId: 1 }),
    });
    expect([otherChain.status, otherChain.json.error]).toEqual([400, 'unsupportedChain']);
  });

  it('validates bodies (clear JSON errors) and takes POSTs from its own origin only', async () => {
    const missing = await call(SIWE_ROUTES.verify, { method: 'POST', body: { message: 'hello' } });
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ error: 'invalidBody', message: expect.stringMatching(/^signature: /) });
    const extra = await call(SIWE_ROUTES.signOut, { method: 'POST', body: { all: true } });
    expect([extra.status, extra.json.error]).toEqual([400, 'invalidBody']);
    const notSiwe = await call(SIWE_ROUTES.verify, {
      method: 'POST',
      body: { message: 'hello', signature: '0x1234' },
    });
    expect([notSiwe.status, notSiwe.json.error]).toEqual([400, 'invalidMessage']);
    const asText = await call(SIWE_ROUTES.verify, { method: 'POST', body: {}, type: 'text/plain' });
    expect([asText.status, asText.json.error]).toEqual([415, 'unsupportedMediaType']);
    const wrongMethod = await call(SIWE_ROUTES.verify);
    expect([wrongMethod.status, wrongMethod.headers.allow]).toEqual([405, 'POST']);
    // Another page of the machine (the guard lets the stack's origins in) may not sign anyone in or out.
    const foreign = await call(SIWE_ROUTES.verify, {
      method: 'POST',
      body: await signed(),
      origin: STACK_PAGE,
    });
    expect([foreign.status, foreign.json.error]).toEqual([403, 'foreignOrigin']);
    const noOrigin = await call(SIWE_ROUTES.signOut, { method: 'POST', body: {}, origin: null });
    expect([noOrigin.status, noOrigin.json.error]).toEqual([403, 'foreignOrigin']);
  });
});

describe('the backend without HTTP', () => {
  it('a nonce expires after NONCE_LIFETIME_MS; the test read exists only in test mode', async () => {
    let t = Date.now();
    const backend = createSiweServer({ rpcUrls: { 31337: 'http://127.0.0.1:9' }, now: () => t });
    const req = { host: 'app.test', origin: 'http://app.test', cookie: undefined, contentType: undefined };
    const issued = await backend.handle({ ...req, method: 'GET', path: SIWE_ROUTES.nonce, body: '' });
    const n = (JSON.parse(issued.body) as { nonce: string }).nonce;
    expect(n).toMatch(/^[a-f0-9]{32}$/);
    t += NONCE_LIFETIME_MS + 1;
    const message = createSiweMessage({
      address: ALICE.address,
      chainId: 31337,
      domain: 'app.test',
      uri: 'http://app.test',
      nonce: n,
      version: '1',
      issuedAt: new Date(t),
    });
    const late = await backend.handle({
      ...req,
      method: 'POST',
      path: SIWE_ROUTES.verify,
      contentType: 'application/json',
      body: JSON.stringify({ message, signature: await ALICE.signMessage({ message }) }),
    });
    expect([late.status, JSON.parse(late.body).error]).toEqual([400, 'unknownNonce']);
    expect(backend.owns(SIWE_ROUTES.testSessions)).toBe(false);
    expect(backend.owns(SIWE_ROUTES.verify)).toBe(true);
  });
});
