/**
 * DNS-rebinding guard for the local services. A page on another site can point its own host name at
 * 127.0.0.1 and then talk to a service here as if it were same-origin; the one thing it cannot change is
 * the `Host` header, which still names its site. So every request must name this machine (`localhost`,
 * `*.localhost`, `127.0.0.1`, `[::1]`) or a host the service was configured with (its public URL, the
 * interface it binds when that is a name or an address rather than a wildcard); anything else gets
 * `421 Misdirected Request` before any route runs.
 *
 * The origin check (`guardRequest`, for the `node:http` servers of the stack) adds the other half: a page on
 * another site that calls a service here directly (`fetch`, a form, a websocket) sends its own `Origin`.
 * A request whose `Origin` is not one of the allowed origins gets `403` before any route runs; an allowed
 * one gets CORS headers naming that origin, never `*`. A request without `Origin` (Node, curl, a top-level
 * navigation) is not a cross-site browser call and passes.
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
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

/** The origins of a page served on this machine at `port`: both loopback names a browser is pointed at. */
export function loopbackOrigins(port: number): string[] {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
}

/** True for a request without `Origin` (not a cross-site browser call) or one from an allowed origin. */
export function isAllowedOrigin(origin: string | undefined, allowedOrigins: readonly string[]): boolean {
  return origin === undefined || allowedOrigins.includes(origin);
}

export interface RequestGuardOptions {
  /** Origins whose pages may call the service (exact `scheme://host[:port]`). */
  allowedOrigins: readonly string[];
  /** Host names accepted besides loopback (`configuredHosts`). */
  extraHosts?: readonly string[];
}

export type GuardDecision =
  /** `corsOrigin`: the allowed origin to name in `Access-Control-Allow-Origin` (none without `Origin`). */
  { allowed: true; corsOrigin: string | undefined } | { allowed: false; status: 421 | 403; message: string };

/** The Host check, then the Origin check, of one request. */
export function guardRequest(headers: IncomingHttpHeaders, opts: RequestGuardOptions): GuardDecision {
  if (!isAllowedHost(headers.host, opts.extraHosts ?? [])) {
    return {
      allowed: false,
      status: 421,
      message: 'This service answers only requests addressed to its own host name',
    };
  }
  const origin = headers.origin;
  if (!isAllowedOrigin(origin, opts.allowedOrigins)) {
    return {
      allowed: false,
      status: 403,
      message: 'This service answers only pages of the local stack (the Origin of this request is not one)',
    };
  }
  return { allowed: true, corsOrigin: origin };
}

/**
 * For a `node:http` request handler: answers a refused request (with `refuse`, default plain text) and
 * returns false, or sets the CORS headers of an allowed origin and returns true.
 */
export function applyRequestGuard(
  headers: IncomingHttpHeaders,
  res: ServerResponse,
  opts: RequestGuardOptions,
  refuse: (res: ServerResponse, status: number, message: string) => void = refusePlain,
): boolean {
  const decision = guardRequest(headers, opts);
  res.setHeader('vary', 'Origin');
  if (!decision.allowed) {
    refuse(res, decision.status, decision.message);
    return false;
  }
  if (decision.corsOrigin !== undefined) res.setHeader('access-control-allow-origin', decision.corsOrigin);
  return true;
}

function refusePlain(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(message);
}

/**
 * For a `node:http` server's `upgrade` event (websockets, which CORS does not cover at all): returns true
 * when the upgrade may go on, else answers the refusal on the raw socket, closes it and returns false.
 */
export function guardUpgrade(
  headers: IncomingHttpHeaders,
  socket: Duplex,
  opts: RequestGuardOptions,
): boolean {
  const decision = guardRequest(headers, opts);
  if (decision.allowed) return true;
  const reason = decision.status === 421 ? 'Misdirected Request' : 'Forbidden';
  socket.end(
    `HTTP/1.1 ${decision.status} ${reason}\r\nconnection: close\r\ncontent-type: text/plain; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(decision.message)}\r\n\r\n${decision.message}`,
    () => socket.destroy(),
  );
  return false;
}

/**
 * Answers a CORS preflight (`OPTIONS`) of a request that passed the guard: POST and GET, the headers asked
 * for, cached 10 minutes. True when it answered.
 */
export function answerPreflight(
  req: { method?: string | undefined; headers: IncomingHttpHeaders },
  res: { writeHead(status: number, headers: Record<string, string>): unknown; end(): unknown },
): boolean {
  if (req.method !== 'OPTIONS') return false;
  const asked = req.headers['access-control-request-headers'];
  res.writeHead(204, {
    'access-control-allow-methods': 'POST, GET, OPTIONS',
    'access-control-allow-headers': typeof asked === 'string' ? asked : 'content-type',
    'access-control-max-age': '600',
  });
  res.end();
  return true;
}
