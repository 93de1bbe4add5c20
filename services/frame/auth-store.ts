/**
 * The secure frame's auth backend state: users, one-time codes, the dev mailbox, device approvals, local
 * social-login codes, Farcaster stand-in channels and sessions. Persisted as one JSON file in
 * `<dataDir>/frame/auth.json` (written atomically after every change), validated with zod on load.
 *
 * This is a local stand-in for a hosted auth service: codes are delivered to a dev mailbox instead of an
 * email provider, and social providers are local pages where the user types a username.
 *
 * Against guessing and lock-outs (the whole design is described in services/frame/rate-limit.ts): a login
 * code belongs to an email address and the device that asked for it, codes and links are counted per
 * (address, device), and wrong guesses at codes of devices the mailbox has not vouched for are counted per
 * address: at `GuessLimit.perEmail` those codes are burned and new devices get the approval link instead.
 */
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { cooldownText } from '../../src/frame/protocol/errors.ts';

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
const MAILBOX_LIMIT = 500;

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

function emptyData(): AuthData {
  return {
    version: 1,
    users: {},
    mailbox: [],
    codes: {},
    sessions: {},
    deviceRequests: {},
    socialCodes: {},
    socialRequests: {},
    farcaster: {},
    sends: {},
    guesses: {},
  };
}

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

export class AuthStore {
  private data: AuthData = emptyData();
  private writing: Promise<void> = Promise.resolve();
  private readonly file: string;

  private constructor(
    private readonly dir: string,
    private readonly publicUrl: string,
    private readonly rateLimit: RateLimit,
    private readonly guessLimit: GuessLimit,
    private readonly now: () => number,
  ) {
    this.file = join(dir, 'auth.json');
  }

