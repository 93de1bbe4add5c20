import { describe, expect, it } from 'vitest';
import { KeywayOptionsError } from '../core/errors';
import { keywayLocal } from '../core/networks';
import { parseKeywayOptions } from '../core/options';
import { en } from './en';
import { CATALOGUE_LOADERS, directionOf, loadCatalogue, negotiateLocale, resolveLocale } from './loaders';
import { LOCALES } from './locales';
import { formatMessage } from './message';

type Tree = { readonly [key: string]: string | Tree };

/** Every leaf path of a catalogue with its message. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [p, v] of leaves(value, path)) out.set(p, v);
  }
  return out;
}

/** The names of a message's top-level placeholders (`{name}`, `{count, plural, …}`), sorted. */
function placeholders(msg: string): string[] {
  const names = new Set<string>();
  let depth = 0;
  let start = -1;
  for (let i = 0; i < msg.length; i++) {
    if (msg[i] === '{' && depth++ === 0) start = i + 1;
    else if (msg[i] === '}' && --depth === 0) names.add((msg.slice(start, i).split(',')[0] ?? '').trim());
  }
  return [...names].sort();
}

describe('formatMessage', () => {
  it('writes values, numbers for the locale, and leaves a missing value as written', () => {
    expect(formatMessage('Balance: {quantity} {symbol}', { quantity: '1.5', symbol: 'ETH' }, 'en')).toBe(
      'Balance: 1.5 ETH',
    );
    expect(formatMessage('{n} Token', { n: 1234.5 }, 'de')).toBe('1.234,5 Token');
    expect(formatMessage('{n} tokens', { n: 1234.5 }, 'en')).toBe('1,234.5 tokens');
    expect(formatMessage('Hello {name}', {}, 'en')).toBe('Hello {name}');
  });

  it('chooses plural branches with Intl.PluralRules of the locale, exact matches first', () => {
    const msg = '{count, plural, =0 {no tokens} one {# token} other {# tokens}}';
    expect(formatMessage(msg, { count: 0 }, 'en')).toBe('no tokens');
    expect(formatMessage(msg, { count: 1 }, 'en')).toBe('1 token');
    expect(formatMessage(msg, { count: 2500 }, 'en')).toBe('2,500 tokens');
    const ru = '{n, plural, one {# токен} few {# токена} many {# токенов} other {# токена}}';
    expect(formatMessage(ru, { n: 1 }, 'ru')).toBe('1 токен');
    expect(formatMessage(ru, { n: 3 }, 'ru')).toBe('3 токена');
    expect(formatMessage(ru, { n: 5 }, 'ru')).toBe('5 токенов');
    expect(formatMessage('Wait {s, plural, one {# second} other {# seconds}}.', { s: 1 }, 'en')).toBe(
      'Wait 1 second.',
    );
  });
});

describe('locales', () => {
  it('maps a host tag to a kit locale that has a catalogue, else English', () => {
    expect(resolveLocale(undefined)).toBe('en');
    expect(resolveLocale('de')).toBe('de');
    expect(resolveLocale('de-AT')).toBe('de');
    expect(resolveLocale('DE-ch')).toBe('de');
    expect(resolveLocale('en-GB')).toBe('en');
    expect(resolveLocale('sw')).toBe('en');
    expect(resolveLocale('not a tag')).toBe('en');
    for (const locale of LOCALES) {
      const expected = locale === 'en' || CATALOGUE_LOADERS[locale] ? locale : 'en';
      expect(resolveLocale(locale)).toBe(expected);
    }
  });

  it.each([
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['zh', 'zh-CN'],
    ['zh-Hans', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['zh-Hant', 'zh-TW'],
    ['zh-TW', 'zh-TW'],
    ['zh-HK', 'zh-HK'],
    ['zh-Hant-HK', 'zh-HK'],
    ['zh-MO', 'zh-HK'],
    ['yue', 'zh-HK'],
    ['es-419', 'es'],
    ['es-MX', 'es'],
    ['iw', 'he'],
    ['in', 'id'],
    ['fa-IR', 'fa'],
    ['nl-BE', 'nl'],
    ['uk-UA', 'uk'],
    ['ms-MY', 'ms'],
    ['hi-IN', 'hi'],
    ['th-TH', 'th'],
    ['vi-VN', 'vi'],
    ['it-CH', 'it'],
    ['pl-PL', 'pl'],
    ['en-IN', 'en'],
    ['sr', 'en'],
  ])('%s shows %s', (tag, locale) => {
    expect(resolveLocale(tag)).toBe(locale);
  });

  it("negotiates the visitor's languages in their order: the first the kit shows, else English", () => {
    expect(negotiateLocale(['sw-KE', 'de-AT', 'fr'])).toEqual({ lang: 'de', tag: 'de-AT' });
    expect(negotiateLocale(['fr-CA', 'en'])).toEqual({ lang: 'fr', tag: 'fr-CA' });
    expect(negotiateLocale(['en-GB', 'fa'])).toEqual({ lang: 'en', tag: 'en-GB' });
    expect(negotiateLocale(['zh-Hant-MO'])).toEqual({ lang: 'zh-HK', tag: 'zh-Hant-MO' });
    expect(negotiateLocale(['not a tag', 'ja-JP'])).toEqual({ lang: 'ja', tag: 'ja-JP' });
    expect(negotiateLocale(['sw', 'am'])).toEqual({ lang: 'en', tag: 'en' });
    expect(negotiateLocale([])).toEqual({ lang: 'en', tag: 'en' });
  });

  it('writes Arabic and Hebrew right to left', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('ar-EG')).toBe('rtl');
    expect(directionOf('he')).toBe('rtl');
    expect(directionOf('fa')).toBe('rtl');
    expect(directionOf('de')).toBe('ltr');
    expect(directionOf('en')).toBe('ltr');
  });

  it('every locale catalogue has exactly the English keys, each message with the English placeholders', async () => {
    const reference = leaves(en as unknown as Tree);
    const loaded = Object.keys(CATALOGUE_LOADERS);
    expect(loaded.length).toBeGreaterThan(0);
    for (const locale of loaded) {
      const catalogue = await loadCatalogue(locale as (typeof LOCALES)[number]);
      expect(catalogue, locale).not.toBeNull();
      const translated = leaves(catalogue as unknown as Tree);
      expect([...translated.keys()].sort(), locale).toEqual([...reference.keys()].sort());
      for (const [path, msg] of reference) {
        const text = translated.get(path) ?? '';
        expect(text.trim(), `${locale} ${path}`).not.toBe('');
        expect(placeholders(text), `${locale} ${path}`).toEqual(placeholders(msg));
      }
    }
  });
});

