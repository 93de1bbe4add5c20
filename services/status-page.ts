/**
 * The stack's status page: a static HTML table of the services and their health, checked when the page is
 * requested. No scripts at all (the page refreshes itself with a meta refresh); a strict CSP forbids them.
 * Served on the playground port until the playground exists. Behind the stack's guard
 * (services/host-guard.ts): a foreign `Host` gets 421, a browser `Origin` that is neither the page's own nor
 * one of `allowedOrigins` 403.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { applyRequestGuard, loopbackOrigins, type RequestGuardOptions } from './host-guard.ts';

export interface HealthReport {
  name: string;
  description: string;
  url: string;
  healthy: boolean;
  detail: string;
}

export interface StatusPageServer {
  url: string;
  stop(): Promise<void>;
}

export const STATUS_CSP =
  "default-src 'none'; style-src 'self'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const STATUS_STYLES = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 2rem auto; max-width: 60rem; padding: 0 1rem; }
h1 { font-size: 1.4rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .5rem .75rem; border-bottom: 1px solid #8884; vertical-align: top; }
.ok { color: #16803c; font-weight: 600; }
.down { color: #c0262d; font-weight: 600; }
.muted { opacity: .7; font-size: .9rem; }
code { font-size: .9rem; }
`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function linkOrText(url: string): string {
  const safe = escapeHtml(url);
  return /^https?:\/\//.test(url) ? `<a href="${safe}">${safe}</a>` : `<code>${safe}</code>`;
}

export function renderStatusPage(reports: HealthReport[], checkedAt: Date): string {
  const allHealthy = reports.every((r) => r.healthy);
  const rows = reports
    .map(
      (r) => `      <tr>
        <td>${escapeHtml(r.name)}<div class="muted">${escapeHtml(r.description)}</div></td>
        <td>${linkOrText(r.url)}</td>
        <td class="${r.healthy ? 'ok' : 'down'}">${r.healthy ? 'healthy' : 'unreachable'}</td>
        <td class="muted">${escapeHtml(r.detail)}</td>
      </tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta http-equiv="refresh" content="5">
    <title>Keyway local stack</title>
    <link rel="stylesheet" href="/status.css">
  </head>
  <body>
    <h1>Keyway local stack: ${allHealthy ? 'all services healthy' : 'some services are unreachable'}</h1>
    <table>
      <thead><tr><th>Service</th><th>URL</th><th>Health</th><th>Detail</th></tr></thead>
      <tbody>
${rows}
      </tbody>
    </table>
    <p class="muted">Checked at ${escapeHtml(checkedAt.toISOString())}; this page reloads every 5 seconds.</p>
  </body>
</html>
`;
}

function respond(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, {
    'content-type': type,
    'content-security-policy': STATUS_CSP,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  });
  res.end(body);
}

export async function startStatusPage(opts: {
  port: number;
  health: () => Promise<HealthReport[]>;
  /** Origins whose pages may call it besides its own (services/stack.ts: `stackOrigins`). */
  allowedOrigins?: readonly string[];
}): Promise<StatusPageServer> {
  // Its own origins join once the port is known (port 0: the OS picks it).
  const guard: RequestGuardOptions = { allowedOrigins: [...(opts.allowedOrigins ?? [])] };
  const server = createServer((req, res) => {
    if (!applyRequestGuard(req.headers, res, guard)) return;
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      respond(res, 405, 'text/plain; charset=utf-8', 'method not allowed');
      return;
    }
    if (path === '/health') {
      respond(res, 200, 'application/json', JSON.stringify({ ok: true }));
      return;
    }
    if (path === '/status.css') {
      respond(res, 200, 'text/css; charset=utf-8', STATUS_STYLES);
      return;
    }
    if (path === '/' || path === '/status.json') {
      opts.health().then(
        (reports) => {
          if (path === '/status.json')
            respond(res, 200, 'application/json', JSON.stringify({ services: reports }));
          else respond(res, 200, 'text/html; charset=utf-8', renderStatusPage(reports, new Date()));
        },
        (error: unknown) =>
          respond(res, 500, 'text/plain; charset=utf-8', `health check failed: ${String(error)}`),
      );
      return;
    }
    respond(res, 404, 'text/plain; charset=utf-8', 'not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  guard.allowedOrigins = [...guard.allowedOrigins, ...loopbackOrigins(port)];
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
