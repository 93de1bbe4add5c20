/**
 * Solana in the styled playground against the local stack: switch to the local Solana network, connect the
 * Solana test wallet (Wallet Standard), see its address and SOL balance, send 0.1 SOL to a fresh address
 * through the kit's Send views → the receiver's balance, read from the Solana RPC, rises by exactly
 * 100 000 000 lamports; then disconnect.
 */
import { Keypair } from '@solana/web3.js';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { SOLANA_TEST_ADDRESS, SOLANA_WALLET_NAME } from '../playground/src/devAccounts';
import { browserForFile } from './support/browser';
import { solanaLamports } from './support/rpc';
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
