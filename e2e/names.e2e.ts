/**
 * Account names against the local stack, in the playground:
 * - an email-login account is offered a name in the Account view; a short name shows the rule, a free one
 *   is available; Register has the RegisterName typed data (EIP-712) signed on the frame's own screen;
 *   the success view, the Account view and the account button show the name, also after a reload (kept
 *   by the API);
 * - a second email-login account trying the same name sees it taken with suggestions; a rejected signature
 *   and a failing API each bring back the form with the message and the typed name; a suggestion registers;
 * - the dev wallet (an external wallet, as an account of this file's own: `?devAccount=5`) sends 0.01 ETH to
 *   the registered name: it resolves to the embedded account's address and the ETH arrives there.
 */
import type { Page } from 'playwright-core';
import { type Address, parseEther } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { describe, expect, inject, it } from 'vitest';
import { browserForFile } from './support/browser';
import { dialog, emailLogin, frame, uniqueEmail, WAIT } from './support/embedded';
import { evmChain } from './support/evm';

const stack = inject('keywayStack');
const chain = evmChain(stack.evmRpc[31337]);
const MNEMONIC = 'test test test test test test test test test test test junk';
/** The dev wallet's account in this file: anvil's default account 5 (no other file uses it). */
const SENDER_INDEX = 5;
const SENDER = mnemonicToAccount(MNEMONIC, { addressIndex: SENDER_INDEX }).address;
const SHORT = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;
/** Unique per run: the API keeps names across runs. */
const LABEL = `alice-e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const FULL = `${LABEL}.kw.id`;

const { open } = browserForFile();

/** Set by the first test: the embedded account that owns FULL. */
let owner: Address | null = null;

/**
 * The API fails the next registration (the stack's per-request fault header, added to that request only:
 * the global fault rules are shared with the other files running at the same time).
 */
async function failNextRegistration(page: Page) {
  let armed = true;
  await page.route(`${stack.apiUrl}/v1/profile/account?**`, async (route) => {
    if (!armed || route.request().method() !== 'POST') return route.continue();
    armed = false;
    await route.continue({ headers: { ...route.request().headers(), 'x-kw-fault': 'status=500' } });
  });
}

/**
 * Waits for the account button to show `name`. On a timeout the error says what the page showed instead
 * (the account buttons' text, whether they sit under aria-hidden or inert, the open dialogs).
 */
async function accountButtonShows(page: Page, name: string, consoleErrors: string[] = []) {
  const button = page.getByRole('button', { name: new RegExp(name.replace(/\./g, '\\.')) });
  try {
    await button.waitFor(WAIT);
  } catch (e) {
    const buttons = await page.locator('[data-kw-account-button]').evaluateAll((els) =>
      els.map((el) => ({
        text: el.textContent,
        hidden: el.closest('[aria-hidden="true"],[inert]') !== null,
      })),
    );
    const dialogs = await page
      .getByRole('dialog')
      .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? el.textContent?.slice(0, 80)));
    const connect = await page.getByRole('button', { name: 'Connect wallet' }).count();
    throw new Error(
      `${(e as Error).message}\nThe page showed: ${JSON.stringify({ buttons, dialogs, connect, consoleErrors })}`,
    );
  }
}

/** Account → Choose your name; resolves with the form. */
async function openNameForm(page: Page) {
  const account = dialog(page, 'Account');
  await account.getByRole('button', { name: 'Choose your name' }).click(WAIT);
  const form = dialog(page, 'Choose your name');
  await form.getByRole('textbox', { name: 'Name' }).waitFor(WAIT);
  return form;
}

/** Register → the frame's typed-data approval screen shows RegisterName with `name` → `choice` there. */
async function registerInFrame(page: Page, name: string, choice: 'Sign' | 'Reject') {
  await dialog(page, 'Choose your name').getByRole('button', { name: 'Register' }).click();
  const approve = dialog(page, 'Approve request');
  await approve.getByRole('region', { name: 'Secure wallet approval' }).waitFor(WAIT);
  const screen = frame(page);
  // eth_signTypedData_v4: the frame names the primary type in its rows and shows the signed domain and
  // message as a JSON block ('Typed data'), where the message's name is the one typed.
  await screen.getByRole('heading', { name: 'Typed data', exact: true }).waitFor(WAIT);
  await screen.getByText('RegisterName', { exact: true }).waitFor(WAIT);
  await screen
    .locator('pre')
    .filter({ hasText: `"name": "${name}"` })
    .waitFor(WAIT);
  const button = screen.getByRole('button', { name: choice, exact: true });
  await expect.poll(() => button.isEnabled(), WAIT).toBe(true);
  await button.click();
  await approve.waitFor({ state: 'detached', ...WAIT });
}

describe('account names', () => {
  it('an email-login account registers a name; Account and the account button show it, also after a reload', async () => {
    const { page, consoleErrors } = await open(stack.playgroundUrl);
    const me = await emailLogin(page, uniqueEmail('names'));
    const form = await openNameForm(page);
    const field = form.getByRole('textbox', { name: 'Name' });

    await field.fill('ab');
    await form.getByText('Use at least 4 characters').waitFor(WAIT);
    await field.fill(LABEL);
    await form.getByText(`${FULL} is available`).waitFor(WAIT);

    await registerInFrame(page, FULL, 'Sign');
    const done = dialog(page, 'Name registered');
    await done.getByText(FULL, { exact: true }).waitFor(WAIT);
    await done.getByText(me, { exact: true }).waitFor(WAIT);
    await done.getByRole('button', { name: 'Done' }).click();

    const account = dialog(page, 'Account');
    const name = account.locator('[data-kw-account-name]');
    await expect.poll(() => name.textContent(), WAIT).toBe(FULL);
    // The address stays visible next to the name.
    await account.getByText(SHORT(me), { exact: true }).waitFor(WAIT);
    await account.getByRole('button', { name: 'Close' }).click();
    await accountButtonShows(page, FULL, consoleErrors);

    // After a reload: the API kept the name (the lookup runs once the modal is opened).
    await page.reload({ waitUntil: 'load' });
    await page
      .getByRole('button', { name: new RegExp(`${SHORT(me)}|${FULL.replace(/\./g, '\\.')}`) })
      .click(WAIT);
    await expect
      .poll(() => dialog(page, 'Account').locator('[data-kw-account-name]').textContent(), WAIT)
      .toBe(FULL);
    expect(await dialog(page, 'Account').getByRole('button', { name: 'Choose your name' }).count()).toBe(0);
    await dialog(page, 'Account').getByRole('button', { name: 'Close' }).click();
    await accountButtonShows(page, FULL, consoleErrors);
    owner = me;
    // A free name is a 404 of the lookup (API.md), which the browser logs as a failed resource.
    const freeName = /status of 404 .*\/v1\/profile\/account\//;
    expect(consoleErrors.filter((e) => !/Keyway auth/.test(e) && !freeName.test(e))).toEqual([]);
  });

  it('a second account: the name is taken with suggestions; a rejected signature and an API fault keep the form; a suggestion registers', async () => {
    expect(owner).not.toBeNull();
    const { page } = await open(stack.playgroundUrl);
    const me = await emailLogin(page, uniqueEmail('names2'));
    const form = await openNameForm(page);
    const field = form.getByRole('textbox', { name: 'Name' });
    await field.fill(LABEL);
    await form.getByText(`${FULL} is taken`).waitFor(WAIT);
    const pick = `${LABEL}-wallet.kw.id`;
    await form.getByRole('button', { name: pick, exact: true }).click(WAIT);
    await expect.poll(() => field.inputValue(), WAIT).toBe(`${LABEL}-wallet`);
    await form.getByText(`${pick} is available`).waitFor(WAIT);

    // Rejected on the frame's screen: back to the form, the message, the name kept.
    await registerInFrame(page, pick, 'Reject');
    const alert = dialog(page, 'Choose your name').getByRole('alert');
    await alert.getByText(`Error registering name ${pick}`).waitFor(WAIT);
    expect(await field.inputValue()).toBe(`${LABEL}-wallet`);

    // The API fails once: the message and the server's reason, the name kept.
    await failNextRegistration(page);
    await expect.poll(() => form.getByRole('button', { name: 'Register' }).isEnabled(), WAIT).toBe(true);
    await registerInFrame(page, pick, 'Sign');
    await alert.getByText(`Error registering name ${pick}`).waitFor(WAIT);
    await alert.getByText('Injected fault: status 500').waitFor(WAIT);
    expect(await field.inputValue()).toBe(`${LABEL}-wallet`);

    // Now it works.
    await registerInFrame(page, pick, 'Sign');
    await dialog(page, 'Name registered').getByText(pick, { exact: true }).waitFor(WAIT);
    await dialog(page, 'Name registered').getByText(me, { exact: true }).waitFor(WAIT);
  });

  it('the dev wallet sends 0.01 ETH to the registered name: it resolves to the owner and arrives', async () => {
    expect(owner).not.toBeNull();
    const to = owner as Address;
    await chain.setEth(SENDER, parseEther('10'));
    const before = await chain.ethOf(to);
    const { page } = await open(`${stack.playgroundUrl}?devAccount=${SENDER_INDEX}`);
    await page.getByRole('button', { name: 'Connect wallet' }).click();
    const connect = dialog(page, 'Connect wallet');
    await connect.getByRole('button', { name: /Keyway Dev Wallet/ }).click();
    await connect.waitFor({ state: 'detached', ...WAIT });
    await page.getByRole('button', { name: new RegExp(SHORT(SENDER)) }).click();
    await dialog(page, 'Account').waitFor(WAIT);
    // An external wallet is not offered a name.
    expect(await dialog(page, 'Account').getByRole('button', { name: 'Choose your name' }).count()).toBe(0);

    const modal = page.getByRole('dialog');
    await modal.getByRole('button', { name: 'Send', exact: true }).click();
    await modal.getByRole('button', { name: /Select token|change token/ }).click();
    await modal.getByRole('list', { name: 'Your tokens' }).waitFor(WAIT);
    await modal.getByRole('button', { name: /^Ether/ }).click();
    await modal.getByRole('textbox', { name: 'Amount' }).fill('0.01');
    await modal.getByRole('textbox', { name: 'To' }).fill(FULL);
    const preview = modal.getByRole('button', { name: 'Preview send' });
    await expect.poll(() => preview.isEnabled(), WAIT).toBe(true);
    await preview.click();
    const review = dialog(page, 'Review send');
    await review.waitFor(WAIT);
    // The name and the whole address it resolved to.
    await review.getByText(FULL, { exact: true }).waitFor(WAIT);
    await review.getByText(new RegExp(`^${to}$`, 'i')).waitFor(WAIT);
    await modal.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog(page, 'Account').waitFor(WAIT);
    await expect.poll(() => chain.ethOf(to), { timeout: 30_000 }).toBe(before + parseEther('0.01'));
  });
});
