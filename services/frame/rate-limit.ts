/**
 * Limits of the auth backend's login routes: starting an email login, checking its code and the steps of an
 * email change. Counted in the store's database (the rate-hit table that also holds the store's own counts
 * of codes sent and wrong guesses, below), so they survive a restart and hold across every instance of the
 * backend on one database: each request is counted in one transaction that holds advisory locks on its
 * budgets' keys, so two instances never both take the last hit of a budget.
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
import { AuthError, type HitWindow, type RateHits } from './auth-store.ts';

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

/** Every check and start, by everyone: the load. */
const EVERYONE = 'route *';

/** Who sent a code check: the device it names (null when it names none) and the client address. */
export interface CheckRequest {
  email: string;
  deviceId: string | null;
  address: string;
}

/**
 * The route limits above. `check` and `start` count one request, throw AuthError 429 when a budget is full,
 * and wait `slowdownMs` (with the injected `sleep`) while everyone together is over `global`. The hits are
 * kept in `hits` (the store's `rateHits`), with the times of `now`.
 */
export class AuthLimiter {
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<unknown>;

  constructor(
    private readonly limits: AuthLimits,
    private readonly hits: RateHits,
    opts: { now?: () => number; sleep?: (ms: number) => Promise<unknown> } = {},
  ) {
    this.now = opts.now ?? Date.now;
    this.sleep = opts.sleep ?? ((ms) => wait(ms));
  }

  /** 0 when `key` has fewer than `max` hits in the window, else the milliseconds until it has. */
  private async waitMs(window: HitWindow, key: string, max: number, t: number): Promise<number> {
    // Below `max` once its `max`-th newest hit has left the window.
    const at = await window.nthNewest(key, max, t - this.limits.windowMs);
    return at === undefined ? 0 : at + this.limits.windowMs - t;
  }

  /** True while checks and starts by everyone are over `global` in the window. */
  underLoad(): Promise<boolean> {
    const t = this.now();
    return this.hits.transaction(
      [],
      async (window) => (await this.waitMs(window, EVERYONE, this.limits.global, t)) > 0,
    );
  }

  /** One code check for `email`. */
  check(req: CheckRequest): Promise<void> {
    const email = req.email.trim().toLowerCase();
    const who = req.deviceId === null ? `address ${req.address}` : `device ${req.deviceId}`;
    return this.take([
      { key: `route check ${email} ${who}`, max: this.limits.checksPerDevice, perAddress: false },
      { key: `route check address ${req.address}`, max: this.limits.checksPerAddress, perAddress: true },
    ]);
  }

  /** One login start (a mail with a code or a link) from client `address`. */
  start(req: { address: string }): Promise<void> {
    return this.take([
      { key: `route start address ${req.address}`, max: this.limits.startsPerAddress, perAddress: true },
    ]);
  }

  private async take(budgets: { key: string; max: number; perAddress: boolean }[]): Promise<void> {
    const t = this.now();
    const { windowMs } = this.limits;
    // The budgets' keys are locked, so the last hit of a budget goes to one request, on whichever instance.
    // The load's key is not: every request counts on it, and locking it would make every login of every
    // instance wait for the one before; it protects no code, so a count a few requests off does no harm.
    const loaded = await this.hits.transaction(
      budgets.map((b) => b.key),
      async (window) => {
        const loaded = (await this.waitMs(window, EVERYONE, this.limits.global, t)) > 0;
        let waitMs = 0;
        for (const { key, max, perAddress } of budgets) {
          const limit = loaded && perAddress ? Math.min(max, this.limits.perAddressUnderLoad) : max;
          waitMs = Math.max(waitMs, await this.waitMs(window, key, limit, t));
        }
        if (waitMs > 0) throw new AuthError(429, cooldownText(waitMs / 1000));
        for (const { key } of budgets) await window.add(key, t, t + windowMs);
        await window.add(EVERYONE, t, t + windowMs);
        return loaded;
      },
    );
    // After the commit: a slowed-down request holds no lock while it waits.
    if (loaded) await this.sleep(this.limits.slowdownMs);
  }
}
