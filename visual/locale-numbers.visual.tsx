/**
 * Every number a flow's views show follows the active locale: Account (balances), Activity (history amounts and
 * USD values), Send, Swap (rate, fees) and Buy (limits, fees) in German and Arabic show no number written the
 * en-US way. German writes `1.234,5` and `32,01 $`; Arabic puts `US$` after the number. So an en-US number is
 * a currency sign before digits (`$32.01`) in both, and in German also a comma grouping before a decimal point
 * (`1,234.5`) or a point before one, two or four and more digits (`0.25`, `3173.29575`); `1,697` is German for
 * 1.697 and `3.173` German grouping, so they pass.
 */
import { describe, expect, test } from 'vitest';
import type { Locale } from '../src/i18n/locales';
import { type ModalView, modalKit } from './modal';

const VIEWS = [
  'Account',
  'Transactions',
  'Send',
  'Swap',
  'OnRampProviders',
] as const satisfies readonly ModalView[];

const EN_US: Record<'de' | 'ar', readonly RegExp[]> = {
  de: [/\$\s?\d/g, /\d,\d{3}\.\d/g, /\d\.(?:\d{1,2}|\d{4,})(?!\d)/g],
  ar: [/\$\s?\d/g],
};

/** The en-US-written numbers in `text`, with a little context. */
function enUsNumbers(text: string, locale: 'de' | 'ar'): string[] {
  return EN_US[locale].flatMap((re) =>
    [...text.matchAll(re)].map((m) => text.slice(Math.max(0, m.index - 12), m.index + m[0].length + 12)),
  );
}

const { openView } = modalKit();

describe('the locale reaches every number', () => {
  test('the check finds an en-US number and passes a German one', () => {
    expect(enUsNumbers('Balance: 1,697.27 ETH ($5,432.11)', 'de').length).toBeGreaterThan(0);
    expect(enUsNumbers('Guthaben: 1.697,27 ETH (5.432,11 $)', 'de')).toEqual([]);
    expect(enUsNumbers('‏5,432.11 US$', 'ar')).toEqual([]);
  });

  for (const locale of ['de', 'ar'] as const satisfies readonly Locale[]) {
    for (const view of VIEWS) {
      test(`${view} in ${locale}`, async () => {
        const { dialog } = await openView(view, { locale, mode: 'light', width: 420 });
        const text = dialog.element().textContent ?? '';
        expect(text.length).toBeGreaterThan(0);
        expect(enUsNumbers(text, locale)).toEqual([]);
      });
    }
  }
});
