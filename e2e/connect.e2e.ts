/**
 * Connect, account and networks against the local stack, in the playground (styled page and headless page):
 * the dev wallet connects, the account shows the address and the balance read from the chain, a network
 * switch shows the other chain's balance, disconnect; wallet search over the explorer; a rejected
 * connection and its retry; and no request leaves the page before the modal is first opened.
 */
import type { Locator, Page } from 'playwright-core';
import { formatEther, type Hex, verifyMessage } from 'viem';
import { describe, expect, inject, it } from 'vitest';
import { SIGN_MESSAGE_TEXT } from '../playground/src/texts';
import { browserForFile } from './support/browser';
import { evmBalance } from './support/rpc';
import { DEV_ADDRESS, DEV_L2_BALANCE_WEI } from './support/stack';

const stack = inject('keywayStack');
const WAIT = { timeout: 20_000 };
const SHORT_ADDRESS = `${DEV_ADDRESS.slice(0, 6)}…${DEV_ADDRESS.slice(-4)}`;

const { open } = browserForFile();

const rpcBalance = (chainId: 31337 | 31338): Promise<bigint> =>
  evmBalance(stack.evmRpc[chainId], DEV_ADDRESS);

/** The number in a balance text such as "9,999.99 ETH" (thousands separators removed). */
function amountOf(text: string | null): number {
  const m = /([\d,]+(?:\.\d+)?)\s*ETH/.exec(text ?? '');
  return m ? Number(m[1]!.replace(/,/g, '')) : Number.NaN;
}

/** Waits until the shown amount matches the chain's balance (within `tolerance` ETH: other files may send). */
async function expectBalanceShown(el: Locator, chainId: 31337 | 31338, tolerance: number) {
  await expect
    .poll(async () => {
      const shown = amountOf(await el.textContent());
      const actual = Number(formatEther(await rpcBalance(chainId)));
      return Math.abs(shown - actual) <= tolerance;
    }, WAIT)
    .toBe(true);
}

/**
 * Chain 31338's balance: 4321.5 ETH from the set-up (far from chain 31337's ≈9 000-10 000 ETH), less what
 * other files may have sent from the dev account there since; it must match the chain.
 */
