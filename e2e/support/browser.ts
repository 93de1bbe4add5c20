/**
 * Browser helpers for the e2e files: Debian's Chromium through playwright-core, one browser per file
 * (`launchBrowser` in beforeAll, `browser.close()` in afterAll), a fresh context per page.
 */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors, uncaught page errors and CSP violations seen so far (assert it stays empty). */
  consoleErrors: string[];
  /** Closes the page's context. */
  close(): Promise<void>;
}

export interface OpenPageOptions {
  /** Runs on the new page before it navigates (e.g. to record requests from the very first one). */
  beforeGoto?: (page: Page) => void | Promise<void>;
  /**
   * The visitor's languages (`navigator.languages`, `Accept-Language`); default `en-US` whatever the machine's
   * language, since the kit without a host locale speaks the visitor's.
   */
  locale?: string;
}

/** Opens `url` in a new context and page, collecting console errors from the start. */
export async function openPage(
  browser: Browser,
  url: string,
  opts: OpenPageOptions = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: opts.locale ?? 'en-US',
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    // Chromium logs every 4xx/5xx fetch as "Failed to load resource"; name the URL so a test can tell an
    // expected answer (a 404 for a name nobody registered) from a broken one.
    const where = msg.text().startsWith('Failed to load resource') ? msg.location().url : '';
    consoleErrors.push(where ? `${msg.text()} (${where})` : msg.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
  await opts.beforeGoto?.(page);
  await page.goto(url, { waitUntil: 'load' });
  return { context, page, consoleErrors, close: () => context.close() };
}

/**
 * One browser for the calling test file: launched in beforeAll, closed (with every page it opened) in
 * afterAll. Call at the top level of an e2e file; `open(url)` gives a fresh context and page.
 */
export function browserForFile(): {
  open(url: string, opts?: OpenPageOptions): Promise<OpenedPage>;
  browser(): Browser;
} {
  let browser: Browser | undefined;
  const opened: OpenedPage[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const p of opened) await p.close().catch(() => undefined);
    await browser?.close();
  });
  const current = (): Browser => {
    if (!browser)
      throw new Error('browserForFile: the browser starts in beforeAll; call open() inside a test');
    return browser;
  };
  return {
    browser: current,
    async open(url, opts) {
      const p = await openPage(current(), url, opts);
      opened.push(p);
      return p;
    },
  };
}
