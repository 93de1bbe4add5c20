/**
 * The secure frame's auth backend state: users, one-time codes, the dev mailbox, device approvals, local
 * social-login codes, Farcaster stand-in channels, sessions and the counts of the login limits. Kept in the
 * services' SQL database (services/db): PGlite in `<dataDir>/frame/db` by default, PostgreSQL when a database
 * URL is given, shared by every instance of the frame backend, so a login started on one instance finishes on
 * another and the limits count the requests of all of them. The schema is FRAME_MIGRATIONS. The JSON file
 * earlier versions kept everything in (`<dataDir>/frame/auth.json`) is imported once, in one transaction,
 * into a database that has not imported one yet, and left as it is.
 *
 * This is a local stand-in for a hosted auth service: codes are delivered to a dev mailbox instead of an
 * email provider, and social providers are local pages where the user types a username.
 *
 * Against guessing and lock-outs (the whole design is described in services/frame/rate-limit.ts): a login
 * code belongs to an email address and the device that asked for it, codes and links are counted per
 * (address, device), and wrong guesses at codes of devices the mailbox has not vouched for are counted per
 * address: at `GuessLimit.perEmail` those codes are burned and new devices get the approval link instead.
 *
 * Under concurrency (requests in parallel, instances on one database) those rules hold as they did in one
 * process: every change runs in one transaction; a change that reads an address's codes, users and counts and
 * then writes them first takes a transaction-scoped advisory lock on the address (an email change takes its
 * account's lock first, then its addresses' in sorted order, so two changes never wait for each other in a
 * circle), and a one-time code, social login, social code or Farcaster channel is used up by a conditional
 * delete or update that only one transaction can win. Reads leave out expired rows; `sweep()` deletes them.
 */
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { cooldownText } from '../../src/frame/protocol/errors.ts';
import { isMigrated, type Migration, migrate } from '../db/migrate.ts';
import { openSql, type Sql, type SqlRunner } from '../db/sql.ts';

export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** Lifetime of a one-time code, a device-approval link, a social code and a Farcaster channel. */
export const OTP_TTL_MS = 10 * 60 * 1000;
export const SOCIAL_CODE_TTL_MS = 5 * 60 * 1000;
export const FARCASTER_TTL_MS = 10 * 60 * 1000;
/** Wrong codes accepted before a code is burned. */
export const MAX_OTP_ATTEMPTS = 5;
/** Session lifetime (the frame keeps the token in its own origin's storage). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** The dev mailbox shows this many of the newest messages; `sweep()` deletes older ones. */
const MAILBOX_LIMIT = 500;
/** How often an open store deletes expired rows (`sweep()`). */
const SWEEP_INTERVAL_MS = 60 * 1000;

export interface RateLimit {
  /**
   * Codes or links sent to one address for one device (for an email change: for one account) within
   * `windowMs`. Another device's requests for the same address do not spend them.
   */
  max: number;
  windowMs: number;
}
export const DEFAULT_RATE_LIMIT: RateLimit = { max: 5, windowMs: 10 * 60 * 1000 };

export interface GuessLimit {
  /**
   * Wrong guesses within `windowMs` at the codes of one address held by devices the mailbox has not vouched
   * for, from everyone together. At this number those codes are burned and, until the window moves on, a
   * new device gets the approval link instead of a code.
   */
  perEmail: number;
  windowMs: number;
}
export const DEFAULT_GUESS_LIMIT: GuessLimit = { perEmail: 10, windowMs: 10 * 60 * 1000 };

export class AuthError extends Error {
  override readonly name = 'AuthError';
  constructor(
    readonly status: 400 | 401 | 404 | 409 | 429,
    message: string,
  ) {
    super(message);
  }
}

const userSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  /** `google:alice`, `farcaster:bob`; null for email users. */
  social: z.object({ provider: z.string(), username: z.string() }).nullable(),
  devices: z.array(z.string()),
  createdAt: z.number(),
});
export type AuthUser = z.infer<typeof userSchema>;

const mailSchema = z.object({
  id: z.string(),
  to: z.string(),
  kind: z.enum(['login-code', 'device-approval', 'update-primary-code', 'update-secondary-code']),
  subject: z.string(),
  code: z.string().nullable(),
  link: z.string().nullable(),
  sentAt: z.number(),
});
export type MailMessage = z.infer<typeof mailSchema>;

const pendingCodeSchema = z.object({
  code: z.string(),
  purpose: z.enum(['login', 'update-primary', 'update-secondary']),
  expiresAt: z.number(),
  attempts: z.number(),
  /** Login: the device that asked; update: the user that asked. */
  deviceId: z.string().nullable(),
  userId: z.string().nullable(),
  newEmail: z.string().nullable(),
  /** The address the code was mailed to. */
  email: z.string().default(''),
  /**
   * Held by a device the mailbox vouched for (a known device of the account, a device approved by the
   * mailed link) or by the account confirming its own address. Wrong guesses at other codes count against
   * the address (GuessLimit).
   */
  trusted: z.boolean().default(false),
});

/** The JSON file of earlier versions (`auth.json`), read once by the import. */
const dataSchema = z.object({
  version: z.literal(1),
  users: z.record(z.string(), userSchema),
  mailbox: z.array(mailSchema),
  /** Keyed by `login:<email>:<deviceId>` and `<update purpose>:<email>:<userId>`. */
  codes: z.record(z.string(), pendingCodeSchema),
  /** Keyed by the sha-256 of the token. */
  sessions: z.record(z.string(), z.object({ userId: z.string(), expiresAt: z.number() })),
  deviceRequests: z.record(
    z.string(),
    z.object({
      token: z.string(),
      email: z.string(),
      deviceId: z.string(),
      approved: z.boolean(),
      expiresAt: z.number(),
    }),
  ),
  socialCodes: z.record(
    z.string(),
    z.object({
      provider: z.string(),
      username: z.string(),
      expiresAt: z.number(),
      /** The frame's PKCE challenge (S256 of its verifier); a code without one is never redeemed. */
      challenge: z.string().optional(),
    }),
  ),
  /**
   * Social logins the frame started, keyed by the sha-256 of their opaque id (the only thing the provider
   * URL carries): the provider, the frame's `state` and its PKCE challenge, registered by the frame itself.
   */
  socialRequests: z
    .record(
      z.string(),
      z.object({ provider: z.string(), state: z.string(), challenge: z.string(), expiresAt: z.number() }),
    )
    .default({}),
  farcaster: z.record(
    z.string(),
    z.object({
      username: z.string().nullable(),
      expiresAt: z.number(),
      consumed: z.boolean(),
      /** sha-256 of the secret only the frame that started the channel holds. */
      nonceHash: z.string().optional(),
    }),
  ),
  /** Sends per `<email> device <deviceId>` or `<email> user <userId>`. */
  sends: z.record(z.string(), z.array(z.number())),
  /** Wrong guesses at untrusted codes, per address. */
  guesses: z.record(z.string(), z.array(z.number())).default({}),
});
type AuthData = z.infer<typeof dataSchema>;

