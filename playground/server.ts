/**
 * Serves a built playground (playground-dist/, or any Vite output of playground/vite.config.ts) with a strict
 * Content-Security-Policy header and the local stack's URLs written into each page's
 * `<meta name="keyway-playground-config">` (no inline script, no extra request). Also serves the stack's
 * status page at /status (and /status.json) when given a health function. Behind the stack's guard
 * (services/host-guard.ts): a foreign `Host` gets 421, a browser `Origin` that is neither the page's own nor
 * one of `allowedOrigins` 403 (a top-level visit sends no `Origin` and is served). The page's
 * sign-in-with-Ethereum backend answers under /api/siwe/ (playground/siwe-server.ts: the page's `?siwe=1`).
 */
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, relative, resolve, sep } from 'node:path';
import {
  applyRequestGuard,
  configuredHosts,
  loopbackOrigins,
  type RequestGuardOptions,
} from '../services/host-guard.ts';
import { type HealthReport, renderStatusPage, STATUS_CSP, STATUS_STYLES } from '../services/status-page.ts';
import { createSiweServer, MAX_BODY_BYTES, type SiweServer } from './siwe-server.ts';
import { CONFIG_META_NAME, type PlaygroundConfig, playgroundConfigSchema } from './src/config.ts';

/** The playground's policy: scripts and styles from the page's origin only; the local stack on any port. */
export const PLAYGROUND_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self' http://127.0.0.1:* http://localhost:* ws://127.0.0.1:* ws://localhost:*",
  "img-src 'self' data: blob: http://127.0.0.1:* http://localhost:*",
  'frame-src http://127.0.0.1:* http://localhost:*',
].join('; ');

const SECURITY_HEADERS = {
  'content-security-policy': PLAYGROUND_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  // Not 'same-origin': that severs window.opener of the social-login popup once it leaves for the frame's
  // origin, so the callback could never hand the result back (and the popup looked closed to the kit).
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'x-frame-options': 'DENY',
} as const;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json',
};

/** Clean page URLs: `/`, `/headless` and `/phone` (plus their `.html` names). */
const PAGES: Record<string, string> = {
  '/': 'index.html',
  '/index.html': 'index.html',
  '/headless': 'headless.html',
  '/headless.html': 'headless.html',
  '/phone': 'phone.html',
  '/phone.html': 'phone.html',
};

export interface PlaygroundServer {
  url: string;
  stop(): Promise<void>;
}

export interface PlaygroundServerOptions {
  /** The Vite output directory. */
  dir: string;
  port: number;
  host?: string;
  config: PlaygroundConfig;
  /** Health of the stack, for /status; without it /status answers 404. */
  health?: () => Promise<HealthReport[]>;
  /** Origins whose pages may call it besides its own (services/stack.ts: `stackOrigins`). */
  allowedOrigins?: readonly string[];
  /** Serves the test-only reads (`/__test/siwe/sessions`). */
  testMode?: boolean;
}

