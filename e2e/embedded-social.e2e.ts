/**
 * Social login through the embedded wallet, in the playground against the local stack: "Log in with GitHub"
 * opens the popup in the click itself, the popup goes to the frame service's local GitHub stand-in, a username
 * is chosen there, and the modal moves on to the Account view with the embedded wallet's address; the login
 * cache records the provider; a reload remembers the login without a popup; the same username later is the
 * same wallet. A popup closed before the login returns the modal to Connect with nothing connected. Farcaster:
 * the view shows a QR code and a link to the frame service's stand-in; approving there from another device
 * (a second browser context) moves the modal on to Account, and the login cache records Farcaster.
 */
import type { Page } from 'playwright-core';
import { type Address, getAddress, isAddress } from 'viem';
import { describe, expect, inject, it } from 'vitest';
import { LOGIN_CACHE_CLEARED_KEYS, LOGIN_CACHE_KEYS } from '../src/frame/login-cache';
import { browserForFile } from './support/browser';
import { dialog, disconnectInAccountView, WAIT } from './support/embedded';

const stack = inject('keywayStack');
const { open } = browserForFile();

const uniqueUser = (tag: string) =>
  `kw-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** Clicks "Log in with GitHub" on the Connect view and returns the login popup once it is on the provider page. */
async function openGithubPopup(page: Page): Promise<Page> {
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  const connect = dialog(page, 'Connect wallet');
  const popupOpened = page.waitForEvent('popup', WAIT);
  await connect.getByRole('button', { name: 'Log in with GitHub' }).click();
  const popup = await popupOpened;
  // The popup is navigated to the frame service's local provider page (the redirect URI from the frame).
  await popup.getByRole('heading', { name: 'Sign in with GitHub' }).waitFor(WAIT);
  expect(new URL(popup.url()).origin).toBe(new URL(stack.frameUrl).origin);
  return popup;
}

/** Logs in with `username` on the provider page; the popup closes and the modal shows the Account view. */
async function githubLogin(page: Page, username: string): Promise<Address> {
  const popup = await openGithubPopup(page);
  await popup.getByLabel('GitHub username').fill(username);
  await popup.getByRole('button', { name: 'Continue' }).click();
  await popup.waitForEvent('close', WAIT);
  const name = dialog(page, 'Account').locator('[data-kw-account-name]');
  await name.waitFor(WAIT);
  const address = await name.getAttribute('title');
  expect(address && isAddress(address)).toBe(true);
  return getAddress(address as string);
}

const storage = (page: Page) =>
  page.evaluate(() => ({ local: { ...localStorage }, session: { ...sessionStorage } }));

describe('embedded wallet (social login)', () => {
  it('logs in with GitHub through the local provider, is remembered, the same user gets the same wallet', async () => {
    const { page, consoleErrors } = await open(stack.playgroundUrl);
    const user = uniqueUser('gh');
    const address = await githubLogin(page, user);

    // Spec §4 login cache: the provider, the username the frame returned (session only), the login flag.
    const cache = await storage(page);
    expect(cache.local[LOGIN_CACHE_KEYS.social]).toBe('github');
    expect(cache.session[LOGIN_CACHE_KEYS.socialUsername]).toBe(user);
    expect(cache.local[LOGIN_CACHE_KEYS.socialUsername]).toBeUndefined();
    expect(cache.local[LOGIN_CACHE_KEYS.emailLoginUsed]).toBe('true');

    // A second visit: remembered, no popup.
    let popups = 0;
    page.on('popup', () => popups++);
    await page.reload({ waitUntil: 'load' });
    await page.getByRole('button', { name: new RegExp(short(address)) }).waitFor(WAIT);
    expect(popups).toBe(0);

    // Sign out clears the cache; logging in again as the same user gives the same wallet.
    await page.getByRole('button', { name: new RegExp(short(address)) }).click();
    await disconnectInAccountView(page);
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor(WAIT);
    const after = await storage(page);
    for (const key of LOGIN_CACHE_CLEARED_KEYS) {
      expect(after.local[LOGIN_CACHE_KEYS[key]]).toBeUndefined();
      expect(after.session[LOGIN_CACHE_KEYS[key]]).toBeUndefined();
    }
    expect(await githubLogin(page, user)).toBe(address);
    expect(popups).toBe(1);
    expect(consoleErrors).toEqual([]);
  });

  it('a popup closed before the login returns to Connect with nothing connected', async () => {
    const { page, consoleErrors } = await open(stack.playgroundUrl);
    const popup = await openGithubPopup(page);
    await dialog(page, 'Log in').getByText('Continue in the GitHub window').waitFor(WAIT);
    await popup.close();
    await dialog(page, 'Connect wallet').waitFor(WAIT);
    await dialog(page, 'Connect wallet').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor(WAIT);
    expect((await storage(page)).local[LOGIN_CACHE_KEYS.emailLoginUsed]).toBeUndefined();
    expect(consoleErrors).toEqual([]);
  });

  it('logs in with Farcaster: the link behind the QR code approved on another device', async () => {
    const { page, consoleErrors } = await open(stack.playgroundUrl);
    let popups = 0;
    page.on('popup', () => popups++);
    await page.getByRole('button', { name: 'Connect wallet' }).click();
    await dialog(page, 'Connect wallet').getByRole('button', { name: 'Log in with Farcaster' }).click();
    const view = dialog(page, 'Farcaster');
    await view.getByRole('img', { name: 'QR code to log in with Farcaster' }).waitFor(WAIT);
    const link = await view.getByRole('link', { name: 'Open Farcaster' }).getAttribute('href');
    const url = new URL(link ?? '');
    expect(url.origin).toBe(new URL(stack.frameUrl).origin);
    expect(url.pathname).toBe('/farcaster/connect');

    // The "phone": a second browser context on the stand-in page.
    const phone = await open(url.href);
    await phone.page.getByRole('heading', { name: 'Sign in with Farcaster' }).waitFor(WAIT);
    const user = uniqueUser('fc');
    await phone.page.getByLabel('Farcaster username').fill(user);
    await phone.page.getByRole('button', { name: 'Approve' }).click();
    await phone.page.getByText('Approved. You can return to the app.').waitFor(WAIT);

    const name = dialog(page, 'Account').locator('[data-kw-account-name]');
    await name.waitFor(WAIT);
    const address = await name.getAttribute('title');
    expect(address && isAddress(address)).toBe(true);
    expect(popups).toBe(0);
    // Closed, the modal leaves the host page's account button showing the same address.
    await dialog(page, 'Account').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: new RegExp(short(getAddress(address as string))) }).waitFor(WAIT);

    const cache = await storage(page);
    expect(cache.local[LOGIN_CACHE_KEYS.social]).toBe('farcaster');
    expect(cache.session[LOGIN_CACHE_KEYS.socialUsername]).toBe(user);
    expect(cache.local[LOGIN_CACHE_KEYS.emailLoginUsed]).toBe('true');

    // The link is single-use: opened again, the stand-in says so.
    const again = await phone.page.goto(url.href);
    expect(again?.status()).toBe(404);

    // Sign out clears the login cache.
    await page.getByRole('button', { name: new RegExp(short(getAddress(address as string))) }).click();
    await disconnectInAccountView(page);
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor(WAIT);
    const after = await storage(page);
    for (const key of LOGIN_CACHE_CLEARED_KEYS) {
      expect(after.local[LOGIN_CACHE_KEYS[key]]).toBeUndefined();
      expect(after.session[LOGIN_CACHE_KEYS[key]]).toBeUndefined();
    }
    expect(consoleErrors).toEqual([]);
  });
});
