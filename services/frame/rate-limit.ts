/**
 * Limits of the auth backend's login routes: starting an email login, checking its code and the steps of an
 * email change. Held in memory: a restart of the local service clears them (the store's own budgets below
 * are kept in its file).
 *
 * What the limits must stop, and what they must not cause:
 *
 * - Guessing a code. A code has a million values, and an attacker has as many devices as they like (a device
 *   is a random id the frame sends) and many client addresses, so no budget per device or per client address
 *   can bound the guesses. Three rules of the store (AuthStore) do, whoever sends them and from wherever:
 *   1. a login code belongs to the email address and the device that asked for it: a guess sent with another
 *      device never reaches it, and five wrong guesses burn it (MAX_OTP_ATTEMPTS);
 *   2. a code held by a device the mailbox has not vouched for (the first login of an address, the new
 *      address of an email change) is the only kind an attacker can ask for and then try. Wrong guesses at
 *      those codes count against the email address, from all devices and client addresses together: at
 *      `GuessLimit.perEmail` in its window every such code of the address is burned, and until the window
 *      moves on a new device is sent the approval link to the mailbox instead of a code. Spreading the
 *      guesses over addresses, devices or fresh codes adds no guesses: with the defaults, at most 10 wrong
 *      guesses per email address in any 10 minutes (a chance of 1 in 100,000 per window);
 *   3. a code held by a known device of the account, or by a device whose link was approved from the
 *      mailbox, can only be tried by that device, so its wrong guesses count against that device only.
 * - Locking someone out. Nothing an attacker sends from their own devices and client addresses spends a
 *   budget of the victim's device: code checks are counted per (email address, device), or per (email
 *   address, client address) for a request without a device, and per client address; codes and links sent
 *   per (email address, device) in the store; nothing per email address alone. The address-wide guess
 *   budget (rule 2) locks no one out of logging in: a known device still gets its code, and a new device
 *   gets the link, which only the mailbox owner can follow (only an email change to that address waits).
 * - Overload. Above `global` checks and starts by everyone in the window the service slows down instead of
 *   refusing: every request first waits `slowdownMs`, and each client address has `perAddressUnderLoad`
 *   checks and starts instead of its usual budget, enough for a person's own login while the heavy senders
 *   are refused. The global count protects no code (rules 1-3 do), so it never locks everyone out.
 *
 * A full budget answers 429 with the spec's 'Please try again after N seconds' (the frame passes the message
 * on to the kit as it is); a refused request is not counted, so it does not prolong the wait.
 */
import { setTimeout as wait } from 'node:timers/promises';
import { cooldownText } from '../../src/frame/protocol/errors.ts';
import { AuthError } from './auth-store.ts';

export interface AuthLimits {
  windowMs: number;
  /** Code checks for one email address from one device (a request without a device: one client address). */
  checksPerDevice: number;
  /** Code checks from one client address, for any email address. */
  checksPerAddress: number;
  /** Login starts (mails with a code or a link) from one client address, for any email address. */
  startsPerAddress: number;
  /** Checks and starts by everyone within the window above which the service slows down (never refuses). */
  global: number;
  /** Over `global`, every request first waits this long... */
  slowdownMs: number;
  /** ...and each client address has this many checks, and this many starts, instead of its usual budget. */
  perAddressUnderLoad: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  windowMs: 10 * 60 * 1000,
  checksPerDevice: 10,
  checksPerAddress: 30,
  startsPerAddress: 30,
  global: 600,
  slowdownMs: 2000,
  perAddressUnderLoad: 5,
};

export class SlidingWindow {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** 0 when `key` has fewer than `max` hits in the window, else the milliseconds until it has. */
  waitMs(key: string, max: number): number {
    const t = this.now();
    const recent = (this.hits.get(key) ?? []).filter((at) => at > t - this.windowMs);
    this.hits.set(key, recent);
    if (recent.length < max) return 0;
    // Oldest first: below `max` once the hit at this index has left the window.
    return recent[recent.length - Math.max(1, max)]! + this.windowMs - t;
  }

  /** Counts a hit on `key`, keeping at most its `keep` newest (enough to answer `waitMs` up to that max). */
  add(key: string, keep: number): void {
    const t = this.now();
    const hits = this.hits.get(key) ?? [];
    hits.push(t);
    if (hits.length > keep) hits.splice(0, hits.length - keep);
    this.hits.set(key, hits);
    if (this.hits.size > 10_000) {
      for (const [k, v] of this.hits) if (!v.some((at) => at > t - this.windowMs)) this.hits.delete(k);
    }
  }
}

const EVERYONE = '*';

/** Who sent a code check: the device it names (null when it names none) and the client address. */
export interface CheckRequest {
  email: string;
  deviceId: string | null;
  address: string;
}

/**
 * The route limits above. `check` and `start` count one request, throw AuthError 429 when a budget is full,
 * and wait `slowdownMs` (with the injected `sleep`) while everyone together is over `global`.
 */
export class AuthLimiter {
  private readonly window: SlidingWindow;
  private readonly sleep: (ms: number) => Promise<unknown>;

  constructor(
    private readonly limits: AuthLimits,
    opts: { now?: () => number; sleep?: (ms: number) => Promise<unknown> } = {},
  ) {
    this.window = new SlidingWindow(limits.windowMs, opts.now);
    this.sleep = opts.sleep ?? ((ms) => wait(ms));
  }

  /** True while checks and starts by everyone are over `global` in the window. */
  underLoad(): boolean {
    return this.window.waitMs(EVERYONE, this.limits.global) > 0;
  }

  /** One code check for `email`. */
  check(req: CheckRequest): Promise<void> {
    const email = req.email.trim().toLowerCase();
    const who = req.deviceId === null ? `address ${req.address}` : `device ${req.deviceId}`;
    return this.take([
      { key: `check ${email} ${who}`, max: this.limits.checksPerDevice, perAddress: false },
      { key: `check address ${req.address}`, max: this.limits.checksPerAddress, perAddress: true },
    ]);
  }

  /** One login start (a mail with a code or a link) from client `address`. */
  start(req: { address: string }): Promise<void> {
    return this.take([
      { key: `start address ${req.address}`, max: this.limits.startsPerAddress, perAddress: true },
    ]);
  }

  private async take(budgets: { key: string; max: number; perAddress: boolean }[]): Promise<void> {
    const loaded = this.underLoad();
    const keys = budgets.map(({ key, max, perAddress }) => ({
      key,
      max: loaded && perAddress ? Math.min(max, this.limits.perAddressUnderLoad) : max,
      keep: max,
    }));
    const waitMs = Math.max(...keys.map(({ key, max }) => this.window.waitMs(key, max)));
    if (waitMs > 0) throw new AuthError(429, cooldownText(waitMs / 1000));
    for (const { key, keep } of keys) this.window.add(key, keep);
    this.window.add(EVERYONE, this.limits.global);
    if (loaded) await this.sleep(this.limits.slowdownMs);
  }
}
