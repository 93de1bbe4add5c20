/**
 * The embedded wallet's account flows in the playground against the local stack (codes and links read from
 * the secure frame's dev mailbox):
 *
 * - Update email: from the account settings, a new address → the code mailed to the current address → the
 *   code mailed to the new address. Resend on the new-email step is refused for 30 s after that code was sent
 *   ('Please try again after N seconds', counting down), then mails a new code to the new address only; the
 *   older code is refused and the newest one completes the change. The settings show the new email, and a
 *   second login with the new email (after signing out) is the same account at the same address. Waiting
 *   out the 30 s limit is most of this test's time (about 45 s of the file's 75 s on 2 cores).
 * - Account settings and the preferred account type: the settings show the email and the type (EOA);
 *   switching to a smart account and back changes what they show, goes on to Account (spec §2; sign-in with
 *   wallet is off in this playground), and is remembered after a reload, by the kit (its login cache) and by
 *   the frame (its own storage). The local secure frame lists both local chains as smart-account-enabled and
 *   keeps the preference, but it has no smart-account implementation: its user carries only the EOA account
 *   (services/frame/app/main.ts GET_USER and SET_PREFERRED_ACCOUNT answer the EOA's address, and
 *   INIT_SMART_ACCOUNT answers 'Smart accounts are not available in the local secure frame'). So the
 *   connected address stays the EOA's on both types; that is what is asserted.
 * - Login from a new device: a second browser context is a new device (the frame's device id lives in the
 *   frame origin's IndexedDB). Its email login gets the device-approval step; the link from the mailbox,
 *   approved on the frame service's page, lets the frame mail a code, the kit moves on to the code step by
 *   itself, and the code connects the same account (the settings show its email). The address is NOT the
 *   first device's: in the local stand-in a user's keys live only in the browser that created them (no key
 *   backup or recovery service, docs/security.md "Local stand-in limit"), so the new device gets a key of its
 *   own for the same account. A real embedded wallet gives the same address on every device; this test
 *   asserts what the stand-in does. The device is known afterwards: its next login needs no approval.
 */
import type { Page } from 'playwright-core';
import { getAddress } from 'viem';
import { describe, expect, inject, it } from 'vitest';
import { LOGIN_CACHE_KEYS } from '../src/frame/login-cache';
import { browserForFile } from './support/browser';
import { dialog, disconnectInAccountView, emailLogin, mailbox, uniqueEmail, WAIT } from './support/embedded';

const stack = inject('keywayStack');
const { open } = browserForFile();

/** What the dev mailbox says of one message (its JSON has the approval link too). */
interface MailWithLink {
  kind: string;
  code: string | null;
  link?: string | null;
}

const mailsOf = async (email: string, kind: string): Promise<MailWithLink[]> =>
  ((await mailbox(email)) as MailWithLink[]).filter((m) => m.kind === kind);

/** Waits until `email` has `count` mails of `kind`; resolves with the newest one. */
async function nthMail(email: string, kind: string, count: number): Promise<MailWithLink> {
  await expect.poll(async () => (await mailsOf(email, kind)).length, WAIT).toBe(count);
  const [newest] = await mailsOf(email, kind);
  if (!newest) throw new Error(`no ${kind} mail for ${email}`);
  return newest;
}

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** Types a 6-digit code into the code boxes of `dialogName`. */
async function typeCode(page: Page, dialogName: string, code: string) {
  await dialog(page, dialogName).getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
}

/**
 * The email login in the open Connect view when `email` already has login codes: waits for the
 * `count`-th code (the newest) instead of taking an older one; resolves with the address shown.
 */
async function loginWithNewCode(page: Page, email: string, count: number): Promise<string> {
  const connect = dialog(page, 'Connect wallet');
  await connect.getByRole('textbox', { name: 'Email' }).fill(email, WAIT);
  await connect.getByRole('button', { name: 'Continue' }).click();
  await dialog(page, 'Confirm email').getByText(email).waitFor(WAIT);
  const mail = await nthMail(email, 'login-code', count);
  await typeCode(page, 'Confirm email', mail.code ?? '');
  const name = dialog(page, 'Account').locator('[data-kw-account-name]');
  await name.waitFor(WAIT);
  return getAddress((await name.getAttribute('title')) ?? '');
}