describe('plural messages of the catalogues', () => {
  /** The branch keywords of every `{n, plural, …}` in `msg`. */
  function pluralBranches(msg: string): string[][] {
    const out: string[][] = [];
    const re = /\{\s*\w+\s*,\s*plural\s*,/g;
    for (let m = re.exec(msg); m; m = re.exec(msg)) {
      const keys: string[] = [];
      let depth = 1;
      let word = '';
      for (let i = m.index + m[0].length; i < msg.length && depth > 0; i++) {
        const ch = msg[i] as string;
        if (ch === '{') {
          if (depth === 1) keys.push(word.trim());
          word = '';
          depth++;
        } else if (ch === '}') depth--;
        else if (depth === 1) word += ch;
      }
      out.push(keys);
    }
    return out;
  }

  it('give every plural category Intl.PluralRules uses for the locale, and format with each', async () => {
    for (const locale of Object.keys(CATALOGUE_LOADERS) as (typeof LOCALES)[number][]) {
      const catalogue = await loadCatalogue(locale);
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      for (const [path, msg] of leaves(catalogue as unknown as Tree)) {
        for (const keys of pluralBranches(msg)) {
          for (const category of categories) expect(keys, `${locale} ${path}`).toContain(category);
        }
      }
    }
    const ar = (await loadCatalogue('ar'))?.errors.cooldown ?? '';
    expect(formatMessage(ar, { seconds: 1 }, 'ar')).toContain('ثانية واحدة');
    expect(formatMessage(ar, { seconds: 2 }, 'ar')).toContain('ثانيتين');
    expect(formatMessage(ar, { seconds: 5 }, 'ar')).toMatch(/ثوانٍ$/);
    const ru = (await loadCatalogue('ru'))?.errors.cooldown ?? '';
    expect(formatMessage(ru, { seconds: 21 }, 'ru')).toMatch(/21 секунду$/);
    expect(formatMessage(ru, { seconds: 3 }, 'ru')).toMatch(/3 секунды$/);
    expect(formatMessage(ru, { seconds: 18 }, 'ru')).toMatch(/18 секунд$/);
  });
});

describe('locale and messages options', () => {
  const minimal = { projectId: 'p1', networks: [keywayLocal] };

  it('takes a BCP 47 locale and nested text overrides', () => {
    const o = parseKeywayOptions({
      ...minimal,
      locale: 'pt-BR',
      messages: { connect: { allWallets: 'Every wallet' } },
    });
    expect(o.locale).toBe('pt-BR');
    expect(o.messages).toEqual({ connect: { allWallets: 'Every wallet' } });
  });

  it('refuses a malformed locale or overrides that are not texts, naming the option', () => {
    expect(() => parseKeywayOptions({ ...minimal, locale: 'not a tag' })).toThrow(KeywayOptionsError);
    expect(() => parseKeywayOptions({ ...minimal, locale: 'not a tag' })).toThrow(/"locale"/);
    expect(() => parseKeywayOptions({ ...minimal, messages: { connect: { allWallets: 42 } } })).toThrow(
      /"messages"/,
    );
    expect(() => parseKeywayOptions({ ...minimal, messages: ['x'] })).toThrow(/"messages"/);
  });
});
