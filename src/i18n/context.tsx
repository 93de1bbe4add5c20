/**
 * The active locale of a Keyway tree: `<I18nProvider>` (inside `KeywayProvider`) resolves the host's locale, loads
 * its catalogue lazily and keeps showing the previous one (English at first) until it has arrived.
 */
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import type { LoadedLocale } from './loaders';
import { isLocaleTag, type Locale, type TextDirection } from './locales';
import type { Catalogue, MessageOverrides, Messages } from './types';

export interface I18nState {
  /** The tag `Intl` formats with: the host's tag (`de-AT`), or `en` when its language has no catalogue. */
  readonly locale: string;
  /** The kit locale whose catalogue is shown. */
  readonly lang: Locale;
  readonly dir: TextDirection;
  /**
   * The `dir` of the kit's roots: the locale's direction when the host chose a locale, else none (the kit then
   * follows the page's direction).
   */
  readonly rootDir: TextDirection | undefined;
  /** The shown catalogue; `null` for English (built in). */
  readonly catalogue: Catalogue | null;
  readonly overrides: MessageOverrides | undefined;
  /** The tag the host asked for, if any (a nested provider without a locale follows it). */
  readonly requested: string | undefined;
  /** Whether, without a tag, the visitor's language is shown (a nested provider follows it too). */
  readonly visitorLanguage: boolean;
}

const ENGLISH: I18nState = {
  locale: 'en',
  lang: 'en',
  dir: 'ltr',
  rootDir: undefined,
  catalogue: null,
  overrides: undefined,
  requested: undefined,
  visitorLanguage: true,
};

const ENGLISH_LOADED: LoadedLocale = { lang: 'en', dir: 'ltr', catalogue: null };

/** Whether a well-formed host tag is an English one (`en`, `en-GB`): the built-in English, without a load. */
const isEnglish = (tag: string) => tag.toLowerCase().split('-')[0] === 'en';

export const I18nContext = createContext<I18nState>(ENGLISH);

/** The active locale, direction and catalogue (English outside a `KeywayProvider`). */
export function useLocale(): I18nState {
  return useContext(I18nContext);
}

export interface I18nProviderProps {
  /**
   * A BCP 47 tag (`de`, `pt-BR`, `ar-EG`); default: the enclosing provider's, else the visitor's language
   * (the best match of `navigator.languages` among the shipped locales, else English). May change at run time.
   */
  locale?: string | undefined;
  /** Overrides of any text, in every locale; default: the enclosing provider's. */
  messages?: MessageOverrides | undefined;
  /**
   * Without a tag, whether the visitor's language is shown or English with the page's direction (the Storybook
   * toolbar's English, so that a designer's browser language does not change the stories); default: the
   * enclosing provider's, else true.
   */
  visitorLanguage?: boolean;
  children?: ReactNode;
}

/** The visitor's languages in their order of preference; none on a server. */
const visitorLanguages = (): readonly string[] => {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
};

/** The locale shown: the loaded catalogue, and the visitor's tag that chose it when no host tag did. */
interface Shown extends LoadedLocale {
  readonly visitorTag?: string;
}

