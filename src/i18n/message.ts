/**
 * The message format: `{name}` takes a value; `{count, plural, =0 {none} one {# token} other {# tokens}}` picks
 * a branch with `Intl.PluralRules` of the locale (`=N` matches exactly first) and writes `#` as the number
 * formatted with `Intl.NumberFormat`. A number value is formatted for the locale; a string is written as is.
 * A placeholder without a value is left as written, so a missing value shows rather than vanishing.
 */

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function rulesFor(locale: string): Intl.PluralRules {
  let r = pluralRules.get(locale);
  if (!r) {
    r = new Intl.PluralRules(locale);
    pluralRules.set(locale, r);
  }
  return r;
}

function numberFormatFor(locale: string): Intl.NumberFormat {
  let f = numberFormats.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 });
    numberFormats.set(locale, f);
  }
  return f;
}

/** The index just after the `}` closing the `{` at `open`, counting nested braces. */
function closing(msg: string, open: number): number {
  let depth = 0;
  for (let i = open; i < msg.length; i++) {
    if (msg[i] === '{') depth++;
    else if (msg[i] === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

function plural(body: string, value: number, locale: string): string {
  const branches = new Map<string, string>();
  const re = /\s*(=\d+|zero|one|two|few|many|other)\s*\{/g;
  let m: RegExpExecArray | null = re.exec(body);
  while (m) {
    const open = m.index + m[0].length - 1;
    const end = closing(body, open);
    if (end < 0) break;
    branches.set(m[1] as string, body.slice(open + 1, end - 1));
    re.lastIndex = end;
    m = re.exec(body);
  }
  const chosen =
    branches.get(`=${value}`) ?? branches.get(rulesFor(locale).select(value)) ?? branches.get('other') ?? '';
  return chosen.replaceAll('#', numberFormatFor(locale).format(value));
}

/** Writes `msg` with `values` for `locale`. */
export function formatMessage(
  msg: string,
  values: Readonly<Record<string, string | number>>,
  locale: string,
): string {
  let out = '';
  let i = 0;
  while (i < msg.length) {
    const open = msg.indexOf('{', i);
    if (open < 0) break;
    const end = closing(msg, open);
    if (end < 0) break;
    out += msg.slice(i, open);
    const inner = msg.slice(open + 1, end - 1);
    const comma = inner.indexOf(',');
    const name = (comma < 0 ? inner : inner.slice(0, comma)).trim();
    const value = values[name];
    if (value === undefined) out += msg.slice(open, end);
    else if (comma < 0) out += typeof value === 'number' ? numberFormatFor(locale).format(value) : value;
    else {
      const rest = inner.slice(comma + 1);
      const kind = rest.indexOf(',');
      const body = kind < 0 ? '' : rest.slice(kind + 1);
      out += plural(body, Number(value), locale);
    }
    i = end;
  }
  return out + msg.slice(i);
}
