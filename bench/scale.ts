// `npm run bench:scale`: the long lists at scale, in the styled playground against the whole local stack.
//
// Starts the local stack (services/stack.ts, free ports in 37000-37999, its own data directory) with an
// explorer of WALLETS wallets, and writes TRANSACTIONS transactions of the dev account to chain 31337 (sends
// to and receipts from anvil's other dev accounts, TX_PER_BLOCK per block, blocks 30 minutes apart, so the
// history spans several days). Then in Debian's Chromium, at 1x and 4x CPU throttling (Chrome DevTools
// Protocol), in a fresh context each:
//   - All Wallets: Connect wallet → All wallets; wheel events over the grid (WHEEL_PX every frame or so) from
//     the top to the bottom while the explorer's pages load as the end comes near, until all WALLETS are in;
//     back up to the top over the full list; typing a search ("Wallet", the explorer's first 100 matches);
//     scrolling the results down. Per phase, from requestAnimationFrame in the page: the frame intervals
//     (median, p95, p99, longest, how many over 16.7 ms and over 33.4 ms), long tasks (PerformanceObserver
//     'longtask': count, longest), the renderer's main-thread tasks by CPU time (a Chrome trace: how many
//     over 16.7 ms and 50 ms, longest) and the most rows of the grid in the DOM at once (virtualized).
//   - Activity: connect the dev wallet, Account → Activity; wheel down the list until every page of the
//     history is in (the kit loads the next page as the end comes near; the API serves 20 per page behind an
//     opaque cursor). Recorded: tab click → first rows shown, the time per page (the list's aria-busy from
//     set to cleared: request, parse, render), long tasks over the whole paging (count, longest), the
//     frame intervals, the most rows in the DOM, how many transactions were shown.
// Printed as a table and written with the commit to bench/results/scale.json.
// A benchmark, not a test: nothing here passes or fails on a number. Not part of `npm test`.
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/browser.ts';
import { DEV_ADDRESS } from '../e2e/support/stack.ts';
import { freeStackPorts } from '../services/free-ports.ts';
import { type Stack, startStack } from '../services/stack.ts';

const WALLETS = Number(process.env.KW_BENCH_WALLETS ?? 5000);
const TRANSACTIONS = Number(process.env.KW_BENCH_TRANSACTIONS ?? 2000);
const THROTTLES = (process.env.KW_BENCH_THROTTLES ?? '1,4').split(',').map(Number);
const TX_PER_BLOCK = 20;
const WHEEL_PX = 200;
const FRAME_MS = 1000 / 60;
const SEARCH = 'Wallet';
const WAIT = { timeout: 60_000 };
const repo = resolve(import.meta.dirname, '..');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------- history

async function rpc(url: string, body: unknown): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { error?: unknown; result?: unknown } | { error?: unknown }[];
  for (const r of Array.isArray(json) ? json : [json])
    if (r.error) throw new Error(`${url}: ${JSON.stringify(r.error)}`);
  return Array.isArray(json) ? json : json.result;
}

const call = (url: string, method: string, params: unknown[] = []) =>
  rpc(url, { jsonrpc: '2.0', id: 1, method, params });

/** TRANSACTIONS of the dev account on the chain at `url`: every other one sent, the rest received. */
async function writeHistory(url: string): Promise<void> {
  const accounts = (await call(url, 'eth_accounts')) as string[];
  const dev = DEV_ADDRESS.toLowerCase();
  const others = accounts.filter((a) => a.toLowerCase() !== dev).slice(0, 9);
  const nonces = new Map<string, number>();
  for (const a of [dev, ...others])
    nonces.set(a, Number(BigInt((await call(url, 'eth_getTransactionCount', [a, 'pending'])) as string)));
  const head = (await call(url, 'eth_getBlockByNumber', ['latest', false])) as { timestamp: string };
  let timestamp = Number(BigInt(head.timestamp));
  await call(url, 'evm_setAutomine', [false]);
  try {
    for (let sent = 0; sent < TRANSACTIONS; ) {
      const batch = [];
      for (let i = 0; i < TX_PER_BLOCK && sent < TRANSACTIONS; i++, sent++) {
        const other = others[sent % others.length]!;
        const [from, to] = sent % 2 === 0 ? [dev, other] : [other, dev];
        const nonce = nonces.get(from)!;
        nonces.set(from, nonce + 1);
        const value = 10n ** 15n * BigInt(1 + (sent % 97)); // 0.001-0.097 ETH
        batch.push({
          jsonrpc: '2.0',
          id: sent,
          method: 'eth_sendTransaction',
          params: [
            { from, to, value: `0x${value.toString(16)}`, nonce: `0x${nonce.toString(16)}`, gas: '0x5208' },
          ],
        });
      }
      await rpc(url, batch);
      timestamp += 30 * 60;
      await call(url, 'evm_mine', [timestamp]);
    }
  } finally {
    await call(url, 'evm_setAutomine', [true]);
  }
}