export function I18nProvider({
  locale,
  messages: ownMessages,
  visitorLanguage: ownVisitorLanguage,
  children,
}: I18nProviderProps) {
  const outer = useContext(I18nContext);
  const visitorLanguage = ownVisitorLanguage ?? outer.visitorLanguage;
  const tag = locale ?? outer.requested;
  const messages = ownMessages ?? outer.overrides;
  const [loaded, setLoaded] = useState<Shown>(ENGLISH_LOADED);
  // Without a host tag the kit speaks the visitor's language, and follows a change of it (`languagechange`).
  const [visitorChange, setVisitorChange] = useState(0);
  useEffect(() => {
    if (tag !== undefined || !visitorLanguage || typeof window === 'undefined') return;
    const onChange = () => setVisitorChange((n) => n + 1);
    window.addEventListener('languagechange', onChange);
    return () => window.removeEventListener('languagechange', onChange);
  }, [tag, visitorLanguage]);
  useEffect(() => {
    void visitorChange;
    const languages = tag === undefined && visitorLanguage ? visitorLanguages() : [];
    // English is built in: no load, and no render at all while English is what is shown. A tag that is not
    // well-formed shows English too, and so does a visitor whose first language is English (or who has none).
    const first = tag ?? languages[0];
    if (!first || !isLocaleTag(first) || isEnglish(first)) {
      const visitorTag = tag === undefined && first && isLocaleTag(first) ? first : undefined;
      setLoaded((shown) =>
        shown.lang === 'en' && shown.visitorTag === visitorTag
          ? shown
          : visitorTag
            ? { ...ENGLISH_LOADED, visitorTag }
            : ENGLISH_LOADED,
      );
      return;
    }
    let current = true;
    // The loaders (and the tag's resolution) are a chunk of their own: a host on English never fetches them.
    import('./loaders')
      .then(async (loaders): Promise<Shown> => {
        if (tag !== undefined) return loaders.loadLocale(tag);
        const chosen = loaders.negotiateLocale(languages);
        return { ...(await loaders.loadLocale(chosen.lang)), visitorTag: chosen.tag };
      })
      .then(
        (next) => {
          if (current)
            setLoaded((shown) =>
              shown.lang === next.lang &&
              shown.catalogue === next.catalogue &&
              shown.visitorTag === next.visitorTag
                ? shown
                : next,
            );
        },
        () => {
          // A chunk that fails to load (offline) leaves the texts in the locale shown before.
        },
      );
    return () => {
      current = false;
    };
  }, [tag, visitorChange, visitorLanguage]);
  const value = useMemo<I18nState>(() => {
    const shown = loaded.lang;
    const asked = tag ?? loaded.visitorTag;
    const locale =
      shown !== 'en' ? (asked ?? shown) : asked && isLocaleTag(asked) && isEnglish(asked) ? asked : 'en';
    const dir = loaded.dir;
    return {
      locale,
      lang: shown,
      dir,
      // A host's tag sets the direction; so does a visitor's language the kit shows (Persian: right to left).
      rootDir: tag !== undefined || shown !== 'en' ? dir : undefined,
      catalogue: loaded.catalogue,
      overrides: messages,
      requested: tag,
      visitorLanguage,
    };
  }, [loaded, tag, messages, visitorLanguage]);
  // Ark UI parts take the locale from `ArkLocale`, rendered with the dialog and the views (not in the initial bundle).
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

type Tree = { readonly [key: string]: string | Tree };

/** Writes a message with its values for a locale. */
export type MessageFormatter = (
  msg: string,
  values: Readonly<Record<string, string | number>>,
  locale: string,
) => string;

/**
 * `{name}` placeholders only: enough for the texts of the initial bundle (`en-shell.ts`), so the full formatter
 * (plurals, numbers: `message.ts`) loads with the views.
 */
const fillValues: MessageFormatter = (msg, values) =>
  msg.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));

/**
 * `reference`'s tree with each text taken from the override, else the shown catalogue, else `reference`; a text
 * whose English has placeholders becomes a function of its values. A malformed branch (a text where a section
 * belongs) reads as missing.
 */
function compile(
  reference: Tree,
  shown: Tree | undefined,
  overrides: Tree | undefined,
  locale: string,
  format: MessageFormatter,
): Tree {
  const out: Record<string, unknown> = {};
  for (const key in reference) {
    const ref = reference[key] as string | Tree;
    const s = shown?.[key];
    const o = overrides?.[key];
    if (typeof ref === 'object') out[key] = compile(ref, s as Tree, o as Tree, locale, format);
    else {
      const text = typeof o === 'string' ? o : typeof s === 'string' ? s : ref;
      out[key] = ref.includes('{')
        ? (values: Readonly<Record<string, string | number>>) => format(text, values, locale)
        : text;
    }
  }
  return out as Tree;
}

/** `reference` compiled outside React: a locale's catalogue (or none: the reference's own texts). */
export function compileMessages<T extends object>(
  reference: T,
  locale: string,
  format: MessageFormatter,
  catalogue?: object,
): Messages<T> {
  return compile(
    reference as unknown as Tree,
    catalogue as Tree | undefined,
    undefined,
    locale,
    format,
  ) as Messages<T>;
}

const compiled = new WeakMap<I18nState, Map<object, unknown>>();

/**
 * The messages of `reference` (the English catalogue or a part of it that starts at its root) in the active
 * locale, with the host's overrides; computed once per locale state. `format` writes the messages with
 * placeholders (default: `{name}` values only).
 */
export function useCompiledMessages<T extends object>(
  reference: T,
  format: MessageFormatter = fillValues,
): Messages<T> {
  const state = useContext(I18nContext);
  const byRef = compiled.get(state) ?? new Map<object, unknown>();
  compiled.set(state, byRef);
  let m = byRef.get(reference);
  if (!m) {
    m = compile(
      reference as unknown as Tree,
      (state.catalogue ?? undefined) as Tree | undefined,
      state.overrides as Tree | undefined,
      state.locale,
      format,
    );
    byRef.set(reference, m);
  }
  return m as Messages<T>;
}