export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .transform((e) => e.toLowerCase());
export const otpSchema = z.string().regex(/^\d{6}$/, 'The code has 6 digits');
export const usernameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a username')
  .max(39, 'At most 39 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'Letters, digits, dot, dash and underscore only');
export const deviceIdSchema = z.string().regex(/^[A-Za-z0-9-]{8,64}$/);

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** PKCE S256 (RFC 7636): base64url of the sha-256 of the verifier. */
export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
/** A PKCE verifier (RFC 7636: 43-128 unreserved characters); the Farcaster nonce has the same shape. */
export const verifierSchema = z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/, 'Invalid code verifier');
/** A PKCE S256 challenge, and the sha-256 (base64url) of a Farcaster nonce. */
export const challengeSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid code challenge');
const newToken = () => randomBytes(32).toString('base64url');
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
const loginKey = (email: string, deviceId: string) => `login:${email}:${deviceId}`;

export interface PublicUser {
  id: string;
  email: string | null;
  userName: string | null;
  provider: string | null;
}

export function publicUser(u: AuthUser): PublicUser {
  return {
    id: u.id,
    email: u.email,
    userName: u.social?.username ?? null,
    provider: u.social?.provider ?? null,
  };
}

export interface Session {
  token: string;
  user: PublicUser;
}

/**
 * The frame's migrations (service `frame` in `schema_migrations`). Times are milliseconds (bigint) of the
 * store's clock. The tables are prefixed `auth_`: with a database URL the frame may share its database with the
 * API. Tokens that grant something (sessions, approval links, social codes and logins) are kept as their
 * sha-256 only.
 */
export const FRAME_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'auth store',
    sql: `
create table auth_users (
  id text primary key,
  email text unique,
  social_provider text,
  social_username text,
  created_at bigint not null,
  check ((social_provider is null) = (social_username is null))
);
-- The same provider username, in any case, is the same account.
create unique index auth_users_social on auth_users (social_provider, lower(social_username))
  where social_provider is not null;
-- The devices a login code was verified on; seq keeps the order they became known in.
create table auth_user_devices (
  user_id text not null references auth_users(id) on delete cascade,
  device_id text not null,
  seq bigint generated always as identity,
  primary key (user_id, device_id)
);
-- Keyed login:<email>:<deviceId> and <update purpose>:<email>:<userId>: a new code replaces the one before.
create table auth_codes (
  key text primary key,
  code text not null,
  purpose text not null check (purpose in ('login', 'update-primary', 'update-secondary')),
  email text not null,
  device_id text,
  user_id text,
  new_email text,
  trusted boolean not null,
  attempts integer not null default 0,
  expires_at bigint not null
);
create index auth_codes_email on auth_codes (email);
create index auth_codes_user on auth_codes (user_id) where user_id is not null;
create index auth_codes_expires on auth_codes (expires_at);
create table auth_sessions (
  token_hash text primary key,
  user_id text not null references auth_users(id) on delete cascade,
  expires_at bigint not null
);
create index auth_sessions_expires on auth_sessions (expires_at);
create table auth_device_requests (
  id text primary key,
  token_hash text not null unique,
  email text not null,
  device_id text not null,
  approved boolean not null default false,
  expires_at bigint not null
);
create index auth_device_requests_expires on auth_device_requests (expires_at);
-- challenge is null only for a code imported from a file of a version without PKCE: never redeemed.
create table auth_social_codes (
  code_hash text primary key,
  provider text not null,
  username text not null,
  challenge text,
  expires_at bigint not null
);
create index auth_social_codes_expires on auth_social_codes (expires_at);
create table auth_social_requests (
  id_hash text primary key,
  provider text not null,
  state text not null,
  challenge text not null,
  expires_at bigint not null
);
create index auth_social_requests_expires on auth_social_requests (expires_at);
-- The channel token is in the URL the user is shown; what it yields needs the nonce of nonce_hash.
create table auth_farcaster_channels (
  token text primary key,
  username text,
  nonce_hash text,
  consumed boolean not null default false,
  expires_at bigint not null
);
create index auth_farcaster_channels_expires on auth_farcaster_channels (expires_at);
-- One row per counted request: the store's sends ('send …') and wrong guesses ('guess …'), the route limits
-- ('route …'). expires_at is the end of the longest window the hit counts in, for sweep().
create table auth_rate_hits (
  id bigint generated always as identity primary key,
  key text not null,
  at bigint not null,
  expires_at bigint not null
);
create index auth_rate_hits_key on auth_rate_hits (key, at);
create index auth_rate_hits_expires on auth_rate_hits (expires_at);
create table auth_mailbox (
  seq bigint generated always as identity primary key,
  id text not null unique,
  to_address text not null,
  kind text not null,
  subject text not null,
  code text,
  link text,
  sent_at bigint not null
);
-- One row once auth.json has been imported into this database: it is never imported again.
create table auth_json_import (
  id boolean primary key default true check (id),
  imported_at bigint not null
);
`,
  },
];

const SERVICE = 'frame';

/**
 * Takes the transaction-scoped advisory locks named `names`, in sorted order: two transactions that need some
 * of the same locks take them in the same order, so neither holds one the other waits for while waiting
 * itself. Held until the transaction ends, and across every instance on the database.
 */
async function lockAll(tx: SqlRunner, names: readonly (string | null | undefined)[]): Promise<void> {
  const sorted = [...new Set(names.filter((n): n is string => Boolean(n)))].sort();
  for (const name of sorted) {
    await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`keyway frame ${name}`]);
  }
}
const addressLock = (email: string | null | undefined) => (email ? `address ${email}` : null);

/** The hits of the rate-hit table, inside one transaction. */
export interface HitWindow {
  /** The time of the `n`-th newest hit of `key` after `since` (n is at least 1); undefined while it has fewer. */
  nthNewest(key: string, n: number, since: number): Promise<number | undefined>;
  /** Counts a hit on `key` at `at`, which `sweep()` may forget after `expiresAt`. */
  add(key: string, at: number, expiresAt: number): Promise<void>;
}

/** What the route limiter (rate-limit.ts) counts in: the store's rate-hit table. */
export interface RateHits {
  /**
   * Runs `work` in one transaction that holds the advisory locks of `keys` (taken in sorted order): another
   * transaction on one of those keys, from this instance or another, waits until this one ends.
   */
  transaction<T>(keys: readonly string[], work: (hits: HitWindow) => Promise<T>): Promise<T>;
}