// -------------------------------------------------------------------------------------- in-page recorder

/** In every page before its scripts: long tasks, and a frame recorder started and stopped per phase. */
const INIT_SCRIPT = `
(() => {
  window.__kwLongTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__kwLongTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  let rec = null;
  window.__kwRec = {
    start(rowSelector) {
      const mine = { from: performance.now(), frames: [], maxRows: 0, rowSelector, busy: [], busyAt: null };
      rec = mine;
      const tick = (t) => {
        if (rec !== mine) return;
        mine.frames.push(t);
        const rows = document.querySelectorAll(rowSelector).length;
        if (rows > mine.maxRows) mine.maxRows = rows;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    },
    watchBusy(selector) {
      const el = document.querySelector(selector);
      const r = rec;
      const obs = new MutationObserver(() => {
        const busy = el.getAttribute('aria-busy') === 'true';
        if (busy && r.busyAt === null) r.busyAt = performance.now();
        if (!busy && r.busyAt !== null) {
          const at = r.busyAt;
          r.busyAt = null;
          // Until the frame that shows the new rows.
          requestAnimationFrame(() => r.busy.push(performance.now() - at));
        }
      });
      obs.observe(el, { attributes: true, attributeFilter: ['aria-busy'] });
      r.stopBusy = () => obs.disconnect();
    },
    stop() {
      const r = rec;
      rec = null;
      r.stopBusy?.();
      const to = performance.now();
      const intervals = [];
      for (let i = 1; i < r.frames.length; i++) intervals.push(r.frames[i] - r.frames[i - 1]);
      const tasks = window.__kwLongTasks.filter(([s]) => s >= r.from && s <= to).map(([, d]) => d);
      return { ms: to - r.from, intervals, tasks, maxRows: r.maxRows, pages: r.busy };
    },
  };
})();
`;

interface Recording {
  ms: number;
  intervals: number[];
  tasks: number[];
  maxRows: number;
  pages: number[];
  /** Renderer main-thread tasks over a frame (16.7 ms) of wall time: [wall ms, CPU ms]. */
  cpuTasks?: [number, number][];
}

/**
 * Starts a phase: the in-page frame recorder, and a Chrome trace of the renderer's top-level tasks (their
 * wall time and the main thread's CPU time in them: on a shared machine a task's wall time also counts the
 * time the thread waited for a core).
 */
async function startRec(page: Page, rowSelector: string): Promise<void> {
  await page
    .context()
    .browser()!
    .startTracing(page, { categories: ['toplevel'] });
  await page.evaluate(`window.__kwRec.start(${JSON.stringify(rowSelector)})`);
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

async function stopRec(page: Page): Promise<Recording> {
  const rec = (await page.evaluate('window.__kwRec.stop()')) as Recording;
  const trace = await page.context().browser()!.stopTracing();
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  rec.cpuTasks = events
    .filter(
      (e) =>
        e.ph === 'X' &&
        e.name === 'ThreadControllerImpl::RunTask' &&
        main.has(`${e.pid}:${e.tid}`) &&
        (e.dur ?? 0) > FRAME_MS * 1000,
    )
    .map((e) => [(e.dur ?? 0) / 1000, (e.tdur ?? 0) / 1000]);
  return rec;
}

const round = (n: number) => Math.round(n * 10) / 10;
function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : Number.NaN;
}

