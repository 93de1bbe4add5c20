/**
 * Send through the embedded wallet, in the playground against the local stack: log in by email, fund the
 * embedded account on the local chain, then through the kit's Send views send 0.01 ETH and 5 USDC to a fresh
 * address, each approved inside the secure frame (its own approval screen over the modal) → read from the
 * chain, the receiver gains exactly the amounts and the sender pays the amount (+ gas) in the block of each
 * transfer; both show in Activity as confirmed. A send rejected in the frame shows the kit's error and
 * broadcasts nothing (the embedded account's nonce does not move).
 */
import type { Locator, Page } from 'playwright-core';
import {
  type Address,
  createWalletClient,
  encodeAbiParameters,
  type Hex,
  hexToBigInt,
  http,
  keccak256,
  numberToHex,
  parseAbi,
  parseAbiParameters,
  parseEther,
  parseUnits,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts';
import { describe, expect, inject, it } from 'vitest';
import { EXPECTED_ADDRESSES } from '../services/chain/deploy.ts';
import { browserForFile } from './support/browser';
import { dialog, emailLogin, frame, uniqueEmail, WAIT } from './support/embedded';
import { evmBalance, jsonRpc } from './support/rpc';

const stack = inject('keywayStack');
const RPC = stack.evmRpc[31337];
const USDC = EXPECTED_ADDRESSES.usdc;
const RECEIVER = privateKeyToAddress(generatePrivateKey());
const SHORT_RECEIVER = `${RECEIVER.slice(0, 6)}…${RECEIVER.slice(-4)}`;
/** A test key of this file's own (none of anvil's ten): given 1 ETH below, it mints the USDC. */
const FUNDER = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9c86dae88c7a8412f4603b6b78690d');

const { open } = browserForFile();

const nonceOf = async (address: string) =>
  hexToBigInt(await jsonRpc<Hex>(RPC, 'eth_getTransactionCount', [address, 'latest']));
async function usdcOf(address: string): Promise<bigint> {
  const data = `0x70a08231${address.slice(2).toLowerCase().padStart(64, '0')}` as Hex;
  return hexToBigInt(await jsonRpc<Hex>(RPC, 'eth_call', [{ to: USDC, data }, 'latest']));
}

interface Receipt {
  blockNumber: Hex;
  gasUsed: Hex;
  effectiveGasPrice: Hex;
  status: Hex;
  to: string | null;
}

/** The embedded account's last mined transaction (anvil mines one transaction per block). */
async function lastReceiptFrom(address: Address): Promise<Receipt> {
  const head = Number(hexToBigInt(await jsonRpc<Hex>(RPC, 'eth_blockNumber', [])));
  for (let n = head; n > Math.max(0, head - 20); n--) {
    const block = await jsonRpc<{ transactions: { from: string; hash: Hex }[] }>(
      RPC,
      'eth_getBlockByNumber',
      [numberToHex(n), true],
    );
    const tx = block.transactions.find((t) => t.from.toLowerCase() === address.toLowerCase());
    if (tx) return jsonRpc<Receipt>(RPC, 'eth_getTransactionReceipt', [tx.hash]);
  }
  throw new Error(`no recent transaction from ${address}`);
}

/** What the sender paid in the block of `receipt`: balance before − after, and the gas part of it. */
async function paidIn(address: Address, receipt: Receipt) {
  const block = hexToBigInt(receipt.blockNumber);
  const before = await evmBalance(RPC, address, numberToHex(block - 1n));
  const after = await evmBalance(RPC, address, numberToHex(block));
  return {
    spent: before - after,
    gas: hexToBigInt(receipt.gasUsed) * hexToBigInt(receipt.effectiveGasPrice),
  };
}

/**
 * 1 ETH and 20 USDC to the embedded account, from the test (not through the kit): the balance is set on the
 * chain, and the USDC is minted by anvil's second dev account, made a minter of the local token by writing
 * the token's `isMinter` mapping (storage slot 5 of services/chain/contracts/TestToken.sol).
 */
async function fund(address: Address) {
  await jsonRpc(RPC, 'anvil_setBalance', [address, numberToHex(parseEther('1'))]);
  await jsonRpc(RPC, 'anvil_setBalance', [FUNDER.address, numberToHex(parseEther('1'))]);
  const isMinterSlot = keccak256(
    encodeAbiParameters(parseAbiParameters('address, uint256'), [FUNDER.address, 5n]),
  );
  await jsonRpc(RPC, 'anvil_setStorageAt', [USDC, isMinterSlot, numberToHex(1n, { size: 32 })]);
  const funder = createWalletClient({ account: FUNDER, transport: http(RPC) });
  const hash = await funder.writeContract({
    chain: null,
    address: USDC,
    abi: parseAbi(['function mint(address to, uint256 amount)']),
    functionName: 'mint',
    args: [address, parseUnits('20', 6)],
  });
  await expect
    .poll(async () => (await jsonRpc<Receipt | null>(RPC, 'eth_getTransactionReceipt', [hash]))?.status, WAIT)
    .toBe('0x1');
}

async function chooseToken(modal: Locator, name: RegExp) {
  await modal.getByRole('button', { name: /Select token|change token/ }).click();
  await modal.getByRole('list', { name: 'Your tokens' }).waitFor(WAIT);
  await modal.getByRole('button', { name }).click();
  await modal.getByRole('textbox', { name: 'Amount' }).waitFor(WAIT);
}

/** From the Account view: Send, token, amount, receiver, Preview, Send → the frame's approval screen. */
async function sendUntilApproval(page: Page, token: RegExp, amount: string) {
  const modal = page.getByRole('dialog');
  await modal.getByRole('button', { name: 'Send', exact: true }).click();
  await chooseToken(modal, token);
  await modal.getByRole('textbox', { name: 'Amount' }).fill(amount);
  await modal.getByRole('textbox', { name: 'To' }).fill(RECEIVER);
  const preview = modal.getByRole('button', { name: 'Preview send' });
  await expect.poll(() => preview.isEnabled(), WAIT).toBe(true);
  await preview.click();
  await dialog(page, 'Review send').waitFor(WAIT);
  await modal.getByRole('button', { name: 'Send', exact: true }).click();
  const approve = dialog(page, 'Approve request');
  await approve.getByRole('region', { name: 'Secure wallet approval' }).waitFor(WAIT);
  // The kit offers no approve button of its own: the decision is made in the frame.
  expect(await approve.getByRole('button', { name: /^(send|approve|reject|confirm)$/i }).count()).toBe(0);
}

/** Clicks `choice` on the frame's approval screen once it shows the transaction to `to`. */
async function decideInFrame(page: Page, choice: 'Approve' | 'Reject', to: string) {
  const screen = frame(page);
  await screen.getByText(to, { exact: true }).first().waitFor(WAIT);
  const button = screen.getByRole('button', { name: choice, exact: true });
  await expect.poll(() => button.isEnabled(), WAIT).toBe(true);
  await button.click();
}

describe('send through the embedded wallet', () => {
  it('sends 0.01 ETH and 5 USDC approved in the frame; a send rejected there broadcasts nothing', async () => {
    const { page, consoleErrors } = await open(stack.playgroundUrl);
    const me = await emailLogin(page, uniqueEmail('send'));
    await fund(me);
    // Funded from outside the kit: the Account view's token list keeps itself fresh while shown (it reads the
    // balances again once they are 10 s old), so the funds show up without a reopen.
    const account = dialog(page, 'Account');
    await account.getByText(/20 USDC/).waitFor({ timeout: 30_000 });
    await account
      .getByText(/^1 ETH$/)
      .first()
      .waitFor(WAIT);

    // Rejected in the frame: the kit says so, nothing is broadcast.
    const nonceBefore = await nonceOf(me);
    await sendUntilApproval(page, /^Ether/, '0.01');
    await decideInFrame(page, 'Reject', RECEIVER);
    await page
      .getByText(/Transaction error|rejected/i)
      .first()
      .waitFor(WAIT);
    expect(await nonceOf(me)).toBe(nonceBefore);
    expect(await evmBalance(RPC, RECEIVER)).toBe(0n);
    // Back to the Account view for the real sends.
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached', ...WAIT });
    await page.getByRole('button', { name: new RegExp(`${me.slice(0, 6)}…${me.slice(-4)}`) }).click();
    await account.waitFor(WAIT);

    // 0.01 ETH, approved in the frame.
    await sendUntilApproval(page, /^Ether/, '0.01');
    await decideInFrame(page, 'Approve', RECEIVER);
    await account.waitFor(WAIT);
    await page.getByText('Sent 0.01 ETH').first().waitFor(WAIT);
    await expect.poll(() => evmBalance(RPC, RECEIVER), WAIT).toBe(parseEther('0.01'));
    const ethReceipt = await lastReceiptFrom(me);
    expect(ethReceipt.status).toBe('0x1');
    const ethPaid = await paidIn(me, ethReceipt);
    expect(ethPaid.spent).toBe(parseEther('0.01') + ethPaid.gas);

    // 5 USDC: the frame shows the token transfer to the receiver and the amount (decoded from the call data).
    await sendUntilApproval(page, /^USD Coin/, '5');
    await frame(page).getByText('5 USDC', { exact: true }).waitFor(WAIT);
    await decideInFrame(page, 'Approve', RECEIVER);
    await account.waitFor(WAIT);
    await page.getByText('Sent 5 USDC').first().waitFor(WAIT);
    await expect.poll(() => usdcOf(RECEIVER), WAIT).toBe(parseUnits('5', 6));
    const usdcReceipt = await lastReceiptFrom(me);
    expect(usdcReceipt.to?.toLowerCase()).toBe(USDC.toLowerCase());
    const usdcPaid = await paidIn(me, usdcReceipt);
    expect(usdcPaid.spent).toBe(usdcPaid.gas);
    expect(await usdcOf(me)).toBe(parseUnits('15', 6));

    // Both in Activity, confirmed, to the receiver.
    await account.getByRole('tab', { name: 'Activity' }).click();
    const confirmed = account.locator('[data-kw-status="confirmed"]', { hasText: `to ${SHORT_RECEIVER}` });
    await expect.poll(() => confirmed.filter({ hasText: 'ETH' }).count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => confirmed.filter({ hasText: 'USDC' }).count(), WAIT).toBe(1);
    expect(consoleErrors.filter((e) => !/Keyway auth/.test(e))).toEqual([]);
    // A login, three screens in the frame and two mined sends, each step waiting on its own condition: on a
    // loaded 2-core machine the whole takes more than the project's 60 s.
  }, 150_000);
});
