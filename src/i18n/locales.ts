/**
 * The locales the kit speaks and the check of a host's locale tag (this module is in a host's initial bundle: the
 * options check the tag with it). Which locale a tag shows, its direction and the loaders of the catalogues are in
 * `loaders.ts`, which loads only when a host asks for a locale other than English.
 */
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
  'it',
  'nl',
  'pl',
  'uk',
  'hi',
  'id',
  'ms',
  'th',
  'vi',
  'zh-HK',
  'zh-TW',
  'fa',
] as const;
export type Locale = (typeof LOCALES)[number];

export type TextDirection = 'ltr' | 'rtl';

/** Whether `tag` is a well-formed BCP 47 language tag (`de`, `pt-BR`, `zh-Hans-CN`). */
export function isLocaleTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}
