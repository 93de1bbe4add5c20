import { describe, expect, it } from 'vitest';
import { formatDayLabel, formatDecimal, formatFiat, formatOrList, formatPercent } from './intl';

describe('Intl formatting for the active locale', () => {
  it('writes fiat amounts exactly, with the currency where the locale puts it', () => {
    expect(formatFiat('7500', 'USD', 'en')).toBe('$7,500.00');
    expect(formatFiat('7500', 'usd', 'de')).toBe('7.500,00\u00a0$');
    expect(formatFiat('0.1', 'EUR', 'fr')).toBe('0,10\u00a0€');
    expect(formatFiat('12.5', 'POINTS', 'en')).toBe('12.5 POINTS');
    expect(formatDecimal('123456789012345678.123456789', 'en')).toBe('123,456,789,012,345,678.123456789');
  });

  it("writes each locale's own digits and grouping (CLDR's defaults)", () => {
    // Persian: its own digits, momayyez and the Arabic thousands separator.
    expect(formatDecimal('1234567.5', 'fa')).toBe('۱٬۲۳۴٬۵۶۷٫۵');
    expect(formatPercent(0.0085, 'fa', 2)).toBe('۰٫۸۵٪');
    // Arabic: Arabic-Indic digits where the region writes them (Egypt), Latin digits for plain `ar` as CLDR has it.
    expect(formatDecimal('1234.5', 'ar-EG')).toBe('١٬٢٣٤٫٥');
    expect(formatDecimal('1234.5', 'ar')).toBe('1,234.5');
    // Hindi: lakh grouping. Thai and Traditional Chinese: Latin digits, groups of three.
    expect(formatDecimal('1234567.25', 'hi')).toBe('12,34,567.25');
    expect(formatDecimal('1234567.25', 'th')).toBe('1,234,567.25');
    expect(formatFiat('1234.5', 'TWD', 'zh-TW')).toBe('$1,234.50');
  });

  it('writes percentages and "a, b or c" in the locale', () => {
    expect(formatPercent(0.0085, 'en', 2)).toBe('0.85%');
    expect(formatPercent(0.0085, 'de', 2)).toBe('0,85\u00a0%');
    expect(formatPercent(0.005, 'en')).toBe('0.5%');
    expect(formatOrList(['Ethereum', 'Base', 'Arbitrum'], 'en')).toBe('Ethereum, Base, or Arbitrum');
    expect(formatOrList(['Ethereum', 'Base'], 'de')).toBe('Ethereum oder Base');
  });

  it('names the activity days with Intl.RelativeTimeFormat and Intl.DateTimeFormat', () => {
    const now = Date.UTC(2026, 10, 24, 12);
    expect(formatDayLabel('2026-11-24', 'today', 'de', 'Unbekanntes Datum', now)).toBe('Heute');
    expect(formatDayLabel('2026-11-23', 'yesterday', 'en', 'Unknown date', now)).toBe('Yesterday');
    expect(formatDayLabel('2026-11-24', 'today', 'ar', 'تاريخ غير معروف', now)).toBe('اليوم');
    expect(formatDayLabel('2026-03-03', 'earlier', 'de', 'Unbekanntes Datum', now)).toBe('3. März');
    expect(formatDayLabel('2025-03-03', 'earlier', 'en', 'Unknown date', now)).toBe('Mar 3, 2025');
    expect(formatDayLabel('unknown', 'unknown', 'de', 'Unbekanntes Datum', now)).toBe('Unbekanntes Datum');
  });
});
