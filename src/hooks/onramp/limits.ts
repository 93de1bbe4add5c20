/**
 * On-ramp amount checks (spec §9 limits per payment method): the fiat amount must be a decimal with at most
 * two decimals, at least the method's minimum and at most its maximum. Above the card maximum, when bank
 * transfer allows the amount, the message suggests it. Pure functions over decimal strings (cents as bigint).
 * Messages are codes (`core/messages.ts`) with the limits as the API wrote them (exact decimal strings).
 */
import type { PaymentCurrency } from '../../api/schemas';
import { type KitMessage, kitMessage } from '../../core/messages';

const FIAT_RE = /^(\d{1,12})(?:\.(\d+))?$/;

/** A fiat decimal string in cents; null when not a plain non-negative decimal. Extra decimals are cut. */
export function fiatToCents(value: string): bigint | null {
  const m = FIAT_RE.exec(value.trim());
  if (!m) return null;
  const frac = (m[2] ?? '').slice(0, 2).padEnd(2, '0');
  return BigInt(m[1] ?? '0') * 100n + BigInt(frac);
}

/** Cents as "12.34". */
export const centsToFiat = (cents: bigint): string =>
  `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;

export type LimitProblem = 'empty' | 'notNumeric' | 'decimals' | 'belowMinimum' | 'aboveMaximum' | 'noMethod';

export interface AmountCheck {
  valid: boolean;
  /** The message below the amount; null when none (an empty amount has no message, only a disabled button). */
  message: KitMessage | null;
  problem: LimitProblem | null;
  /** Above the card maximum with bank transfer allowing the amount: the method to suggest. */
  suggestedMethod: string | null;
  /** The limits that apply (of the chosen method), for display. */
  limits: { min: string; max: string } | null;
}

const ok = (limits: AmountCheck['limits']): AmountCheck => ({
  valid: true,
  message: null,
  problem: null,
  suggestedMethod: null,
  limits,
});
const fail = (
  problem: LimitProblem,
  message: KitMessage | null,
  limits: AmountCheck['limits'],
  suggestedMethod: string | null = null,
): AmountCheck => ({ valid: false, message, problem, suggestedMethod, limits });

/** Checks a fiat amount against the chosen payment currency's limits for `methodId`. */
export function checkFiatAmount(
  amount: string,
  currency: PaymentCurrency | null,
  methodId: string | null,
): AmountCheck {
  const limit = currency?.payment_method_limits.find((l) => l.id === methodId) ?? null;
  const limits = limit ? { min: limit.min, max: limit.max } : null;
  const text = amount.trim();
  if (!text) return fail('empty', null, limits);
  const m = FIAT_RE.exec(text);
  if (!m) return fail('notNumeric', kitMessage('fiatNotNumeric'), limits);
  if ((m[2] ?? '').length > 2) return fail('decimals', kitMessage('tooManyFiatDecimals'), limits);
  if (!currency || !limit) return fail('noMethod', kitMessage('noMethod'), limits);
  const cents = fiatToCents(text) ?? 0n;
  const min = fiatToCents(limit.min) ?? 0n;
  const max = fiatToCents(limit.max) ?? 0n;
  if (cents < min)
    return fail(
      'belowMinimum',
      kitMessage('belowMinimum', { min: limit.min, currency: currency.id }),
      limits,
    );
  if (cents > max) {
    const values = { method: limit.id, max: limit.max, currency: currency.id };
    const bank = currency.payment_method_limits.find((l) => l.id === 'ach_bank_account');
    const bankMax = bank ? fiatToCents(bank.max) : null;
    const bankMin = bank ? fiatToCents(bank.min) : null;
    if (
      limit.id === 'card' &&
      bank &&
      bankMax !== null &&
      bankMin !== null &&
      cents <= bankMax &&
      cents >= bankMin
    ) {
      // `bankMax`: the message goes on to suggest paying by bank transfer (up to that amount).
      return fail(
        'aboveMaximum',
        kitMessage('aboveMaximum', { ...values, bankMax: bank.max }),
        limits,
        bank.id,
      );
    }
    return fail('aboveMaximum', kitMessage('aboveMaximum', values), limits);
  }
  return ok(limits);
}

/** A typed crypto amount: a plain decimal above 0 with at most 6 decimals; the message otherwise. */
export function checkCryptoAmount(amount: string): { valid: boolean; message: KitMessage | null } {
  const text = amount.trim();
  if (!text) return { valid: false, message: null };
  const m = FIAT_RE.exec(text);
  if (!m) return { valid: false, message: kitMessage('fiatNotNumeric') };
  if ((m[2] ?? '').length > 6) return { valid: false, message: kitMessage('tooManyCryptoDecimals') };
  if (Number(text) <= 0) return { valid: false, message: kitMessage('enterAmount') };
  return { valid: true, message: null };
}