const hitWindow = (tx: SqlRunner): HitWindow => ({
  async nthNewest(key, n, since) {
    const { rows } = await tx.query<{ at: number }>(
      'select at from auth_rate_hits where key = $1 and at > $2 order by at desc offset $3 limit 1',
      [key, since, Math.max(1, n) - 1],
    );
    return rows[0] ? Number(rows[0].at) : undefined;
  },
  async add(key, at, expiresAt) {
    await tx.query('insert into auth_rate_hits (key, at, expires_at) values ($1, $2, $3)', [
      key,
      at,
      expiresAt,
    ]);
  },
});

/**
 * Thrown inside a change to answer with `error` while keeping what the change wrote so far: a wrong code's
 * attempt and its guess stay counted, a burned or used code stays gone.
 */
class KeepChanges extends Error {
  constructor(readonly error: AuthError) {
    super(error.message);
  }
}
/** Rethrows an AuthError as one that keeps the change's writes (a `.catch` handler). */
const keepChanges = (error: unknown): never => {
  throw error instanceof AuthError ? new KeepChanges(error) : error;
};

interface UserRow {
  id: string;
  email: string | null;
  social_provider: string | null;
  social_username: string | null;
  created_at: number;
  devices: string[];
}
const USER_SELECT = `select u.id, u.email, u.social_provider, u.social_username, u.created_at,
  array(select d.device_id from auth_user_devices d where d.user_id = u.id order by d.seq) as devices
  from auth_users u`;
const toUser = (r: UserRow): AuthUser => ({
  id: r.id,
  email: r.email,
  social:
    r.social_provider !== null && r.social_username !== null
      ? { provider: r.social_provider, username: r.social_username }
      : null,
  devices: r.devices,
  createdAt: Number(r.created_at),
});

type CodePurpose = 'login' | 'update-primary' | 'update-secondary';
interface CodeRow {
  key: string;
  code: string;
  purpose: CodePurpose;
  email: string;
  device_id: string | null;
  user_id: string | null;
  new_email: string | null;
  trusted: boolean;
  attempts: number;
}

interface MailRow {
  id: string;
  to_address: string;
  kind: MailMessage['kind'];
  subject: string;
  code: string | null;
  link: string | null;
  sent_at: number;
}

export interface DeviceRequest {
  requestId: string;
  token: string;
  email: string;
  deviceId: string;
  approved: boolean;
  expiresAt: number;
}

export interface FarcasterChannel {
  username: string | null;
  expiresAt: number;
  consumed: boolean;
  /** sha-256 of the secret only the frame that started the channel holds. */
  nonceHash?: string;
}

export class AuthStore {
  /** The rate-hit table for the route limits (rate-limit.ts), counted like the store's own sends. */
  readonly rateHits: RateHits;
  private sweeper: NodeJS.Timeout | undefined;
  private closing: Promise<void> | undefined;
  /** Whether `close()` closes the database (not when `open()` was given one). */
  private ownsDatabase = true;
  private sendMail: ((mail: MailMessage) => Promise<void>) | undefined;
  /** The mails each open transaction wrote, sent through `sendMail` once it commits. */
  private readonly outbox = new WeakMap<SqlRunner, MailMessage[]>();

  private constructor(
    private readonly sql: Sql,
    private readonly publicUrl: string,
    private readonly rateLimit: RateLimit,
    private readonly guessLimit: GuessLimit,
    private readonly now: () => number,
  ) {
    this.rateHits = {
      transaction: (keys, work) =>
        sql.transaction(async (tx) => {
          await lockAll(
            tx,
            keys.map((key) => `hits ${key}`),
          );
          return work(hitWindow(tx));
        }),
    };
  }

  /**
   * Opens the store: PGlite in `<dir>/db`, or PostgreSQL at `databaseUrl`; applies the migrations, imports
   * `<dir>/auth.json` if this database has not imported one, and sweeps expired rows every minute until
   * `close()`.
   */
  static async open(opts: {
    dir: string;
    publicUrl: string;
    databaseUrl?: string | undefined;
    rateLimit?: RateLimit;
    guessLimit?: GuessLimit;
    now?: () => number;
    /**
     * An open database to keep the state in instead of opening one (tests share one per file: opening PGlite
     * costs seconds). It stays open when the store closes.
     */
    sql?: Sql;
    /**
     * Delivers a mail (a login code, an approval link, an email-change code) through the host's email
     * provider. Called once per mail after the change that wrote it is committed, so a mail is never sent for
     * a change that was rolled back; a failure is logged (the user asks for another code). The mail is also
     * kept in the development mailbox table, which a production server does not serve (`devMailbox`).
     */
    sendMail?: (mail: MailMessage) => Promise<void>;
  }): Promise<AuthStore> {
    await mkdir(opts.dir, { recursive: true });
    const sql =
      opts.sql ?? (await openSql({ databaseUrl: opts.databaseUrl, pgliteDir: join(opts.dir, 'db') }));
    const store = new AuthStore(
      sql,
      opts.publicUrl,
      opts.rateLimit ?? DEFAULT_RATE_LIMIT,
      opts.guessLimit ?? DEFAULT_GUESS_LIMIT,
      opts.now ?? Date.now,
    );
    try {
      await migrate(sql, SERVICE, FRAME_MIGRATIONS);
      await store.importFile(join(opts.dir, 'auth.json'));
    } catch (error) {
      if (!opts.sql) await sql.close();
      throw error;
    }
    store.ownsDatabase = !opts.sql;
    store.sendMail = opts.sendMail;
    store.sweeper = setInterval(() => {
      store.sweep().catch((error: unknown) => {
        if (!store.closing) console.error('[frame] could not delete expired auth rows:', error);
      });
    }, SWEEP_INTERVAL_MS);
    store.sweeper.unref();
    return store;
  }

  /** The database answers and every migration is applied (`/readyz`). */
  async ready(): Promise<boolean> {
    if (this.closing) return false;
    return (await this.sql.ping()) && (await isMigrated(this.sql, SERVICE, FRAME_MIGRATIONS));
  }

  /** Stops the sweeps and closes the database (used by `stop()`). */
  close(): Promise<void> {
    clearInterval(this.sweeper);
    this.closing ??= this.ownsDatabase ? this.sql.close() : Promise.resolve();
    return this.closing;
  }

