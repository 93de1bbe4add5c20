/**
 * DNS-rebinding guard for the local services. A page on another site can point its own host name at
 * 127.0.0.1 and then talk to a service here as if it were same-origin; the one thing it cannot change is
 * the `Host` header, which still names its site. So every request must name this machine (`localhost`,
 * `*.localhost`, `127.0.0.1`, `[::1]`) or a host the service was configured with (its public URL, the
 * interface it binds when that is a name or an address rather than a wildcard); anything else gets
 * `421 Misdirected Request` before any route runs.
 */
import type { Context, MiddlewareHandler } from 'hono';

const LOOPBACK_HOST = /^(localhost|[a-z0-9-]+\.localhost|127\.0\.0\.1|\[::1\])$/i;

/** The host name of a `Host` header value (`name:port`, `[v6]:port`), lowercased; null if it is malformed. */
export function hostNameOf(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i.exec(header.trim());
  return m?.[1] ? m[1].toLowerCase() : null;
}

/**
 * The host names a service accepts besides loopback: those of its public URL and of a bind address that is
 * not a wildcard (`0.0.0.0`, `::`).
 */
export function configuredHosts(opts: { publicUrl?: string; hostname?: string }): string[] {
  const hosts: string[] = [];
  if (opts.publicUrl) hosts.push(new URL(opts.publicUrl).hostname.toLowerCase());
  if (opts.hostname && opts.hostname !== '0.0.0.0' && opts.hostname !== '::') {
    hosts.push(
      opts.hostname.includes(':') ? `[${opts.hostname.toLowerCase()}]` : opts.hostname.toLowerCase(),
    );
  }
  return hosts;
}

export function isAllowedHost(header: string | undefined, extraHosts: readonly string[]): boolean {
  const name = hostNameOf(header);
  if (name === null) return false;
  return LOOPBACK_HOST.test(name) || extraHosts.includes(name);
}

/** Hono middleware answering 421 with `body(c)` when the Host header names another site. */
export function hostGuard(
  extraHosts: readonly string[],
  body: (c: Context, message: string) => Response,
): MiddlewareHandler {
  return async (c, next) => {
    if (!isAllowedHost(c.req.header('host'), extraHosts)) {
      return body(c, 'This service answers only requests addressed to its own host name');
    }
    await next();
  };
}
