/**
 * The playground in another language against the local stack (`?locale=<tag>`): Arabic lays the modal out right
 * to left (the dialog's direction, the close button at the left edge, chevrons turned around) while the address
 * and the balance read left to right; German, chosen the same way, stays left to right. Connecting does not
 * change chain state.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import ar from '../src/i18n/locales/ar';
import de from '../src/i18n/locales/de';
import { browserForFile } from './support/browser';
import { DEV_ADDRESS } from './support/stack';

const stack = inject('keywayStack');
const WAIT = { timeout: 20_000 };
const SHORT_ADDRESS = `${DEV_ADDRESS.slice(0, 6)}…${DEV_ADDRESS.slice(-4)}`;

const { open } = browserForFile();

const withLocale = (locale: string) => {
  const url = new URL(stack.playgroundUrl);
  url.searchParams.set('locale', locale);
  return url.toString();
};

const direction = (el: Locator) => el.evaluate((node) => getComputedStyle(node).direction);

/** Opens the Connect view with the locale's Connect button; the dialog once its wallets are listed. */
async function openConnect(page: Page, title: string): Promise<Locator> {
  await page.getByRole('button', { name: title }).first().click();
  const d = page.getByRole('dialog', { name: title });
  await d.waitFor(WAIT);
  await d.getByRole('button', { name: /Keyway Dev Wallet/ }).waitFor(WAIT);
  return d;
}

describe('playground in another language', () => {
  it('Arabic: right to left, with the address and the balance left to right', async () => {
    const { page, consoleErrors, close } = await open(withLocale('ar'));
    const connect = await openConnect(page, ar.titles.Connect);
    expect(await direction(connect)).toBe('rtl');
    expect(
      await connect.getByRole('button', { name: new RegExp(`^${ar.connect.allWallets}`) }).isVisible(),
    ).toBe(true);
    // The close button sits at the dialog's left edge, the wallet rows' chevrons point left.
    const box = await connect.boundingBox();
    const closeBox = await connect.getByRole('button', { name: ar.modal.close }).boundingBox();
    expect(box && closeBox && closeBox.x - box.x < box.width / 2).toBe(true);
    const chevron = connect
      .getByRole('button', { name: /Keyway Dev Wallet/ })
      .locator('svg')
      .last();
    expect(await chevron.evaluate((el) => getComputedStyle(el).transform)).toBe('matrix(-1, 0, 0, 1, 0, 0)');

    await connect.getByRole('button', { name: /Keyway Dev Wallet/ }).click();
    await connect.waitFor({ state: 'detached', ...WAIT });
    await page.getByRole('button', { name: new RegExp(SHORT_ADDRESS) }).click();
    const account = page.getByRole('dialog', { name: ar.titles.Account });
    await account.waitFor(WAIT);
    await account.getByText(ar.tokens.total).waitFor(WAIT);
    expect(await direction(account)).toBe('rtl');
    const balance = account.locator('[data-kw-balance]');
    await expect.poll(() => balance.textContent(), WAIT).toMatch(/^[\d,.]+ ETH$/);
    expect(await direction(balance)).toBe('ltr');
    expect(await account.getByRole('button', { name: ar.account.disconnect }).isVisible()).toBe(true);
    expect(consoleErrors).toEqual([]);
    await close();
  });

  it('German: the same page left to right, in German', async () => {
    const { page, consoleErrors, close } = await open(withLocale('de'));
    const connect = await openConnect(page, de.titles.Connect);
    expect(await direction(connect)).toBe('ltr');
    expect(
      await connect.getByRole('button', { name: new RegExp(`^${de.connect.allWallets}`) }).isVisible(),
    ).toBe(true);
    const chevron = connect
      .getByRole('button', { name: /Keyway Dev Wallet/ })
      .locator('svg')
      .last();
    expect(await chevron.evaluate((el) => getComputedStyle(el).transform)).toBe('matrix(1, 0, 0, 1, 0, 0)');
    expect(consoleErrors).toEqual([]);
    await close();
  });
});
