/** The hooks the views read their texts with. */
import { useCompiledMessages, useLocale } from './context';
import { en } from './en';
import { provideFullCatalogue } from './fullCatalogue';
import { formatMessage } from './message';
import type { Messages } from './types';

export type KitMessages = Messages<typeof en>;

/** Every text of the kit in the active locale, with the host's overrides. */
export function useMessages(): KitMessages {
  return useCompiledMessages(en, formatMessage);
}

/** The sections whose English texts travel as identifiers in events, errors and hook results. */
const KNOWN_SECTIONS = [
  'toasts',
  'errors',
  'email',
  'sendMessages',
  'swapMessages',
  'onrampMessages',
  'nameMessages',
  'siweMessages',
  'transactionTitles',
] as const;
type KnownSection = (typeof KNOWN_SECTIONS)[number];

/** Placeholders that hold a number the store wrote in English (`10.00`, `4`): shown in the locale's digits. */
const NUMERIC = new Set(['min', 'max', 'decimals', 'seconds', 'amount', 'toAmount']);

/** A value in a message: never across a sentence end, so `A. B` is read as two messages. */
const VALUE = '((?:(?!\\. ).)+?)';
const PLACEHOLDER = /\{(\w+)\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const known = new Map<string, readonly [section: KnownSection, key: string]>();
const patterns: { re: RegExp; names: string[]; section: KnownSection; key: string }[] = [];
for (const section of KNOWN_SECTIONS)
  for (const [key, text] of Object.entries(en[section])) {
    if (!text.includes('{')) {
      if (!known.has(text)) known.set(text, [section, key]);
      continue;
    }
    const names = [...text.matchAll(PLACEHOLDER)].map((p) => p[1] as string);
    const source = text
      .split(PLACEHOLDER)
      .map((part, i) => (i % 2 === 0 ? escapeRegExp(part) : VALUE))
      .join('');
    patterns.push({ re: new RegExp(`^${source}$`, 'u'), names, section, key });
  }

const methodKeys = new Map(Object.entries(en.buy.methods).map(([key, text]) => [text as string, key]));

/** A value read back from an English message, for the active locale. */
function localValue(m: KitMessages, locale: string, name: string, value: string): string | number {
  if (name === 'method') {
    const key = methodKeys.get(value) as keyof KitMessages['buy']['methods'] | undefined;
    return key ? m.buy.methods[key] : value;
  }
  if (!NUMERIC.has(name) || !/^\d+(\.\d+)?$/.test(value)) return value;
  const fraction = value.split('.')[1]?.length ?? 0;
  if (fraction === 0) return Number(value);
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: fraction,
    maximumFractionDigits: fraction,
  }).format(Number(value));
}

function translateOne(m: KitMessages, locale: string, message: string): string | null {
  const hit = known.get(message);
  if (hit) {
    const text = (m[hit[0]] as Readonly<Record<string, unknown>>)[hit[1]];
    return typeof text === 'string' ? text : null;
  }
  for (const { re, names, section, key } of patterns) {
    const match = re.exec(message);
    if (!match) continue;
    const values: Record<string, string | number> = {};
    names.forEach((name, i) => {
      values[name] = localValue(m, locale, name, match[i + 1] as string);
    });
    const format = (m[section] as Readonly<Record<string, unknown>>)[key];
    return typeof format === 'function' ? (format as (v: typeof values) => string)(values) : null;
  }
  return null;
}

/**
 * Shows a message that travels as its English identifier (the §8 catalogue of errors and toasts, the email
 * login's messages, the form stores' messages) in the active locale, its numbers written for `locale`; a message
 * of several sentences (`The maximum by card is 500.00 USD. Pay by bank transfer…`) sentence by sentence. Any
 * other text (a wallet's or an API's own message) is shown as it is.
 */
export function translateKnown(m: KitMessages, message: string | null, locale = 'en'): string {
  if (message === null) return '';
  const whole = translateOne(m, locale, message);
  if (whole !== null) return whole;
  const sentences = message.split('. ');
  if (sentences.length < 2) return message;
  const parts = sentences.map((sentence) => translateOne(m, locale, sentence));
  return parts.every((p) => p !== null) ? parts.join('. ') : message;
}

/**
 * `translateKnown` with the active messages and locale: what a view shows for a message a store or hook returns
 * in English (`validation.amountError`, `onramp.error`, `swap.inputError`).
 */
export function useKnownMessage(): (message: string | null) => string {
  const m = useMessages();
  const { locale } = useLocale();
  return (message) => translateKnown(m, message, locale);
}

// The toast region (initial bundle) translates the toasts that are not §8 ones with this catalogue from now on.
provideFullCatalogue<KitMessages>({ english: en, format: formatMessage, translate: translateKnown });