  static async open(opts: {
    dir: string;
    publicUrl: string;
    rateLimit?: RateLimit;
    guessLimit?: GuessLimit;
    now?: () => number;
  }): Promise<AuthStore> {
    const store = new AuthStore(
      opts.dir,
      opts.publicUrl,
      opts.rateLimit ?? DEFAULT_RATE_LIMIT,
      opts.guessLimit ?? DEFAULT_GUESS_LIMIT,
      opts.now ?? Date.now,
    );
    await mkdir(opts.dir, { recursive: true });
    try {
      const raw = await readFile(store.file, 'utf8');
      const parsed = dataSchema.safeParse(JSON.parse(raw));
      if (parsed.success) store.data = parsed.data;
      else console.error(`[frame] ${store.file} is malformed; starting with an empty auth store`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    return store;
  }

  /** Waits for pending writes (used by `stop()`). */
  flush(): Promise<void> {
    return this.writing;
  }

  private persist(): Promise<void> {
    const snapshot = JSON.stringify(this.data);
    const tmp = `${this.file}.${process.pid}.tmp`;
    this.writing = this.writing
      .then(async () => {
        await writeFile(tmp, snapshot);
        await rename(tmp, this.file);
      })
      .catch((error: unknown) => console.error('[frame] could not write auth store', error));
    return this.writing;
  }

  private prune(): void {
    const t = this.now();
    for (const [k, v] of Object.entries(this.data.codes)) if (v.expiresAt <= t) delete this.data.codes[k];
    for (const [k, v] of Object.entries(this.data.sessions))
      if (v.expiresAt <= t) delete this.data.sessions[k];
    for (const [k, v] of Object.entries(this.data.deviceRequests))
      if (v.expiresAt <= t) delete this.data.deviceRequests[k];
    for (const [k, v] of Object.entries(this.data.socialCodes))
      if (v.expiresAt <= t) delete this.data.socialCodes[k];
    for (const [k, v] of Object.entries(this.data.socialRequests))
      if (v.expiresAt <= t) delete this.data.socialRequests[k];
    for (const [k, v] of Object.entries(this.data.farcaster))
      if (v.expiresAt <= t) delete this.data.farcaster[k];
    for (const [k, v] of Object.entries(this.data.sends)) {
      const kept = v.filter((at) => at > t - this.rateLimit.windowMs);
      if (kept.length) this.data.sends[k] = kept;
      else delete this.data.sends[k];
    }
    for (const [k, v] of Object.entries(this.data.guesses)) {
      const kept = v.filter((at) => at > t - this.guessLimit.windowMs);
      if (kept.length) this.data.guesses[k] = kept;
      else delete this.data.guesses[k];
    }
  }

  /**
   * Counts one message to `address` for `requester` (`device <id>` or `user <id>`); throws 429 when that
   * window is full. Requests from other devices or accounts for the same address have windows of their own.
   */
  private takeSendSlot(address: string, requester: string): void {
    const key = `${address} ${requester}`;
    const t = this.now();
    const recent = (this.data.sends[key] ?? []).filter((at) => at > t - this.rateLimit.windowMs);
    if (recent.length >= this.rateLimit.max) {
      const oldest = Math.min(...recent);
      const seconds = Math.max(1, Math.ceil((oldest + this.rateLimit.windowMs - t) / 1000));
      throw new AuthError(429, `Too many codes requested. Please try again after ${seconds} seconds`);
    }
    recent.push(t);
    this.data.sends[key] = recent;
  }

  /**
   * 0 while `address` has guesses left at its untrusted codes (GuessLimit), else the milliseconds until it
   * has again. While it has none, its untrusted codes are burned and no new ones are issued.
   */
  private guessesSpentFor(address: string): number {
    const t = this.now();
    const recent = (this.data.guesses[address] ?? []).filter((at) => at > t - this.guessLimit.windowMs);
    if (recent.length < this.guessLimit.perEmail) return 0;
    return recent[recent.length - this.guessLimit.perEmail]! + this.guessLimit.windowMs - t;
  }

  /** Counts a wrong guess at an untrusted code of `address`; at the limit burns all of them. */
  private countWrongGuess(address: string): void {
    this.data.guesses[address] = [...(this.data.guesses[address] ?? []), this.now()];
    if (this.guessesSpentFor(address) === 0) return;
    for (const [k, v] of Object.entries(this.data.codes)) {
      if (v.email === address && !v.trusted) delete this.data.codes[k];
    }
  }

  private deliver(mail: Omit<MailMessage, 'id' | 'sentAt'>): void {
    this.data.mailbox.unshift({ ...mail, id: randomUUID(), sentAt: this.now() });
    this.data.mailbox.length = Math.min(this.data.mailbox.length, MAILBOX_LIMIT);
  }

  private issueCode(
    email: string,
    purpose: 'login' | 'update-primary' | 'update-secondary',
    extra: { deviceId?: string; userId?: string; newEmail?: string; trusted: boolean },
  ): void {
    const code = newCode();
    const key =
      purpose === 'login' ? loginKey(email, extra.deviceId ?? '') : `${purpose}:${email}:${extra.userId}`;
    this.data.codes[key] = {
      code,
      purpose,
      expiresAt: this.now() + OTP_TTL_MS,
      attempts: 0,
      deviceId: extra.deviceId ?? null,
      userId: extra.userId ?? null,
      newEmail: extra.newEmail ?? null,
      email,
      trusted: extra.trusted,
    };
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
    this.deliver({ to: email, kind, subject, code, link: null });
  }

  /**
   * Checks a code; counts wrong attempts and burns the code after too many. A wrong guess at an untrusted
   * code also counts against its address (GuessLimit), which may burn the address's other untrusted codes.
   */
  private consumeCode(key: string, otp: string) {
    const pending = this.data.codes[key];
    if (!pending || pending.expiresAt <= this.now()) {
      throw new AuthError(400, 'The code has expired. Request a new one.');
    }
    if (pending.code !== otp) {
      pending.attempts += 1;
      if (!pending.trusted) this.countWrongGuess(pending.email);
      if (pending.attempts >= MAX_OTP_ATTEMPTS || !this.data.codes[key]) {
        delete this.data.codes[key];
        void this.persist();
        throw new AuthError(400, 'Too many wrong codes. Request a new one.');
      }
      void this.persist();
      throw new AuthError(400, 'Invalid code');
    }
    delete this.data.codes[key];
    return pending;
  }

  private userByEmail(email: string): AuthUser | undefined {
    return Object.values(this.data.users).find((u) => u.email === email);
  }

  private userBySocial(provider: string, username: string): AuthUser | undefined {
    const name = username.toLowerCase();
    return Object.values(this.data.users).find(
      (u) => u.social?.provider === provider && u.social.username.toLowerCase() === name,
    );
  }

  private createSession(user: AuthUser): Session {
    const token = newToken();
    this.data.sessions[sha256(token)] = { userId: user.id, expiresAt: this.now() + SESSION_TTL_MS };
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
    this.prune();
    this.takeSendSlot(email, `device ${deviceId}`);
    const user = this.userByEmail(email);
    const known = Boolean(user?.devices.includes(deviceId));
    if ((user && !known) || (!user && this.guessesSpentFor(email) > 0)) {
      const requestId = randomUUID();
      const token = newToken();
      this.data.deviceRequests[requestId] = {
        token,
        email,
        deviceId,
        approved: false,
        expiresAt: this.now() + OTP_TTL_MS,
      };
      this.deliver({
        to: email,
        kind: 'device-approval',
        subject: 'Approve a new device for your Keyway wallet',
        code: null,
        link: `${this.publicUrl}/auth/device/approve?token=${encodeURIComponent(token)}`,
      });
      await this.persist();
      return { action: 'VERIFY_DEVICE', requestId };
    }
    this.issueCode(email, 'login', { deviceId, trusted: known });
    await this.persist();
    return { action: 'VERIFY_OTP' };
  }

  /**
   * Verifies a login code; creates the user on first login and remembers the device. The code is good only
   * on the device it was issued to (a code read from the mailbox cannot log in another device), and this is
   * the only place a device becomes known: approving a device by link only lets a code be sent to it.
   */
  async verifyEmail(rawEmail: string, otp: string, deviceId: string): Promise<Session> {
    const email = emailSchema.parse(rawEmail);
    this.prune();
    const key = loginKey(email, deviceId);
    if (
      !this.data.codes[key] &&
      Object.values(this.data.codes).some((c) => c.purpose === 'login' && c.email === email)
    ) {
      throw new AuthError(400, 'This code was sent for another device. Request a new one here.');
    }
    this.consumeCode(key, otp);
    let user = this.userByEmail(email);
    if (!user) {
      user = { id: randomUUID(), email, social: null, devices: [], createdAt: this.now() };
      this.data.users[user.id] = user;
    }
    if (!user.devices.includes(deviceId)) user.devices.push(deviceId);
    const session = this.createSession(user);
    await this.persist();
    return session;
  }

  // ---- device approval ---------------------------------------------------------------------------

  deviceRequestByToken(token: string) {
    this.prune();
    const entry = Object.entries(this.data.deviceRequests).find(([, r]) => r.token === token);
    return entry ? { requestId: entry[0], ...entry[1] } : undefined;
  }

  /**
   * The approval link was followed and approved: a login code is sent for that device. The device becomes
   * known only once that code is verified on it.
   */
  async approveDevice(token: string): Promise<{ email: string }> {
    const req = this.deviceRequestByToken(token);
    if (!req) throw new AuthError(404, 'This approval link has expired.');
    const stored = this.data.deviceRequests[req.requestId]!;
    if (!stored.approved) {
      stored.approved = true;
      this.issueCode(req.email, 'login', { deviceId: req.deviceId, trusted: true });
      await this.persist();
    }
    return { email: req.email };
  }

  deviceStatus(requestId: string): { approved: boolean } {
    this.prune();
    const req = this.data.deviceRequests[requestId];
    if (!req) throw new AuthError(404, 'This device approval has expired.');
    return { approved: req.approved };
  }

  // ---- social login ------------------------------------------------------------------------------

  /**
   * Registers a social login the frame starts: its provider, `state` and PKCE challenge stay here, and the
   * provider URL the host page opens carries only the returned opaque id. A host that rewrites that URL
   * cannot put its own challenge in (the challenge a code is bound to is the one registered here).
   */
  async beginSocialLogin(provider: SocialProvider, state: string, challenge: string): Promise<string> {
    challengeSchema.parse(challenge);
    this.prune();
    const id = newToken();
    this.data.socialRequests[sha256(id)] = {
      provider,
      state,
      challenge,
      expiresAt: this.now() + SOCIAL_CODE_TTL_MS,
    };
    await this.persist();
    return id;
  }

  /** The registered login `id` names, for the provider page; undefined when unknown or expired. */
  socialRequest(provider: SocialProvider, id: string): { state: string; challenge: string } | undefined {
    this.prune();
    const entry = this.data.socialRequests[sha256(id)];
    return entry && entry.provider === provider
      ? { state: entry.state, challenge: entry.challenge }
      : undefined;
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
    const request = this.socialRequest(provider, id);
    if (!request) throw new AuthError(400, 'This sign-in has expired. Start again.');
    const code = await this.issueSocialCode(provider, rawUsername, request.challenge);
    delete this.data.socialRequests[sha256(id)];
    await this.persist();
    return { code, state: request.state };
  }

  /** A one-use code for `username`, redeemable only with the verifier of `challenge` (PKCE S256). */
  async issueSocialCode(provider: SocialProvider, rawUsername: string, challenge: string): Promise<string> {
    const username = usernameSchema.parse(rawUsername);
    challengeSchema.parse(challenge);
    this.prune();
    const code = newToken();
    this.data.socialCodes[sha256(code)] = {
      provider,
      username,
      expiresAt: this.now() + SOCIAL_CODE_TTL_MS,
      challenge,
    };
    await this.persist();
    return code;
  }

  /**
   * Exchanges a one-use social code for a session; the same provider username is the same user. The code
   * travels through the host page (the popup hands its URL to the app, which passes it to the frame), so it
   * alone is worth nothing: the verifier that only the frame holds must match the code's challenge. A wrong
   * verifier burns the code.
   */
  async exchangeSocialCode(provider: SocialProvider, code: string, verifier: string): Promise<Session> {
    this.prune();
    const key = sha256(code);
    const entry = this.data.socialCodes[key];
    if (!entry || entry.provider !== provider) throw new AuthError(400, 'Invalid or expired code');
    delete this.data.socialCodes[key];
    if (!entry.challenge || pkceChallenge(verifier) !== entry.challenge) {
      await this.persist();
      throw new AuthError(400, 'Invalid or expired code');
    }
    const session = this.socialSession(provider, entry.username);
    await this.persist();
    return session;
  }

  private socialSession(provider: string, username: string): Session {
    let user = this.userBySocial(provider, username);
    if (!user) {
      user = {
        id: randomUUID(),
        email: null,
        social: { provider, username },
        devices: [],
        createdAt: this.now(),
      };
      this.data.users[user.id] = user;
    }
    return this.createSession(user);
  }

  // ---- Farcaster stand-in ------------------------------------------------------------------------

  /**
   * Opens a channel. Its token goes into the URL the user is shown (so the host page sees it); the session
   * it yields is handed only to whoever also presents the nonce whose hash the frame sent here.
   */
  async startFarcaster(nonceHash: string): Promise<{ channelToken: string; url: string }> {
    challengeSchema.parse(nonceHash);
    this.prune();
    const channelToken = newToken();
    this.data.farcaster[channelToken] = {
      username: null,
      expiresAt: this.now() + FARCASTER_TTL_MS,
      consumed: false,
      nonceHash,
    };
    await this.persist();
    return {
      channelToken,
      url: `${this.publicUrl}/farcaster/connect?channel=${encodeURIComponent(channelToken)}`,
    };
  }

  farcasterChannel(channelToken: string) {
    this.prune();
    return this.data.farcaster[channelToken];
  }

  async approveFarcaster(channelToken: string, rawUsername: string): Promise<void> {
    const username = usernameSchema.parse(rawUsername);
    const channel = this.farcasterChannel(channelToken);
    if (!channel || channel.consumed) throw new AuthError(404, 'This Farcaster request has expired.');
    channel.username = username;
    await this.persist();
  }

  /** Pending until approved; then a session, once, and only with the channel's nonce. */
  async farcasterStatus(
    channelToken: string,
    nonce: string,
  ): Promise<{ state: 'pending' } | ({ state: 'approved' } & Session)> {
    const channel = this.farcasterChannel(channelToken);
    if (!channel || channel.consumed) throw new AuthError(404, 'This Farcaster request has expired.');
    if (!channel.nonceHash || pkceChallenge(nonce) !== channel.nonceHash) {
      throw new AuthError(404, 'This Farcaster request has expired.');
    }
    if (!channel.username) return { state: 'pending' };
    channel.consumed = true;
    const session = this.socialSession('farcaster', channel.username);
    await this.persist();
    return { state: 'approved', ...session };
  }

  // ---- sessions ----------------------------------------------------------------------------------

  sessionUser(token: string): AuthUser | undefined {
    this.prune();
    const s = this.data.sessions[sha256(token)];
    return s ? this.data.users[s.userId] : undefined;
  }

  async signOut(token: string): Promise<void> {
    delete this.data.sessions[sha256(token)];
    await this.persist();
  }

  // ---- email update ------------------------------------------------------------------------------

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
    this.prune();
    if (newEmail === user.email) throw new AuthError(400, 'This is already your email');
    if (this.userByEmail(newEmail)) throw new AuthError(409, 'This email is used by another account');
    const confirmed = this.pendingUpdate(user, 'update-secondary');
    if (user.email && confirmed?.[1].newEmail === newEmail) {
      this.refuseWhileGuessed(newEmail);
      this.takeSendSlot(newEmail, `user ${user.id}`);
      this.issueCode(newEmail, 'update-secondary', { userId: user.id, newEmail, trusted: false });
      await this.persist();
      return { action: 'VERIFY_SECONDARY_OTP' };
    }
    if (user.email) {
      this.takeSendSlot(user.email, `user ${user.id}`);
      this.dropPendingUpdates(user);
      this.issueCode(user.email, 'update-primary', { userId: user.id, newEmail, trusted: true });
      await this.persist();
      return { action: 'VERIFY_PRIMARY_OTP' };
    }
    this.refuseWhileGuessed(newEmail);
    this.takeSendSlot(newEmail, `user ${user.id}`);
    this.dropPendingUpdates(user);
    this.issueCode(newEmail, 'update-secondary', { userId: user.id, newEmail, trusted: false });
    await this.persist();
    return { action: 'VERIFY_SECONDARY_OTP' };
  }

  /** A new change replaces the account's earlier one: its codes (to either address) are no longer good. */
  private dropPendingUpdates(user: AuthUser): void {
    for (const [key, code] of Object.entries(this.data.codes)) {
      if (code.userId === user.id && code.purpose !== 'login') delete this.data.codes[key];
    }
  }

  /** A code to a new address is not issued while that address's codes are being guessed at. */
  private refuseWhileGuessed(address: string): void {
    const waitMs = this.guessesSpentFor(address);
    if (waitMs > 0) {
      throw new AuthError(429, cooldownText(waitMs / 1000));
    }
  }

  private pendingUpdate(user: AuthUser, purpose: 'update-primary' | 'update-secondary') {
    return Object.entries(this.data.codes).find(
      ([, c]) => c.purpose === purpose && c.userId === user.id && c.expiresAt > this.now(),
    );
  }

  /** Step 2: the code from the current address; sends a code to the new one. */
  async verifyEmailUpdatePrimary(user: AuthUser, otp: string): Promise<{ action: 'VERIFY_SECONDARY_OTP' }> {
    this.prune();
    const entry = this.pendingUpdate(user, 'update-primary');
    if (!entry) throw new AuthError(400, 'No email change is pending');
    if (entry[1].newEmail) this.refuseWhileGuessed(entry[1].newEmail);
    const pending = this.consumeCode(entry[0], otp);
    const newEmail = pending.newEmail!;
    this.takeSendSlot(newEmail, `user ${user.id}`);
    this.issueCode(newEmail, 'update-secondary', { userId: user.id, newEmail, trusted: false });
    await this.persist();
    return { action: 'VERIFY_SECONDARY_OTP' };
  }

  /** Step 3: the code from the new address; the change takes effect. */
  async verifyEmailUpdateSecondary(user: AuthUser, otp: string): Promise<{ newEmail: string }> {
    this.prune();
    const entry = this.pendingUpdate(user, 'update-secondary');
    if (!entry) throw new AuthError(400, 'No email change is pending');
    const pending = this.consumeCode(entry[0], otp);
    const newEmail = pending.newEmail!;
    if (this.userByEmail(newEmail)) throw new AuthError(409, 'This email is used by another account');
    const stored = this.data.users[user.id]!;
    stored.email = newEmail;
    await this.persist();
    return { newEmail };
  }

  // ---- dev mailbox -------------------------------------------------------------------------------

  mailbox(): MailMessage[] {
    return this.data.mailbox.map((m) => ({ ...m }));
  }
}
