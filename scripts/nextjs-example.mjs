#!/usr/bin/env node
/**
 * `npm test` step "nextjs": the Next.js host of examples/nextjs, built and served from the packed package.
 *
 * 1. Packs the kit (from the `dist/` that `npm run build` wrote), copies examples/nextjs into
 *    `.scratch-nextjs/app` (git-ignored, inside the repository so that `next`, React and the kit's peers resolve
 *    from the repository's node_modules) and unpacks the tarball into its `node_modules/keyway`.
 * 2. `next build`: fails on a build error and on any warning line that names the kit.
 * 3. `next start` on a free port, then asks for `/` as a first visit (its HTML must hold the "Connect wallet"
 *    button and no account) and with the connection cookie the kit writes (its HTML must hold the account's
 *    button, and no "Connect wallet"), and checks the strict CSP header and the nonce on Next's scripts.
 *
 * The browser side (hydration, a reload, the embedded wallet) is e2e/nextjs.e2e.ts's.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { bin, installKit, packKit, repoRoot, run } from './host-app.mjs';

export const scratch = join(repoRoot, '.scratch-nextjs');
export const appDir = join(scratch, 'app');
const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
/**
 * Warnings of `next build` about the machine, not the app: with CI set, Next.js notes that a first build has no
 * `.next/cache` to start from (every build of this step is a first one: the scratch app is made anew).
 */
const ENVIRONMENT_NOTICES = [/No build cache found/];

/** The Cookie header a browser sends after the kit's cookie storage kept a connection (wagmi's serialized store). */
export function connectionCookie(account = ACCOUNT) {
  const state = {
    state: {
      chainId: 31337,
      current: 'c1',
      connections: {
        __type: 'Map',
        value: [
          [
            'c1',
            {
              accounts: [account],
              chainId: 31337,
              connector: { id: 'injected', name: 'Injected', type: 'injected', uid: 'c1' },
            },
          ],
        ],
      },
    },
    version: 3,
  };
  return `keyway.wagmi.store=${encodeURIComponent(JSON.stringify(state))}`;
}

/** A port the OS has free now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Copies the example and the packed kit into the scratch app; returns its folder. */
export function prepareApp() {
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const tarball = packKit(join(scratch, 'pack'));
  cpSync(join(repoRoot, 'examples', 'nextjs'), appDir, {
    recursive: true,
    filter: (src) => !/[/\\](node_modules|\.next)([/\\]|$)/.test(src),
  });
  installKit(appDir, tarball);
  return appDir;
}

const nextEnv = (extra = {}) => ({ NEXT_TELEMETRY_DISABLED: '1', ...extra });

/** `next build` in the scratch app: { ok, output, seconds }. */
export function buildApp() {
  const since = Date.now();
  const r = run(bin('next'), ['build'], appDir, nextEnv());
  return { ...r, seconds: (Date.now() - since) / 1000 };
}

/** `next start` on `port` with `env`; resolves once it answers, with a `stop()`. */
export async function startApp(port, env = {}) {
  const child = spawn(bin('next'), ['start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: appDir,
    env: { ...process.env, FORCE_COLOR: '0', ...nextEnv(env) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // Listening once it says "Ready" (Next.js prints it after binding the port); it may also exit, or hang.
  const ready = await new Promise((resolve) => {
    const limit = setTimeout(() => resolve('timeout'), 120_000);
    const read = (d) => {
      output += d;
      if (/\bReady in\b/.test(output)) {
        clearTimeout(limit);
        resolve('ready');
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => {
      clearTimeout(limit);
      resolve('exited');
    });
  });
  if (ready !== 'ready') {
    child.kill('SIGKILL');
    throw new Error(`next start ${ready === 'exited' ? 'exited' : 'was not ready within 120 s'}:\n${output}`);
  }
  const res = await fetch(`${url}/`, { signal: AbortSignal.timeout(30_000) });
  if (res.status >= 500) {
    child.kill('SIGKILL');
    throw new Error(`next start answers / with HTTP ${res.status}:\n${output}`);
  }
  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function main() {
  const failures = [];
  prepareApp();
  const build = buildApp();
  console.log(build.output.split('\n').slice(-25).join('\n'));
  if (!build.ok) {
    console.error('next build failed');
    process.exit(1);
  }
  // No warning at all: the example is the kit and a page of Next.js; whatever Next.js warns about is ours,
  // except a notice about the machine the build runs on (ENVIRONMENT_NOTICES).
  const warnings = stripVTControlCharacters(build.output)
    .split('\n')
    .filter((l) => /\bwarn|⚠/i.test(l) && !ENVIRONMENT_NOTICES.some((n) => n.test(l)));
  for (const w of warnings) failures.push(`next build warns: ${w.trim()}`);
  if (!existsSync(join(appDir, '.next', 'BUILD_ID'))) failures.push('next build left no .next/BUILD_ID');

  const app = await startApp(await freePort());
  try {
    const first = await fetch(`${app.url}/`);
    const firstHtml = await first.text();
    if (!/<button[^>]*>Connect wallet<\/button>/.test(firstHtml))
      failures.push(`/ (no cookie): no "Connect wallet" button in the server's HTML`);
    if (/data-kw-account-button/.test(firstHtml)) failures.push('/ (no cookie): an account button');

    const back = await fetch(`${app.url}/`, { headers: { cookie: `theme=dark; ${connectionCookie()}` } });
    const backHtml = await back.text();
    if (!/data-kw-account-button/.test(backHtml) || !backHtml.includes('0x7099…79C8'))
      failures.push(`/ (connection cookie): no account button with 0x7099…79C8 in the server's HTML`);
    if (/Connect wallet/.test(backHtml)) failures.push('/ (connection cookie): "Connect wallet" in the HTML');

    const csp = first.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    if (!nonce || /unsafe-inline|unsafe-eval/.test(csp)) failures.push(`/: not the strict CSP: ${csp}`);
    const scripts = [...firstHtml.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    const unsigned = scripts.filter((s) => !s.includes(`nonce="${nonce}"`));
    if (!scripts.length || unsigned.length)
      failures.push(`/: ${unsigned.length} of ${scripts.length} scripts lack the request's nonce`);

    const headless = await fetch(`${app.url}/headless`);
    if (headless.status !== 200) failures.push(`/headless: HTTP ${headless.status}`);
    const serverErrors = app
      .output()
      .split('\n')
      .filter((l) => /error/i.test(l));
    for (const e of serverErrors) failures.push(`next start: ${e.trim()}`);
    console.log(
      `next build ${build.seconds.toFixed(1)} s; served /: ${firstHtml.length} B (Connect wallet), with the cookie ${backHtml.length} B (the account), ${scripts.length} scripts with the nonce`,
    );
  } finally {
    await app.stop();
  }
  if (failures.length) {
    console.error(`\n${failures.length} problem(s) with the Next.js example:`);
    for (const f of failures) console.error(`- ${f}`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
