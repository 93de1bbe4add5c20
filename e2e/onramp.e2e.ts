/**
 * Buy crypto in the styled playground against the local stack: the reference API's /v1/onramp/* and its
 * local provider page, whose "Pay" mints test USDC. The dev wallet runs as an account of this file's own
 * (`?devAccount=6`), and every balance and history check is on that account only.
 *
 * - 50 USD of USDC by card on chain 31337: the provider page opens in a second window, Pay, BuyInProgress
 *   ends in success; the USDC balance read from the chain rises by exactly the quoted amount; the purchase
 *   is in Activity.
 * - 5 USD by card: the minimum message with 10.00; 8000 USD by card: the maximum 7500.00 and bank transfer
 *   suggested; no window opens.
 * - The options endpoint faulted (the stack's per-request `x-kw-fault` knob, on this page's requests only,
 *   never a global rule on the shared stack): the fallback is marked as estimated and the purchase still
 *   goes through the provider page, which quotes for real.
 * - A blocked popup shows the link; closing the provider window without paying returns to the form as it was.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { parseUnits } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { describe, expect, inject, it } from 'vitest';
import { EXPECTED_ADDRESSES } from '../services/chain/deploy.ts';
import { formatTokenAmount } from '../src/core/format';
import { en } from '../src/i18n/en';
import { browserForFile } from './support/browser';
import { dialog, WAIT } from './support/embedded';
import { evmChain } from './support/evm';

const stack = inject('keywayStack');
const chain = evmChain(stack.evmRpc[31337]);
const USDC = EXPECTED_ADDRESSES.usdc;
const MNEMONIC = 'test test test test test test test test test test test junk';
/** The dev wallet's account in this file: anvil's default account 6 (no other file uses it). */
const BUYER_INDEX = 6;
const BUYER = mnemonicToAccount(MNEMONIC, { addressIndex: BUYER_INDEX }).address;
const SHORT = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

const { open } = browserForFile();

interface BuyPage {
  page: Page;
  context: BrowserContext;
  consoleErrors: string[];
  modal: Locator;
}

/** The playground as this file's account, connected, with Account → Buy open (`beforeBuy` runs just before). */
async function openBuy(beforeBuy?: (page: Page) => Promise<unknown>): Promise<BuyPage & { form: Locator }> {
  const { page, context, consoleErrors } = await open(`${stack.playgroundUrl}?devAccount=${BUYER_INDEX}`);
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  const connect = dialog(page, 'Connect wallet');
  await connect.getByRole('button', { name: /Keyway Dev Wallet/ }).click();
  await connect.waitFor({ state: 'detached', ...WAIT });
  await page.getByRole('button', { name: new RegExp(SHORT(BUYER)) }).click();
  // Buy shows once the Account view's look at the options found a purchase currency on 31337.
  const buy = dialog(page, 'Account').getByRole('button', { name: 'Buy', exact: true });
  await buy.waitFor(WAIT);
  await beforeBuy?.(page);
  await buy.click();
  const modal = dialog(page, 'Buy');
  const form = modal.getByRole('form', { name: 'Buy crypto' });
  await form.waitFor(WAIT);
  return { page, context, consoleErrors, modal, form };
}

const payField = (form: Locator) => form.getByRole('textbox', { name: 'You pay' });
const receiveField = (form: Locator) => form.getByRole('textbox', { name: 'You receive (estimate)' });