/** From the open Account view to the account settings. */
async function openSettings(page: Page) {
  await dialog(page, 'Account').getByRole('button', { name: 'Account settings' }).click();
  const settings = dialog(page, 'Account settings');
  await settings.waitFor(WAIT);
  return settings;
}

/** The Account view from the header's account button (the page is connected as `address`). */
async function openAccount(page: Page, address: string) {
  await page.getByRole('button', { name: new RegExp(short(address)) }).click();
  await dialog(page, 'Account').locator('[data-kw-account-name]').waitFor(WAIT);
}

/** The values the frame keeps under keys starting with `prefix` in its own IndexedDB (its origin only). */
async function frameStored(page: Page, prefix: string): Promise<unknown[]> {
  const frameOrigin = new URL(stack.frameUrl).origin;
  const inFrame = page.frames().find((f) => f.url().startsWith(frameOrigin));
  if (!inFrame) throw new Error('the secure frame is not loaded');
  return inFrame.evaluate(
    (p) =>
      new Promise<unknown[]>((resolve, reject) => {
        const req = indexedDB.open('keyway-frame');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const store = req.result.transaction('kv', 'readonly').objectStore('kv');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () =>
            resolve(
              keys.result.flatMap((k, i) => (String(k).startsWith(p) ? [values.result[i] as unknown] : [])),
            );
          values.onerror = () => reject(values.error);
        };
      }),
    prefix,
  );
}

