// `npm run bench:host`: Keyway as a host uses it, beside the floor of a bare wagmi app of the same shape.
//
// Builds the package, packs it, and builds two host apps with Vite's defaults in `.scratch-bench-host/`
// (bench/host-apps: `bare` is wagmi + react-query + viem on mainnet/arbitrum/base with a plain wagmi connect
// button; `keyway` is the same app with the kit's ConnectButton + KeywayModal from the tarball). Each is served
// from a local static server and loaded RUNS times in Debian's Chromium, in a fresh context with an EIP-6963
// test wallet announced, at 1x and 4x CPU throttling. Requests to any other host (the kit's default explorer
// URL) are answered locally with an empty wallet list, so no figure waits on a network.
//
// Figures (medians): initial JS (the entry's static graph), JS fetched before the click, all JS, all JS this app
// can load (the dynamic imports it can take: no Solana network, no locale but English), CSS (gzip, from the
// files); in the page: click → the dialog is in the DOM ("rendered"), click → the first frame in which the
// dialog and every ancestor are fully opaque and the test wallet is listed ("ready"), total blocking time
// of long tasks before the click, and reopen (close, click again → ready). Printed as one table (Keyway, floor,
// Keyway − floor, Keyway / floor) and written with the commit to bench/results/host.json.
// A benchmark, not a test: nothing here passes or fails on a number. Not part of `npm test`.
import { execSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import {
  type AppChunk,
  buildViteApp,
  gzipBytes,
  installKit,
  kib,
  packKit,
  readAppGraph,
  writeViteApp,
} from '../scripts/host-app.mjs';

const RUNS = Number(process.env.KW_BENCH_RUNS ?? 10);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WALLET = 'Bench Wallet';
const repo = resolve(import.meta.dirname, '..');
const scratch = join(repo, '.scratch-bench-host');
const APPS = ['bare', 'keyway'] as const;
type AppName = (typeof APPS)[number];

function build(): Record<
  AppName,
  { dir: string; chunks: AppChunk[]; cssGzip: number; jsGzip: Map<string, number> }
> {
  if (!process.argv.includes('--no-build'))
    execSync('npm run build --silent', { cwd: repo, stdio: 'inherit' });
  rmSync(scratch, { recursive: true, force: true });
  const tarball = packKit(join(scratch, 'pack'));
  const out = {} as ReturnType<typeof build>;
  for (const name of APPS) {
    const dir = join(scratch, name);
    cpSync(join(repo, 'bench', 'host-apps', name), dir, { recursive: true });
    installKit(dir, tarball);
    writeViteApp(dir, { entry: 'src/main.tsx' });
    buildViteApp(dir);
    const assets = join(dir, 'dist', 'assets');
    const files = readdirSync(assets);
    const jsGzip = new Map(
      files.filter((f) => f.endsWith('.js')).map((f) => [f, gzipBytes(join(assets, f))]),
    );
    const cssGzip = files
      .filter((f) => f.endsWith('.css'))
      .reduce((n, f) => n + gzipBytes(join(assets, f)), 0);
    out[name] = { dir, chunks: readAppGraph(dir), cssGzip, jsGzip };
  }
  return out;
}

const MIME: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

function serve(root: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    let file = join(root, path === '/' ? 'index.html' : path);
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory())
      file = join(root, 'index.html');
    res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

/** In every page before its scripts: the EIP-6963 test wallet and a long-task recorder. */
const INIT_SCRIPT = `
(() => {
  const icon = 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#3b5bdb"/></svg>');
  const provider = {
    request: async ({ method }) => {
      if (method === 'eth_chainId') return '0x1';
      if (method === 'eth_accounts') return [];
      if (method === 'eth_requestAccounts') return ['0x0000000000000000000000000000000000000b0b'];
      return null;
    },
    on() {}, removeListener() {},
  };
  const detail = Object.freeze({
    info: { uuid: '6f2b4b3e-2b0f-4d3a-9d1c-bench0000001', name: '${WALLET}', icon, rdns: 'dev.keyway.bench' },
    provider,
  });
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
})();
`;

/**
 * Arms the in-page timers for the next click on "Connect wallet": resolves with [rendered, ready] in ms,
 * `rendered` the first frame with a dialog in the DOM, `ready` the first frame in which the test wallet's
 * button is in a dialog and it and all its ancestors are fully opaque. A source string: tsx's transform
 * would wrap a function in helpers the page lacks.
 */
function armTimers(page: Page): Promise<[number, number]> {
  return page.evaluate(`new Promise((done) => {
    const onClick = (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (!button || !button.textContent.includes('Connect wallet')) return;
      document.removeEventListener('click', onClick, true);
      window.__clickAt = performance.now();
      const clickedAt = window.__clickAt;
      let rendered = null;
      const opaque = (el) => {
        for (let n = el; n && n !== document.documentElement; n = n.parentElement) {
          if (Number(getComputedStyle(n).opacity) < 1) return false;
        }
        return true;
      };
      const check = () => {
        const dialog = document.querySelector('[role="dialog"]');
        if (dialog && rendered === null) rendered = performance.now() - clickedAt;
        const wallet = dialog
          ? Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent.includes('${WALLET}'))
          : null;
        if (wallet && opaque(wallet)) done([rendered, performance.now() - clickedAt]);
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    };
    document.addEventListener('click', onClick, true);
  })`);
}

interface Sample {
  jsBeforeClick: number;
  filesBeforeClick: number;
  tbt: number;
  rendered: number;
  ready: number;
  reopen: number;
}

async function runOnce(browser: Browser, url: string, throttle: number, jsGzip: Map<string, number>) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  await context.addInitScript(INIT_SCRIPT);
  // Other hosts (the kit's default explorer and API): answered here, an empty list for wallets.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"data":[],"count":0}' }),
  );
  const page = await context.newPage();
  if (throttle > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  }
  const fetched = new Set<string>();
  let clicked = false;
  page.on('request', (r) => {
    const name = new URL(r.url()).pathname.split('/').pop() ?? '';
    if (!clicked && jsGzip.has(name)) fetched.add(name);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // Idle before the click: what the page loads on idle (the kit's view preload) counts as before the click.
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
  const timers = armTimers(page);
  clicked = true;
  await page.getByRole('button', { name: 'Connect wallet' }).first().click();
  const [rendered, ready] = await timers;
  const tbt = (await page.evaluate(
    '(window.__longTasks || []).filter(([s]) => s < window.__clickAt).reduce((n, [, d]) => n + Math.max(0, d - 50), 0)',
  )) as number;
  await page.keyboard.press('Escape');
  await page.waitForFunction(`!document.querySelector('[role="dialog"]')`);
  const again = armTimers(page);
  await page.getByRole('button', { name: 'Connect wallet' }).first().click();
  const [, reopen] = await again;
  await context.close();
  const jsBeforeClick = [...fetched].reduce((n, f) => n + (jsGzip.get(f) ?? 0), 0);
  return { jsBeforeClick, filesBeforeClick: fetched.size, tbt, rendered, ready, reopen } satisfies Sample;
}

/**
 * Dynamic imports (importing module → imported module) that this host can never take: the Solana side of the
 * instance (imported only when a Solana network is configured; the app has EVM networks only) and the locale
 * loaders (imported only for a locale other than English; the app sets none).
 */
const UNTAKEN_DYNAMIC_IMPORTS: [RegExp, RegExp][] = [
  [/keyway\/dist\/instance\/createKeyway\.js$/, /keyway\/dist\/instance\/solana\.js$/],
  [/keyway\/dist\/chains\/solana\/lazy\.js$/, /./],
  [/keyway\/dist\/i18n\/context\.js$/, /keyway\/dist\/i18n\/loaders\.js$/],
];

/**
 * The JS this app can load at all (gzip): the chunks reachable from the entry through static imports and the
 * dynamic imports it can take (module by module, so one untaken import does not hide a chunk's others).
 */
function reachableJs(chunks: AppChunk[]): number {
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const byFacade = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c]));
  const byModule = new Map(chunks.flatMap((c) => c.modules.map((m) => [m, c] as const)));
  const untaken = (from: string, to: string) =>
    UNTAKEN_DYNAMIC_IMPORTS.some(
      ([a, b]) => a.test(from.replaceAll('\\', '/')) && b.test(to.replaceAll('\\', '/')),
    );
  const seen = new Set<string>();
  const visit = (c: AppChunk | undefined) => {
    if (!c || seen.has(c.file)) return;
    seen.add(c.file);
    for (const f of c.imports) visit(byFile.get(f));
    for (const [from, targets] of Object.entries(c.dynamicEdges)) {
      for (const t of targets) if (!untaken(from, t)) visit(byFacade.get(t) ?? byModule.get(t));
    }
  };
  for (const c of chunks) if (c.initial) visit(c);
  return [...seen].reduce((n, f) => n + byFile.get(f)!.gzip, 0);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const round = (n: number) => Math.round(n * 10) / 10;

