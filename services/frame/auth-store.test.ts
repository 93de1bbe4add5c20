/**
 * Attack tests of the auth backend's login rules, on the store itself (services/frame/auth.test.ts covers
 * the same backend over HTTP): an account with no known device still needs a device approval, a code works
 * only on the device it was issued to, a device approved by link is not known until its code is verified,
 * guesses at the codes an attacker can ask for are bounded per address whoever sends them, and the route
 * limits count per (address, device) and per client address, and slow down under load instead of refusing.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Sql } from '../db/sql.ts';
import { AuthError, AuthStore } from './auth-store.ts';
import { AuthLimiter, type AuthLimits } from './rate-limit.ts';

const DEVICE_A = 'device-aaaaaaaa-0001';
const DEVICE_B = 'device-bbbbbbbb-0002';
const dirs: string[] = [];
const stores: AuthStore[] = [];
/** One database for the file (opening PGlite costs seconds); each store starts on emptied tables. */
let dbDir: string;
let db: Sql;

beforeAll(async () => {
  dbDir = await mkdtemp(join(tmpdir(), 'kw-auth-store-db-'));
  db = await openPglite(join(dbDir, 'db'));
});
afterAll(async () => {
  await db?.close();
  await rm(dbDir, { recursive: true, force: true });
});

afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

/** Empties every table of the frame's schema (once it exists), the record of a JSON import included. */
async function emptyTables(): Promise<void> {
  const { rows } = await db.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = current_schema() and tablename like 'auth\\_%'",
  );
  if (rows.length) await db.exec(`truncate ${rows.map((r) => r.name).join(', ')} cascade`);
}

const clock = () => {
  let t = 1_000_000;
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
  };
};

async function openStore(
  users: Record<string, unknown> = {},
  opts: { now?: () => number } = {},
): Promise<AuthStore> {
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
  await emptyTables();
  const store = await AuthStore.open({
    dir,
    sql: db,
    publicUrl: 'http://127.0.0.1:4200',
    rateLimit: { max: 50, windowMs: 60_000 },
    guessLimit: { perEmail: 10, windowMs: 60_000 },
    ...opts,
  });
  stores.push(store);
  return store;
}

const latest = async (store: AuthStore, email: string, kind: string) => {
  const mail = (await store.mailbox()).find((m) => m.to === email && m.kind === kind);
  if (!mail) throw new Error(`no ${kind} mail for ${email}`);
  return mail;
};
const codeFor = async (store: AuthStore, email: string) =>
  (await latest(store, email, 'login-code')).code ?? '';
const newAddressCodeFor = async (store: AuthStore, email: string) =>
  (await latest(store, email, 'update-secondary-code')).code ?? '';
/** A code that is not `code`. */
const wrong = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');
const message = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (error as Error).message,
  );
const tokenOf = async (store: AuthStore, email: string) =>
  new URL((await latest(store, email, 'device-approval')).link ?? '').searchParams.get('token') ?? '';

describe('email login rules', () => {
  it('asks for a device approval on an account that has an email but no known device', async () => {
    const email = 'no-devices@example.com';
    const store = await openStore({
      u1: { id: 'u1', email, social: { provider: 'github', username: 'nodev' }, devices: [], createdAt: 1 },
    });
    const started = await store.startEmail(email, DEVICE_A);
    expect(started.action).toBe('VERIFY_DEVICE');
    expect((await store.mailbox()).some((m) => m.kind === 'login-code')).toBe(false);
  });

  it('accepts a code only on the device it was issued to', async () => {
    const store = await openStore();
    const email = 'tied@example.com';
    await store.startEmail(email, DEVICE_A);
    const code = await codeFor(store, email);
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
    await store.verifyEmail(email, await codeFor(store, email), DEVICE_A);

    expect((await store.startEmail(email, DEVICE_B)).action).toBe('VERIFY_DEVICE');
    await store.approveDevice(await tokenOf(store, email));
    // Approved but not verified: a new start from B must still go through approval.
    expect((await store.startEmail(email, DEVICE_B)).action).toBe('VERIFY_DEVICE');
    await store.approveDevice(await tokenOf(store, email));
    await store.verifyEmail(email, await codeFor(store, email), DEVICE_B);
    expect((await store.startEmail(email, DEVICE_B)).action).toBe('VERIFY_OTP');
  });
});

