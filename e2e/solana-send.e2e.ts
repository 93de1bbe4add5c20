/**
 * Solana in the styled playground against the local stack: switch to the local Solana network, connect the
 * Solana test wallet (Wallet Standard), see its address and SOL balance, send 0.1 SOL to a fresh address
 * through the kit's Send views → the receiver's balance, read from the Solana RPC, rises by exactly
 * 100 000 000 lamports; then disconnect. A send of 0.125 SOL shows in Activity with its exact amount, as the
 * transaction the validator recorded (its signature, confirmed, exactly 125 000 000 lamports).
 */
import { Keypair } from '@solana/web3.js';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { SOLANA_TEST_ADDRESS, SOLANA_WALLET_NAME } from '../playground/src/devAccounts';
import { browserForFile } from './support/browser';
import { jsonRpc, solanaLamports } from './support/rpc';
import { sendSol, switchToSolana } from './support/solana';

const stack = inject('keywayStack');
const WAIT = { timeout: 20_000 };
// The kit shortens non-0x addresses to 4 + 4 characters.
const SHORT = `${SOLANA_TEST_ADDRESS.slice(0, 4)}…${SOLANA_TEST_ADDRESS.slice(-4)}`;

const { open } = browserForFile();

const lamportsOf = (address: string) => solanaLamports(stack.solanaRpcUrl, address);

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** Switches the kit to the local Solana network from the header and connects the Solana test wallet. */
async function connectSolana(page: Page) {
  await switchToSolana(page);
  // No Solana wallet is connected yet: the modal goes on to Connect, listing the Solana wallets.
  const connect = dialog(page, 'Connect wallet');
  await connect.waitFor(WAIT);
  await connect.getByRole('button', { name: new RegExp(SOLANA_WALLET_NAME) }).click();
  await connect.waitFor({ state: 'detached', ...WAIT });
}

describe('Solana in the styled playground', () => {
  it('connects the Solana test wallet and sends 0.1 SOL through the Send views', async () => {
    const { page, consoleErrors, close } = await open(stack.playgroundUrl);
    await connectSolana(page);

    const accountButton = page.getByRole('button', { name: new RegExp(SHORT) });
    await accountButton.click();
    const account = dialog(page, 'Account');
    await account.waitFor(WAIT);
    await expect
      .poll(() => account.getByText(SHORT).first().getAttribute('title'), WAIT)
      .toBe(SOLANA_TEST_ADDRESS);
    // The balance is the one the Solana RPC reports.
    const shownSol = async () => {
      const m = /([\d,]+(?:\.\d+)?)\s*SOL/.exec(
        (await account.locator('[data-kw-balance]').textContent()) ?? '',
      );
      return m ? Number(m[1]!.replace(/,/g, '')) : Number.NaN;
    };
    const actualSol = Number(await lamportsOf(SOLANA_TEST_ADDRESS)) / 1e9;
    await expect.poll(shownSol, WAIT).toBeCloseTo(actualSol, 2);

    const receiver = Keypair.generate().publicKey.toBase58();
    expect(await lamportsOf(receiver)).toBe(0n);

    await sendSol(page, '0.1', receiver);

    await expect.poll(() => lamportsOf(receiver), WAIT).toBe(100_000_000n);
    // After success the kit shows the Account view again.
    await dialog(page, 'Account').waitFor(WAIT);
    expect(await lamportsOf(receiver)).toBe(100_000_000n);
    expect(consoleErrors).toEqual([]);
    await close();
  });

  it('shows a SOL send in Activity with its exact amount, as the validator recorded it', async () => {
    const { page, consoleErrors, close } = await open(stack.playgroundUrl);
    await connectSolana(page);
    await page.getByRole('button', { name: new RegExp(SHORT) }).click();
    await dialog(page, 'Account').waitFor(WAIT);
    const receiver = Keypair.generate().publicKey.toBase58();
    const shortReceiver = `${receiver.slice(0, 4)}…${receiver.slice(-4)}`;

    await sendSol(page, '0.125', receiver);
    await expect.poll(() => lamportsOf(receiver), WAIT).toBe(125_000_000n);
    const account = dialog(page, 'Account');
    await account.waitFor(WAIT);

    // The validator's record: one transaction for the receiver, confirmed, a transfer of exactly 0.125 SOL
    // from the test wallet.
    const signatures = await jsonRpc<{ signature: string; err: unknown; confirmationStatus: string }[]>(
      stack.solanaRpcUrl,
      'getSignaturesForAddress',
      [receiver],
    );
    expect(signatures).toHaveLength(1);
    const [{ signature, err, confirmationStatus }] = signatures as [(typeof signatures)[number]];
    expect({ err, confirmationStatus }).toEqual({ err: null, confirmationStatus: 'finalized' });
    const tx = await jsonRpc<{
      meta: { err: unknown };
      transaction: { message: { instructions: { parsed?: unknown }[] } };
    }>(stack.solanaRpcUrl, 'getTransaction', [
      signature,
      { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 },
    ]);
    expect(tx.meta.err).toBeNull();
    expect(tx.transaction.message.instructions.map((i) => i.parsed)).toContainEqual({
      type: 'transfer',
      info: { source: SOLANA_TEST_ADDRESS, destination: receiver, lamports: 125_000_000 },
    });

    // Activity lists that transaction (its id ends with the signature): sent, confirmed, -0.125 SOL.
    await account.getByRole('tab', { name: 'Activity' }).click();
    const item = account.locator(`[data-kw-transaction$=":${signature}"]`);
    await item.waitFor({ timeout: 30_000 });
    const row = item.locator('[data-kw-transaction-row]');
    expect(await row.getAttribute('data-kw-transaction-row')).toBe('out');
    expect(await row.getAttribute('data-kw-status')).toBe('confirmed');
    const text = (await item.textContent()) ?? '';
    expect(text).toContain('Sent SOL');
    expect(text).toContain(`to ${shortReceiver}`);
    expect(text).toContain('-0.125 SOL');
    expect(consoleErrors).toEqual([]);
    await close();
  });

  it('reconnects the remembered Solana wallet after a reload and disconnects', async () => {
    const { page, consoleErrors, close } = await open(stack.playgroundUrl);
    await connectSolana(page);
    const accountButton = page.getByRole('button', { name: new RegExp(SHORT) });
    await accountButton.waitFor(WAIT);
    await page.reload({ waitUntil: 'load' });
    // The kit remembers the Solana wallet and reconnects it silently: back on the Solana network, the
    // account is there without connecting again.
    await switchToSolana(page);
    await page.getByRole('button', { name: new RegExp(SHORT) }).click();
    const account = dialog(page, 'Account');
    await account.waitFor(WAIT);
    await account.getByRole('button', { name: 'Disconnect' }).click();
    await account.waitFor({ state: 'detached', ...WAIT });
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor(WAIT);
    expect(consoleErrors).toEqual([]);
    await close();
  });
});
