/**
 * Untrusted text: the one home of the rule for what may be shown of a string that came from an API, a wallet
 * or a host (wallet, token and network names, symbols, descriptions). Pure functions, no React.
 *
 * The rule (decided once here):
 * - removed: C0 and C1 control characters, the bidi embeddings, overrides and isolates (U+202A–U+202E,
 *   U+2066–U+2069) and the invisible direction marks (U+200E, U+200F, U+061C), which can make a name read
 *   differently than it is; the invisible zero-width space, word joiner and BOM (U+200B, U+2060, U+FEFF),
 *   which can make two names look alike. Zero-width (non-)joiners stay: scripts and emoji need them.
 * - line breaks and tabs become spaces; runs of white space collapse to one; the ends are trimmed.
 * - the length is capped in user-visible characters (code points, never splitting a surrogate pair), with
 *   `…` as the last of them.
 * Anything that is not a string becomes `''`.
 */

/** Caps (in code) on untrusted strings; CSS truncation handles what still does not fit. */
export const MAX_TEXT = {
  /** Wallet, token and network names. */
  name: 64,
  /** Token symbols (real ones are short; a long one is an attack or a bug). */
  symbol: 16,
  /** Secondary lines: descriptions, counterparties, time strings. */
  description: 160,
  /** Formatted amounts and fiat values (already formatted by the caller). */
  amount: 48,
  /** Short labels: badges, statuses. */
  badge: 24,
} as const;

const UNSAFE_CHARS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: this pattern exists to find control characters
  /[\u0000-\u0008\u000E-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;
const UNSAFE_IN_URL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: this pattern exists to find control characters
  /[\s\u0000-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/;

const ELLIPSIS = '…';

/** Removes the unsafe characters of the rule and turns line breaks and tabs into spaces (nothing else). */
export function stripUnsafeText(value: string): string {
  return value.replace(UNSAFE_CHARS, '').replace(/[\t\n\v\f\r]/g, ' ');
}

/**
 * Makes an untrusted string safe to show as text (the module's rule): unsafe characters removed, white space
 * collapsed and trimmed, at most `max` characters. Non-strings become `''`.
 */
export function capText(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  const clean = stripUnsafeText(value).replace(/\s+/g, ' ').trim();
  const chars = Array.from(clean);
  if (chars.length <= max) return clean;
  return `${chars
    .slice(0, Math.max(0, max - 1))
    .join('')
    .trimEnd()}${ELLIPSIS}`;
}

/**
 * True when a URL holds anything a URL parser would silently strip or reinterpret, or that would make it read
 * differently than it is: white space, control characters, bidi and invisible characters. Such a URL is
 * refused whole (core/url), never cleaned.
 */
export function hasUnsafeUrlChars(value: string): boolean {
  return UNSAFE_IN_URL.test(value);
}
