/**
 * The Next.js host (examples/nextjs, built by `next build` from the packed package) in Chromium against the
 * local stack: served by `next start` with its strict CSP, it hydrates without an error, connects the dev
 * wallet, and after a reload the server's HTML already holds the account (the connection cookie), the first
 * paint shows it (a page whose scripts are held back is exactly that), and hydration keeps it: "Connect
 * wallet" never appears. An embedded-wallet login survives a reload the same way, and the headless page (the
 * README's quickstart in a Client Component) connects with the page's own markup.
 *
 * `npm test` builds the app in its "nextjs" step, before Vitest; run alone, this file builds it when no build
 * is there (scripts/nextjs-example.mjs).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { appDir, buildApp, prepareApp, startApp } from '../scripts/nextjs-example.mjs';
import { browserForFile } from './support/browser';
import { dialog, disconnectInAccountView, loginInConnectView, uniqueEmail, WAIT } from './support/embedded';
import { DEV_ADDRESS } from './support/stack';

const stack = inject('keywayStack');
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;
const { open } = browserForFile();

let app: Awaited<ReturnType<typeof startApp>> | undefined;
beforeAll(async () => {
  if (!existsSync(join(appDir, '.next', 'BUILD_ID'))) {
    prepareApp();
    const build = buildApp();
    if (!build.ok) throw new Error(`next build failed:\n${build.output}`);
  }
  app = await startApp(stack.nextjsPort, {
    KEYWAY_API_URL: stack.apiUrl,
    KEYWAY_FRAME_URL: stack.frameUrl,
    KEYWAY_RPC_URL: stack.evmRpc[31337],
    KEYWAY_RELAY_URL: stack.relayUrl,
    KEYWAY_DEV_WALLET: '1',
  });
}, 240_000);
afterAll(async () => {
  await app?.stop();
});

const home = () => `${app!.url}/`;

/** Records, from the document's start, whether a "Connect wallet" button was ever in the page. */
async function watchForConnectButton(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __sawConnect?: boolean };
    w.__sawConnect = false;
    const check = () => {
      for (const b of document.querySelectorAll('button')) {
        if (b.textContent?.trim() === 'Connect wallet') w.__sawConnect = true;
      }
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __sawConnect?: boolean }).__sawConnect);
}

/**
 * The page as its first paint shows it: the server's HTML and the stylesheet, with every script held back (a
 * page whose scripts have not run yet). Saves a screenshot and returns the page.
 */
async function firstPaint(page: Page, name: string) {
  const bare = await page.context().newPage();
  await bare.route('**/_next/static/**/*.js', (route) => route.abort());
  await bare.goto(home(), { waitUntil: 'load' });
  mkdirSync('.test-results', { recursive: true });
  await bare.screenshot({ path: join('.test-results', `nextjs-first-paint-${name}.png`) });
  return bare;
}

describe('the Next.js example (next build, next start)', () => {
  it('hydrates without an error, connects; after a reload the account is there from the first paint on', async () => {
    const { page, consoleErrors, close } = await open(home());
    await page.getByRole('heading', { name: 'Keyway on Next.js' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Connect wallet' }).click();
    const connect = dialog(page, 'Connect wallet');
    await connect.getByRole('button', { name: /Keyway Dev Wallet/ }).click();
    const account = page.getByRole('button', { name: new RegExp(short(DEV_ADDRESS)) });
    await account.waitFor(WAIT);
    // wagmi writes the cookie after the state change that shows the account: wait for it.
    const cookieValue = async () =>
      (await page.context().cookies()).find((c) => c.name === 'keyway.wagmi.store')?.value ?? '';
    await expect.poll(cookieValue, WAIT).toContain(DEV_ADDRESS.slice(2, 12));

    // First paint: the server's HTML already shows the account's button, and no "Connect wallet".
    const bare = await firstPaint(page, 'browser-wallet');
    await expect
      .poll(() => bare.getByRole('button', { name: new RegExp(short(DEV_ADDRESS)) }).isVisible())
      .toBe(true);
    expect(await bare.getByRole('button', { name: 'Connect wallet' }).count()).toBe(0);
    await bare.close();

    // The reload itself: the server's HTML, then hydration and the wallet's reconnect, never "Connect wallet".
    const sawConnect = await watchForConnectButton(page);
    const response = await page.reload({ waitUntil: 'load' });
    const html = (await response?.text()) ?? '';
    expect(html).toContain('data-kw-account-button');
    expect(html).not.toContain('Connect wallet');
    await account.click().catch(async (e) => {
      throw new Error(
        `${e}\n${consoleErrors.join('\n')}\n${(await page.locator('main').innerHTML()).slice(0, 3000)}`,
      );
    });
    // Once the Account view has its details (the wallet had time to come back), still no "Connect wallet".
    await dialog(page, 'Account')
      .locator('[data-kw-view="Account"]:is([data-kw-profile="success"], [data-kw-profile="error"])')
      .waitFor(WAIT);
    expect(await sawConnect()).toBe(false);
    // The page's accent: not a style attribute in the server's HTML (the CSP would block it), set once hydrated.
    expect(html).not.toMatch(/data-keyway="[^>]*style=/);
    const scope = page.locator('main [data-keyway]');
    expect(
      await scope.evaluate((el) => (el as HTMLElement).style.getPropertyValue('--kw-color-accent')),
    ).toBe('#3b5bdb');
    // No hydration error, no CSP violation, nothing else on the console.
    expect(consoleErrors).toEqual([]);
    await disconnectInAccountView(page);
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor(WAIT);
    await close();
  });

  it('an embedded-wallet login survives a reload: the server renders it, the frame restores it', async () => {
    const { page, consoleErrors, close } = await open(home());
    await page.getByRole('button', { name: 'Connect wallet' }).click();
    const address = await loginInConnectView(page, uniqueEmail('nextjs')).catch((e) => {
      throw new Error(`${e}\n${consoleErrors.join('\n')}\n${app?.output()}`);
    });
    await dialog(page, 'Account').getByRole('button', { name: 'Close' }).click();
    const button = page.getByRole('button', { name: new RegExp(short(address)) });
    await button.waitFor(WAIT);

    const sawConnect = await watchForConnectButton(page);
    const response = await page.reload({ waitUntil: 'load' });
    expect(await response?.text()).toContain(short(address));
    // Restored in the frame: the Account view names the same address, and no login was asked for.
    await button.click();
    const account = dialog(page, 'Account');
    await account.waitFor(WAIT);
    expect(await account.locator('[data-kw-account-name]').getAttribute('title')).toBe(address);
    expect(await sawConnect()).toBe(false);
    expect(consoleErrors.filter((e) => !/Keyway auth/.test(e))).toEqual([]);
    await close();
  });

  it('the headless page (the README quickstart in a Client Component) lists the dev wallet and connects it', async () => {
    const { page, consoleErrors, close } = await open(`${app!.url}/headless`);
    await page.getByRole('heading', { name: 'Your own UI' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Keyway Dev Wallet' }).click(WAIT);
    await page.getByRole('button', { name: `Disconnect ${DEV_ADDRESS}` }).click(WAIT);
    await page.getByRole('button', { name: 'Keyway Dev Wallet' }).waitFor(WAIT);
    expect(consoleErrors).toEqual([]);
    await close();
  });
});
