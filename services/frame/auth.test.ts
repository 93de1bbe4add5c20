/**
 * The frame service over real HTTP: email one-time codes through the dev mailbox, wrong codes, the rate
 * limit, device approval, the local social provider, the Farcaster stand-in, email update, persistence,
 * the security headers, and the login limits against an attacker (a victim is not locked out, the load
 * slows the service down, guesses spread over many client addresses do not add up). Each server on a free
 * port.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../free-ports.ts';
import { getWithHost } from '../raw-request.ts';
import { DEFAULT_PORTS, PLAYGROUND_DEV_PORT } from '../stack.ts';
import { pkceChallenge } from './auth-store.ts';
import { DEFAULT_AUTH_LIMITS } from './rate-limit.ts';
import { type FrameServer, type FrameServerOptions, startFrameServer } from './server.ts';
import { frameAllowedOrigins } from './stack-service.ts';

const ALLOWED = ['http://127.0.0.1:4300', 'http://localhost:4300'];
const DEVICE_A = 'device-aaaaaaaa-0001';
const DEVICE_B = 'device-bbbbbbbb-0002';

let dataDir: string;
let server: FrameServer;

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

interface Mail {
  to: string;
  kind: string;
  code: string | null;
  link: string | null;
}
async function mailbox(email: string): Promise<Mail[]> {
  const res = await fetch(`${server.url}/mailbox.json?email=${encodeURIComponent(email)}`);
  return ((await res.json()) as { messages: Mail[] }).messages;
}
async function latestCode(email: string): Promise<string> {
  const mail = (await mailbox(email)).find((m) => m.code);
  if (!mail?.code) throw new Error(`no code for ${email}`);
  return mail.code;
}
async function login(email: string, deviceId = DEVICE_A): Promise<{ token: string; user: { id: string } }> {
  expect((await post('/auth/email/start', { email, deviceId })).status).toBe(200);
  const res = await post('/auth/email/verify', { email, otp: await latestCode(email), deviceId });
  expect(res.status).toBe(200);
  return (await res.json()) as { token: string; user: { id: string } };
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kw-frame-auth-'));
  server = await startFrameServer({
    port: await freePort(),
    dataDir,
    allowedOrigins: ALLOWED,
    chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:1' }],
    rateLimit: { max: 3, windowMs: 60_000 },
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('email login', () => {
  it('sends a 6-digit code to the dev mailbox and accepts it once', async () => {
    const email = 'alice@example.com';
    const start = await post('/auth/email/start', { email, deviceId: DEVICE_A });
    expect(await start.json()).toEqual({ action: 'VERIFY_OTP' });

    const mails = await mailbox(email);
    expect(mails[0]).toMatchObject({ to: email, kind: 'login-code' });
    expect(mails[0]?.code).toMatch(/^\d{6}$/);

    const html = await (await fetch(`${server.url}/mailbox`)).text();
    expect(html).toContain(email);
    expect(html).toContain(mails[0]!.code!);

    const verify = await post('/auth/email/verify', { email, otp: mails[0]!.code, deviceId: DEVICE_A });
    expect(verify.status).toBe(200);
    const session = (await verify.json()) as { token: string; user: { email: string; id: string } };
    expect(session.user.email).toBe(email);

    const me = await fetch(`${server.url}/auth/session`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { id: string } }).user.id).toBe(session.user.id);

    const again = await post('/auth/email/verify', { email, otp: mails[0]!.code, deviceId: DEVICE_A });
    expect(again.status).toBe(400);
  });

  it('rejects a wrong code and burns the code after five wrong tries', async () => {
    const email = 'bob@example.com';
    await post('/auth/email/start', { email, deviceId: DEVICE_A });
    const code = await latestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await post('/auth/email/verify', { email, otp: wrong, deviceId: DEVICE_A });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Invalid code' });
    for (let i = 0; i < 3; i++) await post('/auth/email/verify', { email, otp: wrong, deviceId: DEVICE_A });
    const fifth = await post('/auth/email/verify', { email, otp: wrong, deviceId: DEVICE_A });
    expect(await fifth.json()).toEqual({ message: 'Too many wrong codes. Request a new one.' });
    const right = await post('/auth/email/verify', { email, otp: code, deviceId: DEVICE_A });
    expect(right.status).toBe(400);
  });

  it('rejects malformed input', async () => {
    expect((await post('/auth/email/start', { email: 'not-an-email', deviceId: DEVICE_A })).status).toBe(400);
    const res = await post('/auth/email/verify', { email: 'a@b.co', otp: '12ab56', deviceId: DEVICE_A });
    expect(res.status).toBe(400);
    const form = await fetch(`${server.url}/auth/email/start`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ email: 'a@b.co', deviceId: DEVICE_A }),
    });
    expect(form.status).toBe(400);
  });

  it('rate-limits codes per address and device', async () => {
    const email = 'carol@example.com';
    for (let i = 0; i < 3; i++) {
      expect((await post('/auth/email/start', { email, deviceId: DEVICE_A })).status).toBe(200);
    }
    const limited = await post('/auth/email/start', { email, deviceId: DEVICE_A });
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { message: string }).message).toMatch(
      /^Too many codes requested\. Please try again after \d+ seconds$/,
    );
    expect((await mailbox(email)).length).toBe(3);
    // Another address is not affected, nor the same address on another device.
    expect((await post('/auth/email/start', { email: 'dave@example.com', deviceId: DEVICE_A })).status).toBe(
      200,
    );
    expect((await post('/auth/email/start', { email, deviceId: DEVICE_B })).status).toBe(200);
  });

  it('signs out: the token stops working', async () => {
    const { token } = await login('erin@example.com');
    const auth = { authorization: `Bearer ${token}` };
    expect((await fetch(`${server.url}/auth/signout`, { method: 'POST', headers: auth })).status).toBe(200);
    expect((await fetch(`${server.url}/auth/session`, { headers: auth })).status).toBe(401);
  });
});

describe('device approval', () => {
  it('asks a known address on a new device to approve it by link, then sends a code', async () => {
    const email = 'frank@example.com';
    const first = await login(email, DEVICE_A);

    const start = await post('/auth/email/start', { email, deviceId: DEVICE_B });
    const body = (await start.json()) as { action: string; requestId: string };
    expect(body.action).toBe('VERIFY_DEVICE');
    expect(await (await post('/auth/device/status', { requestId: body.requestId })).json()).toEqual({
      approved: false,
    });

    const link = (await mailbox(email)).find((m) => m.kind === 'device-approval')?.link;
    expect(link).toMatch(/\/auth\/device\/approve\?token=/);
    const page = await (await fetch(link!)).text();
    expect(page).toContain('Approve');
    expect(page).toContain(email);

    const token = new URL(link!).searchParams.get('token')!;
    const crossSite = await fetch(`${server.url}/auth/device/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://evil.test' },
      body: new URLSearchParams({ token }),
    });
    expect(crossSite.status).toBe(400);

    const approve = await fetch(`${server.url}/auth/device/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }),
    });
    expect(await approve.text()).toContain('Device approved');
    expect(await (await post('/auth/device/status', { requestId: body.requestId })).json()).toEqual({
      approved: true,
    });

    const verify = await post('/auth/email/verify', {
      email,
      otp: await latestCode(email),
      deviceId: DEVICE_B,
    });
    const second = (await verify.json()) as { user: { id: string } };
    expect(second.user.id).toBe(first.user.id);
  });
});

describe('social login', () => {
  const callback = () => `${server.url}/auth/social/callback`;

  const VERIFIER = `${'v'.repeat(20)}-frame-held-pkce-verifier-0123456789`;
  const CHALLENGE = pkceChallenge(VERIFIER);
  /** What the frame does first: registers the login (provider, its state, its challenge); the opaque id. */
  async function begin(provider = 'github', challenge = CHALLENGE): Promise<string> {
    const res = await post('/auth/social/begin', { provider, state: 'state12345', challenge });
    expect(res.status).toBe(200);
    return ((await res.json()) as { request: string }).request;
  }
  const authorizeUrl = (request: string, provider = 'github') =>
    `${server.url}/oauth/${provider}/authorize?request=${encodeURIComponent(request)}`;
  /** The provider page's form posted with `username` (and `extra` fields): the redirect to the callback. */
  async function submitProvider(request: string, username: string, extra: Record<string, string> = {}) {
    return fetch(`${server.url}/oauth/github/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request, username, ...extra }),
    });
  }
  /** The one-use code the callback receives for login `request`. */
  async function providerCode(username: string, request?: string): Promise<string> {
    const submit = await submitProvider(request ?? (await begin()), username);
    expect(submit.status).toBe(303);
    const location = new URL(submit.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(callback());
    expect(location.searchParams.get('state')).toBe('state12345');
    expect(location.searchParams.get('provider')).toBe('github');
    return location.searchParams.get('code')!;
  }

  it('the local provider page redirects to the frame callback with a one-use code', async () => {
    const request = await begin();
    const page = await fetch(authorizeUrl(request));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Sign in with GitHub');
    expect(html).toContain('Continue');
    // The page carries the opaque id only: the challenge and the state stay with the backend.
    expect(html).not.toContain(CHALLENGE);
    expect(html).not.toContain('state12345');

    const code = await providerCode('octo', request);
    const token = await post('/auth/social/token', { provider: 'github', code, codeVerifier: VERIFIER });
    expect(token.status).toBe(200);
    const session = (await token.json()) as { user: { userName: string; provider: string } };
    expect(session.user).toMatchObject({ userName: 'octo', provider: 'github' });
    expect(
      (await post('/auth/social/token', { provider: 'github', code, codeVerifier: VERIFIER })).status,
    ).toBe(400);
    // The login is used up: its provider page is gone.
    expect((await fetch(authorizeUrl(request))).status).toBe(400);
    expect((await submitProvider(request, 'octo')).status).toBe(400);
  });

  it('a challenge the host page puts in the URL is ignored: its verifier gets no session', async () => {
    const ATTACKER_VERIFIER = `${'m'.repeat(20)}-host-page-own-pkce-verifier-0123`;
    const attacker = pkceChallenge(ATTACKER_VERIFIER);
    const request = await begin();
    // The host rewrites the URL it was given (and the form it shows) with its own challenge, state and redirect.
    const rewritten = `${authorizeUrl(request)}&code_challenge=${attacker}&code_challenge_method=S256&state=hoststate1&redirect_uri=${encodeURIComponent('http://evil.test/cb')}`;
    const page = await fetch(rewritten);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain(attacker);
    const submit = await submitProvider(request, 'victim', {
      code_challenge: attacker,
      state: 'hoststate1',
      redirect_uri: 'http://evil.test/cb',
    });
    expect(submit.status).toBe(303);
    const location = new URL(submit.headers.get('location')!);
    // Always the frame's own callback, with the state the frame registered.
    expect(location.origin + location.pathname).toBe(callback());
    expect(location.searchParams.get('state')).toBe('state12345');
    const code = location.searchParams.get('code')!;
    expect(
      (await post('/auth/social/token', { provider: 'github', code, codeVerifier: ATTACKER_VERIFIER }))
        .status,
    ).toBe(400);
  });

  it('a code is worth nothing without the verifier only the frame holds (the host page sees the code)', async () => {
    const code = await providerCode('mallory-target');
    // The code alone, as a host page or anyone it leaked to would redeem it.
    expect((await post('/auth/social/token', { provider: 'github', code })).status).toBe(400);
    // A guessed verifier burns the code: the frame's own exchange fails afterwards too.
    const guessed = `${'x'.repeat(43)}`;
    expect(
      (await post('/auth/social/token', { provider: 'github', code, codeVerifier: guessed })).status,
    ).toBe(400);
    expect(
      (await post('/auth/social/token', { provider: 'github', code, codeVerifier: VERIFIER })).status,
    ).toBe(400);
  });

  it('a login must be registered by the frame, with an S256 challenge, for its own provider', async () => {
    expect((await fetch(`${server.url}/oauth/github/authorize`)).status).toBe(400);
    expect((await fetch(authorizeUrl('x'.repeat(43)))).status).toBe(400);
    expect((await post('/auth/social/begin', { provider: 'github', state: 'state12345' })).status).toBe(400);
    expect(
      (await post('/auth/social/begin', { provider: 'github', state: 'state12345', challenge: 'short' }))
        .status,
    ).toBe(400);
    // A login registered for GitHub is not a Google login.
    expect((await fetch(authorizeUrl(await begin('github'), 'google'))).status).toBe(400);
    expect((await fetch(authorizeUrl(await begin(), 'myspace'))).status).toBe(404);
  });

  const NONCE = `${'n'.repeat(20)}-frame-held-farcaster-nonce-01234567`;
  const startChannel = async () => {
    const res = await post('/auth/farcaster/start', { nonceHash: pkceChallenge(NONCE) });
    expect(res.status).toBe(200);
    return (await res.json()) as { channelToken: string; url: string };
  };
  const approveChannel = async (channel: string, username: string) => {
    const approve = await fetch(`${server.url}/farcaster/connect`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ channel, username }),
    });
    expect(approve.status).toBe(200);
  };

  it('the Farcaster stand-in approves a channel once', async () => {
    const started = await startChannel();
    const status = (body: object) =>
      post('/auth/farcaster/status', { channelToken: started.channelToken, ...body });
    expect(await (await status({ nonce: NONCE })).json()).toEqual({ state: 'pending' });
    expect(await (await fetch(started.url)).text()).toContain('Approve');
    await approveChannel(started.channelToken, 'dwr');
    const approved = (await (await status({ nonce: NONCE })).json()) as {
      state: string;
      user: { userName: string };
    };
    expect(approved).toMatchObject({ state: 'approved', user: { userName: 'dwr', provider: 'farcaster' } });
    expect((await status({ nonce: NONCE })).status).toBe(404);
  });

  it('a Farcaster channel token alone (it is in the URL the host shows) yields no session', async () => {
    const started = await startChannel();
    await approveChannel(started.channelToken, 'victim');
    const alone = await post('/auth/farcaster/status', { channelToken: started.channelToken });
    expect(alone.status).toBe(400);
    const wrong = await post('/auth/farcaster/status', {
      channelToken: started.channelToken,
      nonce: 'y'.repeat(43),
    });
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).not.toContain('token');
    // The frame, holding the nonce, still gets its session.
    const mine = await post('/auth/farcaster/status', { channelToken: started.channelToken, nonce: NONCE });
    expect(mine.status).toBe(200);
  });
});

describe('email update', () => {
  it('needs the code from the current address, then the code from the new one', async () => {
    const { token } = await login('grace@example.com');
    const auth = { authorization: `Bearer ${token}` };
    const start = await post('/auth/email/update', { email: 'grace.new@example.com' }, auth);
    expect(await start.json()).toEqual({ action: 'VERIFY_PRIMARY_OTP' });
    const primary = await post(
      '/auth/email/update/primary',
      { otp: await latestCode('grace@example.com') },
      auth,
    );
    expect(await primary.json()).toEqual({ action: 'VERIFY_SECONDARY_OTP' });
    const secondary = await post(
      '/auth/email/update/secondary',
      { otp: await latestCode('grace.new@example.com') },
      auth,
    );
    expect(await secondary.json()).toEqual({ newEmail: 'grace.new@example.com' });
    const me = (await (await fetch(`${server.url}/auth/session`, { headers: auth })).json()) as {
      user: { email: string };
    };
    expect(me.user.email).toBe('grace.new@example.com');
  });
});

describe('headers and persistence', () => {
  it('serves the frame page with a CSP that names the allowed embedders and no X-Frame-Options', async () => {
    const res = await fetch(`${server.url}/?projectId=p&chainId=31337`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain(`frame-ancestors ${ALLOWED.join(' ')}`);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(res.headers.get('x-frame-options')).toBeNull();
    const html = await res.text();
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(html).toContain('name="kw-frame-config"');
  });

  it('never lets the mailbox or the approval pages be framed', async () => {
    for (const path of ['/mailbox', '/auth/device/approve?token=x']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });

  it('the RPC proxy only serves configured chains and safe-list methods', async () => {
    const res = await post('/rpc/1', { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] });
    expect(res.status).toBe(404);
    for (const method of ['eth_sendTransaction', 'anvil_setBalance', 'personal_sign', 'eth_sign']) {
      const denied = await post('/rpc/31337', { jsonrpc: '2.0', id: 7, method, params: [] });
      expect(denied.status).toBe(403);
      expect(await denied.json()).toMatchObject({
        id: 7,
        error: { message: 'Requested RPC call is not allowed' },
      });
    }
    // Allowed, but this test's chain URL is closed: a JSON-RPC error, not a crash.
    const down = await post('/rpc/31337', { jsonrpc: '2.0', id: 8, method: 'eth_blockNumber', params: [] });
    expect(down.status).toBe(502);
    expect(await down.json()).toMatchObject({
      id: 8,
      error: { message: 'The local chain is not reachable' },
    });
  });

  it('answers /health and /healthz while it serves, and /readyz once its database is migrated', async () => {
    expect(await (await fetch(`${server.url}/health`)).json()).toEqual({ ok: true });
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ ok: true });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true });
  });

  it('keeps users and sessions across a restart', async () => {
    const { token, user } = await login('heidi@example.com');
    await server.stop();
    server = await startFrameServer({
      port: await freePort(),
      dataDir,
      allowedOrigins: ALLOWED,
      chains: [],
      rateLimit: { max: 3, windowMs: 60_000 },
    });
    const me = await fetch(`${server.url}/auth/session`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { id: string } }).user.id).toBe(user.id);
  });

  it('rejects an allow-list entry that is not an origin', async () => {
    await expect(
      startFrameServer({
        port: await freePort(),
        dataDir,
        allowedOrigins: ["http://127.0.0.1:4300; script-src 'unsafe-inline'"],
        chains: [],
      }),
    ).rejects.toThrow(/not an origin/);
  });
});

describe('stack wiring', () => {
  it('allows the playground on both local hosts, plus origins from the environment; never Storybook by default', () => {
    // `npm start`'s ports (the playground on 4300), as configuration only: nothing is started here.
    expect(frameAllowedOrigins({ ports: DEFAULT_PORTS }, undefined)).toEqual([
      'http://127.0.0.1:4300',
      'http://localhost:4300',
    ]);
    expect(
      frameAllowedOrigins(
        { ports: { ...DEFAULT_PORTS, playground: PLAYGROUND_DEV_PORT } },
        ' http://127.0.0.1:9000 ,,',
      ),
    ).toEqual(['http://127.0.0.1:5173', 'http://localhost:5173', 'http://127.0.0.1:9000']);
  });
});

describe('Host header (DNS rebinding)', () => {
  it('refuses a request that names another site with 421, and answers its own names', async () => {
    const port = new URL(server.url).port;
    const refused = await getWithHost(`${server.url}/mailbox.json`, `evil.example:${port}`);
    expect(refused.status).toBe(421);
    expect(refused.body).not.toContain('messages');
    expect((await getWithHost(`${server.url}/`, `evil.example:${port}`)).status).toBe(421);
    expect((await getWithHost(`${server.url}/mailbox.json`, `localhost:${port}`)).status).toBe(200);
    expect((await getWithHost(`${server.url}/mailbox.json`, `127.0.0.1:${port}`)).status).toBe(200);
  });
});

describe('code-check limit over HTTP', () => {
  it('answers 429 with the cooldown message once a device has had its checks for an address, even with a fresh code', async () => {
    const email = 'guess@example.com';
    const guess = (otp: string) => post('/auth/email/verify', { email, otp, deviceId: DEVICE_A });
    expect((await post('/auth/email/start', { email, deviceId: DEVICE_A })).status).toBe(200);
    // Ten checks per address and device in the window (DEFAULT_AUTH_LIMITS.checksPerDevice): wrong codes,
    // then a burned one.
    for (let i = 0; i < 10; i++) expect((await guess(String(100000 + i))).status).toBe(400);
    expect((await post('/auth/email/start', { email, deviceId: DEVICE_A })).status).toBe(200);
    const limited = await guess(await latestCode(email));
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { message: string }).message).toMatch(
      /^Please try again after \d+ seconds$/,
    );
  });
});

describe('login limits against an attacker', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });
  /**
   * A frame server of its own whose requests name their client address in a header, so that one machine
   * plays many clients; the slowdown under load is recorded instead of waited for.
   */
  async function limitedServer(opts: Partial<FrameServerOptions> = {}) {
    const dir = await mkdtemp(join(tmpdir(), 'kw-frame-limits-'));
    const slowdowns: number[] = [];
    const frame = await startFrameServer({
      port: await freePort(),
      dataDir: dir,
      allowedOrigins: ALLOWED,
      chains: [],
      rateLimit: { max: 3, windowMs: 60_000 },
      guessLimit: { perEmail: 10, windowMs: 60_000 },
      clientAddress: (c) => c.req.header('x-test-client-address') ?? 'unknown',
      slowdown: async (ms) => {
        slowdowns.push(ms);
      },
      ...opts,
    });
    cleanups.push(async () => {
      await frame.stop();
      await rm(dir, { recursive: true, force: true });
    });
    const send = async (address: string, path: string, body: unknown) => {
      const res = await fetch(`${frame.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-test-client-address': address },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const mails = async (email: string) =>
      (
        (await (await fetch(`${frame.url}/mailbox.json?email=${encodeURIComponent(email)}`)).json()) as {
          messages: Mail[];
        }
      ).messages;
    return {
      slowdowns,
      /** Requests from one client address with one device. */
      client: (address: string, deviceId: string) => ({
        start: (email: string) => send(address, '/auth/email/start', { email, deviceId }),
        verify: (email: string, otp: string) => send(address, '/auth/email/verify', { email, otp, deviceId }),
      }),
      /** The newest code mailed to `email` (the test reads the mailbox; an attacker cannot). */
      latestCode: async (email: string) => (await mails(email)).find((m) => m.code)?.code ?? '',
      /** Follows the newest approval link mailed to `email`, as its owner does. */
      approveLatestLink: async (email: string) => {
        const link = (await mails(email)).find((m) => m.kind === 'device-approval')?.link ?? '';
        const res = await fetch(`${frame.url}/auth/device/approve`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token: new URL(link).searchParams.get('token') ?? '' }),
        });
        expect(await res.text()).toContain('Device approved');
      },
    };
  }
  /** A code that is not `code`. */
  const wrongCode = (code: string, n: number) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

  it('a victim still logs in while an attacker guesses', async () => {
    const frame = await limitedServer();
    const email = 'victim@example.com';
    const victim = frame.client('10.1.0.1', 'victim-device-0001');
    // The victim's account, made on their own device earlier.
    expect((await victim.start(email)).status).toBe(200);
    expect((await victim.verify(email, await frame.latestCode(email))).status).toBe(200);

    // The victim asks for a code; then an attacker, from other devices and another client address, starts
    // logins for the victim's address and sends wrong codes for it until every budget of theirs is spent.
    expect((await victim.start(email)).body).toEqual({ action: 'VERIFY_OTP' });
    const code = await frame.latestCode(email);
    const starts: unknown[] = [];
    const guesses: number[] = [];
    for (let d = 0; d < 8; d++) {
      const attacker = frame.client('10.66.0.1', `attacker-device-${d}`);
      for (let i = 0; i < 5; i++) {
        const { status, body } = await attacker.start(email);
        starts.push(status === 200 ? body.action : status);
      }
      for (let i = 0; i < 12; i++)
        guesses.push((await attacker.verify(email, wrongCode(code, i + 1))).status);
    }
    // The attacker's starts got approval links to the victim's mailbox (no code), then ran out.
    expect(new Set(starts)).toEqual(new Set(['VERIFY_DEVICE', 429]));
    expect(new Set(guesses)).toEqual(new Set([400, 429]));

    // The victim's code still logs in on the victim's device; a new code and login work too.
    const session = await victim.verify(email, code);
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ user: { email } });
    expect((await victim.start(email)).body).toEqual({ action: 'VERIFY_OTP' });
    expect((await victim.verify(email, await frame.latestCode(email))).status).toBe(200);
  });

  it('the global limit slows down, it does not lock everyone out', async () => {
    const frame = await limitedServer({
      limits: { ...DEFAULT_AUTH_LIMITS, global: 54, slowdownMs: 1500, perAddressUnderLoad: 3 },
    });
    // A heavy client address checks codes six times, then 24 people on their own addresses log in: the 54th
    // request in the window reaches the global limit. Nobody has waited yet.
    const heavy = frame.client('10.9.9.9', 'heavy-device-0001');
    for (let i = 0; i < 6; i++) expect((await heavy.verify('nobody@example.com', '123456')).status).toBe(400);
    for (let i = 0; i < 24; i++) {
      const email = `user${i}@example.com`;
      const person = frame.client(`10.2.0.${i}`, `person-device-${i}`);
      expect((await person.start(email)).status).toBe(200);
      expect((await person.verify(email, await frame.latestCode(email))).status).toBe(200);
    }
    expect(frame.slowdowns).toEqual([]);

    // Over the limit: a newcomer from a fresh address still logs in, each request slowed down first.
    const newcomer = frame.client('10.3.0.1', 'newcomer-device-01');
    expect((await newcomer.start('newcomer@example.com')).status).toBe(200);
    const verified = await newcomer.verify(
      'newcomer@example.com',
      await frame.latestCode('newcomer@example.com'),
    );
    expect(verified.status).toBe(200);
    expect(frame.slowdowns).toEqual([1500, 1500]);
    // The heavy address is over the smaller per-address budget that holds under load: refused, alone.
    const heavyAgain = await heavy.verify('nobody@example.com', '123456');
    expect(heavyAgain.status).toBe(429);
    expect(heavyAgain.body.message).toMatch(/^Please try again after \d+ seconds$/);
  });

  it('brute force across many addresses still cannot guess a code', async () => {
    const frame = await limitedServer();
    const email = 'newcomer@example.com';
    // Forty client addresses, each with its own device, ask for a code for an address nobody has an account
    // for yet (the codes an attacker can try). The test knows each code from the mailbox.
    const attackers: { client: ReturnType<typeof frame.client>; code: string }[] = [];
    for (let i = 0; i < 40; i++) {
      const client = frame.client(`10.7.${i}.1`, `attacker-device-${i}`);
      expect((await client.start(email)).body).toEqual({ action: 'VERIFY_OTP' });
      attackers.push({ client, code: await frame.latestCode(email) });
    }
    // Each guesses five wrong codes at its own code: 200 guesses, spread over forty addresses and devices.
    const answers: string[] = [];
    for (const { client, code } of attackers) {
      for (let n = 1; n <= 5; n++)
        answers.push(String((await client.verify(email, wrongCode(code, n))).body.message));
    }
    // Only the address's budget of wrong guesses (10) was checked against a code at all.
    const checked = answers.filter(
      (m) => m === 'Invalid code' || m === 'Too many wrong codes. Request a new one.',
    );
    expect(checked).toHaveLength(10);
    expect(answers.slice(10).every((m) => m === 'The code has expired. Request a new one.')).toBe(true);
    // Even the right code is refused on every attacker device: the codes are burned, not merely paused.
    for (const { client, code } of attackers) {
      expect(await client.verify(email, code)).toEqual({
        status: 400,
        body: { message: 'The code has expired. Request a new one.' },
      });
    }
    // A new device is sent the approval link to the mailbox instead of a code to guess at.
    const late = await frame.client('10.7.99.1', 'attacker-device-late').start(email);
    expect(late.body).toMatchObject({ action: 'VERIFY_DEVICE' });

    // The owner of the mailbox is not locked out: they approve their own device by the link and log in.
    const owner = frame.client('10.8.0.1', 'owner-device-0001');
    expect((await owner.start(email)).body).toMatchObject({ action: 'VERIFY_DEVICE' });
    await frame.approveLatestLink(email);
    const session = await owner.verify(email, await frame.latestCode(email));
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ user: { email } });
  });
});

