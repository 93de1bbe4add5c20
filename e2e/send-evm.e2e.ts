/**
 * EVM send in the styled playground against the local stack: connect the dev wallet, then through the kit's
 * Send views send 0.01 ETH and 5 USDC to a fresh address → both show in Activity as confirmed; read from the
 * chain, the receiver gains exactly the amounts and the sender pays the amount (+ gas for ETH) in the block
 * of each transfer. Each bad amount and address shows its message and broadcasts nothing (the sender's
 * nonce does not move).
 *
 * The dev wallet runs as an account of this file's own (`?devAccount=1`, funded with tokens on start like
 * account 0): account 0 is the deployer, which the on-ramp provider mints with while other files run, so
 * its nonce moves under this file's feet.
 */
import type { Locator, Page } from 'playwright-core';
import { decodeEventLog, erc20Abi, type Hex, hexToBigInt, numberToHex, parseEther, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { describe, expect, inject, it } from 'vitest';
import { EXPECTED_ADDRESSES } from '../services/chain/deploy.ts';
import { ANVIL_TEST_KEYS } from '../services/chain/types';
import { browserForFile } from './support/browser';
import { jsonRpc } from './support/rpc';

const stack = inject('keywayStack');
const WAIT = { timeout: 20_000 };
/** The dev wallet's account in this file: anvil's account 1 (no other file uses it). */
const SENDER_INDEX = 1;
const SENDER = privateKeyToAddress(ANVIL_TEST_KEYS[SENDER_INDEX] as Hex);
const SHORT_DEV = `${SENDER.slice(0, 6)}…${SENDER.slice(-4)}`;
const PAGE_URL = `${stack.playgroundUrl}?devAccount=${SENDER_INDEX}`;
const USDC = EXPECTED_ADDRESSES.usdc;
const RECEIVER = privateKeyToAddress(generatePrivateKey());
const SHORT_RECEIVER = `${RECEIVER.slice(0, 6)}…${RECEIVER.slice(-4)}`;

const { open } = browserForFile();

const rpc = <T>(method: string, params: unknown[]) => jsonRpc<T>(stack.evmRpc[31337], method, params);

const ethOf = async (address: string, block: Hex | 'latest' = 'latest') =>
  hexToBigInt(await rpc<Hex>('eth_getBalance', [address, block]));
const nonceOf = async (address: string) =>
  hexToBigInt(await rpc<Hex>('eth_getTransactionCount', [address, 'latest']));
async function usdcOf(address: string): Promise<bigint> {
  // balanceOf(address)
  const data = `0x70a08231${address.slice(2).toLowerCase().padStart(64, '0')}` as Hex;
  return hexToBigInt(await rpc<Hex>('eth_call', [{ to: USDC, data }, 'latest']));
}

interface Receipt {
  transactionHash: Hex;
  blockNumber: Hex;
  from: string;
  to: string | null;
  gasUsed: Hex;
  effectiveGasPrice: Hex;
  status: Hex;
  logs: { address: string; topics: Hex[]; data: Hex }[];
}

const headBlock = async () => Number(hexToBigInt(await rpc<Hex>('eth_blockNumber', [])));

/** The sender's transactions in the blocks after `since` (however many other files mined meanwhile). */
async function sendsSince(
  since: number,
): Promise<{ tx: { to: string | null; value: Hex; hash: Hex }; receipt: Receipt }[]> {
  const head = await headBlock();
  const out: { tx: { to: string | null; value: Hex; hash: Hex }; receipt: Receipt }[] = [];
  for (let n = head; n > since; n--) {
    const block = await rpc<{ transactions: { from: string; to: string | null; value: Hex; hash: Hex }[] }>(
      'eth_getBlockByNumber',
      [numberToHex(n), true],
    );
    for (const tx of block.transactions) {
      if (tx.from.toLowerCase() !== SENDER.toLowerCase()) continue;
      out.push({ tx, receipt: await rpc<Receipt>('eth_getTransactionReceipt', [tx.hash]) });
    }
  }
  return out;
}

/** Connects the dev wallet and opens the Account view; returns the modal. */
async function connectAndOpenAccount(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  const connect = page.getByRole('dialog', { name: 'Connect wallet' });
  await connect.getByRole('button', { name: /Keyway Dev Wallet/ }).click();
  await connect.waitFor({ state: 'detached', ...WAIT });
  await page.getByRole('button', { name: new RegExp(SHORT_DEV) }).click();
  const modal = page.getByRole('dialog', { name: 'Account' });
  await modal.waitFor(WAIT);
  return page.getByRole('dialog');
}

async function chooseToken(modal: Locator, name: RegExp) {
  await modal.getByRole('button', { name: /Select token|change token/ }).click();
  await modal.getByRole('list', { name: 'Your tokens' }).waitFor(WAIT);
  await modal.getByRole('button', { name }).click();
  await modal.getByRole('textbox', { name: 'Amount' }).waitFor(WAIT);
}

/** From the Account view: Send, token, amount, receiver, Preview, Send; back on Account with the toast. */
async function send(page: Page, modal: Locator, token: RegExp, amount: string, toast: string) {
  await modal.getByRole('button', { name: 'Send', exact: true }).click();
  await chooseToken(modal, token);
  await modal.getByRole('textbox', { name: 'Amount' }).fill(amount);
  await modal.getByRole('textbox', { name: 'To' }).fill(RECEIVER);
  const preview = modal.getByRole('button', { name: 'Preview send' });
  await expect.poll(() => preview.isEnabled(), WAIT).toBe(true);
  await preview.click();
  await page.getByRole('dialog', { name: 'Review send' }).waitFor(WAIT);
  // The preview shows the receiver's whole address (never shortened).
  await modal.getByText(new RegExp(`^${RECEIVER}$`, 'i')).waitFor(WAIT);
  await modal.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT);
  await page.getByText(toast).first().waitFor(WAIT);
}

