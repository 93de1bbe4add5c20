/**
 * Link checks for wallet links that come from hosts (`customWallets`) or from the explorer API (untrusted).
 * Only `https:` pages, or a wallet's own custom scheme for deep links (`metamask://`, `rainbow:`), pass.
 *
 * What counts as "a wallet's own scheme" is decided by what a wallet app's scheme looks like, not by
 * listing the bad ones only: letters and digits with at most inner `-` or `.`, 2 to 32
 * characters, opened as `scheme:` or `scheme://` followed by nothing that would address another resource
 * (no path, query or fragment of its own: the kit appends `wc?uri=…` itself). Schemes that the operating
 * system or the browser handle themselves are refused even though they have that shape: code and files
 * (`javascript`, `file`…), installers and app launchers (`intent`, `itms-services`, `ms-*` handlers such
 * as `ms-msdt` and `search-ms`), calls and messages (`tel`, `sms`, `mailto`…), and network shares.
 */

export const MAX_WALLET_LINK_LENGTH = 2048;

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Schemes that run code, read local files, or otherwise must never be opened from a wallet tile. */
const FORBIDDEN_SCHEMES = new Set([
  'javascript',
  'data',
  'vbscript',
  'file',
  'blob',
  'about',
  'filesystem',
  'view-source',
  'jar',
  'chrome',
  'chrome-extension',
  'ms-appx',
  'ms-appx-web',
  'res',
  'resource',
  // Not code, but not a wallet either: plain-text transports are refused.
  'http',
  'ftp',
  'ws',
  'wss',
  // App launchers and installers, system settings and search.
  'intent',
  'android-app',
  'itms-services',
  'itms-apps',
  'itms',
  'market',
  'search',
  'shell',
  'prefs',
  'app-settings',
  'x-apple-helpbook',
  'steam',
  // Calls, messages, calendars.
  'tel',
  'sms',
  'mms',
  'mailto',
  'callto',
  'facetime',
  'facetime-audio',
  'webcal',
  // Network shares and remote shells.
  'smb',
  'nfs',
  'afp',
  'ssh',
  'sftp',
  'telnet',
  'ldap',
]);

/** Windows protocol handlers (`ms-msdt:`, `ms-settings:`, `search-ms:`…) are system tools, never wallets. */
const SYSTEM_SCHEME_RE = /^(ms-|ms\.|search-ms$|x-apple)/;
/** A wallet app's own scheme: lowercase letters and digits, inner `-` or `.` only, 2-32 characters. */
const WALLET_SCHEME_RE = /^[a-z][a-z0-9]*(?:[-.][a-z0-9]+)*$/;
/** After the scheme: nothing, `//`, or `//` and a bare host-like word (`wc` is appended by the kit). */
const WALLET_REST_RE = /^(?:\/\/[a-z0-9-]{0,32}\/?)?$/i;

// biome-ignore lint/suspicious/noControlCharactersInRegex: this pattern exists to find control characters
const URL_JUNK = /[\s\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const SCHEME_RE = /^([a-zA-Z][a-zA-Z0-9+.-]{0,31}):/;

function hostOf(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** An `https:` page (or `http:` on localhost for the local stack), without credentials. */
export function isSafeHttpsLink(value: unknown): value is string {
  if (typeof value !== 'string' || !value || value.length > MAX_WALLET_LINK_LENGTH) return false;
  if (URL_JUNK.test(value)) return false;
  const url = hostOf(value);
  if (!url || url.username || url.password || !url.hostname) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
}

/**
 * A deep link a wallet tile may open: an `https:` URL (universal link) or a custom scheme of the wallet's
 * own (`metamask://`, `trust:`); never `javascript:`, `data:`, `vbscript:`, `file:` and friends.
 */
export function isSafeWalletLink(value: unknown): value is string {
  if (typeof value !== 'string' || !value || value.length > MAX_WALLET_LINK_LENGTH) return false;
  if (URL_JUNK.test(value)) return false;
  const m = SCHEME_RE.exec(value);
  if (!m) return false;
  const raw = m[1]!;
  const scheme = raw.toLowerCase();
  if (scheme === 'https' || scheme === 'http') return isSafeHttpsLink(value);
  if (scheme.length < 2 || !WALLET_SCHEME_RE.test(scheme)) return false;
  if (FORBIDDEN_SCHEMES.has(scheme) || SYSTEM_SCHEME_RE.test(scheme)) return false;
  return WALLET_REST_RE.test(value.slice(raw.length + 1));
}

/** An `<img src>` for wallet and token images: `https:` (or localhost `http:`) or `data:image/*`. */
export function isSafeImageUrl(value: unknown): value is string {
  if (typeof value !== 'string' || !value || value.length > 256 * 1024) return false;
  if (/^data:image\/[a-z0-9.+-]+[;,]/i.test(value)) return !URL_JUNK.test(value.slice(0, 64));
  return isSafeHttpsLink(value);
}
