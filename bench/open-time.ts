// `npm run bench:open`: how long the modal takes to open in the playground, as a visitor sees it.
//
// Starts the whole local stack (services/stack.ts, free ports in 36000-36999, its own data directory), then in
// Debian's Chromium, for each of RUNS fresh browser contexts (empty cache, nothing remembered):
//   - firstOpenAfterLoad:  click "Connect wallet" right after the load event (the modal's view code may still
//                          be loading: KeywayModal preloads it when the page is idle);
//   - firstOpenAfterIdle:  a new context, click once the page has been idle for 1 s (view code preloaded; the
//                          wallet lists still come from the explorer API on this first open);
//   - reopen:              close the modal and open it again (everything cached in the stores);
//   - pairingQr:           in the open modal, All wallets → search "rainbow" → click Rainbow (a wallet that
//                          pairs): from that click to the first frame with the QR code of a pairing URI made
//                          against the stack's WalletConnect relay (the pairing code loads as the pointer
//                          reaches the tile, a moment before the click, as for a visitor);
//   - pairingQrAfterRest:  the same with the pointer resting on the tile until the network is idle first (the
//                          preloaded pairing code), then the click.
// Each figure is measured inside the page: from the click event (capture phase, performance.now()) to the
// first frame in which the Connect view shows wallet rows. Reported: median, p90, min, max in ms, with and
// without 4x CPU throttling (Chrome DevTools Protocol), in bench/results/open-time.json.
// A benchmark, not a test: nothing here passes or fails on a number. Not part of `npm test`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { freeStackPorts } from '../services/free-ports.ts';
import { type Stack, startStack } from '../services/stack.ts';

const RUNS = Number(process.env.KW_BENCH_RUNS ?? 10);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const repo = resolve(import.meta.dirname, '..');

/**
 * Arms the in-page timer: resolves with the ms from the next click on "Connect wallet" to the first animation
 * frame in which the Connect view lists at least one wallet.
 */
function armOpenTimer(page: Page): Promise<number> {
  // A source string, not a function: tsx's transform would wrap a function in helpers the page lacks.
  return page.evaluate(`new Promise((done) => {
    const onClick = (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (!button || !button.textContent.includes('Connect wallet')) return;
      const clickedAt = performance.now();
      document.removeEventListener('click', onClick, true);
      const check = () => {
        const rows = document.querySelectorAll('[data-kw-modal-view="Connect"] ul[aria-label="Wallets"] li');
        if (rows.length > 0) done(performance.now() - clickedAt);
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    };
    document.addEventListener('click', onClick, true);
  })`);
}

/** Arms the in-page timer for a click on a wallet tile until the first frame showing a pairing QR code. */
function armQrTimer(page: Page, wallet: string): Promise<number> {
  return page.evaluate(`new Promise((done) => {
    const onClick = (event) => {
      const tile = event.target instanceof Element ? event.target.closest('button') : null;
      if (!tile || !tile.textContent.includes(${JSON.stringify(wallet)})) return;
      const clickedAt = performance.now();
      document.removeEventListener('click', onClick, true);
      const check = () => {
        const qr = document.querySelector('[data-kw-view="ConnectingWalletConnect"] [data-kw-qr^="wc:"]');
        if (qr) done(performance.now() - clickedAt);
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    };
    document.addEventListener('click', onClick, true);
  })`);
}

/** Open modal → All wallets → "rainbow": the Rainbow tile, ready to be clicked. */
async function rainbowTile(page: Page) {
  await page
    .getByRole('dialog', { name: 'Connect wallet' })
    .getByRole('button', { name: /All wallets/ })
    .click();
  const all = page.getByRole('dialog', { name: 'All wallets' });
  await all.getByPlaceholder('Search wallets').fill('rainbow');
  const tile = all.getByRole('button', { name: /^Rainbow/ });
  await tile.waitFor();
  return tile;
}

