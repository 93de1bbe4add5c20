/**
 * The embedded wallet against the local stack, in the playground: email login end to end (the code read
 * from the frame's dev mailbox), the Account view with the embedded wallet's address, "Sign message"
 * approved inside the frame (signature verified with viem) then rejected there, a method the embedded wallet
 * does not offer refused with 'Action not allowed', a second visit that
 * remembers the login without a new code, sign out clearing the login cache; and a host-page script that
 * forges frame messages changes nothing.
 */
import type { Page } from 'playwright-core';
import { type Hex, verifyMessage } from 'viem';
import { describe, expect, inject, it } from 'vitest';
import { SIGN_MESSAGE_TEXT } from '../playground/src/texts';
import { LOGIN_CACHE_CLEARED_KEYS, LOGIN_CACHE_KEYS } from '../src/frame/login-cache';
import { buildSuccess, HANDSHAKE_TYPE, PROTOCOL_VERSION, READY_TYPE } from '../src/frame/protocol/events';
import { browserForFile } from './support/browser';
import {
  dialog,
  disconnectInAccountView,
  emailLogin,
  frame,
  mailbox,
  uniqueEmail,
  WAIT,
} from './support/embedded';

const stack = inject('keywayStack');
const FORGED_ADDRESS = '0x000000000000000000000000000000000000dEaD';

const { open } = browserForFile();

/** Clicks "Sign message"; the modal shows the frame's approval screen; clicks `choice` inside the frame. */
async function signInFrame(page: Page, choice: 'Sign' | 'Reject') {
  const result = page.getByTestId('sign-result');
  await page.getByRole('button', { name: 'Sign message' }).click();
  const approve = dialog(page, 'Approve request');
  await approve.getByRole('region', { name: 'Secure wallet approval' }).waitFor(WAIT);
  // The kit never offers its own approve button: the decision is made in the frame.
  expect(await approve.getByRole('button', { name: /^(sign|approve|reject)$/i }).count()).toBe(0);
  const screen = frame(page);
  await screen.getByText(SIGN_MESSAGE_TEXT).waitFor(WAIT);
  const button = screen.getByRole('button', { name: choice, exact: true });
  await expect.poll(() => button.isEnabled(), WAIT).toBe(true);
  await button.click();
  await expect.poll(() => result.getAttribute('data-status'), WAIT).not.toBe('idle');
  await approve.waitFor({ state: 'detached', ...WAIT });
  // The frame is hidden again once the request is settled.
  await expect.poll(() => page.locator('iframe[data-keyway-frame]').getAttribute('data-state')).toBe(null);
  return result;
}

async function storageKeys(page: Page): Promise<{ local: string[]; session: string[] }> {
  return page.evaluate(() => ({
    local: Object.keys(localStorage),
    session: Object.keys(sessionStorage),
  }));
}