function summary(r: Recording) {
  const cpu = (r.cpuTasks ?? []).map(([, c]) => c);
  return {
    seconds: round(r.ms / 1000),
    frames: r.intervals.length,
    frameMedianMs: round(quantile(r.intervals, 0.5)),
    frameP95Ms: round(quantile(r.intervals, 0.95)),
    frameP99Ms: round(quantile(r.intervals, 0.99)),
    longestFrameMs: round(Math.max(0, ...r.intervals)),
    // A frame "over 16.7 ms" misses at least one vsync: an interval above 1.5 frames (timer jitter aside).
    framesOver16ms: r.intervals.filter((d) => d > FRAME_MS * 1.5).length,
    framesOver33ms: r.intervals.filter((d) => d > FRAME_MS * 2.5).length,
    longTasks: r.tasks.length,
    longestTaskMs: round(Math.max(0, ...r.tasks)),
    // Main-thread tasks by the CPU time of the thread in them (Chrome trace): how many needed more than a
    // frame (16.7 ms), and more than 50 ms, of CPU.
    tasksOver16msCpu: cpu.filter((d) => d > FRAME_MS).length,
    tasksOver50msCpu: cpu.filter((d) => d > 50).length,
    longestTaskCpuMs: round(Math.max(0, ...cpu)),
    maxDomRows: r.maxRows,
  };
}

// --------------------------------------------------------------------------------------------- scrolling

interface ScrollState {
  top: number;
  max: number;
  busy: boolean;
}

const scrollState = (list: Locator) =>
  list.evaluate((el) => ({
    top: el.scrollTop,
    max: el.scrollHeight - el.clientHeight,
    busy: el.getAttribute('aria-busy') === 'true',
  })) as Promise<ScrollState>;

/**
 * Wheel events over `list`, WHEEL_PX each about once a frame, in `direction`, until its end stays reached for
 * `settleMs` (no page loading, nothing more appended) or `done()` says so.
 */
async function wheelThrough(page: Page, list: Locator, direction: 1 | -1, settleMs: number) {
  const box = await list.boundingBox();
  if (!box) throw new Error('the list is not visible');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  let endSince: number | null = null;
  for (let i = 0; ; i++) {
    await page.mouse.wheel(0, direction * WHEEL_PX);
    await sleep(FRAME_MS);
    if (i % 4 !== 0) continue;
    const s = await scrollState(list);
    const atEnd = direction === 1 ? s.top >= s.max - 1 : s.top <= 0;
    if (!atEnd || s.busy) endSince = null;
    else if (endSince === null) endSince = Date.now();
    else if (Date.now() - endSince >= settleMs) return;
  }
}

// ------------------------------------------------------------------------------------------- scenarios

async function newPage(browser: Browser, url: string, throttle: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  await context.addInitScript(INIT_SCRIPT);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`pageerror: ${e.message}`));
  if (throttle > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  }
  await page.goto(url, { waitUntil: 'load' });
  return page;
}

async function allWallets(browser: Browser, url: string, throttle: number) {
  const page = await newPage(browser, url, throttle);
  try {
    await page.getByRole('button', { name: 'Connect wallet' }).first().click();
    await page
      .getByRole('dialog', { name: 'Connect wallet' })
      .getByRole('button', { name: /All wallets/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'All wallets' });
    const grid = dialog.locator('[data-kw-wallet-grid]');
    await grid.locator('[data-index]').first().waitFor(WAIT);
    const rows = '[data-kw-wallet-grid] [data-index]';
    const tiles = '[data-kw-wallet-grid] [data-index] button';
    const lastTile = () =>
      grid.evaluate((el) => el.querySelector('[data-index]:last-child button:last-child')?.textContent ?? '');

    await startRec(page, rows);
    await page.evaluate(`window.__kwRec.watchBusy('[data-kw-wallet-grid]')`);
    await wheelThrough(page, grid, 1, 1500);
    const down = await stopRec(page);
    const total = await grid.evaluate((el) => {
      const items = el.querySelectorAll('[data-index]');
      return Number(items[items.length - 1]?.getAttribute('data-index') ?? -1) + 1;
    });
    const last = await lastTile();

    await startRec(page, rows);
    await wheelThrough(page, grid, -1, 300);
    const up = await stopRec(page);

    await startRec(page, rows);
    const input = dialog.getByPlaceholder('Search wallets');
    await input.click();
    await page.keyboard.type(SEARCH, { delay: 80 });
    // The results replace the list (MetaMask does not match). Polled from here: waitForFunction would evaluate a string in the page, which its CSP forbids.
    const matchesOnly = `(() => { const b = Array.from(document.querySelectorAll(${JSON.stringify(tiles)})); return b.length > 0 && !b.some((t) => t.textContent.includes('MetaMask')); })()`;
    for (const deadline = Date.now() + WAIT.timeout; !(await page.evaluate(matchesOnly)); await sleep(50))
      if (Date.now() > deadline)
        throw new Error(
          `the search results did not show: ${await page.evaluate(`Array.from(document.querySelectorAll(${JSON.stringify(tiles)})).slice(0, 12).map((b) => b.textContent).join(', ')`)}`,
        );
    await sleep(500);
    const typing = await stopRec(page);

    await startRec(page, rows);
    await wheelThrough(page, grid, 1, 300);
    const searched = await stopRec(page);
    return {
      walletRows: total,
      lastWallet: last,
      scrollDownLoading: summary(down),
      pagesLoaded: down.pages.length,
      scrollUpAllLoaded: summary(up),
      typeSearch: summary(typing),
      scrollSearchResults: summary(searched),
    };
  } finally {
    await page.context().close();
  }
}

