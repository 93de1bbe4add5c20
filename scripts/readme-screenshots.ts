// `npm run docs:screenshots`: the README's pictures of the Connect view (docs/images/connect-{light,dark}.png).
//
// Builds a host app from the packed package (scripts/host-app.mjs) with email and social login enabled, serves
// it locally and photographs the open modal in Chromium in the light and the dark colour scheme (the kit's
// default theme follows the system). The explorer's wallets are the deterministic fixtures of `keyway/testing`
// (answered by the browser context, no network); an EIP-6963 test wallet is announced as "Installed".
// The secure frame URL is never loaded: the Connect view offers email and social login before any frame.
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { walletFixtures } from '../src/testing/msw/fixtures.ts';
import { buildViteApp, installKit, packKit, repoRoot, writeViteApp } from './host-app.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const scratch = join(repoRoot, '.scratch-screenshots');
const out = join(repoRoot, 'docs', 'images');

const APP = `import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import { createRoot } from 'react-dom/client';
import { createKeyway, KeywayProvider, mainnet, base, arbitrum } from 'keyway';
import { ConnectButton, KeywayModal } from 'keyway/views';
import 'keyway/styles.css';

const keyway = createKeyway({
  projectId: 'docs',
  networks: [mainnet, arbitrum, base],
  secureFrameUrl: 'https://frame.invalid/',
  theme: { fontFamily: "'Inter', sans-serif" },
});
createRoot(document.getElementById('root')!).render(
  <KeywayProvider keyway={keyway}>
    <ConnectButton />
    <KeywayModal />
  </KeywayProvider>,
);
`;

const WALLET = `
(() => {
  const icon = 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" rx="2" fill="#e8590c"/></svg>');
  const detail = Object.freeze({
    info: { uuid: '0b6d3b8e-0f64-4a8e-9a55-docs00000001', name: 'Keyway Dev Wallet', icon, rdns: 'dev.keyway.docs' },
    provider: { request: async ({ method }) => (method === 'eth_chainId' ? '0x1' : []), on() {}, removeListener() {} },
  });
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
})();
`;

async function main() {
  execSync('npm run build --silent', { cwd: repoRoot, stdio: 'inherit' });
  rmSync(scratch, { recursive: true, force: true });
  const dir = join(scratch, 'app');
  installKit(dir, packKit(join(scratch, 'pack')));
  writeViteApp(dir, { entry: 'src/main.tsx', files: { 'src/main.tsx': APP } });
  buildViteApp(dir);
  const dist = join(dir, 'dist');
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    let file = join(dist, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory())
      file = join(dist, 'index.html');
    const types: Record<string, string> = {
      '.js': 'text/javascript',
      '.css': 'text/css',
      '.html': 'text/html',
    };
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  mkdirSync(out, { recursive: true });
  try {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({
        viewport: { width: 900, height: 1000 },
        deviceScaleFactor: 1,
        colorScheme: scheme,
        reducedMotion: 'reduce',
        locale: 'en-US',
      });
      await context.addInitScript(WALLET);
      await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => {
        const u = new URL(route.request().url());
        const body = u.pathname.endsWith('/getWallets')
          ? { data: walletFixtures.slice(0, 12), count: walletFixtures.length }
          : {};
        return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
      });
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Connect wallet' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: /Keyway Dev Wallet/ }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.evaluate('document.fonts.ready');
      await dialog.screenshot({ path: join(out, `connect-${scheme}.png`), animations: 'disabled' });
      console.log(`wrote docs/images/connect-${scheme}.png`);
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
}

await main();
