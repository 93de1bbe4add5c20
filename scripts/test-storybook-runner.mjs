#!/usr/bin/env node
// `npm run test:storybook-runner`: every story through the official Storybook test-runner (@storybook/test-runner,
// Jest + Playwright) against the BUILT Storybook, as a design-system CI runs it: each story's play function, then
// addon-a11y's axe check (a violation fails the story: `a11y: { test: 'error' }` in .storybook/preview.tsx); a
// console.error from its render to its teardown fails it, and so does a broken <img> (the hooks in
// .storybook/test-runner.ts; their console check stands in for `--failOnConsole`, see there).
//
// 1. builds storybook-static (`npx storybook build -o storybook-static --quiet`; `--no-build` reuses the last one),
// 2. serves it from a small static server (node:http, 127.0.0.1, a port the OS picks; mockServiceWorker.js
//    included, so MSW's service worker registers as in a deployed Storybook),
// 3. runs `test-storybook --url http://127.0.0.1:<port> --index-json --maxWorkers=2 --ci`; the Jest config is
//    test-runner-jest.config.js (Debian's Chromium; the Vitest storybook project's locale, reduced motion and page
//    size), the hooks are .storybook/test-runner.ts (each story's viewport, as addon-vitest sets it),
// 4. stops the server and exits with the runner's code.
//
// Any other argument goes to test-storybook, e.g. a test-file filter, a regex over the test files (one per story
// title, named after its id): `npm run test:storybook-runner -- --no-build components-image` or
// `-- --no-build 'views-(swapview|buyview)'`.
import { spawn } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

const OUT_DIR = 'storybook-static';
const root = resolve(OUT_DIR);
const started = Date.now();
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

const argv = process.argv.slice(2);
const build = !argv.includes('--no-build');
/**
 * test-storybook hands its arguments to Jest through a shell, joined with spaces: an argument with a character the
 * shell would read (a test-file regex such as `views-(a|b)`, a test name with spaces) is quoted for it.
 */
const shellSafe = (arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`);
const passThrough = argv.filter((a) => a !== '--no-build').map(shellSafe);

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.mp4': 'video/mp4',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** Runs a command with inherited output; resolves with its exit code. */
function run(cmd, args, options = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...options });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('close', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolvePromise(code ?? (signal ? 1 : 0));
    });
  });
}

/** storybook-static over HTTP: GET and HEAD of files, `index.html` for a folder, 404 for anything else. */
function startServer() {
  const server = createServer(async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    let file = normalize(join(root, pathname));
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      let info = await stat(file);
      if (info.isDirectory()) {
        file = join(file, 'index.html');
        info = await stat(file);
      }
      if (!info.isFile()) throw new Error('not a file');
      const headers = {
        'Content-Type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
        'Content-Length': info.size,
        // Each run serves a fresh build: nothing is kept from an earlier one.
        'Cache-Control': 'no-cache',
      };
      // MSW's worker controls the whole origin (its default scope, `/`).
      if (pathname === '/mockServiceWorker.js') headers['Service-Worker-Allowed'] = '/';
      res.writeHead(200, headers);
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      createReadStream(file)
        .on('error', () => res.destroy())
        .pipe(res);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`Not found: ${pathname}\n`);
    }
  });
  // The runner's browsers keep connections alive; close() must not wait for them.
  server.keepAliveTimeout = 1_000;
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolvePromise(server));
  });
}

async function main() {
  if (build) {
    const since = Date.now();
    console.log(`▶ npx storybook build -o ${OUT_DIR} --quiet`);
    const code = await run('npx', ['storybook', 'build', '-o', OUT_DIR, '--quiet']);
    if (code !== 0) {
      console.error(`✘ storybook build failed (exit ${code}) after ${seconds(since)} s`);
      return code;
    }
    console.log(`✔ storybook build (${seconds(since)} s)`);
  }
  if (!existsSync(join(root, 'index.json')) || !existsSync(join(root, 'mockServiceWorker.js'))) {
    console.error(
      `✘ ${OUT_DIR}/ has no index.json or mockServiceWorker.js: build it first (drop --no-build).`,
    );
    return 1;
  }

  const server = await startServer();
  const { port } = server.address();
  const url = `http://127.0.0.1:${port}`;
  console.log(`▶ serving ${OUT_DIR}/ at ${url}`);

  const since = Date.now();
  const args = [
    '--url',
    url,
    // Tests from the built index.json (what was built is what is tested), not from the story sources.
    '--index-json',
    '--maxWorkers=2',
    // Not `--failOnConsole`: .storybook/test-runner.ts checks console.error itself (through the story's teardown,
    // with the errors a story is about allowed), and the runner's check would count those errors again.
    '--ci',
    ...passThrough,
  ];
  console.log(`▶ test-storybook ${args.join(' ')}`);
  const code = await run('node_modules/.bin/test-storybook', args, {
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: 'true' },
  });
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  console.log(
    `${code === 0 ? '✔' : '✘'} test-storybook exited ${code}: tests ${seconds(since)} s, ` +
      `total ${seconds(started)} s${build ? ' (build included)' : ''}`,
  );
  return code;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