/** Continue; resolves with the provider window the kit opened. */
async function continueToProvider(context: BrowserContext, form: Locator): Promise<Page> {
  const popup = context.waitForEvent('page', WAIT);
  await form.getByRole('button', { name: 'Continue' }).click();
  const provider = await popup;
  await provider.waitForURL(/\/onramp\/checkout\//, WAIT);
  return provider;
}

/** On the local provider page: optionally pick a network, Pay, and wait for the mint. */
async function pay(provider: Page, network?: string): Promise<void> {
  const pageForm = provider.locator('#checkout');
  await pageForm.waitFor({ state: 'visible', ...WAIT });
  expect(await provider.locator('#address').textContent()).toBe(BUYER);
  if (network) await provider.locator('#network').selectOption(network);
  await provider.getByText(/^You receive [\d.]+ USDC$/).waitFor(WAIT);
  await provider.getByRole('button', { name: 'Pay' }).click();
  await provider.getByText(/^Payment complete: /).waitFor({ timeout: 30_000 });
}

describe('on-ramp (local stack)', () => {
  it('buys 50 USD of USDC by card on 31337: the provider page, Pay, success; USDC rises by the quote; in Activity', async () => {
    const { page, context, consoleErrors, modal, form } = await openBuy();
    await form.getByRole('button', { name: 'USDC on Keyway Local, change token' }).waitFor(WAIT);
    await form.getByRole('button', { name: 'USD, change currency' }).waitFor(WAIT);
    expect(await form.getByRole('radio', { name: 'Card', exact: true }).isChecked()).toBe(true);
    await payField(form).fill('50');
    // The local provider: 1 % fee and 0.10 network fee → 49.40 USDC.
    await expect.poll(() => receiveField(form).inputValue(), WAIT).toBe('49.40');
    expect(await modal.getByText(en.buy.estimated).count()).toBe(0);
    const quoted = parseUnits(await receiveField(form).inputValue(), 6);
    const before = await chain.balanceOf(USDC, BUYER);

    const provider = await continueToProvider(context, form);
    // The provider page is a window of its own, never inside the kit's DOM.
    expect(await page.locator('iframe[src*="/onramp/"]').count()).toBe(0);
    await modal.getByText('Complete your purchase in the provider window').waitFor(WAIT);
    await pay(provider);

    await modal.getByText('Purchase complete').waitFor({ timeout: 30_000 });
    await modal.getByText(`You received ${formatTokenAmount('49.4')} USDC`).waitFor(WAIT);
    expect((await chain.balanceOf(USDC, BUYER)) - before).toBe(quoted);

    await modal.getByRole('button', { name: 'View in Activity' }).click();
    const activity = dialog(page, 'Activity');
    const rows = activity.locator('[data-kw-transaction-row="in"]', { hasText: '49.4 USDC' });
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    expect(consoleErrors).toEqual([]);
  });

  it('5 USD by card: the minimum 10.00; 8000 USD by card: the maximum 7500.00 and bank transfer; nothing opens', async () => {
    const { page, context, consoleErrors, form } = await openBuy();
    const pages = context.pages().length;
    await payField(form).fill('5');
    await form.getByText('The minimum purchase is 10.00 USD').waitFor(WAIT);
    const button = form.getByRole('button', { name: 'Continue' });
    expect(await button.isDisabled()).toBe(true);
    await payField(form).fill('8000');
    await form
      .getByText('The maximum by card is 7,500.00 USD. Pay by bank transfer for amounts up to 25,000.00 USD')
      .waitFor(WAIT);
    await form.getByRole('button', { name: 'Use bank transfer' }).waitFor(WAIT);
    expect(await button.isDisabled()).toBe(true);
    // Enter does not get round the limits either. The provider window would be opened while the key is
    // handled (window.open, counted here); a key typed after it shows in the field once both are handled.
    await page.evaluate(() => {
      const open = window.open.bind(window);
      const counted = window as unknown as { kwOpened: number };
      counted.kwOpened = 0;
      window.open = (...args) => {
        counted.kwOpened++;
        return open(...args);
      };
    });
    await payField(form).press('Enter');
    await payField(form).press('1');
    await expect.poll(() => payField(form).inputValue(), WAIT).toBe('80001');
    expect(await page.evaluate(() => (window as unknown as { kwOpened: number }).kwOpened)).toBe(0);
    expect(context.pages().length).toBe(pages);
    expect(consoleErrors).toEqual([]);
  });

  it('with the options endpoint faulted: the fallback marked as estimated, still bought through the provider page', async () => {
    // The stack's per-request fault knob on this page's options requests only (other files share the stack,
    // so no global rule), from once the Account view offers Buy (it found 31337 in the real options): the
    // Buy form's own load then gets 503.
    let faulted = 0;
    const { context, modal, form } = await openBuy((page) =>
      page.route(/\/v1\/onramp\/options/, (route) => {
        faulted++;
        return route.continue({ headers: { ...route.request().headers(), 'x-kw-fault': 'status=503' } });
      }),
    );
    await modal.getByRole('note').getByText(en.buy.estimated).waitFor(WAIT);
    expect(faulted).toBeGreaterThan(0);
    // The spec's fallback networks (1 and 137): the provider page offers the real ones.
    await form.getByRole('button', { name: 'USDC on Ethereum, change token' }).waitFor(WAIT);
    await payField(form).fill('50');
    await expect.poll(() => receiveField(form).inputValue(), WAIT).toBe('50');
    const before = await chain.balanceOf(USDC, BUYER);
    const provider = await continueToProvider(context, form);
    await pay(provider, 'keyway-local');
    await modal.getByText('Purchase complete').waitFor({ timeout: 30_000 });
    // The provider's real quote, not the estimate: 49.40.
    expect((await chain.balanceOf(USDC, BUYER)) - before).toBe(parseUnits('49.40', 6));
    await modal.getByText(`You received ${formatTokenAmount('49.4')} USDC`).waitFor(WAIT);
  });

  it('a blocked popup shows the link; closing the provider window without paying keeps the form', async () => {
    const { page, context, modal, form } = await openBuy();
    await payField(form).fill('60');
    await expect.poll(() => receiveField(form).inputValue(), WAIT).toBe('59.30');

    // Closed without paying: back to the form with everything kept.
    const provider = await continueToProvider(context, form);
    await modal.getByText('Complete your purchase in the provider window').waitFor(WAIT);
    await provider.close();
    await form.waitFor(WAIT);
    expect(await payField(form).inputValue()).toBe('60');
    expect(await receiveField(form).inputValue()).toBe('59.30');

    // A popup blocker: window.open gives nothing.
    await page.evaluate(() => {
      window.open = () => null;
    });
    await form.getByRole('button', { name: 'Continue' }).click();
    await modal.getByText('Your browser blocked the provider window').waitFor(WAIT);
    const link = modal.getByRole('link', { name: 'Open the provider page' });
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    const opened = context.waitForEvent('page', WAIT);
    await link.click();
    const tab = await opened;
    await tab.waitForURL(/\/onramp\/checkout\//, WAIT);
    await tab.close();
    // With the link, the kit cannot see the tab close: Back to the form returns to it, kept.
    await modal.getByText('Complete your purchase in the provider window').waitFor(WAIT);
    await modal.getByRole('button', { name: 'Back to the form' }).click();
    await form.waitFor(WAIT);
    expect(await payField(form).inputValue()).toBe('60');
  });
});