describe('for operators: email provider, request log, graceful stop', () => {
  it('sends codes through the provider hook once committed, without serving the dev mailbox, and logs each request with its id', async () => {
    const sent: { to: string; kind: string; code: string | null }[] = [];
    const lines: string[] = [];
    const dir = await mkdtemp(join(tmpdir(), 'kw-frame-ops-'));
    const ops = await startFrameServer({
      port: await freePort(),
      dataDir: dir,
      allowedOrigins: ALLOWED,
      chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:1' }],
      devMailbox: false,
      sendMail: async (mail) => {
        sent.push({ to: mail.to, kind: mail.kind, code: mail.code });
      },
      log: (line) => lines.push(line),
    });
    try {
      const email = 'provider@example.com';
      const start = await fetch(`${ops.url}/auth/email/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'req-provider-1' },
        body: JSON.stringify({ email, deviceId: DEVICE_A }),
      });
      expect(start.status).toBe(200);
      expect(start.headers.get('x-request-id')).toBe('req-provider-1');
      expect(sent).toEqual([{ to: email, kind: 'login-code', code: expect.stringMatching(/^\d{6}$/) }]);
      // No mailbox for anyone to read the code from.
      expect((await fetch(`${ops.url}/mailbox.json`)).status).toBe(404);
      expect((await fetch(`${ops.url}/mailbox`)).status).toBe(404);
      // A refused request sends nothing: a wrong code writes no mail.
      const wrong = await fetch(`${ops.url}/auth/email/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email,
          otp: sent[0]!.code === '000000' ? '000001' : '000000',
          deviceId: DEVICE_A,
        }),
      });
      expect(wrong.status).toBe(400);
      const verified = await fetch(`${ops.url}/auth/email/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, otp: sent[0]!.code, deviceId: DEVICE_A }),
      });
      expect(verified.status).toBe(200);
      expect(sent).toHaveLength(1);
      const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(entries[0]).toMatchObject({
        service: 'frame',
        requestId: 'req-provider-1',
        method: 'POST',
        path: '/auth/email/start',
        status: 200,
      });
      expect(entries.map((e) => e.status)).toEqual([200, 404, 404, 400, 200]);
    } finally {
      await ops.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('answers a request in flight before it stops, and takes no new one', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let slowed = 0;
    const dir = await mkdtemp(join(tmpdir(), 'kw-frame-stop-'));
    const ops = await startFrameServer({
      port: await freePort(),
      dataDir: dir,
      allowedOrigins: ALLOWED,
      chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:1' }],
      // Everyone over the global limit from the first request on: each request waits on `held`.
      limits: { ...DEFAULT_AUTH_LIMITS, global: 1 },
      slowdown: () => {
        slowed++;
        return held;
      },
    });
    try {
      await fetch(`${ops.url}/auth/email/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'first@example.com', deviceId: DEVICE_A }),
      });
      const inFlight = fetch(`${ops.url}/auth/email/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'second@example.com', deviceId: DEVICE_B }),
      });
      await expect.poll(() => slowed).toBe(1);
      expect(ops.inFlight()).toBe(1);
      const stopped = ops.stop();
      // Refused while stopping: the listener is closed.
      await expect(fetch(`${ops.url}/healthz`)).rejects.toThrow();
      release();
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ action: 'VERIFY_OTP' });
      await stopped;
    } finally {
      release();
      await ops.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
