/**
 * The active locale of a Keyway tree: `<I18nProvider>` (inside `KeywayProvider`) resolves the host's locale, loads
 * its catalogue lazily and keeps showing the previous one (English at first) until it has arrived.
 */
import { LocaleProvider } from '@ark-ui/react';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import {
  directionOf,
  isLocaleTag,
  type Locale,
  loadCatalogue,
  resolveLocale,
  type TextDirection,
} from './locales';
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
}

const ENGLISH: I18nState = {
  locale: 'en',
  lang: 'en',
  dir: 'ltr',
  rootDir: undefined,
  catalogue: null,
  overrides: undefined,
  requested: undefined,
};

export const I18nContext = createContext<I18nState>(ENGLISH);

/** The active locale, direction and catalogue (English outside a `KeywayProvider`). */
export function useLocale(): I18nState {
  return useContext(I18nContext);
}

export interface I18nProviderProps {
  /**
   * A BCP 47 tag (`de`, `pt-BR`, `ar-EG`); default: the enclosing provider's, else English. May change at run
   * time.
   */
  locale?: string | undefined;
  /** Overrides of any text, in every locale; default: the enclosing provider's. */
  messages?: MessageOverrides | undefined;
  children?: ReactNode;
}

export function I18nProvider({ locale, messages: ownMessages, children }: I18nProviderProps) {
  const outer = useContext(I18nContext);
  const tag = locale ?? outer.requested;
  const messages = ownMessages ?? outer.overrides;
  const lang = resolveLocale(tag);
  const [loaded, setLoaded] = useState<{ lang: Locale; catalogue: Catalogue | null }>({
    lang: 'en',
    catalogue: null,
  });
  useEffect(() => {
    // English is built in: no load, and no render at all while English is what is shown.
    if (lang === 'en') {
      setLoaded((shown) => (shown.lang === 'en' ? shown : { lang: 'en', catalogue: null }));
      return;
    }
    let current = true;
    loadCatalogue(lang).then(
      (catalogue) => {
        if (current)
          setLoaded((shown) =>
            shown.lang === lang && shown.catalogue === catalogue ? shown : { lang, catalogue },
          );
      },
      () => {
        // A catalogue chunk that fails to load (offline) leaves the texts in the locale shown before.
      },
    );
    return () => {
      current = false;
    };
  }, [lang]);
  const value = useMemo<I18nState>(() => {
    const shown = loaded.lang;
    const locale =
      shown !== 'en'
        ? (tag ?? shown)
        : tag && isLocaleTag(tag) && tag.toLowerCase().startsWith('en')
          ? tag
          : 'en';
    const dir = directionOf(shown);
    return {
      locale,
      lang: shown,
      dir,
      rootDir: tag === undefined ? undefined : dir,
      catalogue: loaded.catalogue,
      overrides: messages,
      requested: tag,
    };
  }, [loaded, tag, messages]);
  return (
    <I18nContext.Provider value={value}>
      {/* Ark UI parts (dialog, tabs, tooltips) set their own `dir` from Ark's locale (Ark's default: en-US). */}
      <LocaleProvider locale={value.rootDir ? value.lang : 'en-US'}>{children}</LocaleProvider>
    </I18nContext.Provider>
  );
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
  msg.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = values[name];
    return v === undefined ? whole : String(v);
  });

function compile(
  reference: Tree,
  shown: Tree | undefined,
  overrides: Tree | undefined,
  locale: string,
  format: MessageFormatter,
): Tree {
  const out: Record<string, unknown> = {};
  for (const [key, ref] of Object.entries(reference)) {
    const s = shown?.[key];
    const o = overrides?.[key];
    if (typeof ref === 'string') {
      const text = typeof o === 'string' ? o : typeof s === 'string' ? s : ref;
      out[key] = ref.includes('{')
        ? (values: Readonly<Record<string, string | number>>) => format(text, values, locale)
        : text;
    } else {
      out[key] = compile(
        ref,
        typeof s === 'object' ? s : undefined,
        typeof o === 'object' ? o : undefined,
        locale,
        format,
      );
    }
  }
  return out as Tree;
}

const compiled = new WeakMap<I18nState, WeakMap<object, unknown>>();

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
  let byRef = compiled.get(state);
  if (!byRef) {
    byRef = new WeakMap();
    compiled.set(state, byRef);
  }
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
