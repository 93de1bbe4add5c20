/**
 * Sign in with Ethereum, a whole session, in the styled playground with sign-in on (`?siwe=1`, the playground
 * server's own backend: playground/siwe-server.ts) and an account of this file's own (`?devAccount=2`):
 * - connect, sign in: the server's session says this address;
 * - reload: still signed in (the kit found the session), no second signature asked;
 * - switch the wallet's account: the old session is ended and the new account is asked to sign in;
 * - disconnect: the server's session is gone.
 * The server's state is read through its test-only `GET /__test/siwe/sessions`.
 */

import type { Page } from 'playwright-core';
import { getAddress, type Hex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, inject, it } from 'vitest';
import { SIWE_ROUTES } from '../playground/src/siwe';
import { ANVIL_TEST_KEYS } from '../services/chain/types';
import { browserForFile } from './support/browser';

const stack = inject('keywayStack');
const WAIT = { timeout: 20_000 };
const ACCOUNT_INDEX = 2;
const FIRST = privateKeyToAddress(ANVIL_TEST_KEYS[ACCOUNT_INDEX] as Hex);
/** "Switch account" moves the dev wallet to the next dev account. */
const SECOND = privateKeyToAddress(ANVIL_TEST_KEYS[ACCOUNT_INDEX + 1] as Hex);
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

const { open } = browserForFile();

interface ServerSession {
  address: string;
  chainId: number;
  createdAt: number;
}

/** The playground server's live sessions. */
async function serverSessions(): Promise<ServerSession[]> {
  const res = await fetch(new URL(SIWE_ROUTES.testSessions, stack.playgroundUrl));
  expect(res.status).toBe(200);
  return ((await res.json()) as { sessions: ServerSession[] }).sessions;
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const sessionText = (page: Page) => page.getByTestId('siwe-session').textContent();
const signatureRequests = (page: Page) => page.getByTestId('signature-requests').textContent();
const signedInAs = (address: string) => `Signed in as ${getAddress(address)} on chain 31337`;

/** The sign-in view is in front: signs, and waits for the modal to close. */
async function signIn(page: Page) {
  const view = dialog(page, 'Sign in');
  await view.waitFor(WAIT);
  await view.getByRole('button', { name: 'Sign', exact: true }).click();
  await view.waitFor({ state: 'detached', ...WAIT });
}

describe('sign in with Ethereum', () => {
  it('signs in, stays signed in after a reload, signs in again after an account switch, signs out on disconnect', async () => {
    const { page, consoleErrors, close } = await open(
      `${stack.playgroundUrl}?siwe=1&devAccount=${ACCOUNT_INDEX}`,
    );
    expect(await serverSessions()).toEqual([]);

    // Connect: the sign-in comes next; one signature, and the server's session says this address.
    await page.getByRole('button', { name: 'Connect wallet' }).click();
    await dialog(page, 'Connect wallet')
      .getByRole('button', { name: /Keyway Dev Wallet/ })
      .click();
    await signIn(page);
    await expect.poll(() => sessionText(page), WAIT).toBe(signedInAs(FIRST));
    expect(await signatureRequests(page)).toBe('1');
    const [first] = await serverSessions();
    expect(await serverSessions()).toEqual([
      { address: getAddress(FIRST), chainId: 31337, createdAt: first?.createdAt },
    ]);

    // Reload: the account comes back and the kit finds its session; no signature is asked.
    await page.reload({ waitUntil: 'load' });
    await expect.poll(() => sessionText(page), WAIT).toBe(signedInAs(FIRST));
    expect(await signatureRequests(page)).toBe('0');
    expect(await dialog(page, 'Sign in').count()).toBe(0);
    // The same session (not a new one made by a second sign-in).
    expect(await serverSessions()).toEqual([first]);

    // Another account in the wallet: the old session ends, and the modal asks the new account to sign in.
    await page.getByRole('button', { name: 'Switch account' }).click();
    await dialog(page, 'Sign in').waitFor(WAIT);
    await expect.poll(serverSessions, WAIT).toEqual([]);
    await expect.poll(() => sessionText(page), WAIT).toBe('Not signed in: the wallet is asked to sign in.');
    expect(await signatureRequests(page)).toBe('0');
    await signIn(page);
    await expect.poll(() => sessionText(page), WAIT).toBe(signedInAs(SECOND));
    expect(await signatureRequests(page)).toBe('1');
    expect((await serverSessions()).map((s) => s.address)).toEqual([getAddress(SECOND)]);

    // Disconnect: the server's session is gone.
    await page.getByRole('button', { name: new RegExp(short(SECOND)) }).click();
    const account = dialog(page, 'Account');
    await account.getByRole('button', { name: 'Disconnect' }).click();
    await account.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(serverSessions, WAIT).toEqual([]);
    await expect.poll(() => sessionText(page), WAIT).toBe('Not signed in.');
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor(WAIT);

    expect(consoleErrors).toEqual([]);
    await close();
  });
});
