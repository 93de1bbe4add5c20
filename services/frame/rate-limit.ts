/**
 * Sliding-window attempt limits for the auth backend's code checks: a code has a million values, so
 * whoever can try codes fast enough across addresses, devices or fresh codes will hit one. Each check of
 * `/auth/email/verify` counts against its email address, the client's IP address and the whole service; a
 * full window answers 429 with the spec's 'Please try again after N seconds' (the frame passes the message
 * on to the kit as it is). Held in memory: a restart of the local service clears them.
 */
import { cooldownMessage } from '../../src/core/errors.ts';
import { AuthError } from './auth-store.ts';

export interface VerifyLimits {
  /** Checks of codes for one address within `windowMs`. */
  perEmail: number;
  /** Checks from one IP address within `windowMs`. */
  perIp: number;
  /** Checks by everyone within `windowMs`. */
  global: number;
  windowMs: number;
}

export const DEFAULT_VERIFY_LIMITS: VerifyLimits = {
  perEmail: 10,
  perIp: 30,
  global: 600,
  windowMs: 10 * 60 * 1000,
};

export class SlidingWindow {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** 0 when `key` has fewer than `max` hits in the window, else the milliseconds until one leaves it. */
  waitMs(key: string, max: number): number {
    const t = this.now();
    const recent = (this.hits.get(key) ?? []).filter((at) => at > t - this.windowMs);
    this.hits.set(key, recent);
    return recent.length < max ? 0 : Math.min(...recent) + this.windowMs - t;
  }

  add(key: string): void {
    const t = this.now();
    this.hits.get(key)?.push(t) ?? this.hits.set(key, [t]);
    if (this.hits.size > 10_000) {
      for (const [k, v] of this.hits) if (!v.some((at) => at > t - this.windowMs)) this.hits.delete(k);
    }
  }
}

/**
 * The three limits of code checks. `check` counts one check against each, or throws AuthError 429 when any
 * window is full (and counts nothing, so a refused check does not prolong the wait).
 */
export class VerifyLimiter {
  private readonly window: SlidingWindow;

  constructor(
    private readonly limits: VerifyLimits,
    now?: () => number,
  ) {
    this.window = new SlidingWindow(limits.windowMs, now);
  }

  check(email: string, ip: string): void {
    const keys = [
      ['*', this.limits.global],
      [`ip:${ip}`, this.limits.perIp],
      [`email:${email.trim().toLowerCase()}`, this.limits.perEmail],
    ] as const;
    const wait = Math.max(...keys.map(([key, max]) => this.window.waitMs(key, max)));
    if (wait > 0) throw new AuthError(429, cooldownMessage(wait / 1000));
    for (const [key] of keys) this.window.add(key);
  }
}
