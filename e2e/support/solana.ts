/** The local Solana network in the playground's e2e tests: switching to it and the Send form for SOL. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const WAIT = { timeout: 20_000 };
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** The header's network button → "Keyway Local Solana"; resolves once the network list has closed. */
export async function switchToSolana(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: /Keyway Local/ })
    .first()
    .click();
  const networks = dialog(page, 'Choose network');
  await networks.waitFor(WAIT);
  await networks.getByRole('button', { name: /Keyway Local Solana/ }).click();
  await networks.waitFor({ state: 'detached', ...WAIT });
}

/**
 * From the open Account view: Send → SOL (chosen here when the form starts without a token), `amount` to
 * `to` → Preview → Send. What follows (the wallet's prompt, the frame's approval) is the caller's.
 */
export async function sendSol(page: Page, amount: string, to: string): Promise<void> {
  await dialog(page, 'Account').getByRole('button', { name: 'Send', exact: true }).click();
  const form = page.getByRole('form', { name: 'Send tokens' });
  await form.waitFor(WAIT);
  const solChosen = form.getByRole('button', { name: 'SOL, change token' });
  if (!(await solChosen.isVisible())) {
    await form.getByRole('button', { name: 'Select token' }).click();
    await page.getByRole('button', { name: /SOL/ }).first().click();
  }
  await solChosen.waitFor(WAIT);
  await form.getByRole('textbox', { name: 'Amount' }).fill(amount);
  await form.getByRole('textbox', { name: 'To' }).fill(to);
  const preview = form.locator('button[type="submit"]');
  try {
    await expect.poll(() => preview.isEnabled(), WAIT).toBe(true);
  } catch (error) {
    throw new Error(`Preview stayed disabled; the form says: ${await form.textContent()}`, { cause: error });
  }
  await preview.click();
  await page.getByRole('region', { name: 'Send summary' }).waitFor(WAIT);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}
