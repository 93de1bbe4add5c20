/**
 * URLs from untrusted places (the explorer and the Blockchain API, a host's options, a wallet's metadata):
 * the one home of every URL rule in the kit. Pure functions, no React.
 *
 * The rules (decided once here):
 * - A URL that holds white space, control, bidi or invisible characters (core/text) is refused whole, never
 *   cleaned: a parser would strip them silently. So is one with credentials (`https://user:pw@…`).
 * - **Images** (`<img src>`): `https:`, `data:image/<type>`, `blob:` of an http(s) origin; `http:` only on a
 *   loopback host (`127.0.0.1`, `localhost`, `[::1]`) and only where the instance allows localhost (it talks
 *   to a local stack). Everything else (`javascript:`, `http:` elsewhere, `data:text/html`, relative URLs,
 *   more than 256 KiB) is refused.
 * - **Links** (`<a href>` to an outside page, an endpoint in the options): `https:`; `http:` on a loopback
 *   host under the same localhost rule as images.
 * - **Wallet deep links**: an `https:` link as above, or a wallet app's own scheme (see `isSafeWalletLink`).
 * - Where a value is parsed without an instance at hand (the API's zod schemas, the options schema, the
 *   wallet list) loopback URLs are kept (`isSafeImageUrl`, `isSafeHttpsLink`): whether they load is decided
 *   where they are shown, by the components, with the instance's policy (`allowLocalhost`, resolved once per
 *   instance in the views' context). A wallet kit errs on refusing: without that policy, loopback never loads.
 *
 * Wallet deep links: what counts as "a wallet's own scheme" is decided by what a wallet app's scheme looks
 * like, not by listing the bad ones only: letters and digits with at most inner `-` or `.`, 2 to 32
 * characters, opened as `scheme:` or `scheme://` followed by nothing that would address another resource
 * (no path, query or fragment of its own: the kit appends `wc?uri=…` itself). Schemes that the operating
 * system or the browser handle themselves are refused even though they have that shape: code and files
 * (`javascript`, `file`…), installers and app launchers (`intent`, `itms-services`, `ms-*` handlers such
 * as `ms-msdt` and `search-ms`), calls and messages (`tel`, `sms`, `mailto`…), and network shares.
 */
import { hasUnsafeUrlChars } from './text';

/** Longest accepted image URL: data: URLs of small icons fit, megabyte payloads do not. */
export const MAX_IMAGE_URL_LENGTH = 256 * 1024;
/** Longest accepted link URL (pages, endpoints, wallet deep links). */
export const MAX_LINK_URL_LENGTH = 2048;