  /**
   * Deletes what no read sees any more: expired codes, sessions, approvals, social codes and logins, Farcaster
   * channels, hits older than their window, and mail beyond the newest MAILBOX_LIMIT. Each delete stands alone,
   * so a sweep never holds rows of two tables at once.
   */
  async sweep(): Promise<void> {
    const t = this.now();
    for (const table of [
      'auth_codes',
      'auth_sessions',
      'auth_device_requests',
      'auth_social_codes',
      'auth_social_requests',
      'auth_farcaster_channels',
      'auth_rate_hits',
    ]) {
      await this.sql.query(`delete from ${table} where expires_at <= $1`, [t]);
    }
    await this.sql.query(
      'delete from auth_mailbox where seq <= (select seq from auth_mailbox order by seq desc offset $1 limit 1)',
      [MAILBOX_LIMIT],
    );
  }

  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws, except that
   * KeepChanges commits what was written and then throws its error.
   */
  private async change<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> {
    let mails: MailMessage[] = [];
    const outcome = await this.sql.transaction(async (tx): Promise<{ value: T } | { error: AuthError }> => {
      mails = [];
      this.outbox.set(tx, mails);
      try {
        return { value: await work(tx) };
      } catch (error) {
        if (error instanceof KeepChanges) return { error: error.error };
        throw error;
      } finally {
        this.outbox.delete(tx);
      }
    });
    // Committed: what it wrote may leave now.
    if (this.sendMail) {
      for (const mail of mails) {
        await this.sendMail(mail).catch((error: unknown) =>
          console.error(`[frame] could not send the ${mail.kind} mail:`, error),
        );
      }
    }
    if ('error' in outcome) throw outcome.error;
    return outcome.value;
  }

  // ---- import of the JSON file of earlier versions ------------------------------------------------

  /**
   * Imports `file` (the whole state of an earlier version) unless this database has imported one already.
   * Everything goes in in one transaction with the record that it did, so two instances opening the database
   * together import it once, and a failed import leaves nothing behind. The file is only read.
   */
  private async importFile(file: string): Promise<void> {
    let raw: string;
    try {
      raw = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if ((await this.sql.query('select 1 from auth_json_import')).rows.length > 0) return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      json = undefined;
    }
    const parsed = dataSchema.safeParse(json);
    if (!parsed.success) {
      console.error(`[frame] ${file} is malformed; starting with an empty auth store`);
      return;
    }
    const imported = await this.sql.transaction(async (tx) => {
      // A second instance importing at the same moment waits here for the first, then finds its row.
      const claimed = await tx.query(
        'insert into auth_json_import (imported_at) values ($1) on conflict do nothing returning id',
        [this.now()],
      );
      if (claimed.rows.length === 0) return false;
      await this.insertData(tx, parsed.data);
      return true;
    });
    if (imported) console.log(`[frame] imported ${file} into the auth database (the file is left as it is)`);
  }

