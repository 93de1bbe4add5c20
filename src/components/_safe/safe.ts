/**
 * Safety helpers for untrusted data shown by the kit's components (wallet names, token symbols,
 * icon URLs and explorer links that come from APIs). Pure functions, no React, unit-tested in node.
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

/** Longest accepted image URL: data: URLs of small icons fit, megabyte payloads do not. */
export const MAX_IMAGE_URL_LENGTH = 256 * 1024;
/** Longest accepted link URL. */
export const MAX_LINK_URL_LENGTH = 2048;

const ELLIPSIS = '…';

// C0/C1 controls and the bidi overrides/isolates that can make text read differently than it is.
// biome-ignore lint/suspicious/noControlCharactersInRegex: this pattern exists to find control characters
const UNSAFE_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/**
 * Makes an untrusted string safe to show as text: removes control and bidi-override characters,
 * collapses whitespace and caps the length (in user-perceived characters, never splitting a surrogate pair).
 * Non-strings become ''.
 */
export function capText(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  const clean = value.replace(UNSAFE_CHARS, '').replace(/\s+/g, ' ').trim();
  const chars = Array.from(clean);
  if (chars.length <= max) return clean;
  return `${chars
    .slice(0, Math.max(0, max - 1))
    .join('')
    .trimEnd()}${ELLIPSIS}`;
}

export interface ImageUrlOptions {
  /**
   * Also accept `http://127.0.0.1` and `http://localhost` (any port): for the kit's local stack only.
   * @default false
   */
  allowLocalhost?: boolean;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost']);

function parse(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/** Anything a URL parser would silently strip or reinterpret: whitespace and control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: this pattern exists to find control characters
const URL_JUNK = /[\s\u0000-\u001F\u007F]/;

/**
 * Returns the URL if an `<img src>` may load it, otherwise `null`.
 * Accepted: `https:`, `data:image/*`, `blob:`, and `http://127.0.0.1|localhost` with `allowLocalhost`.
 * Rejected: `javascript:`, `http:` elsewhere, `data:` that is not an image, relative URLs,
 * anything with whitespace or control characters, and oversized values.
 */
export function safeImageUrl(value: unknown, options: ImageUrlOptions = {}): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_IMAGE_URL_LENGTH) return null;
  if (URL_JUNK.test(value)) return null;
  const lower = value.slice(0, 16).toLowerCase();
  if (lower.startsWith('data:')) {
    // `data:image/png;base64,...`: the media type must be an image and be well formed.
    return /^data:image\/[a-z0-9.+-]+[;,]/i.test(value) ? value : null;
  }
  const url = parse(value);
  if (!url) return null;
  if (url.protocol === 'https:') return url.hostname ? value : null;
  if (url.protocol === 'blob:') {
    // `blob:https://origin/uuid`: the origin inside must itself be http(s).
    const inner = parse(value.slice(5));
    return inner && (inner.protocol === 'https:' || inner.protocol === 'http:') ? value : null;
  }
  if (url.protocol === 'http:' && options.allowLocalhost && LOCAL_HOSTS.has(url.hostname)) {
    return url.username || url.password ? null : value;
  }
  return null;
}

/** Returns the URL if it may be an `<a href>` to an outside page (explorer links): `https:` only. */
export function safeLinkUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LINK_URL_LENGTH) return null;
  if (URL_JUNK.test(value)) return null;
  const url = parse(value);
  if (url?.protocol !== 'https:' || !url.hostname) return null;
  if (url.username || url.password) return null;
  return value;
}

/** FNV-1a 32-bit hash of a string: a stable, dependency-free seed for generated avatars. */
export function hashString(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