describe('embedded wallet (email login)', () => {
  it('logs in by email code, signs in the frame, rejects in the frame, is remembered, signs out', async () => {
    const { page, consoleErrors } = await open(stack.playgroundUrl);
    // Nothing of the frame before it is used.
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor(WAIT);
    expect(await page.locator('iframe[data-keyway-frame]').count()).toBe(0);

    const email = uniqueEmail('flow');
    const address = await emailLogin(page, email);
    expect((await mailbox(email)).filter((m) => m.kind === 'login-code')).toHaveLength(1);
    await dialog(page, 'Account').getByRole('button', { name: 'Close' }).click();
    await dialog(page, 'Account').waitFor({ state: 'detached', ...WAIT });

    // Sign message: approved in the frame, the signature is the embedded wallet's.
    const signed = await signInFrame(page, 'Sign');
    expect(await signed.getAttribute('data-status')).toBe('signed');
    const signature = (await signed.textContent()) as Hex;
    expect(await verifyMessage({ address, message: SIGN_MESSAGE_TEXT, signature })).toBe(true);

    // A second one rejected in the frame: the error is shown.
    const rejected = await signInFrame(page, 'Reject');
    expect(await rejected.getAttribute('data-status')).toBe('error');
    expect(await rejected.textContent()).toMatch(/^Error: .*reject/i);

    // A method the embedded wallet does not offer (wallet_watchAsset): refused without the frame's screen; the
    // page's call fails with the protocol's text, the visitor reads 'Action not allowed'.
    await page.getByRole('button', { name: 'Add USDC to wallet' }).click();
    const watched = page.getByTestId('watch-result');
    await expect.poll(() => watched.getAttribute('data-status'), WAIT).toBe('error');
    expect(await watched.textContent()).toContain('Requested RPC call is not allowed');
    const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('alert');
    await toast.filter({ hasText: 'Action not allowed' }).waitFor(WAIT);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.locator('iframe[data-keyway-frame]').getAttribute('data-state')).toBe(null);

    const keys = await storageKeys(page);
    expect(keys.local).toContain(LOGIN_CACHE_KEYS.emailLoginUsed);
    expect(keys.session).toContain(LOGIN_CACHE_KEYS.email);
    // The email address is not kept in localStorage (sessionStorage only).
    expect(keys.local).not.toContain(LOGIN_CACHE_KEYS.email);

    // Second visit: the login is remembered, no new code is sent.
    await page.reload({ waitUntil: 'load' });
    const short = `${address.slice(0, 6)}…${address.slice(-4)}`;
    const accountButton = page.getByRole('button', { name: new RegExp(short) });
    await accountButton.waitFor(WAIT);
    expect((await mailbox(email)).filter((m) => m.kind === 'login-code')).toHaveLength(1);

    // Sign out: the login cache is cleared from the page's storage.
    await accountButton.click();
    await disconnectInAccountView(page);
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor(WAIT);
    const after = await storageKeys(page);
    for (const key of LOGIN_CACHE_CLEARED_KEYS) {
      expect(after.local).not.toContain(LOGIN_CACHE_KEYS[key]);
      expect(after.session).not.toContain(LOGIN_CACHE_KEYS[key]);
    }
    // And a new visit does not reconnect.
    await page.reload({ waitUntil: 'load' });
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor(WAIT);
    expect(await page.getByRole('button', { name: new RegExp(short) }).count()).toBe(0);
    expect(consoleErrors.filter((e) => !/Keyway auth/.test(e))).toEqual([]);
  });

  it('ignores forged frame messages posted by a script on the host page', async () => {
    const { page } = await open(stack.playgroundUrl);
    const address = await emailLogin(page, uniqueEmail('forge'));
    await dialog(page, 'Account').getByRole('button', { name: 'Close' }).click();
    await dialog(page, 'Account').waitFor({ state: 'detached', ...WAIT });

    const id = '00000000-0000-4000-8000-000000000000';
    const forged = [
      { type: READY_TYPE, id, payload: { protocolVersion: PROTOCOL_VERSION } },
      buildSuccess('GET_USER', id, { address: FORGED_ADDRESS, chainId: 31337, email: 'evil@example.com' }),
      buildSuccess('IS_CONNECTED', id, { isConnected: false }),
      buildSuccess('SWITCH_NETWORK', id, { chainId: 31338 }),
      buildSuccess('RPC_REQUEST', id, { result: `0x${'ab'.repeat(65)}` }),
      { type: HANDSHAKE_TYPE, id, payload: { protocolVersion: PROTOCOL_VERSION } },
      'not an object',
      { type: '@keyway-frame/GET_USER_SUCCESS' },
    ];
    const frameOrigin = new URL(stack.frameUrl).origin;
    await page.evaluate(
      ({ messages, origin }) => {
        const iframe = document.querySelector('iframe[data-keyway-frame]') as HTMLIFrameElement | null;
        for (const data of messages) {
          // As the page itself, as if from the frame's origin and window, with a port of its own.
          window.postMessage(data, '*');
          const channel = new MessageChannel();
          window.dispatchEvent(
            new MessageEvent('message', {
              data,
              origin,
              source: iframe?.contentWindow ?? window,
              ports: [channel.port2],
            }),
          );
          iframe?.dispatchEvent(new Event('load'));
        }
      },
      { messages: forged, origin: frameOrigin },
    );

    // Nothing changed: same address, still connected, nothing signed, the login cache intact.
    const short = `${address.slice(0, 6)}…${address.slice(-4)}`;
    await page.getByRole('button', { name: new RegExp(short) }).waitFor(WAIT);
    expect(await page.getByTestId('sign-result').getAttribute('data-status')).toBe('idle');
    expect((await storageKeys(page)).local).toContain(LOGIN_CACHE_KEYS.emailLoginUsed);
    await page.getByRole('button', { name: new RegExp(short) }).click();
    const name = dialog(page, 'Account').locator('[data-kw-account-name]');
    expect(await name.getAttribute('title')).toBe(address);
    await dialog(page, 'Account').getByRole('button', { name: 'Close' }).click();

    // The real channel still works: a signature of the same address.
    const signed = await signInFrame(page, 'Sign');
    const signature = (await signed.textContent()) as Hex;
    expect(await verifyMessage({ address, message: SIGN_MESSAGE_TEXT, signature })).toBe(true);
  });
});