describe('email change', () => {
  it("the new address's code sent again: asked for the same new address after the current address's code, a new code goes there; another address starts over", async () => {
    const email = 'ada@example.com';
    const user = { id: 'u1', email, social: null, devices: [DEVICE_A], createdAt: 1 };
    const store = await openStore({ u1: user });
    const primaryCode = async () => (await latest(store, email, 'update-primary-code')).code ?? '';
    expect(await store.startEmailUpdate(user, 'ada@new.example')).toEqual({ action: 'VERIFY_PRIMARY_OTP' });
    // Before the current address's code: asking again sends that code again.
    const firstPrimary = await primaryCode();
    expect(await store.startEmailUpdate(user, 'ada@new.example')).toEqual({ action: 'VERIFY_PRIMARY_OTP' });
    expect((await store.mailbox()).filter((m) => m.kind === 'update-primary-code')).toHaveLength(2);
    if (firstPrimary !== (await primaryCode())) {
      expect(await message(store.verifyEmailUpdatePrimary(user, firstPrimary))).toBe('Invalid code');
    }
    await store.verifyEmailUpdatePrimary(user, await primaryCode());
    const firstSecondary = await newAddressCodeFor(store, 'ada@new.example');

    // After it: a new code to the new address, none to the current one; the earlier code is replaced.
    expect(await store.startEmailUpdate(user, 'ada@new.example')).toEqual({ action: 'VERIFY_SECONDARY_OTP' });
    expect((await store.mailbox()).filter((m) => m.kind === 'update-primary-code')).toHaveLength(2);
    expect((await store.mailbox()).filter((m) => m.kind === 'update-secondary-code')).toHaveLength(2);
    const secondSecondary = await newAddressCodeFor(store, 'ada@new.example');
    if (secondSecondary !== firstSecondary) {
      expect(await message(store.verifyEmailUpdateSecondary(user, firstSecondary))).toBe('Invalid code');
    }
    expect(await store.verifyEmailUpdateSecondary(user, secondSecondary)).toEqual({
      newEmail: 'ada@new.example',
    });
  });

  it('another new address starts over at the current address and drops the codes of the earlier change', async () => {
    const email = 'bea@example.com';
    const user = { id: 'u2', email, social: null, devices: [DEVICE_A], createdAt: 1 };
    const store = await openStore({ u2: user });
    await store.startEmailUpdate(user, 'bea@first.example');
    await store.verifyEmailUpdatePrimary(
      user,
      (await latest(store, email, 'update-primary-code')).code ?? '',
    );
    const stale = await newAddressCodeFor(store, 'bea@first.example');
    expect(await store.startEmailUpdate(user, 'bea@second.example')).toEqual({
      action: 'VERIFY_PRIMARY_OTP',
    });
    expect(await message(store.verifyEmailUpdateSecondary(user, stale))).toBe('No email change is pending');
    await store.verifyEmailUpdatePrimary(
      user,
      (await latest(store, email, 'update-primary-code')).code ?? '',
    );
    expect(
      await store.verifyEmailUpdateSecondary(user, await newAddressCodeFor(store, 'bea@second.example')),
    ).toEqual({ newEmail: 'bea@second.example' });
  });
});

describe('guesses at a code', () => {
  it("another device's start neither replaces nor spends the code a device asked for", async () => {
    const store = await openStore();
    const email = 'first-login@example.com';
    await store.startEmail(email, DEVICE_A);
    const code = await codeFor(store, email);
    for (let i = 0; i < 5; i++) await store.startEmail(email, DEVICE_B);
    const session = await store.verifyEmail(email, code, DEVICE_A);
    expect(session.user.email).toBe(email);
  });

  it('burns every code an attacker can ask for once the address has had its wrong guesses, until the window moves on', async () => {
    const c = clock();
    const store = await openStore({}, { now: c.now });
    const email = 'target@example.com';
    const devices = Array.from({ length: 6 }, (_, i) => `attacker-device-${i}`);
    const codes: string[] = [];
    for (const device of devices) {
      expect((await store.startEmail(email, device)).action).toBe('VERIFY_OTP');
      codes.push(await codeFor(store, email));
    }
    // Four wrong guesses from each of the first devices: the tenth wrong guess in all spends the address's budget.
    const answers: string[] = [];
    for (let d = 0; d < 3; d++) {
      for (let n = 1; n <= 4; n++) {
        answers.push(await message(store.verifyEmail(email, wrong(codes[d]!, n), devices[d]!)));
      }
    }
    expect(answers.filter((a) => a === 'Invalid code')).toHaveLength(9);
    expect(answers[9]).toBe('Too many wrong codes. Request a new one.');
    // Every other device's code is burned, though it was never tried: its right code is refused.
    for (let d = 3; d < devices.length; d++) {
      expect(await message(store.verifyEmail(email, codes[d]!, devices[d]!))).toBe(
        'The code has expired. Request a new one.',
      );
    }
    // A new device gets the link to the mailbox, not a code to guess at.
    expect((await store.startEmail(email, 'attacker-device-new')).action).toBe('VERIFY_DEVICE');
    expect((await store.mailbox())[0]?.kind).toBe('device-approval');
    // Not for ever: once the wrong guesses have left the window, a new device gets a code again.
    c.advance(59_999);
    expect((await store.startEmail(email, 'attacker-device-new2')).action).toBe('VERIFY_DEVICE');
    c.advance(2);
    expect((await store.startEmail(email, 'attacker-device-new3')).action).toBe('VERIFY_OTP');
  });

  it("a known device's own wrong guesses do not spend the address's budget", async () => {
    const store = await openStore();
    const email = 'owner@example.com';
    await store.startEmail(email, DEVICE_A);
    await store.verifyEmail(email, await codeFor(store, email), DEVICE_A);
    for (let round = 0; round < 3; round++) {
      await store.startEmail(email, DEVICE_A);
      const code = await codeFor(store, email);
      for (let n = 1; n <= 4; n++) await message(store.verifyEmail(email, wrong(code, n), DEVICE_A));
      expect((await store.verifyEmail(email, code, DEVICE_A)).user.email).toBe(email);
    }
  });

  it('counts wrong guesses at the code of an email change to a new address, and then issues none there', async () => {
    const store = await openStore();
    const target = 'claimed@example.com';
    // Accounts without an email (social logins): the code goes straight to the new address.
    const as = (id: string) => ({ id, email: null, social: null, devices: [], createdAt: 1 });
    for (const id of ['u1', 'u2']) {
      await store.startEmailUpdate(as(id), target);
      const code = await newAddressCodeFor(store, target);
      for (let n = 1; n <= 5; n++) await message(store.verifyEmailUpdateSecondary(as(id), wrong(code, n)));
    }
    await expect(store.startEmailUpdate(as('u3'), target)).rejects.toMatchObject({ status: 429 });
  });
});

