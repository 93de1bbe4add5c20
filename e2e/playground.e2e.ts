/**
 * The playground server as a visitor's browser meets it (no browser needed): both pages with the strict CSP
 * header and the stack's URLs in their config meta tag, the status page at /status, and nothing outside the
 * build served.
 */
import { request } from 'node:http';
import { describe, expect, inject, it } from 'vitest';

const stack = inject('keywayStack');
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self' http://127.0.0.1:* http://localhost:* ws://127.0.0.1:* ws://localhost:*; img-src 'self' data: blob: http://127.0.0.1:* http://localhost:*; frame-src http://127.0.0.1:* http://localhost:*";

/** A raw GET (fetch would normalise `..` in the path before sending it). */
function rawGet(path: string, method = 'GET'): Promise<{ status: number; body: string }> {
  const url = new URL(stack.playgroundUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('playground server', () => {
  it.each([
    ['styled', stack.playgroundUrl, 'Keyway playground'],
    ['headless', stack.headlessUrl, 'Keyway headless playground'],
  ])('serves the %s page with the strict CSP and the stack URLs', async (_name, url, title) => {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(CSP);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // Popups keep their opener (the social-login callback hands its result back through it).
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    const html = await res.text();
    expect(html).toContain(`<title>${title}</title>`);
    // No inline script: every script has a src on the page's own origin.
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) expect(s).toMatch(/\ssrc="\/assets\/[^"]+\.js"/);
    expect(html).not.toMatch(/<style\b|\sstyle="/);
    const meta = /<meta name="keyway-playground-config" content="([^"]+)">/.exec(html);
    const config = JSON.parse(meta![1]!.replace(/&#34;/g, '"')) as Record<string, string>;
    expect(config).toEqual({
      apiUrl: stack.apiUrl,
      explorerUrl: stack.apiUrl,
      frameUrl: stack.frameUrl,
      evmRpc31337: stack.evmRpc[31337],
      evmRpc31338: stack.evmRpc[31338],
      solanaRpcUrl: stack.solanaRpcUrl,
      relayUrl: stack.relayUrl,
    });
  });

  it('serves the stack status at /status, every service healthy', async () => {
    const res = await fetch(new URL('/status', stack.playgroundUrl));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain('all services healthy');
    const json = (await (await fetch(new URL('/status.json', stack.playgroundUrl))).json()) as {
      services: { name: string; healthy: boolean }[];
    };
    expect(json.services.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        'EVM chain 31337',
        'EVM chain 31338',
        'Solana',
        'api',
        'frame',
        'relay',
        'playground',
      ]),
    );
    expect(json.services.filter((s) => !s.healthy)).toEqual([]);
  });

  it('serves nothing outside the build and only GET/HEAD', async () => {
    expect((await rawGet('/assets/%2e%2e/%2e%2e/package.json')).status).toBe(404);
    expect((await rawGet('/../package.json')).status).toBe(404);
    expect((await rawGet('/.vite/manifest.json')).status).toBe(404);
    expect((await rawGet('/assets/')).status).toBe(404);
    expect((await rawGet('/no-such-file.js')).status).toBe(404);
    expect((await rawGet('/', 'POST')).status).toBe(405);
  });
});
