/**
 * The secure frame follows the host's theme (spec: sync theme, sync dapp data), in the playground with an
 * email login: a dark host with the orange accent gets a dark approval screen with that accent, the host's
 * corners and the app's name and icon (compared with its reference screenshot), the verified origin still on
 * its own row; the host switched to light without a reload gets a light one from the same frame page; and with
 * the host on the device's mode, the approval on display follows the device from light to dark.
 */
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { SIGN_MESSAGE_TEXT } from '../playground/src/texts';
import { browserForFile } from './support/browser';
import { dialog, emailLogin, frame, uniqueEmail, WAIT } from './support/embedded';
import { expectScreenshot, type Region } from './support/screenshot';

const stack = inject('keywayStack');
const ORANGE = 'rgb(232, 89, 12)';

const { open } = browserForFile();

/** Clicks "Sign message" and waits for the frame's approval screen, armed. */
async function openApproval(page: Page): Promise<FrameLocator> {
  await page.getByRole('button', { name: 'Sign message' }).click();
  await dialog(page, 'Approve request').getByRole('region', { name: 'Secure wallet approval' }).waitFor(WAIT);
  const screen = frame(page);
  await screen.getByText(SIGN_MESSAGE_TEXT).waitFor(WAIT);
  await expect
    .poll(() => screen.getByRole('button', { name: 'Sign', exact: true }).isEnabled(), WAIT)
    .toBe(true);
  return screen;
}

/** Rejects in the frame and waits for the modal to close. */
async function reject(page: Page, screen: FrameLocator): Promise<void> {
  await screen.getByRole('button', { name: 'Reject', exact: true }).click();
  await dialog(page, 'Approve request').waitFor({ state: 'detached', ...WAIT });
}

/** The boxes of `locators` in the iframe's own pixels (the element screenshot's). */
async function regionsIn(page: Page, locators: Locator[]): Promise<Region[]> {
  const frameBox = await page.locator('iframe[data-keyway-frame]').boundingBox();
  if (!frameBox) throw new Error('the secure frame is not shown');
  const regions: Region[] = [];
  for (const locator of locators) {
    for (const item of await locator.all()) {
      const box = await item.boundingBox();
      if (box)
        regions.push({ x: box.x - frameBox.x, y: box.y - frameBox.y, width: box.width, height: box.height });
    }
  }
  return regions;
}

const frameMode = (screen: FrameLocator) => screen.locator('html').getAttribute('data-theme');
const approveStyle = (screen: FrameLocator, property: 'backgroundColor' | 'borderTopLeftRadius') =>
  screen
    .getByRole('button', { name: 'Sign', exact: true })
    .evaluate((b, p) => getComputedStyle(b)[p as 'backgroundColor'], property);

describe('the secure frame follows the host theme', () => {
  // Three approvals after an email login: longer than the suite's default time limit on a loaded machine.
  it('dark with an orange accent, then a live switch to light, then the device going dark', {
    timeout: 150_000,
  }, async () => {
    const { page, consoleErrors } = await open(stack.playgroundUrl);
    await page.getByRole('radio', { name: 'Dark' }).check();
    await page.getByRole('button', { name: 'Orange' }).click();
    await emailLogin(page, uniqueEmail('theme'));
    await dialog(page, 'Account').getByRole('button', { name: 'Close' }).click();
    await dialog(page, 'Account').waitFor({ state: 'detached', ...WAIT });

    // Dark, orange, the kit's corners, the app's name and icon; the origin the frame verified on its own row.
    let screen = await openApproval(page);
    await expect.poll(() => frameMode(screen), WAIT).toBe('dark');
    await expect.poll(() => approveStyle(screen, 'backgroundColor'), WAIT).toBe(ORANGE);
    expect(await approveStyle(screen, 'borderTopLeftRadius')).toBe('10px');
    expect(await screen.locator('p.requester').textContent()).toBe('Requested by Keyway playground');
    const icon = screen.locator('p.requester img.requester-icon');
    await expect
      .poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), WAIT)
      .toBe(64);
    const origin = new URL(stack.playgroundUrl).origin;
    expect(await screen.locator('p.origin').textContent()).toBe(`Verified website: ${origin}`);
    // A mark in the frame page: the switch below must reach this same page, not a reloaded one.
    await screen.locator('html').evaluate(() => {
      document.documentElement.dataset.e2eMark = 'kept';
    });
    const iframe = page.locator('iframe[data-keyway-frame]');
    // The origin (its port) and the account (a new login each run) change from run to run: not compared.
    const varying = () => regionsIn(page, [screen.locator('p.origin'), screen.locator('dl.rows dd')]);
    expectScreenshot(await iframe.screenshot({ animations: 'disabled' }), 'frame-approval-dark-orange', {
      ignore: await varying(),
    });
    await reject(page, screen);

    // The host switches to light, no reload: the same frame page shows a light screen, still orange.
    await page.getByRole('radio', { name: 'Light' }).check();
    screen = await openApproval(page);
    expect(await screen.locator('html').getAttribute('data-e2e-mark')).toBe('kept');
    await expect.poll(() => frameMode(screen), WAIT).toBe('light');
    expect(await approveStyle(screen, 'backgroundColor')).toBe(ORANGE);
    expectScreenshot(await iframe.screenshot({ animations: 'disabled' }), 'frame-approval-light-orange', {
      ignore: await varying(),
    });
    await reject(page, screen);

    // The host follows the device: the screen on display follows the device's switch to dark.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('radio', { name: 'System' }).check();
    screen = await openApproval(page);
    await expect.poll(() => frameMode(screen), WAIT).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => frameMode(screen), WAIT).toBe('dark');
    await reject(page, screen);

    expect(consoleErrors).toEqual([]);
  });
});
