/**
 * Solana through the embedded wallet, in the playground against the local stack: on the local Solana
 * network, log in by email (no Solana wallet extension involved) → the Account view shows the Solana
 * address the frame keeps the key of; funded from outside with an airdrop, it sends 0.1 SOL through the
 * kit's Send views, approved on the frame's own screen (which shows the receiver and the amount) → the
 * receiver's balance rises by exactly 100 000 000 lamports and the sender pays 0.1 SOL + the fee. A send
 * rejected in the frame broadcasts nothing. A reload reconnects the Solana account without a login;
 * Disconnect signs the login out.
 */
import { Keypair } from '@solana/web3.js';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { isSolanaAddress } from '../src/chains/solana/address';
import { STORAGE_KEYS } from '../src/core/storage';
import { LOGIN_CACHE_KEYS } from '../src/frame/login-cache';
import { browserForFile } from './support/browser';
import { dialog, frame, loginInConnectView, uniqueEmail, WAIT } from './support/embedded';
import { jsonRpc, solanaLamports } from './support/rpc';
import { sendSol, switchToSolana } from './support/solana';

const stack = inject('keywayStack');
const lamportsOf = (address: string) => solanaLamports(stack.solanaRpcUrl, address);
const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`;
/** The local Solana runtime's fee per signature (lamports). */
const FEE = 5000n;

const { open } = browserForFile();

/** Email login in the open Connect view of the Solana network; returns the Solana address the Account shows. */
async function emailLoginOnSolana(page: Page, email: string): Promise<string> {
  const address = await loginInConnectView(page, email);
  expect(isSolanaAddress(address)).toBe(true);
  expect(await dialog(page, 'Account').locator('[data-kw-account-name]').textContent()).toBe(short(address));
  return address;
}

async function airdrop(address: string, lamports: bigint) {
  const signature = await jsonRpc<string>(stack.solanaRpcUrl, 'requestAirdrop', [address, Number(lamports)]);
  expect(signature).toBeTruthy();
  await expect.poll(() => lamportsOf(address), WAIT).toBe(lamports);
}

/** From the Account view: Send 0.1 SOL to `to` → the frame's approval screen, which names both. */
async function sendUntilApproval(page: Page, to: string) {
  await sendSol(page, '0.1', to);
  const approve = dialog(page, 'Approve request');
  await approve.getByRole('region', { name: 'Secure wallet approval' }).waitFor(WAIT);
  // The frame's screen says what is sent where, decoded from the transaction.
  const screen = frame(page);
  await screen.getByText(to, { exact: true }).first().waitFor(WAIT);
  await screen.getByText('0.1 SOL', { exact: true }).first().waitFor(WAIT);
}

async function decideInFrame(page: Page, choice: 'Approve' | 'Reject') {
  const button = frame(page).getByRole('button', { name: choice, exact: true });
  await expect.poll(() => button.isEnabled(), WAIT).toBe(true);
  await button.click();
}

describe('Solana through the embedded wallet', () => {
  it('logs in by email on Solana and sends 0.1 SOL approved in the frame; a rejected send sends nothing', async () => {
    const { page, consoleErrors, close } = await open(stack.playgroundUrl);
    await switchToSolana(page);
    // No Solana wallet is connected: the Connect view, with the email login, opens on its own after the
    // switch; if not, the header's Connect button opens it.
    if (!(await dialog(page, 'Connect wallet').isVisible())) {
      await page.getByRole('button', { name: 'Connect wallet' }).click();
    }
    const me = await emailLoginOnSolana(page, uniqueEmail('solana'));
    expect(await lamportsOf(me)).toBe(0n);

    // 1 SOL from outside the kit; reopening the Account view reads the balance again.
    await airdrop(me, 1_000_000_000n);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached', ...WAIT });
    await page.getByRole('button', { name: new RegExp(short(me)) }).click();
    const account = dialog(page, 'Account');
    await account
      .locator('[data-kw-balance]')
      .getByText(/^1(\.0+)? SOL$/)
      .waitFor(WAIT);

    const receiver = Keypair.generate().publicKey.toBase58();

    // Rejected in the frame: the kit's Solana error, and nothing reaches the chain.
    await sendUntilApproval(page, receiver);
    await decideInFrame(page, 'Reject');
    await page.getByText('Failed to send transaction. Please try again.').first().waitFor(WAIT);
    expect(await lamportsOf(receiver)).toBe(0n);
    expect(await lamportsOf(me)).toBe(1_000_000_000n);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached', ...WAIT });
    await page.getByRole('button', { name: new RegExp(short(me)) }).click();
    await account.waitFor(WAIT);

    // Approved in the frame: exactly 0.1 SOL arrives; the sender pays it and the fee.
    await sendUntilApproval(page, receiver);
    await decideInFrame(page, 'Approve');
    await expect.poll(() => lamportsOf(receiver), WAIT).toBe(100_000_000n);
    await dialog(page, 'Account').waitFor(WAIT);
    expect(await lamportsOf(me)).toBe(1_000_000_000n - 100_000_000n - FEE);
    expect(consoleErrors.filter((e) => !/Keyway auth/.test(e))).toEqual([]);
    await close();
  });

  it('a reload reconnects the Solana account without a login; Disconnect signs out', async () => {
    const { page, consoleErrors, close } = await open(stack.playgroundUrl);
    await switchToSolana(page);
    if (!(await dialog(page, 'Connect wallet').isVisible())) {
      await page.getByRole('button', { name: 'Connect wallet' }).click();
    }
    const me = await emailLoginOnSolana(page, uniqueEmail('solana-reload'));
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    const remembered = await page.evaluate(() => ({ ...localStorage }));
    expect(remembered[LOGIN_CACHE_KEYS.emailLoginUsed]).toBe('true');

    await page.reload({ waitUntil: 'load' });
    await switchToSolana(page);
    // Remembered: the account is there without the Connect view or a code. The Solana account joins once the
    // remembered login is back in the frame; a switch that comes before that finds it being restored (the
    // header's button says so) and closes the network list, as for a connected account.
    const connectView = dialog(page, 'Connect wallet');
    await page.getByRole('button', { name: new RegExp(short(me)) }).waitFor(WAIT);
    expect(await connectView.isVisible()).toBe(false);
    await page.getByRole('button', { name: new RegExp(short(me)) }).click();
    const account = dialog(page, 'Account');
    await account.waitFor(WAIT);
    expect(await account.locator('[data-kw-account-name]').getAttribute('title')).toBe(me);

    await account.getByRole('button', { name: 'Disconnect' }).click();
    await account.waitFor({ state: 'detached', ...WAIT });
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor(WAIT);
    // Signed out: the login cache in the page's storage is gone (the sign-out ends in the frame, after the
    // Solana side has already left the page's UI), and a reload stays signed out.
    const stored = () => page.evaluate(() => ({ ...localStorage }) as Record<string, string | undefined>);
    // The frame's sign-out is a request of its own: up to 40 s for it on a loaded machine.
    await expect
      .poll(async () => (await stored())[LOGIN_CACHE_KEYS.emailLoginUsed], { timeout: 40_000 })
      .toBeUndefined();
    expect((await stored())[STORAGE_KEYS.solanaWallet]).toBeUndefined();
    await page.reload({ waitUntil: 'load' });
    await switchToSolana(page);
    // Nobody is connected on Solana: the switch opens the Connect view (the header shows Connect wallet
    // behind it), and with no login remembered the frame is not even loaded.
    await dialog(page, 'Connect wallet').waitFor(WAIT);
    expect(await page.locator('iframe[data-keyway-frame]').count()).toBe(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor(WAIT);
    expect(await page.getByRole('button', { name: new RegExp(short(me)) }).count()).toBe(0);
    expect(consoleErrors.filter((e) => !/Keyway auth/.test(e))).toEqual([]);
    await close();
  }, 120_000);
});
