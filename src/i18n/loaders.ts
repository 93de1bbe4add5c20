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
};

/**
 * The kit locale for a host tag: the exact locale (`pt-BR`), else the one of the same language (`de-AT` → `de`,
 * `pt` → `pt-BR`, `zh-Hans` → `zh-CN`), else English. Only a locale with a catalogue is chosen (English: built
 * in), so a locale of `LOCALES` without its loader yet resolves to English.
 */
export function resolveLocale(tag: string | undefined): Locale {
  let canonical: string | undefined;
  try {
    canonical = tag ? Intl.getCanonicalLocales(tag)[0] : undefined;
  } catch {
    // Not a well-formed tag: English.
  }
  if (!canonical) return 'en';
  const lower = canonical.toLowerCase();
  const language = lower.split('-')[0];
  const withCatalogue = Object.keys(CATALOGUE_LOADERS) as Exclude<Locale, 'en'>[];
  return (
    withCatalogue.find((l) => l.toLowerCase() === lower) ??
    withCatalogue.find((l) => l.toLowerCase().split('-')[0] === language) ??
    'en'
  );
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
