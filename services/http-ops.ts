/**
 * What an operator needs of a service's HTTP server: a request id on every request (the caller's `x-request-id`
 * when it is a plain token, else a new one; echoed in the response), one structured log line per request (JSON:
 * time, service, request id, method, path without the query, status, milliseconds), and a graceful stop that
 * finishes the requests in flight before closing.
 */
import type { Server } from 'node:http';
import type { Http2SecureServer, Http2Server } from 'node:http2';
import type { MiddlewareHandler } from 'hono';

export type LogLine = (line: string) => void;

export interface RequestLogEntry {
  time: string;
  service: string;
  requestId: string;
  method: string;
  /** The path only: a query can carry a project id or an address. */
  path: string;
  status: number;
  ms: number;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The in-flight count and the request log of one server. */
export interface RequestTracker {
  middleware: MiddlewareHandler<{ Variables: { requestId: string } }>;
  /**
   * Counts `server`'s requests from their arrival until their response is written out (the handler returning is
   * earlier: the node adapter writes the body after it).
   */
  attach(server: Server | Http2Server | Http2SecureServer): void;
  inFlight(): number;
  /** Resolves when no request is in flight (at once when none is). */
  idle(): Promise<void>;
}

export function trackRequests(service: string, log: LogLine | undefined): RequestTracker {
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  const settle = () => {
    if (inFlight > 0) return;
    for (const w of waiters) w();
    waiters = [];
  };
  return {
    middleware: async (c, next) => {
      const given = c.req.header('x-request-id');
      const requestId = given && REQUEST_ID.test(given) ? given : crypto.randomUUID();
      c.set('requestId', requestId);
      const started = performance.now();
      try {
        await next();
      } finally {
        c.header('x-request-id', requestId);
        if (log) {
          const entry: RequestLogEntry = {
            time: new Date().toISOString(),
            service,
            requestId,
            method: c.req.method,
            path: c.req.path,
            status: c.res.status,
            ms: Math.round((performance.now() - started) * 10) / 10,
          };
          log(JSON.stringify(entry));
        }
      }
    },
    attach(server) {
      (server as Server).on('request', (_req, res) => {
        inFlight++;
        res.once('close', () => {
          inFlight--;
          settle();
        });
      });
    },
    inFlight: () => inFlight,
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
  };
}

/**
 * Stops `server` gracefully: no new connection is accepted, idle keep-alive connections close, the requests in
 * flight finish (their connections close once answered), and whatever is still open after `graceMs` is cut.
 */
export async function closeGracefully(
  server: Server | Http2Server | Http2SecureServer,
  tracker: RequestTracker,
  graceMs = 10_000,
): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const http1 = server as Partial<Server>;
  http1.closeIdleConnections?.();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, graceMs);
  });
  await Promise.race([tracker.idle(), deadline]);
  // Answered requests' keep-alive connections are idle now.
  http1.closeIdleConnections?.();
  await Promise.race([closed, deadline]);
  clearTimeout(timer);
  // Whatever is still open past the grace is cut.
  http1.closeAllConnections?.();
  await closed;
}