describe('EVM send in the styled playground', () => {
  it('shows a message for each bad amount and address, and broadcasts nothing', async () => {
    const { page, consoleErrors, close } = await open(PAGE_URL);
    const modal = await connectAndOpenAccount(page);
    const nonceBefore = await nonceOf(SENDER);
    await modal.getByRole('button', { name: 'Send', exact: true }).click();
    await chooseToken(modal, /^Ether/);
    const amount = modal.getByRole('textbox', { name: 'Amount' });
    const to = modal.getByRole('textbox', { name: 'To' });
    const preview = modal.getByRole('button', { name: /Preview send|Enter/ });

    const expectAmountMessage = async (typed: string, message: string) => {
      await amount.fill(typed);
      await modal.getByText(message).waitFor(WAIT);
      expect(await amount.inputValue()).toBe(typed);
      expect(await amount.getAttribute('aria-invalid')).toBe('true');
      expect(await preview.isDisabled()).toBe(true);
    };
    await expectAmountMessage('100000000', 'Amount exceeds your ETH balance');
    await expectAmountMessage('0', 'Enter an amount greater than 0');
    // Letters and a minus sign never get into the field (only digits and one separator do).
    await amount.fill('');
    await amount.pressSequentially('abc');
    expect(await amount.inputValue()).toBe('');

    // 1.1234567 typed for ETH, then USDC (6 decimals) chosen: kept and flagged.
    await amount.fill('1.1234567');
    await chooseToken(modal, /^USD Coin/);
    await modal.getByText('USDC has at most 6 decimals').waitFor(WAIT);
    expect(await amount.inputValue()).toBe('1.1234567');

    await amount.fill('1');
    const expectReceiverMessage = async (typed: string, message: string) => {
      await to.fill(typed);
      await modal.getByText(message).waitFor(WAIT);
      expect(await to.inputValue()).toBe(typed);
      expect(await to.getAttribute('aria-invalid')).toBe('true');
      expect(await modal.getByRole('button', { name: 'Preview send' }).isDisabled()).toBe(true);
    };
    await expectReceiverMessage('0x1234', 'Enter a valid address or name');
    const i = [...RECEIVER].findIndex((c, k) => k > 1 && /[a-fA-F]/.test(c));
    const c = RECEIVER[i]!;
    const broken = `${RECEIVER.slice(0, i)}${c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()}${RECEIVER.slice(i + 1)}`;
    await expectReceiverMessage(broken, 'This address has a checksum error: check it for typos');
    await expectReceiverMessage('nobody-here.kw.id', 'No address found for nobody-here.kw.id');
    // The amount typed earlier is still there.
    expect(await amount.inputValue()).toBe('1');

    expect(await nonceOf(SENDER)).toBe(nonceBefore);
    expect(await ethOf(RECEIVER)).toBe(0n);
    // The only failed request is the name lookup: the profile API answers 404 for a name nobody registered.
    expect(consoleErrors).toEqual([
      expect.stringMatching(/404.*\/v1\/profile\/account\/nobody-here\.kw\.id\?/),
    ]);
    await close();
  });

  it('sends 0.01 ETH and 5 USDC: confirmed in Activity, balances moved by exactly the amounts', async () => {
    const { page, consoleErrors, close } = await open(PAGE_URL);
    const modal = await connectAndOpenAccount(page);
    const startBlock = await headBlock();

    await send(page, modal, /^Ether/, '0.01', 'Sent 0.01 ETH');
    await expect.poll(() => ethOf(RECEIVER), WAIT).toBe(parseEther('0.01'));
    await send(page, modal, /^USD Coin/, '5', 'Sent 5 USDC');
    await expect.poll(() => usdcOf(RECEIVER), WAIT).toBe(parseUnits('5', 6));
    expect(await ethOf(RECEIVER)).toBe(parseEther('0.01'));

    // The sender paid the amount (+ gas) in the block of each transfer.
    const sends = await sendsSince(startBlock);
    const ethSend = sends.find((s) => s.tx.to?.toLowerCase() === RECEIVER.toLowerCase());
    const usdcSend = sends.find(
      (s) =>
        s.tx.to?.toLowerCase() === USDC.toLowerCase() &&
        s.receipt.logs.some((l) => {
          const e = decodeEventLog({ abi: erc20Abi, data: l.data, topics: l.topics as [Hex, ...Hex[]] });
          return e.eventName === 'Transfer' && e.args.to.toLowerCase() === RECEIVER.toLowerCase();
        }),
    );
    expect(ethSend?.receipt.status).toBe('0x1');
    expect(usdcSend?.receipt.status).toBe('0x1');
    const paid = async (r: Receipt) => {
      const block = hexToBigInt(r.blockNumber);
      const gas = hexToBigInt(r.gasUsed) * hexToBigInt(r.effectiveGasPrice);
      const before = await ethOf(SENDER, numberToHex(block - 1n));
      const after = await ethOf(SENDER, numberToHex(block));
      return { spent: before - after, gas };
    };
    const ethPaid = await paid(ethSend!.receipt);
    expect(ethPaid.spent).toBe(parseEther('0.01') + ethPaid.gas);
    const usdcPaid = await paid(usdcSend!.receipt);
    expect(usdcPaid.spent).toBe(usdcPaid.gas);

    // Both in Activity, confirmed, to the receiver.
    await modal.getByRole('tab', { name: 'Activity' }).click();
    const rows = modal.locator('[data-kw-transaction-row]', { hasText: `to ${SHORT_RECEIVER}` });
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
    const confirmed = modal.locator('[data-kw-status="confirmed"]', { hasText: `to ${SHORT_RECEIVER}` });
    await expect.poll(() => confirmed.filter({ hasText: 'ETH' }).count(), WAIT).toBe(1);
    await expect.poll(() => confirmed.filter({ hasText: 'USDC' }).count(), WAIT).toBe(1);
    expect(await confirmed.filter({ hasText: 'ETH' }).textContent()).toContain('0.01');
    expect(await confirmed.filter({ hasText: 'USDC' }).textContent()).toContain('5');
    expect(consoleErrors).toEqual([]);
    await close();
  });
});
