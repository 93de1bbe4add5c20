/**
 * Numbers, money, percentages and lists written for the active locale with `Intl` (the formatters are kept per
 * locale and options). Amounts arrive as decimal strings; they are written digit for digit, never through a float.
 */

const cache = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    cache.set(key, f);
  }
  return f;
}

const ISO_CURRENCY = /^[A-Z]{3}$/;

/**
 * A fiat amount (decimal string) with its currency: `1.234,50 €` in `de`, `€1,234.50` in `en`. A currency that is
 * not an ISO 4217 code is written after the number.
 */
export function formatFiat(amount: string, currency: string, locale: string): string {
  const code = currency.toUpperCase();
  const value = amount.trim() === '' ? '0' : amount.trim();
  if (!ISO_CURRENCY.test(code)) {
    return `${formatDecimal(value, locale, 2)} ${currency}`.trim();
  }
  try {
    return numberFormat(locale, { style: 'currency', currency: code }).format(
      value as Intl.StringNumericLiteral, // a decimal string is formatted exactly (Intl.NumberFormat v3)
    );
  } catch {
    return `${formatDecimal(value, locale, 2)} ${currency}`;
  }
}

/** A decimal string with the locale's digits and separators, at most `maxDecimals` decimals. */
export function formatDecimal(value: string, locale: string, maxDecimals = 20): string {
  if (!/^-?\d+(\.\d+)?$/.test(value.trim())) return value;
  return numberFormat(locale, { maximumFractionDigits: Math.min(maxDecimals, 20) }).format(
    value.trim() as Intl.StringNumericLiteral,
  );
}

/** A decimal string with all its digits (`500.00` stays two decimals: `500,00` in `de`), in the locale's way. */
export function formatExactDecimal(value: string, locale: string): string {
  const v = value.trim();
  if (!/^-?\d+(\.\d+)?$/.test(v)) return value;
  const fraction = Math.min(v.split('.')[1]?.length ?? 0, 20);
  return numberFormat(locale, { minimumFractionDigits: fraction, maximumFractionDigits: fraction }).format(
    v as Intl.StringNumericLiteral,
  );
}

/** `ratio` (0.0085) as a percentage (`0.85%`, `0,85 %`, `%0,85`), with a fixed number of decimals when given. */
export function formatPercent(ratio: number, locale: string, decimals?: number): string {
  return numberFormat(
    locale,
    decimals === undefined
      ? { style: 'percent', maximumFractionDigits: 2 }
      : { style: 'percent', minimumFractionDigits: decimals, maximumFractionDigits: decimals },
  ).format(ratio);
}

/** `a, b or c` in the locale's words. */
export function formatOrList(items: readonly string[], locale: string): string {
  return new Intl.ListFormat(locale, { type: 'disjunction' }).format(items);
}

const relative = new Map<string, Intl.RelativeTimeFormat>();

/**
 * A day heading of the activity list in the locale: the transactions store groups by calendar day (`YYYY-MM-DD`
 * keys in the display time zone) and says which is today and yesterday; here they read as `Intl.RelativeTimeFormat`
 * says them (`Today`, `Heute`, `اليوم`), other days as a short date (`Mar 3`, `3. März`), with the year when it
 * is not the current one. `unknown` is the heading of rows without a time.
 */
export function formatDayLabel(
  key: string,
  day: 'today' | 'yesterday' | 'earlier' | 'unknown',
  locale: string,
  unknown: string,
  now: number = Date.now(),
): string {
  if (key === 'unknown' || day === 'unknown') return unknown;
  const offset = day === 'today' ? 0 : day === 'yesterday' ? -1 : null;
  if (offset !== null) {
    let f = relative.get(locale);
    if (!f) {
      f = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
      relative.set(locale, f);
    }
    const text = f.format(offset, 'day');
    return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!m) return unknown;
  const date = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const sameYear = new Date(now).getUTCFullYear() === Number(m[1]);
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' as const }),
    timeZone: 'UTC',
  }).format(date);
}