/** Whether `http:` on a loopback host is acceptable: only for an instance that talks to a local stack. */
export interface UrlPolicy {
  /**
   * Also accept `http://127.0.0.1`, `http://localhost` and `http://[::1]` (any port).
   * @default false
   */
  allowLocalhost?: boolean;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** The policy of the boundaries that keep loopback URLs for the place that shows them to decide. */
const KEEP_LOCAL: UrlPolicy = { allowLocalhost: true };

const DATA_IMAGE_RE = /^data:image\/[a-z0-9.+-]+[;,]/i;

function parse(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/** An `https:` page, or `http:` on a loopback host when the policy allows it; no credentials. */
function isWebUrl(url: URL, { allowLocalhost = false }: UrlPolicy): boolean {
  if (!url.hostname || url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && allowLocalhost && LOCAL_HOSTS.has(url.hostname);
}

/**
 * The explorer page of a transaction or an address: `<explorer>/<kind>/<id>`, keeping the explorer URL's query
 * (Solana's explorer names the cluster there: `https://explorer.solana.com/tx/<signature>?cluster=devnet`).
 * Null without an explorer. It does not judge the URL: a link passes `safeLinkUrl` where it is shown.
 */
export function explorerPageUrl(
  explorer: string | undefined,
  kind: 'tx' | 'address',
  id: string,
): string | null {
  const m = explorer ? /^([^?#]*?)\/*([?#].*)?$/.exec(explorer) : null;
  return m ? `${m[1]}/${kind}/${id}${m[2] ?? ''}` : null;
}

/** Returns the URL if an `<a href>` may lead to it (see the module's rule for links), otherwise `null`. */
export function safeLinkUrl(value: unknown, policy: UrlPolicy = {}): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LINK_URL_LENGTH) return null;
  if (hasUnsafeUrlChars(value)) return null;
  const url = parse(value);
  return url && isWebUrl(url, policy) ? value : null;
}

/**
 * A link or endpoint kept at a boundary that has no instance at hand: `https:`, or `http:` on a loopback host
 * (the place that shows or calls it applies the instance's policy).
 */
export function isSafeHttpsLink(value: unknown): value is string {
  return safeLinkUrl(value, KEEP_LOCAL) !== null;
}

/** `https:` anywhere, `http:` only on a loopback host: an endpoint in the options (local development stack). */
export const isHttpsOrLocalUrl = isSafeHttpsLink;

/**
 * Whether an instance talks to a local stack (its explorer or Blockchain API is `http:` on a loopback host):
 * then loopback `http:` images and links load (the instance's `UrlPolicy`).
 */
export function allowsLocalhost(options: { explorerUrl: string; apiUrl: string }): boolean {
  return [options.explorerUrl, options.apiUrl].some((u) => u.startsWith('http:') && isHttpsOrLocalUrl(u));
}

/**
 * Whether the window may go to an on-ramp provider URL: a link under the instance's policy whose origin is
 * one of `origins` (the `onrampProviderOrigins` option).
 */
export function isOnrampProviderUrl(url: unknown, origins: readonly string[], policy: UrlPolicy): boolean {
  const safe = safeLinkUrl(url, policy);
  if (!safe) return false;
  const origin = new URL(safe).origin;
  return origins.some((o) => o === origin);
}

/** Returns the URL if an `<img src>` may load it (see the module's rule for images), otherwise `null`. */
export function safeImageUrl(value: unknown, policy: UrlPolicy = {}): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_IMAGE_URL_LENGTH) return null;
  if (hasUnsafeUrlChars(value)) return null;
  if (value.slice(0, 5).toLowerCase() === 'data:') return DATA_IMAGE_RE.test(value) ? value : null;
  const url = parse(value);
  if (!url) return null;
  if (url.protocol === 'blob:') {
    // `blob:https://origin/uuid`: the origin inside must itself be http(s).
    const inner = parse(value.slice(5));
    return inner && (inner.protocol === 'https:' || inner.protocol === 'http:') ? value : null;
  }
  return isWebUrl(url, policy) ? value : null;
}

/** An image URL kept at a boundary that has no instance at hand (loopback `http:` included, see above). */
export function isSafeImageUrl(value: unknown): value is string {
  return safeImageUrl(value, KEEP_LOCAL) !== null;
}

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
const SCHEME_RE = /^([a-zA-Z][a-zA-Z0-9+.-]{0,31}):/;

/**
 * A deep link a wallet tile may open: an `https:` URL (universal link; loopback `http:` kept as for links) or a
 * custom scheme of the wallet's own (`metamask://`, `trust:`); never `javascript:`, `data:`, `vbscript:`,
 * `file:` and friends.
 */
export function isSafeWalletLink(value: unknown): value is string {
  if (typeof value !== 'string' || !value || value.length > MAX_LINK_URL_LENGTH) return false;
  if (hasUnsafeUrlChars(value)) return false;
  const m = SCHEME_RE.exec(value);
  if (!m) return false;
  const raw = m[1]!;
  const scheme = raw.toLowerCase();
  if (scheme === 'https' || scheme === 'http') return isSafeHttpsLink(value);
  if (scheme.length < 2 || !WALLET_SCHEME_RE.test(scheme)) return false;
  if (FORBIDDEN_SCHEMES.has(scheme) || SYSTEM_SCHEME_RE.test(scheme)) return false;
  return WALLET_REST_RE.test(value.slice(raw.length + 1));
}
