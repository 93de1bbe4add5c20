/**
 * The playground in another language against the local stack (`?locale=<tag>`): Arabic lays the modal out right
 * to left (the dialog's direction, the close button at the left edge, chevrons turned around) while the address
 * and the balance read left to right; German, chosen the same way, stays left to right. Connecting does not
 * change chain state. An embedded-wallet account in German shows the entries only such an account has (the
 * name offer, Account settings) in German too. A visitor whose browser asks for Persian gets it with no `locale`
 * from the host: right to left, balances in Persian digits, the address left to right; Thai shows its own texts
 * with Latin digits.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import ar from '../src/i18n/locales/ar';
import de from '../src/i18n/locales/de';
import fa from '../src/i18n/locales/fa';
import th from '../src/i18n/locales/th';
import { browserForFile } from './support/browser';
import { loginCode, uniqueEmail } from './support/embedded';
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

/**
 * Connects the dev wallet from the open Connect view and opens Account from the header's account button; the
 * Account dialog once its total is shown.
 */
async function connectAndOpenAccount(
  page: Page,
  connect: Locator,
  t: { titles: { Account: string }; tokens: { total: string } },
): Promise<Locator> {
  await connect.getByRole('button', { name: /Keyway Dev Wallet/ }).click();
  await connect.waitFor({ state: 'detached', ...WAIT });
  await page.getByRole('button', { name: new RegExp(SHORT_ADDRESS) }).click();
  const account = page.getByRole('dialog', { name: t.titles.Account });
  await account.waitFor(WAIT);
  await account.getByText(t.tokens.total).waitFor(WAIT);
  return account;
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

    const account = await connectAndOpenAccount(page, connect, ar);
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

  it('German with an embedded-wallet account: the name offer and Account settings in German', async () => {
    const { page, consoleErrors, close } = await open(withLocale('de'));
    await page.getByRole('button', { name: de.titles.Connect }).first().click();
    const connect = page.getByRole('dialog', { name: de.titles.Connect });
    const email = uniqueEmail('locale-de');
    await connect.getByRole('textbox', { name: de.emailForm.label }).fill(email, WAIT);
    await connect.getByRole('button', { name: de.emailForm.submit }).click();
    const otp = page.getByRole('dialog', { name: de.titles.EmailVerifyOtp });
    await otp.getByText(email).waitFor(WAIT);
    const code = await loginCode(email);
    const firstDigit = de.components.otpDigit.replace('{index}', '1').replace('{length}', '6');
    await otp.getByRole('textbox', { name: firstDigit }).click();
    await page.keyboard.type(code);

    const account = page.getByRole('dialog', { name: de.titles.Account });
    await account.waitFor(WAIT);
    // Only an embedded-wallet account has these two: the offer to choose a name, and its settings.
    await account.getByText(de.titles.RegisterAccountName).first().waitFor(WAIT);
    await account.getByRole('button', { name: de.titles.AccountSettings }).click();
    await page.getByRole('dialog', { name: de.titles.AccountSettings }).waitFor(WAIT);
    expect(await page.getByText('Account settings').count()).toBe(0);
    expect(await page.getByText('Choose your name').count()).toBe(0);
    expect(consoleErrors.filter((e) => !/Keyway auth/.test(e))).toEqual([]);
    await close();
  });

  it("Persian from the visitor's browser languages (no host locale): right to left, Persian digits, the address left to right", async () => {
    const { page, consoleErrors, close } = await open(stack.playgroundUrl, { locale: 'fa-IR' });
    expect(await page.evaluate(() => navigator.languages[0])).toBe('fa-IR');
    const connect = await openConnect(page, fa.titles.Connect);
    expect(await direction(connect)).toBe('rtl');
    expect(await connect.evaluate((el) => el.closest('[data-keyway]')?.getAttribute('lang'))).toBe('fa');
    const account = await connectAndOpenAccount(page, connect, fa);
    const balance = account.locator('[data-kw-balance]');
    // Persian digits (U+06F0–U+06F9) with the momayyez, never a Latin digit; the amount reads left to right.
    await expect.poll(() => balance.textContent(), WAIT).toMatch(/^[۰-۹٬٫]+ ETH$/);
    expect(await direction(balance)).toBe('ltr');
    // The address stays in Latin letters and digits.
    expect(await account.locator('[data-kw-account-name]').getAttribute('title')).toBe(DEV_ADDRESS);
    expect(await account.locator('[data-kw-account-name]').textContent()).toMatch(
      /^0x[0-9a-fA-F]{4}.+[0-9a-fA-F]{4}$/,
    );
    expect(await account.getByRole('button', { name: fa.account.disconnect }).isVisible()).toBe(true);
    expect(consoleErrors).toEqual([]);
    await close();
  });

  it('Thai: its own texts left to right, Latin digits in the balance', async () => {
    const { page, consoleErrors, close } = await open(withLocale('th'));
    const connect = await openConnect(page, th.titles.Connect);
    expect(await direction(connect)).toBe('ltr');
    expect(
      await connect.getByRole('button', { name: new RegExp(`^${th.connect.allWallets}`) }).isVisible(),
    ).toBe(true);
    const account = await connectAndOpenAccount(page, connect, th);
    await expect
      .poll(() => account.locator('[data-kw-balance]').textContent(), WAIT)
      .toMatch(/^[\d,.]+ ETH$/);
    expect(await account.getByRole('button', { name: th.account.disconnect }).isVisible()).toBe(true);
    expect(consoleErrors).toEqual([]);
    await close();
  });
});
