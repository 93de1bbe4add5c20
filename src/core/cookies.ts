/**
 * Cookies for server rendering (`ssr: true`): the storage that keeps wagmi's connection in a cookie, and what
 * the server reads back (`keyway/ssr`'s cookieToInitialState parses and validates it). No React, no browser
 * global at import.
 */

/** Prefix of the keys wagmi persists (instance/wagmi.ts uses the same one for its storage). */
export const KEYWAY_WAGMI_KEY = 'keyway.wagmi';
/** The cookie that holds wagmi's persisted connection. */
export const KEYWAY_CONNECTION_COOKIE = `${KEYWAY_WAGMI_KEY}.store`;

/** One remembered connection: its accounts, its chain and which connector made it. */
export interface KeywayInitialConnection {
  accounts: readonly [`0x${string}`, ...`0x${string}`[]];
  chainId: number;
  connector: { id: string; name: string; type: string; uid: string };
}

/**
 * The connection state a server read from the request's cookie (wagmi's `State` without its status): pass it
 * to `createKeyway({ ssr: true, initialState })`, or to a host's own `WagmiProvider initialState`. A `Map`, which
 * React passes from a Server Component to a Client Component as it is.
 */
export interface KeywayInitialState {
  chainId: number;
  current: string | null;
  connections: Map<string, KeywayInitialConnection>;
}

/** The value of cookie `name` in a `Cookie` header (or `document.cookie`), decoded; null when absent. */
export function readCookie(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return null;
    }
  }
  return null;
}

/** Whether a value looks like a `KeywayInitialState` (the options' check: `cookieToInitialState` validated it). */
export function isInitialState(value: unknown): value is KeywayInitialState {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<KeywayInitialState>;
  return (
    typeof v.chainId === 'number' &&
    (v.current === null || typeof v.current === 'string') &&
    v.connections instanceof Map
  );
}

/** How long the connection cookie lasts (wagmi's connection is otherwise kept until a disconnect). */
const COOKIE_MAX_AGE_S = 60 * 60 * 24 * 180;

/**
 * A storage over `document.cookie` for wagmi's connection (what `ssr: true` persists it in): path `/`,
 * `SameSite=Lax`, `Secure` on https, values URI-encoded. Outside a browser it reads nothing and writes nothing.
 */
export function createCookieStorage(doc: { cookie: string; location?: { protocol: string } } | null = null) {
  const target = () => doc ?? (typeof document === 'undefined' ? null : document);
  return {
    getItem(key: string): string | null {
      const d = target();
      return d ? readCookie(d.cookie, key) : null;
    },
    setItem(key: string, value: string): void {
      const d = target();
      if (!d) return;
      const secure = d.location?.protocol === 'https:' ? ';secure' : '';
      d.cookie = `${key}=${encodeURIComponent(value)};path=/;max-age=${COOKIE_MAX_AGE_S};samesite=lax${secure}`;
    },
    removeItem(key: string): void {
      const d = target();
      if (!d) return;
      d.cookie = `${key}=;path=/;max-age=0;samesite=lax`;
    },
  };
}
