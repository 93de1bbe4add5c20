/**
 * The embedded wallet's login in the e2e tests: a unique email, the frame service's dev mailbox, the email
 * login through the kit's modal, and the frame's own screen (its approval UI) as a FrameLocator.
 */
import type { FrameLocator, Page } from 'playwright-core';
import { type Address, getAddress, isAddress } from 'viem';
import { expect, inject } from 'vitest';

export const WAIT = { timeout: 20_000 };

export const uniqueEmail = (tag: string) =>
  `kw-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

export interface Mail {
  to: string;
  kind: string;
  code: string | null;
  sentAt: number;
}

export async function mailbox(email: string): Promise<Mail[]> {
  const url = new URL(`${inject('keywayStack').mailboxUrl}.json`);
  url.searchParams.set('email', email);
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: Mail[] }).messages;
}

/** Waits for the login code mailed to `email` (the newest one). */
export async function loginCode(email: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const mail = (await mailbox(email)).find((m) => m.kind === 'login-code' && m.code);
      code = mail?.code ?? null;
      return code;
    }, WAIT)
    .toMatch(/^\d{6}$/);
  return code as unknown as string;
}

export const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
export const frame = (page: Page): FrameLocator => page.frameLocator('iframe[data-keyway-frame]');

/**
 * Clicks Disconnect in the open Account view once its name lookup answered: the name, or the offer to choose
 * one, appears above the button then and moves it; a click while it moves can land on the offer instead.
 */
export async function disconnectInAccountView(page: Page): Promise<void> {
  const account = dialog(page, 'Account');
  await account
    .locator('[data-kw-view="Account"]:is([data-kw-profile="success"], [data-kw-profile="error"])')
    .waitFor(WAIT);
  await account.getByRole('button', { name: /disconnect/i }).click();
}

/**
 * The email login in the open Connect view: type the email, read the code from the mailbox, enter it;
 * resolves with the full address the Account view then shows (its name's title).
 */
export async function loginInConnectView(page: Page, email: string): Promise<string> {
  const connect = dialog(page, 'Connect wallet');
  await connect.getByRole('textbox', { name: 'Email' }).fill(email, WAIT);
  await connect.getByRole('button', { name: 'Continue' }).click();
  const otp = dialog(page, 'Confirm email');
  await otp.getByText(email).waitFor(WAIT);
  const code = await loginCode(email);
  await otp.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
  const name = dialog(page, 'Account').locator('[data-kw-account-name]');
  await name.waitFor(WAIT);
  return (await name.getAttribute('title')) ?? '';
}

/** Email login through the modal from the header's Connect button, on an EVM network. */
export async function emailLogin(page: Page, email: string): Promise<Address> {
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  const address = await loginInConnectView(page, email);
  expect(isAddress(address)).toBe(true);
  const name = dialog(page, 'Account').locator('[data-kw-account-name]');
  expect(await name.textContent()).toBe(`${address.slice(0, 6)}…${address.slice(-4)}`);
  return getAddress(address);
}