async function measureQr(page: Page, rest: boolean): Promise<number> {
  await measureOpen(page);
  const tile = await rainbowTile(page);
  if (rest) {
    await tile.hover();
    await page.waitForLoadState('networkidle');
  }
  const timer = armQrTimer(page, 'Rainbow');
  await tile.click();
  return timer;
}

async function measureOpen(page: Page): Promise<number> {
  const timer = armOpenTimer(page);
  await page.getByRole('button', { name: 'Connect wallet' }).first().click();
  return timer;
}

async function closeModal(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

async function newPage(browser: Browser, url: string, throttle: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  if (throttle > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  }
  await page.goto(url, { waitUntil: 'load' });
  return page;
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    runs: sorted.length,
    medianMs: round(at(0.5)),
    p90Ms: round(at(0.9)),
    minMs: round(sorted[0] ?? Number.NaN),
    maxMs: round(sorted[sorted.length - 1] ?? Number.NaN),
  };
}

async function scenario(browser: Browser, url: string, throttle: number) {
  const afterLoad: number[] = [];
  const afterIdle: number[] = [];
  const reopen: number[] = [];
  const pairingQr: number[] = [];
  const pairingQrAfterRest: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const a = await newPage(browser, url, throttle);
    afterLoad.push(await measureOpen(a));
    await a.context().close();

    const b = await newPage(browser, url, throttle);
    await b.waitForLoadState('networkidle');
    await b.waitForTimeout(1000); // a benchmark scenario ("idle for 1 s"), not a wait for a condition
    afterIdle.push(await measureOpen(b));
    await closeModal(b);
    reopen.push(await measureOpen(b));
    await b.context().close();

    for (const [rest, into] of [
      [false, pairingQr],
      [true, pairingQrAfterRest],
    ] as const) {
      const c = await newPage(browser, url, throttle);
      await c.waitForLoadState('networkidle');
      into.push(await measureQr(c, rest));
      await c.context().close();
    }
  }
  return {
    cpuThrottling: throttle,
    firstOpenAfterLoad: stats(afterLoad),
    firstOpenAfterIdle: stats(afterIdle),
    reopen: stats(reopen),
    pairingQr: stats(pairingQr),
    pairingQrAfterRest: stats(pairingQrAfterRest),
  };
}

let stack: Stack | undefined;
let browser: Browser | undefined;
try {
  const started = Date.now();
  stack = await startStack({ ports: await freeStackPorts(36000, 36999), log: () => undefined });
  const url = `${stack.urls.playground}/`;
  console.log(`stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${url}`);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const results = [];
  for (const throttle of [1, 4]) {
    const r = await scenario(browser, url, throttle);
    results.push(r);
    console.log(`\nCPU ${throttle}x (${RUNS} runs each): click → wallet rows shown, ms`);
    for (const key of [
      'firstOpenAfterLoad',
      'firstOpenAfterIdle',
      'reopen',
      'pairingQr',
      'pairingQrAfterRest',
    ] as const) {
      const s = r[key];
      console.log(`  ${key.padEnd(20)} median ${s.medianMs}  p90 ${s.p90Ms}  min ${s.minMs}  max ${s.maxMs}`);
    }
  }
  const out = {
    measuredAt: new Date().toISOString(),
    node: process.version,
    chromium: browser.version(),
    page: 'playground/index.html (styled), production build, strict CSP',
    metric:
      'click on "Connect wallet" → first frame with wallet rows in the Connect view; pairing: click on a wallet ' +
      'that pairs → first frame with the QR code of a wc: URI from the local relay (in-page performance.now())',
    scenarios: results,
  };
  mkdirSync(resolve(repo, 'bench/results'), { recursive: true });
  writeFileSync(resolve(repo, 'bench/results/open-time.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log('\nWrote bench/results/open-time.json');
} finally {
  await browser?.close();
  await stack?.stop();
}