/** The request's body as text, or null once it is over `limit` bytes (the rest is not read). */
function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        resolvePromise(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolvePromise(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Hands a request to the sign-in backend and sends its answer. */
async function serveSiwe(siwe: SiweServer, req: IncomingMessage, res: ServerResponse, path: string) {
  const json = { 'content-type': 'application/json', 'cache-control': 'no-store' };
  const body = req.method === 'POST' ? await readBody(req, MAX_BODY_BYTES) : '';
  if (body === null) {
    send(res, 413, json, JSON.stringify({ error: 'bodyTooLarge', message: 'The body is too large' }), false);
    return;
  }
  const header = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const answer = await siwe.handle({
    method: req.method ?? 'GET',
    path,
    host: header('host') ?? '',
    origin: header('origin'),
    cookie: header('cookie'),
    contentType: header('content-type'),
    body,
  });
  send(res, answer.status, answer.headers, answer.body, req.method === 'HEAD');
}

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Writes the config into the page's placeholder (throws when a page has none: a stale or foreign build). */
export function injectConfig(html: string, config: PlaygroundConfig): string {
  const placeholder = '<!--keyway-playground-config-->';
  if (!html.includes(placeholder)) throw new Error('playground page without the config placeholder');
  const json = JSON.stringify(playgroundConfigSchema.parse(config));
  return html.replace(placeholder, `<meta name="${CONFIG_META_NAME}" content="${escapeAttribute(json)}">`);
}

function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | Buffer,
  head: boolean,
) {
  res.writeHead(status, { ...SECURITY_HEADERS, ...headers, 'content-length': Buffer.byteLength(body) });
  res.end(head ? undefined : body);
}

/** A refusal with the page's security headers (no-store: the same URL answers an allowed caller). */
function refuse(res: ServerResponse, status: number, message: string): void {
  send(
    res,
    status,
    { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    message,
    false,
  );
}

export async function startPlaygroundServer(opts: PlaygroundServerOptions): Promise<PlaygroundServer> {
  const root = resolve(opts.dir);
  // Pages are read once: the build does not change while it is served.
  const pages = new Map<string, string>();
  for (const file of new Set(Object.values(PAGES))) {
    pages.set(file, injectConfig(readFileSync(join(root, file), 'utf8'), opts.config));
  }

  const host = opts.host ?? '127.0.0.1';
  // Its own origins join once the port is known (port 0: the OS picks it).
  const guard: RequestGuardOptions = {
    allowedOrigins: [...(opts.allowedOrigins ?? [])],
    extraHosts: configuredHosts({ hostname: host }),
  };

  const siwe = createSiweServer({
    rpcUrls: { 31337: opts.config.evmRpc31337, 31338: opts.config.evmRpc31338 },
    testMode: opts.testMode ?? false,
  });

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (!applyRequestGuard(req.headers, res, guard, refuse)) return;
    const head = req.method === 'HEAD';
    const siwePath = (() => {
      try {
        const path = new URL(req.url ?? '/', 'http://localhost').pathname;
        return siwe.owns(path) ? path : null;
      } catch {
        return null;
      }
    })();
    if (siwePath) {
      serveSiwe(siwe, req, res, siwePath).catch(() => {
        if (!res.headersSent)
          send(res, 500, { 'content-type': 'application/json' }, '{"error":"internal"}', false);
      });
      return;
    }
    if (req.method !== 'GET' && !head) {
      send(
        res,
        405,
        { 'content-type': 'text/plain; charset=utf-8', allow: 'GET, HEAD' },
        'method not allowed',
        head,
      );
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      send(res, 400, { 'content-type': 'text/plain; charset=utf-8' }, 'bad request', head);
      return;
    }
    if (path === '/health') {
      send(
        res,
        200,
        { 'content-type': 'application/json', 'cache-control': 'no-store' },
        '{"ok":true}',
        head,
      );
      return;
    }
    const page = PAGES[path];
    if (page) {
      send(
        res,
        200,
        { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
        pages.get(page)!,
        head,
      );
      return;
    }
    if (opts.health && (path === '/status' || path === '/status.json' || path === '/status.css')) {
      const statusHeaders = { 'content-security-policy': STATUS_CSP, 'cache-control': 'no-store' };
      if (path === '/status.css') {
        send(res, 200, { ...statusHeaders, 'content-type': 'text/css; charset=utf-8' }, STATUS_STYLES, head);
        return;
      }
      opts.health().then(
        (reports) => {
          if (path === '/status.json') {
            send(
              res,
              200,
              { ...statusHeaders, 'content-type': 'application/json' },
              JSON.stringify({ services: reports }),
              head,
            );
          } else {
            send(
              res,
              200,
              { ...statusHeaders, 'content-type': 'text/html; charset=utf-8' },
              renderStatusPage(reports, new Date()),
              head,
            );
          }
        },
        (error: unknown) =>
          send(
            res,
            500,
            { 'content-type': 'text/plain; charset=utf-8' },
            `health check failed: ${String(error)}`,
            head,
          ),
      );
      return;
    }
    // Static assets: only files under the build directory, never a directory or a dotfile.
    const file = normalize(join(root, path));
    if (
      !file.startsWith(root + sep) ||
      relative(root, file)
        .split(sep)
        .some((part) => part.startsWith('.'))
    ) {
      send(res, 404, { 'content-type': 'text/plain; charset=utf-8' }, 'not found', head);
      return;
    }
    let size: number;
    try {
      const st = statSync(file);
      if (!st.isFile()) throw new Error('not a file');
      size = st.size;
    } catch {
      send(res, 404, { 'content-type': 'text/plain; charset=utf-8' }, 'not found', head);
      return;
    }
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': size,
      // Hashed file names under /assets never change.
      'cache-control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (head) res.end();
    else createReadStream(file).pipe(res);
  };

  const server = createServer(handle);
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => resolvePromise());
  });
  const port = (server.address() as AddressInfo).port;
  // Its pages under the loopback names and, when it binds a named interface, under that name.
  const own = new Set(loopbackOrigins(port));
  for (const name of configuredHosts({ hostname: host })) own.add(`http://${name}:${port}`);
  guard.allowedOrigins = [...guard.allowedOrigins, ...own];
  return {
    url: `http://${host}:${port}`,
    stop: () =>
      new Promise<void>((resolvePromise) => {
        server.close(() => resolvePromise());
        server.closeAllConnections();
      }),
  };
}
