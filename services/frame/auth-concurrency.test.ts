/**
 * The auth store under concurrency, on PGlite and on two instances sharing one PostgreSQL database
 * (KEYWAY_TEST_DATABASE_URL; skipped without it, with a warning): one login code verified 50 times at once
 * gives one session, a social code or a Farcaster channel yields one session however many ask, and the first
 * logins of one username make one account. Across two instances: a session made through one is seen, and its
 * sign-out honoured, through the other, and the sends of the store and the route limits hold for both together.
 * Also the one-time import of the JSON file of earlier versions, and the sweep of expired rows.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshDatabase, POSTGRES_URL } from '../db/test-postgres.ts';
import { AuthError, AuthStore, pkceChallenge, type Session } from './auth-store.ts';
import { AuthLimiter, DEFAULT_AUTH_LIMITS } from './rate-limit.ts';

const CONTENDERS = 50;
const DEVICE = 'device-race-00000001';
const PUBLIC_URL = 'http://127.0.0.1:4200';
const VERIFIER = `${'v'.repeat(20)}-frame-held-pkce-verifier-0123456789`;
const NONCE = `${'n'.repeat(20)}-frame-held-farcaster-nonce-01234567`;
const EXPIRED = 'The code has expired. Request a new one.';

const dirs: string[] = [];
const tempDir = async (label: string) => {
  const dir = await mkdtemp(join(tmpdir(), `kw-auth-${label}-`));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const open = async (dir: string, opts: Partial<Parameters<typeof AuthStore.open>[0]> = {}) =>
  AuthStore.open({ dir, publicUrl: PUBLIC_URL, rateLimit: { max: 50, windowMs: 60_000 }, ...opts });

const codeFor = async (store: AuthStore, email: string) => {
  const mail = (await store.mailbox()).find((m) => m.to === email && m.kind === 'login-code');
  if (!mail?.code) throw new Error(`no code for ${email}`);
  return mail.code;
};

/** Settles `calls`, round-robin over `stores`: the sessions they gave and the messages of those refused. */
async function race<T>(stores: AuthStore[], n: number, call: (store: AuthStore, i: number) => Promise<T>) {
  const settled = await Promise.allSettled(
    Array.from({ length: n }, (_, i) => call(stores[i % stores.length] as AuthStore, i)),
  );
  const won = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const refused = settled.flatMap((r) => {
    if (r.status === 'fulfilled') return [];
    if (!(r.reason instanceof AuthError)) throw r.reason;
    return [r.reason.message];
  });
  return { won, refused };
}

async function login(store: AuthStore, email: string): Promise<Session> {
  await store.startEmail(email, DEVICE);
  return store.verifyEmail(email, await codeFor(store, email), DEVICE);
}

/**
 * The races every engine must win. `stores()` are the instances on one database (one for PGlite, two for
 * PostgreSQL); the login code, the social code and the channel are started on the first.
 */
function contested(stores: () => AuthStore[]) {
  it('gives one session for one login code verified 50 times at once; every other request finds it used', async () => {
    const all = stores();
    const email = 'race@example.com';
    await all[0]!.startEmail(email, DEVICE);
    const code = await codeFor(all[0]!, email);
    const { won, refused } = await race(all, CONTENDERS, (s) => s.verifyEmail(email, code, DEVICE));
    expect(won).toHaveLength(1);
    expect(refused).toEqual(Array(CONTENDERS - 1).fill(EXPIRED));
    for (const s of all) expect((await s.sessionUser(won[0]!.token))?.email).toBe(email);
  });

  it('exchanges one social code once, however many exchanges it is sent in at once', async () => {
    const all = stores();
    const code = await all[0]!.issueSocialCode('github', 'racer', pkceChallenge(VERIFIER));
    const { won, refused } = await race(all, 20, (s) => s.exchangeSocialCode('github', code, VERIFIER));
    expect(won).toHaveLength(1);
    expect(refused).toEqual(Array(19).fill('Invalid or expired code'));
  });

  it('makes one account for the first logins of one username at once (any case), each with its own session', async () => {
    const all = stores();
    const names = ['Crowd', 'crowd', 'CROWD', 'crowd', 'cRowd', 'crowd', 'Crowd', 'crowd'];
    const codes = await Promise.all(
      names.map((name) => all[0]!.issueSocialCode('google', name, pkceChallenge(VERIFIER))),
    );
    const { won, refused } = await race(all, codes.length, (s, i) =>
      s.exchangeSocialCode('google', codes[i]!, VERIFIER),
    );
    expect(refused).toEqual([]);
    expect(new Set(won.map((session) => session.user.id)).size).toBe(1);
    expect(new Set(won.map((session) => session.token)).size).toBe(codes.length);
  });

  it('hands the session of an approved Farcaster channel to one status request only', async () => {
    const all = stores();
    const { channelToken } = await all[0]!.startFarcaster(pkceChallenge(NONCE));
    await all[all.length - 1]!.approveFarcaster(channelToken, 'caster');
    const { won, refused } = await race(all, 20, (s) => s.farcasterStatus(channelToken, NONCE));
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ state: 'approved', user: { userName: 'caster', provider: 'farcaster' } });
    expect(refused).toEqual(Array(19).fill('This Farcaster request has expired.'));
  });
}

