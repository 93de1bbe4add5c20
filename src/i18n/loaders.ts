/**
 * Which catalogue a host's locale tag shows, and the lazy loader of each catalogue but English (built in). This
 * module is itself loaded on demand: `I18nProvider` imports it when a host asks for a locale other than English,
 * so a host on English never fetches the table of loaders; each locale's catalogue is then its own chunk, fetched
 * when that locale is selected.
 */
import type { Locale, TextDirection } from './locales';
import type { Catalogue } from './types';

const RTL_LANGUAGES: ReadonlySet<string> = new Set(['ar', 'he', 'fa', 'ur']);

/** `rtl` for Arabic, Hebrew, Persian and Urdu tags, else `ltr`. */
export function directionOf(tag: string): TextDirection {
  const language = tag.toLowerCase().split('-')[0] ?? '';
  return RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
}

/**
 * The catalogue loaders. English is not listed (it is built in); a locale listed in `LOCALES` without a
 * loader here shows English until its catalogue is added (see docs/i18n.md, "Adding a locale").
 */
export const CATALOGUE_LOADERS: Partial<
  Record<Exclude<Locale, 'en'>, () => Promise<{ default: Catalogue }>>
> = {
  es: () => import('./locales/es'),
  'pt-BR': () => import('./locales/pt-BR'),
  fr: () => import('./locales/fr'),
  de: () => import('./locales/de'),
  tr: () => import('./locales/tr'),
  ru: () => import('./locales/ru'),
  'zh-CN': () => import('./locales/zh-CN'),
  ja: () => import('./locales/ja'),
  ko: () => import('./locales/ko'),
  ar: () => import('./locales/ar'),
  he: () => import('./locales/he'),
  it: () => import('./locales/it'),
  nl: () => import('./locales/nl'),
  pl: () => import('./locales/pl'),
  uk: () => import('./locales/uk'),
  hi: () => import('./locales/hi'),
  id: () => import('./locales/id'),
  ms: () => import('./locales/ms'),
  th: () => import('./locales/th'),
  vi: () => import('./locales/vi'),
  'zh-HK': () => import('./locales/zh-HK'),
  'zh-TW': () => import('./locales/zh-TW'),
  fa: () => import('./locales/fa'),
};

/** The locales that can be shown: English (built in) and every locale with a catalogue. */
const shippedLocales = (): readonly Locale[] => ['en', ...(Object.keys(CATALOGUE_LOADERS) as Locale[])];

/**
 * Regions whose texts are closer to another shipped region's than to their script's default: Macau writes
 * Traditional Chinese as Hong Kong does (the likely subtags of `zh-Hant` alone point to Taiwan).
 */
const REGION_ALIASES: Readonly<Record<string, string>> = { 'zh-Hant-MO': 'HK' };

/** Languages read in a shipped locale of another language: Cantonese in Hong Kong's Traditional Chinese. */
const LANGUAGE_ALIASES: Readonly<Record<string, string>> = { yue: 'zh-Hant-HK' };

interface Subtags {
  readonly language: string;
  readonly script: string | undefined;
  readonly region: string | undefined;
}

/** A tag's language, script and region with the likely subtags filled in (`zh-HK` → zh, Hant, HK). */
function likely(tag: string): Subtags {
  const max = new Intl.Locale(tag).maximize();
  return { language: max.language, script: max.script, region: max.region };
}

/**
 * The shipped locale that shows a tag, or `null` when none of its language is shipped. The exact locale first
 * (`pt-BR`); then, among the locales of the same language, the one of the same script and region; then the one
 * of the same script whose region the script's readers most likely use (`pt` and `pt-PT` → `pt-BR`,
 * `zh-Hant` → `zh-TW`, `zh-MO` → `zh-HK`, `zh-SG` → `zh-CN`, `es-419` → `es`); then any of the same language.
 * Tags that only spell a locale differently are the same locale (`iw` → `he`, `in` → `id`). English tags match
 * English.
 */
export function matchLocale(tag: string | undefined): Locale | null {
  let canonical: string | undefined;
  try {
    canonical = tag ? Intl.getCanonicalLocales(tag)[0] : undefined;
  } catch {
    // Not a well-formed tag.
  }
  if (!canonical) return null;
  const shipped = shippedLocales();
  const lower = canonical.toLowerCase();
  const exact = shipped.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const wanted = likely(LANGUAGE_ALIASES[new Intl.Locale(canonical).language] ?? canonical);
  const sameLanguage = shipped
    .map((locale) => ({ locale, ...likely(locale) }))
    .filter((c) => c.language === wanted.language);
  if (sameLanguage.length === 0) return null;
  const sameScript = sameLanguage.filter((c) => c.script === wanted.script);
  const alias = REGION_ALIASES[`${wanted.language}-${wanted.script}-${wanted.region}`];
  const region = alias ?? wanted.region;
  const scriptDefault = likely(`${wanted.language}-${wanted.script}`).region;
  return (
    sameScript.find((c) => c.region === region)?.locale ??
    sameScript.find((c) => c.region === scriptDefault)?.locale ??
    sameScript[0]?.locale ??
    sameLanguage[0]?.locale ??
    null
  );
}

/**
 * The kit locale for a host tag (`matchLocale`), else English. Only a locale with a catalogue is chosen (English:
 * built in), so a locale of `LOCALES` without its loader yet resolves to English.
 */
export function resolveLocale(tag: string | undefined): Locale {
  return matchLocale(tag) ?? 'en';
}

/** The visitor's choice among their languages: the first of them the kit shows, and the tag it came from. */
export interface NegotiatedLocale {
  readonly lang: Locale;
  /** The visitor's tag that chose it (`de-AT`, `en-GB`: numbers and dates are written for it), `en` when none did. */
  readonly tag: string;
}

/**
 * The best match for a visitor's languages in their order of preference (`navigator.languages`): the first one
 * that a shipped locale shows (`matchLocale`), else English. `['fr-CA', 'en']` → `fr`; `['sw', 'de']` → `de`;
 * `['sw']` → `en`.
 */
export function negotiateLocale(languages: readonly string[]): NegotiatedLocale {
  for (const tag of languages) {
    const lang = matchLocale(tag);
    if (lang) return { lang, tag: Intl.getCanonicalLocales(tag)[0] ?? lang };
  }
  return { lang: 'en', tag: 'en' };
}

/** Loads a locale's catalogue (`null` for English, which is built in). */
export async function loadCatalogue(locale: Locale): Promise<Catalogue | null> {
  if (locale === 'en') return null;
  const load = CATALOGUE_LOADERS[locale];
  return load ? (await load()).default : null;
}

/** What a host tag shows: its kit locale, that locale's direction and catalogue (`null`: English). */
export interface LoadedLocale {
  readonly lang: Locale;
  readonly dir: TextDirection;
  readonly catalogue: Catalogue | null;
}

/** Resolves a host tag and loads its catalogue (English, without a load, for a tag the kit does not speak). */
export async function loadLocale(tag: string): Promise<LoadedLocale> {
  const lang = resolveLocale(tag);
  const catalogue = await loadCatalogue(lang);
  return catalogue
    ? { lang, dir: directionOf(lang), catalogue }
    : { lang: 'en', dir: 'ltr', catalogue: null };
}