describe('route limits', () => {
  const limits: AuthLimits = {
    windowMs: 60_000,
    checksPerDevice: 3,
    checksPerAddress: 5,
    startsPerAddress: 4,
    global: 8,
    slowdownMs: 1500,
    perAddressUnderLoad: 2,
  };
  const refused = async (promise: Promise<void>) => {
    const error = await promise.then(
      () => new Error('not refused'),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).status).toBe(429);
    return (error as AuthError).message;
  };
  const check = (email: string, deviceId: string | null, address: string) => ({ email, deviceId, address });

  it('limits checks per (address, device), with the spec cooldown message, until the window moves on', async () => {
    const c = clock();
    const limiter = new AuthLimiter(limits, (await openStore()).rateHits, { now: c.now });
    for (let i = 0; i < 3; i++) await limiter.check(check('a@example.com', DEVICE_A, `10.0.0.${i}`));
    c.advance(15_000);
    expect(await refused(limiter.check(check('A@example.com', DEVICE_A, '10.0.0.9')))).toBe(
      'Please try again after 45 seconds',
    );
    // The same address from another device, and another address from the same device, are not affected.
    await limiter.check(check('a@example.com', DEVICE_B, '10.0.0.9'));
    await limiter.check(check('b@example.com', DEVICE_A, '10.0.0.9'));
    c.advance(45_000);
    await limiter.check(check('a@example.com', DEVICE_A, '10.0.0.9'));
  });

  it('counts a check without a device per (address, client address)', async () => {
    const limiter = new AuthLimiter(limits, (await openStore()).rateHits, { now: clock().now });
    for (let i = 0; i < 3; i++) await limiter.check(check('a@example.com', null, '10.0.0.1'));
    await refused(limiter.check(check('a@example.com', null, '10.0.0.1')));
    await limiter.check(check('a@example.com', null, '10.0.0.2'));
  });

  it('limits checks and starts per client address, whatever the address and device', async () => {
    const limiter = new AuthLimiter({ ...limits, global: 100 }, (await openStore()).rateHits, {
      now: clock().now,
    });
    for (let i = 0; i < 5; i++)
      await limiter.check(check(`u${i}@example.com`, `device-${i}-xxxx`, '10.0.0.1'));
    expect(await refused(limiter.check(check('u9@example.com', 'device-9-xxxx', '10.0.0.1')))).toMatch(
      /^Please try again after \d+ seconds$/,
    );
    for (let i = 0; i < 4; i++) await limiter.start({ address: '10.0.0.1' });
    await refused(limiter.start({ address: '10.0.0.1' }));
    await limiter.start({ address: '10.0.0.2' });
  });

  it('over the global limit every request waits and each client address has the smaller budget; no one is refused for the load', async () => {
    const c = clock();
    const waits: number[] = [];
    const limiter = new AuthLimiter(limits, (await openStore()).rateHits, {
      now: c.now,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    // A heavy client address, then others: eight requests in all reach the global limit, without a wait.
    for (let i = 0; i < 4; i++) await limiter.check(check(`h${i}@example.com`, DEVICE_A, '10.0.9.9'));
    for (let i = 0; i < 4; i++) await limiter.start({ address: `10.0.1.${i}` });
    expect(waits).toEqual([]);
    expect(await limiter.underLoad()).toBe(true);
    // Fresh client addresses still get through, each request slowed down.
    for (let i = 0; i < 20; i++) {
      await limiter.start({ address: `10.0.2.${i}` });
      await limiter.check(check(`n${i}@example.com`, `device-n${i}-xx`, `10.0.2.${i}`));
    }
    expect(waits).toHaveLength(40);
    expect(new Set(waits)).toEqual(new Set([1500]));
    // The heavy address is over the smaller budget: refused until its own checks leave the window.
    await refused(limiter.check(check('h9@example.com', DEVICE_A, '10.0.9.9')));
    // When the load is gone, the usual budgets and no wait.
    c.advance(60_001);
    expect(await limiter.underLoad()).toBe(false);
    await limiter.check(check('h9@example.com', DEVICE_A, '10.0.9.9'));
    expect(waits).toHaveLength(40);
  });
});
