/**
 * The locales the kit speaks, how a host's locale tag maps to one of them, the direction of each, and the lazy
 * loader of each catalogue but English (built in): a locale's catalogue is its own chunk, fetched when selected.
 */
import type { Catalogue } from './types';

export const LOCALES = [
  'en',
  'es',
  'pt-BR',
  'fr',
  'de',
  'tr',
  'ru',
  'zh-CN',
  'ja',
  'ko',
  'ar',
  'he',
] as const;
export type Locale = (typeof LOCALES)[number];

export type TextDirection = 'ltr' | 'rtl';

const RTL_LANGUAGES: ReadonlySet<string> = new Set(['ar', 'he', 'fa', 'ur']);

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

/** Whether `tag` is a well-formed BCP 47 language tag (`de`, `pt-BR`, `zh-Hans-CN`). */
export function isLocaleTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/**
 * The kit locale for a host tag: the exact locale (`pt-BR`), else the one of the same language (`de-AT` → `de`,
 * `pt` → `pt-BR`, `zh-Hans` → `zh-CN`), else English. A locale whose catalogue is not present resolves to English.
 */
export function resolveLocale(tag: string | undefined): Locale {
  if (!tag || !isLocaleTag(tag)) return 'en';
  const canonical = Intl.getCanonicalLocales(tag)[0] as string;
  const lower = canonical.toLowerCase();
  const language = lower.split('-')[0];
  const found =
    LOCALES.find((l) => l.toLowerCase() === lower) ??
    LOCALES.find((l) => l.toLowerCase().split('-')[0] === language);
  if (!found || found === 'en') return 'en';
  return CATALOGUE_LOADERS[found] ? found : 'en';
}

/** `rtl` for Arabic, Hebrew, Persian and Urdu tags, else `ltr`. */
export function directionOf(tag: string): TextDirection {
  const language = tag.toLowerCase().split('-')[0] ?? '';
  return RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
}

/** Loads a locale's catalogue (`null` for English, which is built in). */
export async function loadCatalogue(locale: Locale): Promise<Catalogue | null> {
  if (locale === 'en') return null;
  const load = CATALOGUE_LOADERS[locale];
  return load ? (await load()).default : null;
}