describe('one instance on PGlite', () => {
  let store: AuthStore;
  beforeAll(async () => {
    store = await open(await tempDir('pglite'));
  });
  afterAll(async () => {
    await store?.close();
  });

  it('is ready: the database answers and its migrations are applied', async () => {
    expect(await store.ready()).toBe(true);
  });

  contested(() => [store]);
});

describe.skipIf(!POSTGRES_URL)('two instances on one PostgreSQL database', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let a: AuthStore;
  let b: AuthStore;
  let client: pg.Client;
  beforeAll(async () => {
    db = await freshDatabase('frame_auth');
    // Opened together: the migrations run once, whichever comes first.
    [a, b] = await Promise.all([
      open(await tempDir('pg-a'), { databaseUrl: db.url, rateLimit: { max: 5, windowMs: 60_000 } }),
      open(await tempDir('pg-b'), { databaseUrl: db.url, rateLimit: { max: 5, windowMs: 60_000 } }),
    ]);
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await Promise.all([a?.close(), b?.close()]);
    await db?.drop();
  });

  it('are both ready', async () => {
    expect(await a.ready()).toBe(true);
    expect(await b.ready()).toBe(true);
  });

  contested(() => [a, b]);

  it('keep one session row for a code verified 50 times through both', async () => {
    const email = 'rows@example.com';
    await a.startEmail(email, DEVICE);
    const code = await codeFor(b, email);
    const { won } = await race([a, b], CONTENDERS, (s) => s.verifyEmail(email, code, DEVICE));
    expect(won).toHaveLength(1);
    const count = async (text: string) => (await client.query<{ n: number }>(text, [email])).rows[0]?.n;
    expect(
      await count(
        'select count(*)::int as n from auth_sessions s join auth_users u on u.id = s.user_id where u.email = $1',
      ),
    ).toBe(1);
    expect(await count('select count(*)::int as n from auth_users where email = $1')).toBe(1);
    expect(await count('select count(*)::int as n from auth_codes where email = $1')).toBe(0);
  });

  it('see through B a session made through A, and refuse it through A once signed out through B', async () => {
    const session = await login(a, 'shared@example.com');
    expect((await b.sessionUser(session.token))?.id).toBe(session.user.id);
    await b.signOut(session.token);
    expect(await a.sessionUser(session.token)).toBeUndefined();
    expect(await b.sessionUser(session.token)).toBeUndefined();
  });

  it('send one address and device its budget of codes (5) through both together', async () => {
    const email = 'sends@example.com';
    const { won, refused } = await race([a, b], 20, (s) => s.startEmail(email, DEVICE));
    expect(won).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const message of refused) {
      expect(message).toMatch(/^Too many codes requested\. Please try again after \d+ seconds$/);
    }
    expect((await a.mailbox()).filter((m) => m.to === email)).toHaveLength(5);
  });

  it('hold a route budget across both: 10 checks per address and device, the rest 429', async () => {
    const limits = { ...DEFAULT_AUTH_LIMITS, checksPerDevice: 10 };
    const limiters = [new AuthLimiter(limits, a.rateHits), new AuthLimiter(limits, b.rateHits)];
    const settled = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        limiters[i % 2]!.check({ email: 'budget@example.com', deviceId: DEVICE, address: '10.0.0.1' }),
      ),
    );
    expect(settled.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = settled.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(refused).toHaveLength(20);
    for (const error of refused) {
      expect(error).toBeInstanceOf(AuthError);
      expect((error as AuthError).status).toBe(429);
      expect((error as AuthError).message).toMatch(/^Please try again after \d+ seconds$/);
    }
  });
});

