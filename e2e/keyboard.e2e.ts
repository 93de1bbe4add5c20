/**
 * Every flow by keyboard alone, in the styled playground against the local stack: only Tab, Shift+Tab,
 * Enter, Space, Escape, arrows and typing. At every stop focus is on a control with a role and a name inside
 * the open dialog (e2e/support/keyboard.ts checks each press); when a view replaces another, focus lands in
 * the new view, never on `<body>`; when the dialog closes, focus is on the control that replaced its opener.
 *
 * - The dev wallet as this file's own account (`?devAccount=9`): connect, send 0.01 ETH, swap 0.1 ETH for
 *   USDC, buy 50 USD of USDC (the provider window is driven by keyboard too), switch network and back,
 *   disconnect. Each result is read from the chain.
 * - Email login (typing the code), registering a name (approved on the secure frame's screen by keyboard),
 *   disconnect.
 */
import type { Page } from 'playwright-core';
import { parseEther } from 'viem';
import { generatePrivateKey, mnemonicToAccount, privateKeyToAddress } from 'viem/accounts';
import { describe, expect, inject, it } from 'vitest';
import { EXPECTED_ADDRESSES } from '../services/chain/deploy.ts';
import { browserForFile } from './support/browser';
import { dialog, frame, loginCode, uniqueEmail, WAIT } from './support/embedded';
import { evmChain } from './support/evm';
import { keyboard } from './support/keyboard';

