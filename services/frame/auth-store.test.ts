/**
 * Attack tests of the auth backend's login rules, on the store itself (services/frame/auth.test.ts covers
 * the same backend over HTTP): an account with no known device still needs a device approval, a code works
 * only on the device it was issued to, a device approved by link is not known until its code is verified,
 * and code checks are limited per address, per IP and in all.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthError, AuthStore } from './auth-store.ts';
import { VerifyLimiter } from './rate-limit.ts';

const DEVICE_A = 'device-aaaaaaaa-0001';
const DEVICE_B = 'device-bbbbbbbb-0002';
const dirs: string[] = [];

afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function openStore(users: Record<string, unknown> = {}): Promise<AuthStore> {
  const dir = await mkdtemp(join(tmpdir(), 'kw-auth-store-'));
  dirs.push(dir);
  if (Object.keys(users).length) {
    const data = {
      version: 1,
      users,
      mailbox: [],
      codes: {},
      sessions: {},
      deviceRequests: {},
      socialCodes: {},
      farcaster: {},
      sends: {},
    };
    await writeFile(join(dir, 'auth.json'), JSON.stringify(data));
  }
  return AuthStore.open({
    dir,
    publicUrl: 'http://127.0.0.1:4200',
    rateLimit: { max: 50, windowMs: 60_000 },
  });
}

const latest = (store: AuthStore, email: string, kind: string) => {
  const mail = store.mailbox().find((m) => m.to === email && m.kind === kind);
  if (!mail) throw new Error(`no ${kind} mail for ${email}`);
  return mail;
};
const codeFor = (store: AuthStore, email: string) => latest(store, email, 'login-code').code ?? '';
const tokenOf = (store: AuthStore, email: string) =>
  new URL(latest(store, email, 'device-approval').link ?? '').searchParams.get('token') ?? '';

describe('email login rules', () => {
  it('asks for a device approval on an account that has an email but no known device', async () => {
    const email = 'no-devices@example.com';
    const store = await openStore({
      u1: { id: 'u1', email, social: { provider: 'github', username: 'nodev' }, devices: [], createdAt: 1 },
    });
    const started = await store.startEmail(email, DEVICE_A);
    expect(started.action).toBe('VERIFY_DEVICE');
    expect(store.mailbox().some((m) => m.kind === 'login-code')).toBe(false);
  });

  it('accepts a code only on the device it was issued to', async () => {
    const store = await openStore();
    const email = 'tied@example.com';
    await store.startEmail(email, DEVICE_A);
    const code = codeFor(store, email);
    await expect(store.verifyEmail(email, code, DEVICE_B)).rejects.toMatchObject({ status: 400 });
    // The code still works where it was asked for, and that device only becomes known.
    const session = await store.verifyEmail(email, code, DEVICE_A);
    expect(session.user.email).toBe(email);
    expect((await store.startEmail(email, DEVICE_B)).action).toBe('VERIFY_DEVICE');
  });

  it('does not remember a device approved by link until its code is verified on it', async () => {
    const store = await openStore();
    const email = 'approve@example.com';
    await store.startEmail(email, DEVICE_A);
    await store.verifyEmail(email, codeFor(store, email), DEVICE_A);

    expect((await store.startEmail(email, DEVICE_B)).action).toBe('VERIFY_DEVICE');
    await store.approveDevice(tokenOf(store, email));
    // Approved but not verified: a new start from B must still go through approval.
    expect((await store.startEmail(email, DEVICE_B)).action).toBe('VERIFY_DEVICE');
    await store.approveDevice(tokenOf(store, email));
    await store.verifyEmail(email, codeFor(store, email), DEVICE_B);
    expect((await store.startEmail(email, DEVICE_B)).action).toBe('VERIFY_OTP');
  });
});

describe('code-check limits', () => {
  const limits = { perEmail: 3, perIp: 5, global: 8, windowMs: 60_000 };
  const clock = () => {
    let t = 1_000_000;
    return {
      now: () => t,
      advance: (ms: number) => {
        t += ms;
      },
    };
  };
  const refused = (fn: () => void) => {
    try {
      fn();
    } catch (error) {
      expect(error).toBeInstanceOf(AuthError);
      expect((error as AuthError).status).toBe(429);
      return (error as AuthError).message;
    }
    throw new Error('not refused');
  };

  it('limits checks per address, with the spec cooldown message, until the window moves on', () => {
    const c = clock();
    const limiter = new VerifyLimiter(limits, c.now);
    for (let i = 0; i < 3; i++) limiter.check('a@example.com', `10.0.0.${i}`);
    c.advance(15_000);
    expect(refused(() => limiter.check('A@example.com', '10.0.0.9'))).toBe(
      'Please try again after 45 seconds',
    );
    limiter.check('b@example.com', '10.0.0.9');
    c.advance(45_000);
    limiter.check('a@example.com', '10.0.0.9');
  });

  it('limits checks per IP across addresses, and for everyone together', () => {
    const c = clock();
    const limiter = new VerifyLimiter(limits, c.now);
    for (let i = 0; i < 5; i++) limiter.check(`u${i}@example.com`, '10.0.0.1');
    expect(refused(() => limiter.check('u9@example.com', '10.0.0.1'))).toMatch(
      /^Please try again after \d+ seconds$/,
    );
    for (let i = 0; i < 3; i++) limiter.check(`v${i}@example.com`, `10.0.1.${i}`);
    // 8 counted in all: a fresh address from a fresh IP is refused too.
    refused(() => limiter.check('w@example.com', '10.0.2.1'));
  });
});
