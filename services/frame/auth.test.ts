/**
 * The frame service over real HTTP: email one-time codes through the dev mailbox, wrong codes, the rate
 * limit, device approval, the local social provider, the Farcaster stand-in, email update, persistence
 * and the security headers. Ports 32100-32119.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWithHost } from '../raw-request.ts';
import { pkceChallenge } from './auth-store.ts';
import { type FrameServer, startFrameServer } from './server.ts';
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
    port: 32100,
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

  it('rate-limits codes per address', async () => {
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
    // Another address is not affected.
    expect((await post('/auth/email/start', { email: 'dave@example.com', deviceId: DEVICE_A })).status).toBe(
      200,
    );
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
  const authorizeQuery = (redirect: string, provider = 'github') =>
    `${server.url}/oauth/${provider}/authorize?redirect_uri=${encodeURIComponent(redirect)}&state=state12345` +
    `&code_challenge=${CHALLENGE}&code_challenge_method=S256`;
  /** The provider page's form posted with `username`: the one-use code from the redirect to the callback. */
  async function providerCode(username: string): Promise<string> {
    const submit = await fetch(`${server.url}/oauth/github/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        redirect_uri: callback(),
        state: 'state12345',
        code_challenge: CHALLENGE,
        username,
      }),
    });
    expect(submit.status).toBe(303);
    const location = new URL(submit.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(callback());
    expect(location.searchParams.get('state')).toBe('state12345');
    expect(location.searchParams.get('provider')).toBe('github');
    return location.searchParams.get('code')!;
  }

  it('the local provider page redirects to the frame callback with a one-use code', async () => {
    const page = await fetch(authorizeQuery(callback()));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Sign in with GitHub');
    expect(html).toContain('Continue');
    expect(html).toContain(CHALLENGE);

    const code = await providerCode('octo');
    const token = await post('/auth/social/token', { provider: 'github', code, codeVerifier: VERIFIER });
    expect(token.status).toBe(200);
    const session = (await token.json()) as { user: { userName: string; provider: string } };
    expect(session.user).toMatchObject({ userName: 'octo', provider: 'github' });
    expect(
      (await post('/auth/social/token', { provider: 'github', code, codeVerifier: VERIFIER })).status,
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

  it('requires an S256 code challenge to start', async () => {
    const noPkce = await fetch(
      `${server.url}/oauth/github/authorize?redirect_uri=${encodeURIComponent(callback())}&state=state12345`,
    );
    expect(noPkce.status).toBe(400);
    const plain = await fetch(authorizeQuery(callback()).replace('method=S256', 'method=plain'));
    expect(plain.status).toBe(400);
  });

  it('refuses to redirect anywhere but the frame callback, and unknown providers', async () => {
    expect((await fetch(authorizeQuery('http://evil.test/cb', 'google'))).status).toBe(400);
    expect((await fetch(authorizeQuery(callback(), 'myspace'))).status).toBe(404);
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

  it('keeps users and sessions across a restart', async () => {
    const { token, user } = await login('heidi@example.com');
    await server.stop();
    server = await startFrameServer({
      port: 32101,
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
        port: 32102,
        dataDir,
        allowedOrigins: ["http://127.0.0.1:4300; script-src 'unsafe-inline'"],
        chains: [],
      }),
    ).rejects.toThrow(/not an origin/);
  });
});

describe('stack wiring', () => {
  it('allows the playground on both local hosts, plus origins from the environment; never Storybook by default', () => {
    const ports = { evmL1: 1, evmL2: 2, solana: 3, api: 4, frame: 5, playground: 4300 };
    expect(frameAllowedOrigins({ ports }, undefined)).toEqual([
      'http://127.0.0.1:4300',
      'http://localhost:4300',
    ]);
    expect(
      frameAllowedOrigins({ ports: { ...ports, playground: 5173 } }, ' http://127.0.0.1:9000 ,,'),
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
  it('answers 429 with the cooldown message once an address has had its checks, even with a fresh code', async () => {
    const email = 'guess@example.com';
    const guess = (otp: string) => post('/auth/email/verify', { email, otp, deviceId: DEVICE_A });
    expect((await post('/auth/email/start', { email, deviceId: DEVICE_A })).status).toBe(200);
    // Ten checks per address in the window (DEFAULT_VERIFY_LIMITS.perEmail): wrong codes, then a burned one.
    for (let i = 0; i < 10; i++) expect((await guess(String(100000 + i))).status).toBe(400);
    expect((await post('/auth/email/start', { email, deviceId: DEVICE_A })).status).toBe(200);
    const limited = await guess(await latestCode(email));
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { message: string }).message).toMatch(
      /^Please try again after \d+ seconds$/,
    );
  });
});