async function expectL2BalanceShown(el: Locator) {
  const set = Number(formatEther(DEV_L2_BALANCE_WEI));
  await expect
    .poll(async () => {
      const shown = amountOf(await el.textContent());
      return shown <= set && shown > set - 100;
    }, WAIT)
    .toBe(true);
  await expectBalanceShown(el, 31338, 1);
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

async function openConnect(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  const d = dialog(page, 'Connect wallet');
  await d.waitFor(WAIT);
  return d;
}

describe('styled playground', () => {
  it('connects the dev wallet, shows address and balance, switches chain, disconnects', async () => {
    const { page, consoleErrors, close } = await open(stack.playgroundUrl);
    const connect = await openConnect(page);
    await connect.getByRole('button', { name: /Keyway Dev Wallet/ }).click();
    // Connected: the modal closes and the header shows the account.
    await dialog(page, 'Connect wallet').waitFor({ state: 'detached', ...WAIT });
    const accountButton = page.getByRole('button', { name: new RegExp(SHORT_ADDRESS) });
    await accountButton.click();

    const account = dialog(page, 'Account');
    await account.waitFor(WAIT);
    await expect
      .poll(() => account.getByText(SHORT_ADDRESS).first().getAttribute('title'), WAIT)
      .toBe(DEV_ADDRESS);
    const balance = account.locator('[data-kw-balance]');
    // Chain 31337: the dev account's balance as the chain reports it (≈10 000 ETH minus deployment gas).
    await expectBalanceShown(balance, 31337, 1);

    await account.getByRole('button', { name: 'Keyway Local', exact: true }).click();
    const networks = dialog(page, 'Choose network');
    await networks.getByRole('button', { name: /Keyway Local L2/ }).click();
    // Back on the Account view, on chain 31338: the balance the set-up gave the dev account there.
    await account.getByRole('button', { name: 'Keyway Local L2', exact: true }).waitFor(WAIT);
    await expectL2BalanceShown(balance);

    await account.getByRole('button', { name: 'Disconnect' }).click();
    await account.waitFor({ state: 'detached', ...WAIT });
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor(WAIT);
    expect(consoleErrors).toEqual([]);
    await close();
  });

  it('by keyboard alone: focus goes into the dialog, and after connecting and disconnecting to the button that replaced the opener', async () => {
    const { page, close } = await open(stack.playgroundUrl);
    /** The focused element: its accessible name (text or aria-label), and where it is. */
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return {
          tag: el?.tagName ?? null,
          name: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim(),
          inDialog: !!el?.closest('[role="dialog"]'),
          accountButton: el?.hasAttribute('data-kw-account-button') ?? false,
        };
      });
    /** Presses Tab until the focused control's name matches (at most 40 presses). */
    async function tabTo(name: RegExp) {
      for (let i = 0; i < 40; i++) {
        if (name.test((await focused()).name)) return;
        await page.keyboard.press('Tab');
      }
      throw new Error(`Tab never reached ${name}; focus is on ${JSON.stringify(await focused())}`);
    }
    await tabTo(/^Connect wallet$/);
    await page.keyboard.press('Enter');
    const connect = dialog(page, 'Connect wallet');
    await connect.waitFor(WAIT);
    await expect.poll(async () => (await focused()).inDialog, WAIT).toBe(true);
    // The wallet list renders once the wallets are known: tab to it when it is there.
    await connect.getByRole('button', { name: /Keyway Dev Wallet/ }).waitFor(WAIT);
    await tabTo(/Keyway Dev Wallet/);
    expect((await focused()).inDialog).toBe(true);
    await page.keyboard.press('Enter');
    await dialog(page, 'Connect wallet').waitFor({ state: 'detached', ...WAIT });
    // Not <body>: the account button that now stands where "Connect wallet" was.
    await expect.poll(async () => (await focused()).accountButton, WAIT).toBe(true);
    expect((await focused()).name).toContain(SHORT_ADDRESS);

    await page.keyboard.press('Enter');
    const account = dialog(page, 'Account');
    await account.waitFor(WAIT);
    await account.getByRole('button', { name: 'Disconnect' }).waitFor(WAIT);
    await tabTo(/^Disconnect$/);
    expect((await focused()).inDialog).toBe(true);
    await page.keyboard.press('Enter');
    await account.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(async () => (await focused()).name, WAIT).toBe('Connect wallet');
    expect((await focused()).tag).toBe('BUTTON');
    await close();
  });

  it('finds a wallet of the explorer by search in All wallets', async () => {
    const { page, consoleErrors, close } = await open(stack.playgroundUrl);
    const connect = await openConnect(page);
    await connect.getByRole('button', { name: /All wallets/ }).click();
    const all = dialog(page, 'All wallets');
    await all.waitFor(WAIT);
    await all.getByPlaceholder('Search wallets').fill('rabby');
    await all.getByRole('button', { name: /Rabby Wallet/ }).waitFor(WAIT);
    // Results replace the list: a wallet that does not match is gone.
    await expect.poll(() => all.getByRole('button', { name: /MetaMask/ }).count(), WAIT).toBe(0);
    expect(consoleErrors).toEqual([]);
    await close();
  });

  it('shows the declined state when the wallet rejects, Try again connects; Sign message refused then signed', async () => {
    const { page, consoleErrors, close } = await open(stack.playgroundUrl);
    const reject = page.getByRole('button', { name: 'Reject next wallet request' });
    await reject.click();
    await expect.poll(() => reject.getAttribute('aria-pressed')).toBe('true');
    const connect = await openConnect(page);
    await connect.getByRole('button', { name: /Keyway Dev Wallet/ }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('heading', { name: 'Connection declined' }).waitFor(WAIT);
    // The rejection was used up: the next request is approved (read behind the modal, which hides the page
    // from the accessibility tree).
    const rejectState = page.getByTestId('reject-state');
    expect(await rejectState.textContent()).toBe('Requests are approved.');
    await modal.getByRole('button', { name: 'Try again' }).click();
    await modal.waitFor({ state: 'detached', ...WAIT });
    await page.getByRole('button', { name: new RegExp(SHORT_ADDRESS) }).waitFor(WAIT);

    // Sign message: a rejected prompt shows the error, an approved one a signature of the dev account.
    const sign = page.getByRole('button', { name: 'Sign message' });
    const result = page.getByTestId('sign-result');
    await reject.click();
    await sign.click();
    await expect.poll(() => result.getAttribute('data-status'), WAIT).toBe('error');
    expect(await result.textContent()).toMatch(/^Error: .*reject/i);
    await sign.click();
    await expect.poll(() => result.getAttribute('data-status'), WAIT).toBe('signed');
    const signature = (await result.textContent()) as Hex;
    expect(await verifyMessage({ address: DEV_ADDRESS, message: SIGN_MESSAGE_TEXT, signature })).toBe(true);
    expect(consoleErrors).toEqual([]);
    await close();
  });

  it('sends no request before the modal is first opened, and does once it is', async () => {
    const origin = new URL(stack.playgroundUrl).origin;
    const requests: string[] = [];
    let openedModal = false;
    const { page, consoleErrors, close } = await open(stack.playgroundUrl, {
      beforeGoto: (p) => {
        p.on('request', (r) => {
          if (!openedModal) requests.push(r.url());
        });
      },
    });
    const button = page.getByRole('button', { name: 'Connect wallet' });
    await button.waitFor(WAIT);
    // Let the page settle (idle preloading of the views included) before the first click.
    await page.waitForLoadState('networkidle');
    const before = [...requests];
    expect(before.length).toBeGreaterThan(0);
    const foreign = before.filter((u) => new URL(u).origin !== origin);
    expect(foreign).toEqual([]);
    // Only the page itself and its static files.
    for (const u of before) expect(new URL(u).pathname).toMatch(/^\/($|assets\/)/);

    const after: string[] = [];
    page.on('request', (r) => after.push(r.url()));
    openedModal = true;
    await button.click();
    await dialog(page, 'Connect wallet').waitFor(WAIT);
    // Opening the modal talks to the local stack (the explorer's wallet lists).
    await expect.poll(() => after.some((u) => u.startsWith(stack.apiUrl)), WAIT).toBe(true);
    expect(consoleErrors).toEqual([]);
    await close();
  });

  it('applies the theme switcher to the kit: mode and accent colour', async () => {
    const { page, consoleErrors, close } = await open(stack.playgroundUrl);
    const button = page.getByRole('button', { name: 'Connect wallet' });
    await button.waitFor(WAIT);
    const kitRoot = page.locator('[data-keyway]', { has: button });
    expect(await kitRoot.getAttribute('data-kw-mode')).toBe('system');
    await page.getByRole('radio', { name: 'Dark' }).check();
    await page.getByRole('button', { name: 'Pink' }).click();
    await expect.poll(() => kitRoot.getAttribute('data-kw-mode'), WAIT).toBe('dark');
    // #c2255c, the Pink accent, on the kit's primary button.
    await expect
      .poll(() => button.evaluate((el) => getComputedStyle(el).backgroundColor), WAIT)
      .toBe('rgb(194, 37, 92)');
    // The modal (in its own portal) follows the same theme.
    await button.click();
    const modal = dialog(page, 'Connect wallet');
    await modal.waitFor(WAIT);
    expect(await page.locator('[data-keyway][data-kw-mode="dark"]', { has: modal }).count()).toBe(1);
    expect(consoleErrors).toEqual([]);
    await close();
  });
});

describe('headless playground', () => {
  it('connects with its own UI, shows address and balance, switches chain, disconnects', async () => {
    const { page, consoleErrors, close } = await open(stack.headlessUrl);
    await page.getByRole('button', { name: 'Connect Keyway Dev Wallet' }).click();
    const address = page.getByTestId('address');
    await address.waitFor(WAIT);
    expect(await address.textContent()).toBe(DEV_ADDRESS);
    const balance = page.getByTestId('balance');
    await expectBalanceShown(balance, 31337, 1);

    await page.getByRole('button', { name: 'Keyway Local L2' }).click();
    await expect.poll(() => page.getByTestId('network').textContent(), WAIT).toBe('Keyway Local L2');
    await expectL2BalanceShown(balance);

    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('button', { name: 'Connect Keyway Dev Wallet' }).waitFor(WAIT);
    expect(consoleErrors).toEqual([]);
    await close();
  });
});