async function activity(browser: Browser, url: string, throttle: number) {
  const page = await newPage(browser, url, throttle);
  try {
    await page.getByRole('button', { name: 'Connect wallet' }).first().click();
    const connect = page.getByRole('dialog', { name: 'Connect wallet' });
    await connect.getByRole('button', { name: /Keyway Dev Wallet/ }).click();
    await connect.waitFor({ state: 'detached', ...WAIT });
    const short = `${DEV_ADDRESS.slice(0, 6)}…${DEV_ADDRESS.slice(-4)}`;
    await page.getByRole('button', { name: new RegExp(short) }).click();
    const account = page.getByRole('dialog', { name: 'Account' });
    await account.waitFor(WAIT);
    const tab = account.getByRole('tab', { name: 'Activity' });
    await tab.waitFor(WAIT);

    const rows = '[data-kw-transactions="list"] [data-index]';
    await startRec(page, rows);
    const firstShown = page.evaluate(`new Promise((done) => {
      const at = performance.now();
      const check = () => document.querySelector('[data-kw-transaction]') ? done(performance.now() - at) : requestAnimationFrame(check);
      requestAnimationFrame(check);
    })`) as Promise<number>;
    await tab.click();
    const firstPageMs = await firstShown;
    const list = account.locator('[data-kw-transactions="list"]');
    await list.waitFor(WAIT);
    await page.evaluate(`window.__kwRec.watchBusy('[data-kw-transactions="list"]')`);
    // Count the transactions shown along the way.
    await page.evaluate(`(() => {
      window.__kwSeen = new Set();
      const root = document.querySelector('[data-kw-transactions="list"]');
      const note = () => { for (const el of root.querySelectorAll('[data-kw-transaction]')) window.__kwSeen.add(el.getAttribute('data-kw-transaction')); };
      note();
      new MutationObserver(note).observe(root, { childList: true, subtree: true });
    })()`);
    await wheelThrough(page, list, 1, 2500);
    const paging = await stopRec(page);
    const shown = (await page.evaluate('window.__kwSeen.size')) as number;
    return {
      transactionsShown: shown,
      firstPageMs: round(firstPageMs),
      pages: paging.pages.length + 1,
      pageMedianMs: round(quantile(paging.pages, 0.5)),
      pageP95Ms: round(quantile(paging.pages, 0.95)),
      pageMaxMs: round(Math.max(0, ...paging.pages)),
      tasksOver50ms: paging.tasks.length,
      ...summary(paging),
    };
  } finally {
    await page.context().close();
  }
}

// ------------------------------------------------------------------------------------------------- main

function commit(): string {
  const hash = execSync('git rev-parse --short HEAD', { cwd: repo }).toString().trim();
  const dirty = execSync('git status --porcelain -- src bench services', { cwd: repo }).toString().trim();
  return dirty ? `${hash} (with uncommitted changes)` : hash;
}

