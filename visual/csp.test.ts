/**
 * CSP proof: the built Theme playground composition, served with
 * `Content-Security-Policy: default-src 'self'; style-src 'self'` (no 'unsafe-inline'), renders with its
 * styles, its font and its icons, reports no violation, and is not bent by a host's global reset.
 * Runs in node (Vitest project `csp`): Vite builds the fixture, node:http serves it, playwright-core drives
 * Debian's Chromium.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icons } from '../stories/components/_fixtures';
import { CHROMIUM, chromiumArgs } from '../vitest.browser.ts';

const ROOT = resolve(import.meta.dirname, '..');
const FIXTURE = resolve(import.meta.dirname, 'csp-fixture');
const CSP = "default-src 'self'; style-src 'self'";
const ACCENT_RGB = 'rgb(194, 37, 92)'; // #c2255c, the fixture's accent

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

let outDir = '';
let server: Server;
let origin = '';
let browser: Browser;
let page: Page;
const violations: string[] = [];
const consoleErrors: string[] = [];

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'keyway-csp-'));
  await build({
    root: FIXTURE,
    configFile: false,
    logLevel: 'warn',
    plugins: [react(), vanillaExtractPlugin()],
    // The repository's postcss.config.js: the `[data-keyway]` scoping a published build has.
    css: { postcss: ROOT },
    build: { outDir, emptyOutDir: true, assetsInlineLimit: 0, modulePreload: { polyfill: false } },
  });
  // Icons as files from 'self' (the fixtures are data: URLs, which `img-src 'self'` refuses).
  mkdirSync(join(outDir, 'icons'), { recursive: true });
  for (const [name, url] of Object.entries(icons)) {
    writeFileSync(
      join(outDir, 'icons', `${name}.svg`),
      decodeURIComponent(url.slice('data:image/svg+xml,'.length)),
    );
  }

  server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (path === '/favicon.ico') {
      res.writeHead(204, { 'Content-Security-Policy': CSP }).end();
      return;
    }
    const file = join(outDir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(outDir) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404, { 'Content-Security-Policy': CSP }).end('not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Security-Policy': CSP,
      'Cache-Control': 'no-store',
    });
    res.end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs, headless: true });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  // Registered before any page script: catches violations from the very first stylesheet or script.
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'}`);
    });
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => consoleErrors.push(String(err)));
  const response = await page.goto(`${origin}/`, { waitUntil: 'load' });
  expect(response?.headers()['content-security-policy']).toBe(CSP);
  await page.waitForSelector('[data-kw-playground]');
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(Array.from(document.images).map((img) => img.decode().catch(() => undefined)));
  });
  violations.push(
    ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)),
  );
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((r) => server?.close(r));
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('Theme playground under a strict CSP', () => {
  it('reports no CSP violation and no console error', () => {
    expect(violations).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('applies the kit stylesheet: accent on the primary button, Inter, radius, card surface', async () => {
    const s = await page.evaluate(() => {
      const button = document.querySelector('[data-kw-playground-primary]') as HTMLElement;
      const card = document.querySelector('[data-kw-playground]') as HTMLElement;
      const b = getComputedStyle(button);
      return {
        background: b.backgroundColor,
        color: b.color,
        font: b.fontFamily,
        radius: b.borderRadius,
        paddingLeft: b.paddingLeft,
        cardBackground: getComputedStyle(card).backgroundColor,
        interLoaded: document.fonts.check('16px Inter'),
      };
    });
    expect(s.background).toBe(ACCENT_RGB);
    expect(s.color).toBe('rgb(255, 255, 255)');
    expect(s.font).toMatch(/^"?Inter"?,/);
    expect(s.interLoaded).toBe(true);
    expect(s.radius).toBe('15px'); // md (10px) x the lg factor (1.5)
    expect(s.paddingLeft).toBe('20px');
    expect(s.cardBackground).toBe('rgb(255, 255, 255)');
  });

  it("loads the icons from 'self'", async () => {
    const loaded = await page.evaluate(() => Array.from(document.images).map((i) => i.naturalWidth > 0));
    expect(loaded.length).toBe(7);
    expect(loaded.every(Boolean)).toBe(true);
  });

  it("is not bent by the host's global reset, and does not leak into the host", async () => {
    const s = await page.evaluate(() => {
      const host = document.getElementById('host-button') as HTMLElement;
      const tile = document.querySelector('[data-kw-wallet-tile]') as HTMLElement;
      const heading = document.querySelector('#kw-playground-title') as HTMLElement;
      const resetLoaded = Array.from(document.styleSheets).some((sh) => sh.href?.endsWith('/host-reset.css'));
      return {
        resetLoaded,
        hostBackground: getComputedStyle(host).backgroundColor,
        hostFont: getComputedStyle(host).fontFamily,
        tileBackground: getComputedStyle(tile).backgroundColor,
        tilePaddingTop: getComputedStyle(tile).paddingTop,
        headingSize: getComputedStyle(heading).fontSize,
        headingWeight: getComputedStyle(heading).fontWeight,
      };
    });
    expect(s.resetLoaded).toBe(true);
    // The reset reached the host's own button...
    expect(s.hostBackground).toBe('rgba(0, 0, 0, 0)');
    expect(s.hostFont).toMatch(/^Georgia/);
    // ...and not the kit's.
    expect(s.tileBackground).toBe('rgb(244, 245, 247)');
    expect(s.tilePaddingTop).toBe('12px');
    expect(s.headingSize).toBe('18px');
    expect(s.headingWeight).toBe('600');
  });

  it('would see a violation if there were one (the listener works)', async () => {
    const seen = await page.evaluate(
      () =>
        new Promise<string>((done) => {
          document.addEventListener('securitypolicyviolation', (e) => done(e.violatedDirective), {
            once: true,
          });
          const el = document.createElement('style');
          el.textContent = 'body { outline: 1px solid red; }';
          document.head.append(el);
        }),
    );
    expect(seen).toMatch(/^style-src/);
  });
});