  private async insertData(tx: SqlRunner, data: AuthData): Promise<void> {
    // The file never held two accounts with one email or one social identity, but the schema refuses them:
    // should it, the first one is kept, and whatever belongs to the others is left out.
    const users = new Set<string>();
    const emails = new Set<string>();
    const socials = new Set<string>();
    for (const user of Object.values(data.users)) {
      const social = user.social ? `${user.social.provider}:${user.social.username.toLowerCase()}` : null;
      if (users.has(user.id) || (user.email && emails.has(user.email)) || (social && socials.has(social))) {
        console.error(`[frame] auth.json: user ${user.id} repeats an account of the file; left out`);
        continue;
      }
      users.add(user.id);
      if (user.email) emails.add(user.email);
      if (social) socials.add(social);
      await tx.query(
        `insert into auth_users (id, email, social_provider, social_username, created_at)
         values ($1, $2, $3, $4, $5)`,
        [user.id, user.email, user.social?.provider ?? null, user.social?.username ?? null, user.createdAt],
      );
      for (const device of user.devices) {
        await tx.query(
          'insert into auth_user_devices (user_id, device_id) values ($1, $2) on conflict do nothing',
          [user.id, device],
        );
      }
    }
    for (const [tokenHash, s] of Object.entries(data.sessions)) {
      if (!users.has(s.userId)) continue;
      await tx.query('insert into auth_sessions (token_hash, user_id, expires_at) values ($1, $2, $3)', [
        tokenHash,
        s.userId,
        s.expiresAt,
      ]);
    }
    for (const [key, c] of Object.entries(data.codes)) {
      await tx.query(
        `insert into auth_codes (key, code, purpose, email, device_id, user_id, new_email, trusted, attempts, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          key,
          c.code,
          c.purpose,
          c.email,
          c.deviceId,
          c.userId,
          c.newEmail,
          c.trusted,
          c.attempts,
          c.expiresAt,
        ],
      );
    }
    for (const [id, r] of Object.entries(data.deviceRequests)) {
      await tx.query(
        `insert into auth_device_requests (id, token_hash, email, device_id, approved, expires_at)
         values ($1, $2, $3, $4, $5, $6)`,
        [id, sha256(r.token), r.email, r.deviceId, r.approved, r.expiresAt],
      );
    }
    for (const [codeHash, c] of Object.entries(data.socialCodes)) {
      await tx.query(
        `insert into auth_social_codes (code_hash, provider, username, challenge, expires_at)
         values ($1, $2, $3, $4, $5)`,
        [codeHash, c.provider, c.username, c.challenge ?? null, c.expiresAt],
      );
    }
    for (const [idHash, r] of Object.entries(data.socialRequests)) {
      await tx.query(
        `insert into auth_social_requests (id_hash, provider, state, challenge, expires_at)
         values ($1, $2, $3, $4, $5)`,
        [idHash, r.provider, r.state, r.challenge, r.expiresAt],
      );
    }
    for (const [token, f] of Object.entries(data.farcaster)) {
      await tx.query(
        `insert into auth_farcaster_channels (token, username, nonce_hash, consumed, expires_at)
         values ($1, $2, $3, $4, $5)`,
        [token, f.username, f.nonceHash ?? null, f.consumed, f.expiresAt],
      );
    }
    const hits = hitWindow(tx);
    for (const [key, times] of Object.entries(data.sends)) {
      for (const at of times) await hits.add(`send ${key}`, at, at + this.rateLimit.windowMs);
    }
    for (const [address, times] of Object.entries(data.guesses)) {
      for (const at of times) await hits.add(`guess ${address}`, at, at + this.guessLimit.windowMs);
    }
    // Newest first in the file; oldest first here, so the mailbox's order is kept.
    for (const m of [...data.mailbox].reverse()) {
      await tx.query(
        `insert into auth_mailbox (id, to_address, kind, subject, code, link, sent_at)
         values ($1, $2, $3, $4, $5, $6, $7) on conflict (id) do nothing`,
        [m.id, m.to, m.kind, m.subject, m.code, m.link, m.sentAt],
      );
    }
  }

  // ---- counts ----------------------------------------------------------------------------------------

  /**
   * Counts one message to `address` for `requester` (`device <id>` or `user <id>`); throws 429 when that
   * window is full. Requests from other devices or accounts for the same address have windows of their own.
   * Called with the address locked.
   */
  private async takeSendSlot(tx: SqlRunner, address: string, requester: string): Promise<void> {
    const key = `send ${address} ${requester}`;
    const t = this.now();
    const { windowMs, max } = this.rateLimit;
    const { rows } = await tx.query<{ n: number; oldest: number | null }>(
      'select count(*)::int as n, min(at) as oldest from auth_rate_hits where key = $1 and at > $2',
      [key, t - windowMs],
    );
    const recent = rows[0] ?? { n: 0, oldest: null };
    if (recent.n >= max) {
      const oldest = Number(recent.oldest ?? t);
      const seconds = Math.max(1, Math.ceil((oldest + windowMs - t) / 1000));
      throw new AuthError(429, `Too many codes requested. Please try again after ${seconds} seconds`);
    }
    await hitWindow(tx).add(key, t, t + windowMs);
  }

  /**
   * 0 while `address` has guesses left at its untrusted codes (GuessLimit), else the milliseconds until it
   * has again. While it has none, its untrusted codes are burned and no new ones are issued.
   */
  private async guessesSpentFor(tx: SqlRunner, address: string): Promise<number> {
    const t = this.now();
    const { perEmail, windowMs } = this.guessLimit;
    const at = await hitWindow(tx).nthNewest(`guess ${address}`, perEmail, t - windowMs);
    return at === undefined ? 0 : at + windowMs - t;
  }

  /**
   * Counts a wrong guess at an untrusted code of `address`; at the limit burns all of them. Called with the
   * address locked. True when they were burned.
   */
  private async countWrongGuess(tx: SqlRunner, address: string): Promise<boolean> {
    const t = this.now();
    await hitWindow(tx).add(`guess ${address}`, t, t + this.guessLimit.windowMs);
    if ((await this.guessesSpentFor(tx, address)) === 0) return false;
    await tx.query('delete from auth_codes where email = $1 and not trusted', [address]);
    return true;
  }

  // ---- codes and mail ----------------------------------------------------------------------------

  private async deliver(tx: SqlRunner, mail: Omit<MailMessage, 'id' | 'sentAt'>): Promise<void> {
    const message: MailMessage = { ...mail, id: randomUUID(), sentAt: this.now() };
    await tx.query(
      `insert into auth_mailbox (id, to_address, kind, subject, code, link, sent_at)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [message.id, mail.to, mail.kind, mail.subject, mail.code, mail.link, message.sentAt],
    );
    this.outbox.get(tx)?.push(message);
  }

  private async issueCode(
    tx: SqlRunner,
    email: string,
    purpose: CodePurpose,
    extra: { deviceId?: string; userId?: string; newEmail?: string; trusted: boolean },
  ): Promise<void> {
    const code = newCode();
    const key =
      purpose === 'login' ? loginKey(email, extra.deviceId ?? '') : `${purpose}:${email}:${extra.userId}`;
    await tx.query(
      `insert into auth_codes (key, code, purpose, email, device_id, user_id, new_email, trusted, attempts, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, 0, $9)
       on conflict (key) do update set code = excluded.code, purpose = excluded.purpose, email = excluded.email,
         device_id = excluded.device_id, user_id = excluded.user_id, new_email = excluded.new_email,
         trusted = excluded.trusted, attempts = 0, expires_at = excluded.expires_at`,
      [
        key,
        code,
        purpose,
        email,
        extra.deviceId ?? null,
        extra.userId ?? null,
        extra.newEmail ?? null,
        extra.trusted,
        this.now() + OTP_TTL_MS,
      ],
    );
    const kind =
      purpose === 'login'
        ? 'login-code'
        : purpose === 'update-primary'
          ? 'update-primary-code'
          : 'update-secondary-code';
    const subject =
      purpose === 'login'
        ? `Your Keyway login code is ${code}`
        : purpose === 'update-primary'
          ? `Confirm your email change with code ${code}`
          : `Confirm your new email with code ${code}`;
    await this.deliver(tx, { to: email, kind, subject, code, link: null });
  }

  /**
   * Checks a code; counts wrong attempts and burns the code after too many. A wrong guess at an untrusted
   * code also counts against its address (GuessLimit), which may burn the address's other untrusted codes.
   * The code's row stays locked until the transaction ends, and a right code is deleted: of two requests
   * with the right code, the second finds none.
   */
  private async consumeCode(tx: SqlRunner, key: string, otp: string): Promise<CodeRow> {
    const { rows } = await tx.query<CodeRow>(
      'select * from auth_codes where key = $1 and expires_at > $2 for update',
      [key, this.now()],
    );
    const pending = rows[0];
    if (!pending) throw new AuthError(400, 'The code has expired. Request a new one.');
    if (pending.code !== otp) {
      const attempts = pending.attempts + 1;
      await tx.query('update auth_codes set attempts = $2 where key = $1', [key, attempts]);
      const burned = !pending.trusted && (await this.countWrongGuess(tx, pending.email));
      if (attempts >= MAX_OTP_ATTEMPTS || burned) {
        await tx.query('delete from auth_codes where key = $1', [key]);
        throw new KeepChanges(new AuthError(400, 'Too many wrong codes. Request a new one.'));
      }
      throw new KeepChanges(new AuthError(400, 'Invalid code'));
    }
    await tx.query('delete from auth_codes where key = $1', [key]);
    return pending;
  }

  // ---- users and sessions ------------------------------------------------------------------------

  private async userByEmail(tx: SqlRunner, email: string): Promise<AuthUser | undefined> {
    const { rows } = await tx.query<UserRow>(`${USER_SELECT} where u.email = $1`, [email]);
    return rows[0] && toUser(rows[0]);
  }

  private async userBySocial(
    tx: SqlRunner,
    provider: string,
    username: string,
  ): Promise<AuthUser | undefined> {
    const { rows } = await tx.query<UserRow>(
      `${USER_SELECT} where u.social_provider = $1 and lower(u.social_username) = lower($2)`,
      [provider, username],
    );
    return rows[0] && toUser(rows[0]);
  }

  private async createSession(tx: SqlRunner, user: AuthUser): Promise<Session> {
    const token = newToken();
    await tx.query('insert into auth_sessions (token_hash, user_id, expires_at) values ($1, $2, $3)', [
      sha256(token),
      user.id,
      this.now() + SESSION_TTL_MS,
    ]);
    return { token, user: publicUser(user) };
  }

  // ---- email login -------------------------------------------------------------------------------

  /**
   * Starts an email login. A known address asked from a device it has not used before gets a
   * device-approval link first (action VERIFY_DEVICE), also when the account has no known device at all
   * (an account made by social login and given an email later); a new address gets a 6-digit code
   * (VERIFY_OTP) tied to the device that asked, or the link too while its codes are being guessed at
   * (GuessLimit). Each device has its own budget of sends for the address.
   */
  async startEmail(
    rawEmail: string,
    deviceId: string,
  ): Promise<{ action: 'VERIFY_OTP' } | { action: 'VERIFY_DEVICE'; requestId: string }> {
    const email = emailSchema.parse(rawEmail);
    return this.change(async (tx) => {
      await lockAll(tx, [addressLock(email)]);
      await this.takeSendSlot(tx, email, `device ${deviceId}`);
      const user = await this.userByEmail(tx, email);
      const known = Boolean(user?.devices.includes(deviceId));
      if ((user && !known) || (!user && (await this.guessesSpentFor(tx, email)) > 0)) {
        const requestId = randomUUID();
        const token = newToken();
        await tx.query(
          `insert into auth_device_requests (id, token_hash, email, device_id, approved, expires_at)
           values ($1, $2, $3, $4, false, $5)`,
          [requestId, sha256(token), email, deviceId, this.now() + OTP_TTL_MS],
        );
        await this.deliver(tx, {
          to: email,
          kind: 'device-approval',
          subject: 'Approve a new device for your Keyway wallet',
          code: null,
          link: `${this.publicUrl}/auth/device/approve?token=${encodeURIComponent(token)}`,
        });
        return { action: 'VERIFY_DEVICE' as const, requestId };
      }
      await this.issueCode(tx, email, 'login', { deviceId, trusted: known });
      return { action: 'VERIFY_OTP' as const };
    });
  }

  /**
   * Verifies a login code; creates the user on first login and remembers the device. The code is good only
   * on the device it was issued to (a code read from the mailbox cannot log in another device), and this is
   * the only place a device becomes known: approving a device by link only lets a code be sent to it.
   */
  async verifyEmail(rawEmail: string, otp: string, deviceId: string): Promise<Session> {
    const email = emailSchema.parse(rawEmail);
    const key = loginKey(email, deviceId);
    return this.change(async (tx) => {
      // Every request for this address waits here: the code, the guesses and the account are read and
      // written by one request at a time, on every instance.
      await lockAll(tx, [addressLock(email)]);
      const t = this.now();
      const own = await tx.query('select 1 from auth_codes where key = $1 and expires_at > $2', [key, t]);
      if (own.rows.length === 0) {
        const other = await tx.query(
          `select 1 from auth_codes where purpose = 'login' and email = $1 and expires_at > $2 limit 1`,
          [email, t],
        );
        if (other.rows.length > 0) {
          throw new AuthError(400, 'This code was sent for another device. Request a new one here.');
        }
      }
      await this.consumeCode(tx, key, otp);
      let user = await this.userByEmail(tx, email);
      if (!user) {
        user = { id: randomUUID(), email, social: null, devices: [], createdAt: t };
        await tx.query('insert into auth_users (id, email, created_at) values ($1, $2, $3)', [
          user.id,
          email,
          user.createdAt,
        ]);
      }
      if (!user.devices.includes(deviceId)) {
        await tx.query(
          'insert into auth_user_devices (user_id, device_id) values ($1, $2) on conflict do nothing',
          [user.id, deviceId],
        );
        user.devices.push(deviceId);
      }
      return this.createSession(tx, user);
    });
  }

  // ---- device approval ---------------------------------------------------------------------------

  private async deviceRequest(runner: SqlRunner, token: string): Promise<DeviceRequest | undefined> {
    const { rows } = await runner.query<{
      id: string;
      email: string;
      device_id: string;
      approved: boolean;
      expires_at: number;
    }>(
      `select id, email, device_id, approved, expires_at from auth_device_requests
       where token_hash = $1 and expires_at > $2`,
      [sha256(token), this.now()],
    );
    const r = rows[0];
    return r
      ? {
          requestId: r.id,
          token,
          email: r.email,
          deviceId: r.device_id,
          approved: r.approved,
          expiresAt: Number(r.expires_at),
        }
      : undefined;
  }

  deviceRequestByToken(token: string): Promise<DeviceRequest | undefined> {
    return this.deviceRequest(this.sql, token);
  }

  /**
   * The approval link was followed and approved: a login code is sent for that device. The device becomes
   * known only once that code is verified on it.
   */
  async approveDevice(token: string): Promise<{ email: string }> {
    return this.change(async (tx) => {
      const req = await this.deviceRequest(tx, token);
      if (!req) throw new AuthError(404, 'This approval link has expired.');
      await lockAll(tx, [addressLock(req.email)]);
      // Approved once: a second approval (twice clicked, or on another instance) sends no second code.
      const approved = await tx.query(
        `update auth_device_requests set approved = true
         where id = $1 and not approved and expires_at > $2 returning id`,
        [req.requestId, this.now()],
      );
      if (approved.rows.length > 0) {
        await this.issueCode(tx, req.email, 'login', { deviceId: req.deviceId, trusted: true });
      }
      return { email: req.email };
    });
  }

  async deviceStatus(requestId: string): Promise<{ approved: boolean }> {
    const { rows } = await this.sql.query<{ approved: boolean }>(
      'select approved from auth_device_requests where id = $1 and expires_at > $2',
      [requestId, this.now()],
    );
    if (!rows[0]) throw new AuthError(404, 'This device approval has expired.');
    return { approved: rows[0].approved };
  }

  // ---- social login ------------------------------------------------------------------------------

  /**
   * Registers a social login the frame starts: its provider, `state` and PKCE challenge stay here, and the
   * provider URL the host page opens carries only the returned opaque id. A host that rewrites that URL
   * cannot put its own challenge in (the challenge a code is bound to is the one registered here).
   */
  async beginSocialLogin(provider: SocialProvider, state: string, challenge: string): Promise<string> {
    challengeSchema.parse(challenge);
    const id = newToken();
    await this.sql.query(
      `insert into auth_social_requests (id_hash, provider, state, challenge, expires_at)
       values ($1, $2, $3, $4, $5)`,
      [sha256(id), provider, state, challenge, this.now() + SOCIAL_CODE_TTL_MS],
    );
    return id;
  }

  /** The registered login `id` names, for the provider page; undefined when unknown or expired. */
  async socialRequest(
    provider: SocialProvider,
    id: string,
  ): Promise<{ state: string; challenge: string } | undefined> {
    const { rows } = await this.sql.query<{ state: string; challenge: string }>(
      `select state, challenge from auth_social_requests
       where id_hash = $1 and provider = $2 and expires_at > $3`,
      [sha256(id), provider, this.now()],
    );
    return rows[0] ? { state: rows[0].state, challenge: rows[0].challenge } : undefined;
  }

  /**
   * The user picked `username` on the provider page of login `id`: the login is used up and a one-use code
   * bound to its registered challenge is issued. Resolves with the code and the frame's `state`.
   */
  async completeSocialLogin(
    provider: SocialProvider,
    id: string,
    rawUsername: string,
  ): Promise<{ code: string; state: string }> {
    return this.change(async (tx) => {
      // Used up by whoever deletes it: a second submit of the page, here or on another instance, finds none.
      const { rows } = await tx.query<{ state: string; challenge: string }>(
        `delete from auth_social_requests where id_hash = $1 and provider = $2 and expires_at > $3
         returning state, challenge`,
        [sha256(id), provider, this.now()],
      );
      const request = rows[0];
      if (!request) throw new AuthError(400, 'This sign-in has expired. Start again.');
      // A username the schema refuses throws here and rolls the deletion back: the page can be sent again.
      const code = await this.insertSocialCode(tx, provider, rawUsername, request.challenge);
      return { code, state: request.state };
    });
  }

  /** A one-use code for `username`, redeemable only with the verifier of `challenge` (PKCE S256). */
  async issueSocialCode(provider: SocialProvider, rawUsername: string, challenge: string): Promise<string> {
    return this.insertSocialCode(this.sql, provider, rawUsername, challenge);
  }

  private async insertSocialCode(
    runner: SqlRunner,
    provider: SocialProvider,
    rawUsername: string,
    challenge: string,
  ): Promise<string> {
    const username = usernameSchema.parse(rawUsername);
    challengeSchema.parse(challenge);
    const code = newToken();
    await runner.query(
      `insert into auth_social_codes (code_hash, provider, username, challenge, expires_at)
       values ($1, $2, $3, $4, $5)`,
      [sha256(code), provider, username, challenge, this.now() + SOCIAL_CODE_TTL_MS],
    );
    return code;
  }

  /**
   * Exchanges a one-use social code for a session; the same provider username is the same user. The code
   * travels through the host page (the popup hands its URL to the app, which passes it to the frame), so it
   * alone is worth nothing: the verifier that only the frame holds must match the code's challenge. A wrong
   * verifier burns the code.
   */
  async exchangeSocialCode(provider: SocialProvider, code: string, verifier: string): Promise<Session> {
    return this.change(async (tx) => {
      const { rows } = await tx.query<{ username: string; challenge: string | null }>(
        `delete from auth_social_codes where code_hash = $1 and provider = $2 and expires_at > $3
         returning username, challenge`,
        [sha256(code), provider, this.now()],
      );
      const entry = rows[0];
      if (!entry) throw new AuthError(400, 'Invalid or expired code');
      if (!entry.challenge || pkceChallenge(verifier) !== entry.challenge) {
        throw new KeepChanges(new AuthError(400, 'Invalid or expired code'));
      }
      return this.socialSession(tx, provider, entry.username);
    });
  }

  private async socialSession(tx: SqlRunner, provider: string, username: string): Promise<Session> {
    // Two first logins of one username at once: the unique index lets one insert win, the other uses its row.
    await tx.query(
      `insert into auth_users (id, email, social_provider, social_username, created_at)
       values ($1, null, $2, $3, $4)
       on conflict (social_provider, lower(social_username)) where social_provider is not null do nothing`,
      [randomUUID(), provider, username, this.now()],
    );
    const user = await this.userBySocial(tx, provider, username);
    if (!user) throw new Error(`no account for ${provider} ${username} after creating it`);
    return this.createSession(tx, user);
  }

  // ---- Farcaster stand-in ------------------------------------------------------------------------

  /**
   * Opens a channel. Its token goes into the URL the user is shown (so the host page sees it); the session
   * it yields is handed only to whoever also presents the nonce whose hash the frame sent here.
   */
  async startFarcaster(nonceHash: string): Promise<{ channelToken: string; url: string }> {
    challengeSchema.parse(nonceHash);
    const channelToken = newToken();
    await this.sql.query(
      `insert into auth_farcaster_channels (token, username, nonce_hash, consumed, expires_at)
       values ($1, null, $2, false, $3)`,
      [channelToken, nonceHash, this.now() + FARCASTER_TTL_MS],
    );
    return {
      channelToken,
      url: `${this.publicUrl}/farcaster/connect?channel=${encodeURIComponent(channelToken)}`,
    };
  }

  private async channel(runner: SqlRunner, channelToken: string): Promise<FarcasterChannel | undefined> {
    const { rows } = await runner.query<{
      username: string | null;
      nonce_hash: string | null;
      consumed: boolean;
      expires_at: number;
    }>(
      `select username, nonce_hash, consumed, expires_at from auth_farcaster_channels
       where token = $1 and expires_at > $2`,
      [channelToken, this.now()],
    );
    const r = rows[0];
    if (!r) return undefined;
    return {
      username: r.username,
      expiresAt: Number(r.expires_at),
      consumed: r.consumed,
      ...(r.nonce_hash === null ? {} : { nonceHash: r.nonce_hash }),
    };
  }

  farcasterChannel(channelToken: string): Promise<FarcasterChannel | undefined> {
    return this.channel(this.sql, channelToken);
  }

  async approveFarcaster(channelToken: string, rawUsername: string): Promise<void> {
    const username = usernameSchema.parse(rawUsername);
    const { rows } = await this.sql.query(
      `update auth_farcaster_channels set username = $2
       where token = $1 and not consumed and expires_at > $3 returning token`,
      [channelToken, username, this.now()],
    );
    if (rows.length === 0) throw new AuthError(404, 'This Farcaster request has expired.');
  }

  /** Pending until approved; then a session, once, and only with the channel's nonce. */
  async farcasterStatus(
    channelToken: string,
    nonce: string,
  ): Promise<{ state: 'pending' } | ({ state: 'approved' } & Session)> {
    return this.change(async (tx) => {
      const channel = await this.channel(tx, channelToken);
      if (!channel || channel.consumed) throw new AuthError(404, 'This Farcaster request has expired.');
      if (!channel.nonceHash || pkceChallenge(nonce) !== channel.nonceHash) {
        throw new AuthError(404, 'This Farcaster request has expired.');
      }
      if (!channel.username) return { state: 'pending' as const };
      // Consumed by one status request only, whichever instance it reaches.
      const { rows } = await tx.query<{ username: string }>(
        `update auth_farcaster_channels set consumed = true
         where token = $1 and not consumed and username is not null and expires_at > $2 returning username`,
        [channelToken, this.now()],
      );
      if (!rows[0]) throw new AuthError(404, 'This Farcaster request has expired.');
      const session = await this.socialSession(tx, 'farcaster', rows[0].username);
      return { state: 'approved' as const, ...session };
    });
  }

  // ---- sessions ----------------------------------------------------------------------------------

  async sessionUser(token: string): Promise<AuthUser | undefined> {
    const { rows } = await this.sql.query<UserRow>(
      `${USER_SELECT} join auth_sessions s on s.user_id = u.id where s.token_hash = $1 and s.expires_at > $2`,
      [sha256(token), this.now()],
    );
    return rows[0] && toUser(rows[0]);
  }

  async signOut(token: string): Promise<void> {
    await this.sql.query('delete from auth_sessions where token_hash = $1', [sha256(token)]);
  }

  // ---- email update ------------------------------------------------------------------------------

  /**
   * Takes the lock of `user`'s account, then answers the account's address as stored: the session's copy may
   * be older (the change may just have been finished through another request). An account the store does not
   * hold keeps the session's. The account's lock comes before any address's lock, in every change.
   */
  private async lockAccount(tx: SqlRunner, user: AuthUser): Promise<string | null> {
    await lockAll(tx, [`account ${user.id}`]);
    const { rows } = await tx.query<{ email: string | null }>('select email from auth_users where id = $1', [
      user.id,
    ]);
    return rows[0] ? rows[0].email : user.email;
  }

  /**
   * Step 1: a code to the current address (or straight to the new one for a user without email). Asked
   * again for the same new address after the current address's code was confirmed (a pending code to the
   * new address exists), it sends a new code to the new address instead: the Resend of the new-email step.
   * Any other request starts a new change and drops this account's pending change codes.
   */
  async startEmailUpdate(
    user: AuthUser,
    rawNewEmail: string,
  ): Promise<{ action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' }> {
    const newEmail = emailSchema.parse(rawNewEmail);
    return this.change(async (tx) => {
      const email = await this.lockAccount(tx, user);
      await lockAll(tx, [addressLock(email), addressLock(newEmail)]);
      if (newEmail === email) throw new AuthError(400, 'This is already your email');
      if (await this.userByEmail(tx, newEmail)) {
        throw new AuthError(409, 'This email is used by another account');
      }
      const confirmed = await this.pendingUpdate(tx, user.id, 'update-secondary');
      if (email && confirmed?.new_email === newEmail) {
        await this.refuseWhileGuessed(tx, newEmail);
        await this.takeSendSlot(tx, newEmail, `user ${user.id}`);
        await this.issueCode(tx, newEmail, 'update-secondary', { userId: user.id, newEmail, trusted: false });
        return { action: 'VERIFY_SECONDARY_OTP' as const };
      }
      if (email) {
        await this.takeSendSlot(tx, email, `user ${user.id}`);
        await this.dropPendingUpdates(tx, user.id);
        await this.issueCode(tx, email, 'update-primary', { userId: user.id, newEmail, trusted: true });
        return { action: 'VERIFY_PRIMARY_OTP' as const };
      }
      await this.refuseWhileGuessed(tx, newEmail);
      await this.takeSendSlot(tx, newEmail, `user ${user.id}`);
      await this.dropPendingUpdates(tx, user.id);
      await this.issueCode(tx, newEmail, 'update-secondary', { userId: user.id, newEmail, trusted: false });
      return { action: 'VERIFY_SECONDARY_OTP' as const };
    });
  }

  /** A new change replaces the account's earlier one: its codes (to either address) are no longer good. */
  private async dropPendingUpdates(tx: SqlRunner, userId: string): Promise<void> {
    await tx.query(`delete from auth_codes where user_id = $1 and purpose <> 'login'`, [userId]);
  }

  /** A code to a new address is not issued while that address's codes are being guessed at. */
  private async refuseWhileGuessed(tx: SqlRunner, address: string): Promise<void> {
    const waitMs = await this.guessesSpentFor(tx, address);
    if (waitMs > 0) {
      throw new AuthError(429, cooldownText(waitMs / 1000));
    }
  }

  private async pendingUpdate(
    tx: SqlRunner,
    userId: string,
    purpose: 'update-primary' | 'update-secondary',
  ): Promise<CodeRow | undefined> {
    const { rows } = await tx.query<CodeRow>(
      'select * from auth_codes where purpose = $1 and user_id = $2 and expires_at > $3 order by key limit 1',
      [purpose, userId, this.now()],
    );
    return rows[0];
  }

  /** Step 2: the code from the current address; sends a code to the new one. */
  async verifyEmailUpdatePrimary(user: AuthUser, otp: string): Promise<{ action: 'VERIFY_SECONDARY_OTP' }> {
    return this.change(async (tx) => {
      await this.lockAccount(tx, user);
      const entry = await this.pendingUpdate(tx, user.id, 'update-primary');
      if (!entry) throw new AuthError(400, 'No email change is pending');
      await lockAll(tx, [addressLock(entry.email), addressLock(entry.new_email)]);
      if (entry.new_email) await this.refuseWhileGuessed(tx, entry.new_email);
      const pending = await this.consumeCode(tx, entry.key, otp);
      const newEmail = pending.new_email!;
      // The code is used up even when the new address has had its codes for now.
      await this.takeSendSlot(tx, newEmail, `user ${user.id}`).catch(keepChanges);
      await this.issueCode(tx, newEmail, 'update-secondary', { userId: user.id, newEmail, trusted: false });
      return { action: 'VERIFY_SECONDARY_OTP' as const };
    });
  }

  /** Step 3: the code from the new address; the change takes effect. */
  async verifyEmailUpdateSecondary(user: AuthUser, otp: string): Promise<{ newEmail: string }> {
    return this.change(async (tx) => {
      const email = await this.lockAccount(tx, user);
      const entry = await this.pendingUpdate(tx, user.id, 'update-secondary');
      if (!entry) throw new AuthError(400, 'No email change is pending');
      await lockAll(tx, [addressLock(email), addressLock(entry.email), addressLock(entry.new_email)]);
      const pending = await this.consumeCode(tx, entry.key, otp);
      const newEmail = pending.new_email!;
      // Checked with the new address locked: no login can create its account until this change commits.
      if (await this.userByEmail(tx, newEmail)) {
        throw new KeepChanges(new AuthError(409, 'This email is used by another account'));
      }
      await tx.query('update auth_users set email = $2 where id = $1', [user.id, newEmail]);
      return { newEmail };
    });
  }

  // ---- dev mailbox -------------------------------------------------------------------------------

  async mailbox(): Promise<MailMessage[]> {
    const { rows } = await this.sql.query<MailRow>(
      `select id, to_address, kind, subject, code, link, sent_at from auth_mailbox
       order by seq desc limit $1`,
      [MAILBOX_LIMIT],
    );
    return rows.map((m) => ({
      id: m.id,
      to: m.to_address,
      kind: m.kind,
      subject: m.subject,
      code: m.code,
      link: m.link,
      sentAt: Number(m.sent_at),
    }));
  }
}
