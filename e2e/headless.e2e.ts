/**
 * The headless playground page (its own UI from `keyway` exports only) against the local stack, beyond the
 * connection that connect.e2e.ts covers: it sends ETH with its own form, as an account of this file's own
 * (`?devAccount=8`), and the receiver gains exactly the amount on the chain; and it logs in by email with
 * its own form (the code read from the frame's dev mailbox), showing the embedded wallet's address.
 */
import { type Address, getAddress, type Hex, isAddress, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { describe, expect, inject, it } from 'vitest';
import { ANVIL_TEST_KEYS } from '../services/chain/types';
import { browserForFile } from './support/browser';
import { loginCode, mailbox, uniqueEmail, WAIT } from './support/embedded';
import { evmBalance, jsonRpc } from './support/rpc';

const stack = inject('keywayStack');
const SENDER_INDEX = 8;
const SENDER = privateKeyToAddress(ANVIL_TEST_KEYS[SENDER_INDEX] as Hex);

const { open } = browserForFile();

describe('headless playground', () => {
  it('sends 0.01 ETH with its own form: the receiver gains exactly that on the chain', async () => {
    const receiver = privateKeyToAddress(generatePrivateKey());
    const { page, consoleErrors, close } = await open(`${stack.headlessUrl}?devAccount=${SENDER_INDEX}`);
    await page.getByRole('button', { name: 'Connect Keyway Dev Wallet' }).click();
    await expect.poll(() => page.getByTestId('address').textContent(), WAIT).toBe(SENDER);

    const token = page.getByRole('combobox', { name: 'Token' });
    await expect.poll(() => token.locator('option', { hasText: /^ETH$/ }).count(), WAIT).toBe(1);
    await token.selectOption({ label: 'ETH' });
    await page.getByRole('textbox', { name: 'Amount' }).fill('0.01');
    await page.getByRole('textbox', { name: 'To' }).fill(receiver);
    const send = page.getByRole('button', { name: 'Send', exact: true });
    await expect.poll(() => send.isEnabled(), WAIT).toBe(true);
    await send.click();

    const result = page.getByTestId('send-result');
    await expect.poll(() => result.getAttribute('data-status'), WAIT).toBe('sent');
    const hash = (await result.locator('code').textContent()) as Hex;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    const rpc = stack.evmRpc[31337];
    const tx = await jsonRpc<{ from: string; to: string; value: Hex }>(rpc, 'eth_getTransactionByHash', [
      hash,
    ]);
    expect(getAddress(tx.from)).toBe(SENDER);
    expect(getAddress(tx.to)).toBe(receiver);
    expect(await evmBalance(rpc, receiver)).toBe(parseEther('0.01'));
    expect(consoleErrors).toEqual([]);
    await close();
  });

  it('logs in by email with its own form: the code from the mailbox, then the embedded wallet address', async () => {
    const { page, consoleErrors, close } = await open(stack.headlessUrl);
    const email = uniqueEmail('headless');
    await page.getByRole('textbox', { name: 'Email' }).fill(email, WAIT);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(`Enter the code sent to ${email}.`).waitFor(WAIT);
    const code = await loginCode(email);
    await page.getByRole('textbox', { name: 'Code' }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();

    const address = page.getByTestId('address');
    await address.waitFor(WAIT);
    const shown = (await address.textContent()) as Address;
    expect(isAddress(shown)).toBe(true);
    expect((await mailbox(email)).filter((m) => m.kind === 'login-code')).toHaveLength(1);
    // The page shows no modal of the kit: the login ran through the hooks only.
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await close();
  });
});