describe('embedded wallet account', () => {
  it('updates the email with both codes (Resend on the new-email step), then logs in with the new email', async () => {
    const { page, consoleErrors } = await open(stack.playgroundUrl);
    const email = uniqueEmail('update-old');
    const newEmail = uniqueEmail('update-new');
    const address = await emailLogin(page, email);

    const settings = await openSettings(page);
    await settings.locator('[data-kw-settings-email]').filter({ hasText: email }).waitFor(WAIT);
    await settings.getByRole('button', { name: 'Update email' }).click();
    const form = dialog(page, 'Update email');
    await form.getByText(`Current email: ${email}`).waitFor(WAIT);
    await form.getByRole('textbox', { name: 'New email' }).fill(newEmail);
    await form.getByRole('button', { name: 'Continue' }).click();

    // The code mailed to the current address.
    const primary = dialog(page, 'Confirm current email');
    await primary.getByText(`Enter the 6-digit code we sent to ${email}.`).waitFor(WAIT);
    const primaryMail = await nthMail(email, 'update-primary-code', 1);
    expect(await mailsOf(newEmail, 'update-secondary-code')).toHaveLength(0);
    await typeCode(page, 'Confirm current email', primaryMail.code ?? '');

    // The code mailed to the new address, sent when the first code was confirmed.
    const secondary = dialog(page, 'Confirm new email');
    await secondary.getByText(`Enter the 6-digit code we sent to ${newEmail}.`).waitFor(WAIT);
    const firstMail = await nthMail(newEmail, 'update-secondary-code', 1);
    const resend = secondary.getByRole('button', { name: 'Resend code' });

    // Resend at once: one code per 30 s, counted from that code; nothing is mailed.
    await resend.click();
    const cooldown = secondary.getByText(/^Please try again after \d+ seconds$/);
    await cooldown.waitFor(WAIT);
    const firstSeconds = Number((await cooldown.textContent())?.match(/\d+/)?.[0]);
    expect(firstSeconds).toBeGreaterThan(15);
    expect(firstSeconds).toBeLessThanOrEqual(30);
    // It counts down, and goes away once a code may be sent again.
    await expect
      .poll(async () => Number((await cooldown.textContent())?.match(/\d+/)?.[0]), WAIT)
      .toBeLessThan(firstSeconds);
    await cooldown.waitFor({ state: 'detached', timeout: 40_000 });
    expect(await mailsOf(newEmail, 'update-secondary-code')).toHaveLength(1);

    // Now a new code goes to the new address (none to the current one); the step stays.
    await resend.click();
    await secondary.getByText('A new code is on its way.').waitFor(WAIT);
    const newestMail = await nthMail(newEmail, 'update-secondary-code', 2);
    expect(await mailsOf(email, 'update-primary-code')).toHaveLength(1);
    expect(await secondary.getByRole('heading', { name: 'Confirm your new email' }).isVisible()).toBe(true);

    // The older code is no longer good; the newest one completes the change.
    if (firstMail.code !== newestMail.code) {
      await typeCode(page, 'Confirm new email', firstMail.code ?? '');
      await secondary.getByText('Invalid code').waitFor(WAIT);
      await expect
        .poll(() => secondary.getByRole('textbox', { name: 'Digit 1 of 6' }).inputValue(), WAIT)
        .toBe('');
    }
    await typeCode(page, 'Confirm new email', newestMail.code ?? '');

    // Back to the account settings, which show the new email; the login cache holds it.
    await settings.locator('[data-kw-settings-email]').filter({ hasText: newEmail }).waitFor(WAIT);
    await page.getByRole('region', { name: 'Notifications' }).getByText('Email updated').waitFor(WAIT);
    expect(await page.evaluate((k) => sessionStorage.getItem(k), LOGIN_CACHE_KEYS.email)).toBe(newEmail);

    // Sign out, then log in with the new email: a code to it, the same account and address.
    await dialog(page, 'Account settings').getByRole('button', { name: 'Close' }).click();
    await dialog(page, 'Account settings').waitFor({ state: 'detached', ...WAIT });
    await openAccount(page, address);
    await disconnectInAccountView(page);
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor(WAIT);
    expect(await emailLogin(page, newEmail)).toBe(address);
    expect(await mailsOf(newEmail, 'login-code')).toHaveLength(1);
    const again = await openSettings(page);
    await again.locator('[data-kw-settings-email]').filter({ hasText: newEmail }).waitFor(WAIT);
    // The one error is the frame's 400 answer to the older code (typed on purpose above).
    const refused = (e: string) => e.includes('status of 400') && e.includes('/auth/email/update/secondary');
    expect(consoleErrors.filter(refused).length).toBe(firstMail.code !== newestMail.code ? 1 : 0);
    expect(consoleErrors.filter((e) => !/Keyway auth/.test(e) && !refused(e))).toEqual([]);
  }, 150_000);

  it('account settings: the email and the preferred account type, switched both ways and remembered after a reload', async () => {
    const { page, consoleErrors } = await open(stack.playgroundUrl);
    const email = uniqueEmail('account-type');
    const address = await emailLogin(page, email);
    const typeCache = () =>
      page.evaluate((k) => localStorage.getItem(k), LOGIN_CACHE_KEYS.preferredAccountType);

    /** Opens the settings; resolves once they show `type` and the switch to the other type. */
    const settingsShowing = async (type: 'eoa' | 'smartAccount') => {
      const settings = await openSettings(page);
      await settings.locator('[data-kw-settings-email]').filter({ hasText: email }).waitFor(WAIT);
      const shown = settings.locator(`[data-kw-account-type="${type}"]`);
      await shown.waitFor(WAIT);
      expect(await shown.textContent()).toBe(
        type === 'eoa' ? 'Externally owned account (EOA)' : 'Smart account',
      );
      // The local frame lists both local chains as smart-account-enabled: the switch is offered.
      const next = settings.getByRole('button', {
        name: type === 'eoa' ? 'Switch to smart account' : 'Switch to EOA',
      });
      await next.waitFor(WAIT);
      return next;
    };
    /** The choice goes on to Account (spec §2); the connected address is still the EOA's. */
    const chosen = async () => {
      const name = dialog(page, 'Account').locator('[data-kw-account-name]');
      await name.waitFor(WAIT);
      expect(getAddress((await name.getAttribute('title')) ?? '')).toBe(address);
      expect(await page.getByRole('dialog').count()).toBe(1);
    };
    const reload = async () => {
      await page.reload({ waitUntil: 'load' });
      await openAccount(page, address);
    };

    // A new account: EOA.
    const toSmart = await settingsShowing('eoa');
    await toSmart.click();
    await chosen();
    expect(await typeCache()).toBe('smartAccount');
    expect(await frameStored(page, 'account-type:')).toEqual(['smartAccount']);
    await settingsShowing('smartAccount');

    // Remembered after a reload.
    await reload();
    const toEoa = await settingsShowing('smartAccount');
    expect(await frameStored(page, 'account-type:')).toEqual(['smartAccount']);

    // And back to EOA, remembered too.
    await toEoa.click();
    await chosen();
    expect(await typeCache()).toBe('eoa');
    expect(await frameStored(page, 'account-type:')).toEqual(['eoa']);
    await reload();
    await settingsShowing('eoa');
    expect(await typeCache()).toBe('eoa');
    expect(consoleErrors.filter((e) => !/Keyway auth/.test(e))).toEqual([]);
  });

  it('a login from a new device waits for the approval link, then takes the code and connects the same account', async () => {
    const email = uniqueEmail('device');
    const first = await open(stack.playgroundUrl);
    const firstAddress = await emailLogin(first.page, email);
    expect(await mailsOf(email, 'login-code')).toHaveLength(1);

    // Another browser: the frame there has a device id of its own, which the account does not know.
    const second = await open(stack.playgroundUrl);
    const { page } = second;
    await page.getByRole('button', { name: 'Connect wallet' }).click();
    const connect = dialog(page, 'Connect wallet');
    await connect.getByRole('textbox', { name: 'Email' }).fill(email, WAIT);
    await connect.getByRole('button', { name: 'Continue' }).click();
    const device = dialog(page, 'Register device');
    await device.getByRole('heading', { name: 'Approve this device' }).waitFor(WAIT);
    await device.getByText(email).waitFor(WAIT);
    await device.getByText('Waiting for approval…').waitFor(WAIT);
    const approval = await nthMail(email, 'device-approval', 1);
    // No code for the new device before the approval.
    expect(await mailsOf(email, 'login-code')).toHaveLength(1);

    // The link from the mailbox, opened where the mail is read (here: a page of the first browser).
    const link = approval.link ?? '';
    expect(link.startsWith(`${new URL(stack.frameUrl).origin}/auth/device/approve?token=`)).toBe(true);
    const approvePage = await first.context.newPage();
    await approvePage.goto(link, { waitUntil: 'load' });
    await approvePage.getByRole('heading', { name: 'Approve a new device' }).waitFor(WAIT);
    expect(await approvePage.locator('strong').textContent()).toBe(email);
    await approvePage.getByRole('button', { name: 'Approve' }).click();
    await approvePage.getByRole('heading', { name: 'Device approved' }).waitFor(WAIT);
    await approvePage.close();

    // The kit moves on by itself: the frame mailed a code for this device.
    const otp = dialog(page, 'Confirm email');
    await otp.getByText(email).waitFor(WAIT);
    const codeMail = await nthMail(email, 'login-code', 2);
    await typeCode(page, 'Confirm email', codeMail.code ?? '');
    const name = dialog(page, 'Account').locator('[data-kw-account-name]');
    await name.waitFor(WAIT);
    const secondAddress = getAddress((await name.getAttribute('title')) ?? '');
    // Connected to the same account (its email in the settings), at an address of this browser's own key:
    // the stand-in keeps keys per browser (see the header).
    expect(secondAddress).not.toBe(firstAddress);
    const settings = await openSettings(page);
    await settings.locator('[data-kw-settings-email]').filter({ hasText: email }).waitFor(WAIT);
    await settings.getByRole('button', { name: 'Close' }).click();
    await settings.waitFor({ state: 'detached', ...WAIT });

    // The device is known now: signing out and in again needs a code only, no second approval.
    await openAccount(page, secondAddress);
    await disconnectInAccountView(page);
    await page.getByRole('button', { name: 'Connect wallet' }).click();
    expect(await loginWithNewCode(page, email, 3)).toBe(secondAddress);
    expect(await mailsOf(email, 'device-approval')).toHaveLength(1);
    expect(await mailsOf(email, 'login-code')).toHaveLength(3);

    // The first device is still connected with its own address.
    await first.page.reload({ waitUntil: 'load' });
    await first.page.getByRole('button', { name: new RegExp(short(firstAddress)) }).waitFor(WAIT);
    expect(first.consoleErrors.filter((e) => !/Keyway auth/.test(e))).toEqual([]);
    expect(second.consoleErrors.filter((e) => !/Keyway auth/.test(e))).toEqual([]);
  }, 120_000);
});