describe('the JSON file of earlier versions', () => {
  const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
  const stores: AuthStore[] = [];
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
    vi.restoreAllMocks();
  });
  const reopen = async (dir: string) => {
    const store = await open(dir);
    stores.push(store);
    return store;
  };

  const EMAIL = 'imported@example.com';
  const TOKEN = 'an-imported-session-token-0123456789abcdef';
  const fileData = () => {
    const now = Date.now();
    return {
      version: 1,
      users: {
        u1: { id: 'u1', email: EMAIL, social: null, devices: [DEVICE], createdAt: now - 1000 },
      },
      mailbox: [
        {
          id: 'mail-1',
          to: EMAIL,
          kind: 'login-code',
          subject: 'Your Keyway login code is 123456',
          code: '123456',
          link: null,
          sentAt: now - 500,
        },
      ],
      codes: {
        [`login:${EMAIL}:${DEVICE}`]: {
          code: '123456',
          purpose: 'login',
          expiresAt: now + 600_000,
          attempts: 0,
          deviceId: DEVICE,
          userId: null,
          newEmail: null,
          email: EMAIL,
          trusted: true,
        },
      },
      sessions: { [sha256(TOKEN)]: { userId: 'u1', expiresAt: now + 3_600_000 } },
      deviceRequests: {},
      socialCodes: {},
      farcaster: {},
      sends: { [`${EMAIL} device ${DEVICE}`]: [now - 500] },
    };
  };

  it('is imported once: its session works, its pending code verifies, and opening again adds nothing', async () => {
    const dir = await tempDir('import');
    const text = JSON.stringify(fileData());
    await writeFile(join(dir, 'auth.json'), text);

    const first = await reopen(dir);
    expect(await first.sessionUser(TOKEN)).toMatchObject({ id: 'u1', email: EMAIL, devices: [DEVICE] });
    const session = await first.verifyEmail(EMAIL, '123456', DEVICE);
    expect(session.user).toMatchObject({ id: 'u1', email: EMAIL });
    expect(await first.mailbox()).toEqual([expect.objectContaining({ id: 'mail-1', code: '123456' })]);
    await first.close();
    expect(await readFile(join(dir, 'auth.json'), 'utf8')).toBe(text);

    // Opened again with the file still there: not imported a second time (the used code does not come back).
    const second = await reopen(dir);
    expect((await second.sessionUser(TOKEN))?.id).toBe('u1');
    expect((await second.sessionUser(session.token))?.id).toBe('u1');
    await expect(second.verifyEmail(EMAIL, '123456', DEVICE)).rejects.toThrow(EXPIRED);
    expect((await second.mailbox()).filter((m) => m.id === 'mail-1')).toHaveLength(1);
  });

  it('a malformed file is reported, nothing is imported, and a good file later still is', async () => {
    const dir = await tempDir('malformed');
    await writeFile(join(dir, 'auth.json'), JSON.stringify({ version: 2, users: [] }));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const first = await reopen(dir);
    expect(errors.mock.calls.filter(([line]) => String(line).includes('is malformed'))).toHaveLength(1);
    expect(await first.sessionUser(TOKEN)).toBeUndefined();
    await first.close();

    await writeFile(join(dir, 'auth.json'), JSON.stringify(fileData()));
    const second = await reopen(dir);
    expect((await second.sessionUser(TOKEN))?.id).toBe('u1');
  });
});

describe('sweep', () => {
  it('deletes expired sessions and codes and forgotten hits (read back with the clock turned back)', async () => {
    let t = 1_000_000;
    const store = await open(await tempDir('sweep'), {
      now: () => t,
      rateLimit: { max: 1, windowMs: 60_000 },
    });
    try {
      const session = await login(store, 'old@example.com');
      await store.startEmail('pending@example.com', DEVICE);
      const code = await codeFor(store, 'pending@example.com');
      t += 31 * 24 * 60 * 60 * 1000;
      await store.sweep();
      t = 1_000_000;
      expect(await store.sessionUser(session.token)).toBeUndefined();
      await expect(store.verifyEmail('pending@example.com', code, DEVICE)).rejects.toThrow(EXPIRED);
      // The send it counted is gone too: the address and device have their budget (1) again.
      expect(await store.startEmail('pending@example.com', DEVICE)).toEqual({ action: 'VERIFY_OTP' });
    } finally {
      await store.close();
    }
    expect(await store.ready()).toBe(false);
  });
});