async function main() {
  const apps = build();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const servers: Server[] = [];
  const results: Record<string, Record<AppName, Record<string, number>>> = {};
  try {
    const urls = {} as Record<AppName, string>;
    for (const name of APPS) {
      const server = await serve(join(apps[name].dir, 'dist'));
      servers.push(server);
      urls[name] = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    }
    for (const throttle of [1, 4]) {
      const byApp = {} as Record<AppName, Record<string, number>>;
      results[`${throttle}x`] = byApp;
      for (const name of APPS) {
        const samples: Sample[] = [];
        // One warm-up load (disk cache of the server, Chromium's compile cache) that is not counted.
        await runOnce(browser, urls[name], throttle, apps[name].jsGzip);
        for (let i = 0; i < RUNS; i++)
          samples.push(await runOnce(browser, urls[name], throttle, apps[name].jsGzip));
        const chunks = apps[name].chunks;
        byApp[name] = {
          initialJsKiB: kib(chunks.filter((c) => c.initial).reduce((n, c) => n + c.gzip, 0)),
          jsBeforeClickKiB: kib(median(samples.map((s) => s.jsBeforeClick))),
          filesBeforeClick: median(samples.map((s) => s.filesBeforeClick)),
          totalJsKiB: kib(chunks.reduce((n, c) => n + c.gzip, 0)),
          reachableJsKiB: kib(reachableJs(chunks)),
          cssKiB: kib(apps[name].cssGzip),
          renderedMs: round(median(samples.map((s) => s.rendered))),
          readyMs: round(median(samples.map((s) => s.ready))),
          tbtMs: round(median(samples.map((s) => s.tbt))),
          reopenMs: round(median(samples.map((s) => s.reopen))),
        };
        console.log(`${name} at ${throttle}x:`, JSON.stringify(byApp[name]));
      }
    }
  } finally {
    await browser.close();
    for (const s of servers) s.close();
  }

  const rows: [string, string][] = [
    ['initial JS, gzip (KiB)', 'initialJsKiB'],
    ['JS fetched before the click, gzip (KiB)', 'jsBeforeClickKiB'],
    ['JS files fetched before the click', 'filesBeforeClick'],
    ['all JS, gzip (KiB)', 'totalJsKiB'],
    ['all JS this app can load (EVM, English), gzip (KiB)', 'reachableJsKiB'],
    ['CSS, gzip (KiB)', 'cssKiB'],
    ['click → modal rendered (ms)', 'renderedMs'],
    ['click → opaque, wallet listed (ms)', 'readyMs'],
    ['long tasks before the click, TBT (ms)', 'tbtMs'],
    ['reopen → opaque, wallet listed (ms)', 'reopenMs'],
  ];
  const lines = [
    `| | Keyway 1x | floor 1x | − floor | / floor | Keyway 4x | floor 4x | − floor | / floor |`,
    `| --- | --- | --- | --- | --- | --- | --- | --- | --- |`,
  ];
  for (const [label, key] of rows) {
    const cells = ['1x', '4x'].flatMap((t) => {
      const k = results[t]!.keyway[key]!;
      const f = results[t]!.bare[key]!;
      return [k, f, round(k - f), f ? `${round(k / f)}×` : '–'];
    });
    lines.push(`| ${label} | ${cells.join(' | ')} |`);
  }
  const table = lines.join('\n');
  console.log(`\n${table}`);
  const commit = execSync('git rev-parse --short HEAD', { cwd: repo }).toString().trim();
  mkdirSync(join(repo, 'bench', 'results'), { recursive: true });
  writeFileSync(
    join(repo, 'bench', 'results', 'host.json'),
    `${JSON.stringify({ commit, date: new Date().toISOString(), runs: RUNS, results, table }, null, 2)}\n`,
  );
}

await main();