const stack = inject('keywayStack');
const chain = evmChain(stack.evmRpc[31337]);
const MNEMONIC = 'test test test test test test test test test test test junk';
/** The dev wallet's account in this file: anvil's default account 9 (no other file uses it). */
const ACCOUNT_INDEX = 9;
const ACCOUNT = mnemonicToAccount(MNEMONIC, { addressIndex: ACCOUNT_INDEX }).address;
const RECEIVER = privateKeyToAddress(generatePrivateKey());
const USDC = EXPECTED_ADDRESSES.usdc;
/** Unique per run: the API keeps names across runs. */
const LABEL = `kb-e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

const { open } = browserForFile();

/** Waits for the dialog `name`, then for focus to be on a named control inside it (not lost to `<body>`). */
async function inView(page: Page, kb: ReturnType<typeof keyboard>, name: string) {
  await dialog(page, name).waitFor(WAIT);
  await expect
    .poll(async () => {
      const f = await kb.focus();
      return f.dialog !== null && f.name !== '' && !/^(body|text|generic)$/.test(f.role)
        ? 'in the view'
        : JSON.stringify(f);
    }, WAIT)
    .toBe('in the view');
}

/** Waits until `button` `name` in the open dialog can be pressed (a disabled button is not a tab stop). */
async function enabled(page: Page, name: string | RegExp) {
  const button = page.getByRole('dialog').getByRole('button', { name, exact: typeof name === 'string' });
  await expect.poll(() => button.isEnabled(), WAIT).toBe(true);
}

describe('every flow by keyboard alone', () => {
  it('dev wallet: connect, send, swap, buy, switch network, disconnect', { timeout: 180_000 }, async () => {
    await chain.setEth(ACCOUNT, parseEther('100'));
    const { page, context, consoleErrors, close } = await open(
      `${stack.playgroundUrl}?devAccount=${ACCOUNT_INDEX}`,
    );
    const kb = keyboard(page);

    // Connect.
    await kb.tabTo('button', 'Connect wallet');
    await kb.press('Enter');
    await inView(page, kb, 'Connect wallet');
    await dialog(page, 'Connect wallet')
      .getByRole('button', { name: /Keyway Dev Wallet/ })
      .waitFor(WAIT);
    await kb.tabTo('button', /Keyway Dev Wallet/);
    await kb.press('Enter');
    await dialog(page, 'Connect wallet').waitFor({ state: 'detached', ...WAIT });
    await expect.poll(async () => (await kb.focus()).accountButton, WAIT).toBe(true);

    // Send 0.01 ETH.
    await kb.press('Enter');
    await inView(page, kb, 'Account');
    await kb.tabTo('button', 'Send');
    await kb.press('Enter');
    await inView(page, kb, 'Send');
    await kb.tabTo('button', /Select token|change token/);
    await kb.press('Enter');
    await page.getByRole('dialog').getByRole('list', { name: 'Your tokens' }).waitFor(WAIT);
    await kb.tabTo('button', /^Ether/);
    await kb.press('Enter');
    await page.getByRole('dialog').getByRole('textbox', { name: 'Amount' }).waitFor(WAIT);
    await kb.tabTo('textbox', 'Amount');
    await kb.type('0.01');
    await kb.tabTo('textbox', 'To');
    await kb.type(RECEIVER);
    await enabled(page, 'Preview send');
    await kb.tabTo('button', 'Preview send');
    await kb.press('Enter');
    await inView(page, kb, 'Review send');
    await kb.tabTo('button', 'Send');
    await kb.press('Enter');
    await inView(page, kb, 'Account');
    await expect.poll(() => chain.ethOf(RECEIVER), WAIT).toBe(parseEther('0.01'));

    // Swap 0.1 ETH for USDC.
    const usdcBefore = await chain.balanceOf(USDC, ACCOUNT);
    await kb.tabTo('button', 'Swap');
    await kb.press('Enter');
    await inView(page, kb, 'Swap');
    const swapForm = page.getByRole('dialog').getByRole('form', { name: 'Swap tokens' });
    await kb.tabTo('button', /token/);
    await kb.press('Enter');
    await page.getByRole('dialog').getByRole('region', { name: 'Tokens' }).waitFor(WAIT);
    await kb.tabTo('button', /^Ether/);
    await kb.press('Enter');
    await swapForm.waitFor(WAIT);
    const receiveToken = swapForm
      .getByRole('region', { name: 'You receive' })
      .getByRole('button', { name: /token/ });
    const receiveName =
      (await receiveToken.getAttribute('aria-label')) ?? (await receiveToken.textContent()) ?? '';
    await kb.tabTo('button', receiveName.trim());
    await kb.press('Enter');
    await page.getByRole('dialog').getByRole('region', { name: 'Tokens' }).waitFor(WAIT);
    await kb.tabTo('button', /^USD Coin/);
    await kb.press('Enter');
    await swapForm.waitFor(WAIT);
    await kb.tabTo('textbox', 'You pay');
    await kb.type('0.1');
    await enabled(page, 'Review swap');
    await kb.tabTo('button', 'Review swap');
    await kb.press('Enter');
    await page.getByRole('dialog').locator('[data-kw-view="SwapPreview"]').waitFor(WAIT);
    await kb.expectNamedInDialog('the swap preview');
    await kb.tabTo('button', 'Swap');
    await kb.press('Enter');
    await inView(page, kb, 'Account');
    await expect.poll(() => chain.balanceOf(USDC, ACCOUNT), WAIT).toBeGreaterThan(usdcBefore);

    // Buy 50 USD of USDC; the provider window by keyboard too.
    const usdcBeforeBuy = await chain.balanceOf(USDC, ACCOUNT);
    await dialog(page, 'Account').getByRole('button', { name: 'Buy', exact: true }).waitFor(WAIT);
    await kb.tabTo('button', 'Buy');
    await kb.press('Enter');
    await inView(page, kb, 'Buy');
    await kb.tabTo('textbox', 'You pay');
    await kb.type('50');
    await expect
      .poll(
        () => page.getByRole('dialog').getByRole('textbox', { name: 'You receive (estimate)' }).inputValue(),
        WAIT,
      )
      .toBe('49.40');
    await kb.tabTo('button', 'Continue');
    const popup = context.waitForEvent('page', WAIT);
    await kb.press('Enter');
    const provider = await popup;
    await provider.waitForURL(/\/onramp\/checkout\//, WAIT);
    await provider.getByText(/^You receive [\d.]+ USDC$/).waitFor(WAIT);
    const pk = keyboard(provider);
    await pk.tabTo('button', 'Pay');
    await pk.press('Enter');
    await provider.getByText(/^Payment complete: /).waitFor({ timeout: 30_000 });
    await page.getByRole('dialog').getByText('Purchase complete').waitFor({ timeout: 30_000 });
    await kb.expectNamedInDialog('purchase complete');
    expect((await chain.balanceOf(USDC, ACCOUNT)) - usdcBeforeBuy).toBeGreaterThan(0n);
    await kb.tabTo('button', 'View in Activity');
    await kb.press('Enter');
    await inView(page, kb, 'Activity');
    await kb.tabTo('button', 'Back');
    await kb.press('Enter');
    await inView(page, kb, 'Account');

    // Switch network and back (arrows are not needed: each network is a button).
    await kb.tabTo('button', 'Keyway Local');
    await kb.press('Enter');
    await inView(page, kb, 'Choose network');
    await kb.tabTo('button', /Keyway Local L2/);
    await kb.press('Enter');
    await dialog(page, 'Account').getByRole('button', { name: 'Keyway Local L2', exact: true }).waitFor(WAIT);
    await kb.expectNamedInDialog('after the network switch');
    await kb.tabTo('button', 'Keyway Local L2');
    await kb.press('Enter');
    await inView(page, kb, 'Choose network');
    await kb.tabTo('button', /^Keyway Local(?! L2)/);
    await kb.press('Enter');
    await dialog(page, 'Account').getByRole('button', { name: 'Keyway Local', exact: true }).waitFor(WAIT);

    // Disconnect: focus goes to "Connect wallet", which replaced the account button.
    await kb.tabTo('button', 'Disconnect');
    await kb.press('Enter');
    await dialog(page, 'Account').waitFor({ state: 'detached', ...WAIT });
    await kb.waitFocus('button', 'Connect wallet');
    expect(consoleErrors).toEqual([]);
    await close();
  });

  it('email login by typing the code, a name registered on the frame by keyboard, disconnect', {
    timeout: 180_000,
  }, async () => {
    const { page, consoleErrors, close } = await open(stack.playgroundUrl);
    const kb = keyboard(page);
    const email = uniqueEmail('keyboard');

    await kb.tabTo('button', 'Connect wallet');
    await kb.press('Enter');
    await inView(page, kb, 'Connect wallet');
    await kb.tabTo('textbox', 'Email');
    await kb.type(email);
    await kb.press('Enter');
    await inView(page, kb, 'Confirm email');
    const code = await loginCode(email);
    // The first digit's field takes focus by itself; the code is typed there.
    await kb.waitFocus('textbox', 'Digit 1 of 6');
    await kb.type(code);
    const account = dialog(page, 'Account');
    await inView(page, kb, 'Account');

    // Choose a name; Register is approved on the frame's own screen, reached by Tab.
    await account.getByRole('button', { name: 'Choose your name' }).waitFor(WAIT);
    await kb.tabTo('button', 'Choose your name');
    await kb.press('Enter');
    await inView(page, kb, 'Choose your name');
    await kb.tabTo('textbox', 'Name');
    await kb.type(LABEL);
    await enabled(page, 'Register');
    await kb.tabTo('button', 'Register');
    await kb.press('Enter');
    await dialog(page, 'Approve request').waitFor(WAIT);
    // Focus goes to the frame's screen by itself, to its title (the frame renders the screen on its own
    // time); its buttons are stops once they are armed.
    await expect
      .poll(async () => {
        const f = await kb.focus();
        return f.inFrame && f.role === 'heading' && f.name === 'Sign typed data'
          ? 'the title'
          : JSON.stringify(f);
      }, WAIT)
      .toBe('the title');
    const screen = frame(page);
    await expect
      .poll(() => screen.getByRole('button', { name: /^(Hold to )?sign$/i }).isEnabled(), WAIT)
      .toBe(true);
    const sign = await kb.tabTo('button', /^(Hold to )?sign$/i);
    expect(sign.inFrame).toBe(true);
    if (/^Hold/i.test(sign.name)) {
      // Without IntersectionObserver v2 the frame asks for a hold: Enter held down, then released.
      await page.keyboard.down('Enter');
      await dialog(page, 'Approve request').waitFor({ state: 'detached', ...WAIT });
      await page.keyboard.up('Enter');
    } else {
      await kb.press('Enter');
    }
    await inView(page, kb, 'Name registered');
    await kb.tabTo('button', 'Done');
    await kb.press('Enter');
    await inView(page, kb, 'Account');
    await account.getByText(`${LABEL}.kw.id`).first().waitFor(WAIT);

    await kb.tabTo('button', 'Disconnect');
    await kb.press('Enter');
    await account.waitFor({ state: 'detached', ...WAIT });
    await kb.waitFocus('button', 'Connect wallet');
    // The availability check's 404 (no one has the name yet) is an answer, not an error.
    expect(consoleErrors.filter((e) => !/status of 404 .*\/v1\/profile\/account\//.test(e))).toEqual([]);
    await close();
  });
});