function table(results: { throttle: number; wallets: WalletsResult; activity: ActivityResult }[]) {
  const cols = [
    'phase',
    'time s',
    'frames',
    'med ms',
    'p95',
    'p99',
    'max',
    '>16.7',
    '>33',
    'LT',
    'LT max',
    'cpu>16.7',
    'cpu>50',
    'cpu max',
    'DOM rows',
  ];
  const lines = [cols.join(' | ')];
  for (const r of results) {
    const phases: [string, ReturnType<typeof summary>][] = [
      [`${r.throttle}x all wallets ↓ (loading ${WALLETS})`, r.wallets.scrollDownLoading],
      [`${r.throttle}x all wallets ↑ (${r.wallets.walletRows} rows in)`, r.wallets.scrollUpAllLoaded],
      [`${r.throttle}x type "${SEARCH}"`, r.wallets.typeSearch],
      [`${r.throttle}x search results ↓`, r.wallets.scrollSearchResults],
      [`${r.throttle}x activity paging`, r.activity],
    ];
    for (const [name, s] of phases)
      lines.push(
        [
          name,
          s.seconds,
          s.frames,
          s.frameMedianMs,
          s.frameP95Ms,
          s.frameP99Ms,
          s.longestFrameMs,
          s.framesOver16ms,
          s.framesOver33ms,
          s.longTasks,
          s.longestTaskMs,
          s.tasksOver16msCpu,
          s.tasksOver50msCpu,
          s.longestTaskCpuMs,
          s.maxDomRows,
        ].join(' | '),
      );
    const a = r.activity;
    lines.push(
      `${r.throttle}x activity: ${a.transactionsShown} transactions in ${a.pages} pages; first page ${a.firstPageMs} ms; per page median ${a.pageMedianMs} ms, p95 ${a.pageP95Ms}, max ${a.pageMaxMs}; long tasks ${a.tasksOver50ms} (longest ${a.longestTaskMs} ms)`,
    );
  }
  return lines.join('\n');
}

type WalletsResult = Awaited<ReturnType<typeof allWallets>>;
type ActivityResult = Awaited<ReturnType<typeof activity>>;

let stack: Stack | undefined;
let browser: Browser | undefined;
try {
  const started = Date.now();
  stack = await startStack({
    ports: await freeStackPorts(37000, 37999),
    registrySize: WALLETS,
    log: () => undefined,
  });
  const url = `${stack.urls.playground}/`;
  console.log(`stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${url}`);
  const seeded = Date.now();
  await writeHistory(stack.urls.evmL1!);
  console.log(`${TRANSACTIONS} transactions written in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const loadBefore = loadavg().map(round);
  const results = [];
  for (const throttle of THROTTLES) {
    const wallets = await allWallets(browser, url, throttle);
    console.log(`${throttle}x all wallets:`, JSON.stringify(wallets));
    const act = await activity(browser, url, throttle);
    console.log(`${throttle}x activity:`, JSON.stringify(act));
    results.push({ throttle, wallets, activity: act });
  }
  const loadAfter = loadavg().map(round);
  console.log(`\n${table(results)}`);
  console.log(`load average (1, 5, 15 min) before ${loadBefore.join(' ')}, after ${loadAfter.join(' ')}`);
  const out = {
    measuredAt: new Date().toISOString(),
    commit: commit(),
    node: process.version,
    chromium: browser.version(),
    loadAverage: { before: loadBefore, after: loadAfter },
    page: 'playground/index.html (styled), production build, strict CSP, local stack',
    data: { wallets: WALLETS, transactions: TRANSACTIONS },
    notes:
      'Frame intervals from requestAnimationFrame in the page; "over 16.7 ms" counts intervals above 1.5 frames (a missed vsync), "over 33 ms" above 2.5 frames. Long tasks from PerformanceObserver (each over 50 ms of wall time by definition); tasksOver16msCpu/tasksOver50msCpu/longestTaskCpuMs: the renderer main-thread tasks from a Chrome trace by the CPU time of the thread in them (not inflated by waiting for a core on a shared machine; at 4x it includes the throttling, which Chromium spends on the thread). Activity page time: the list aria-busy set → cleared, to the next frame.',
    scenarios: results,
  };
  mkdirSync(resolve(repo, 'bench/results'), { recursive: true });
  writeFileSync(resolve(repo, 'bench/results/scale.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log('\nWrote bench/results/scale.json');
} finally {
  await browser?.close();
  await stack?.stop();
}
