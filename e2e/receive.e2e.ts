/**
 * Receive, in the styled playground with the dev wallet on an account of this file's own: the QR code, read back
 * from a screenshot of it with a QR decoder, is the account's address; Copy address puts exactly that address on
 * the clipboard (and says "Copied"); the address written under the code and the networks it works on are the
 * account's (the EVM networks only).
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { getAddress, type Hex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, inject, it } from 'vitest';
import { ANVIL_TEST_KEYS } from '../services/chain/types';
import { browserForFile } from './support/browser';
import { WAIT } from './support/embedded';

const stack = inject('keywayStack');
const ACCOUNT_INDEX = 7;
const ACCOUNT = privateKeyToAddress(ANVIL_TEST_KEYS[ACCOUNT_INDEX] as Hex);

const { open } = browserForFile();

/** The text a QR code in a PNG picture encodes, or null when no code is found. */
function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

describe('Receive', () => {
  it("shows the account's address as a QR code and copies exactly that address", async () => {
    const { page, context, consoleErrors } = await open(`${stack.playgroundUrl}?devAccount=${ACCOUNT_INDEX}`);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(stack.playgroundUrl).origin,
    });
    await page.getByRole('button', { name: 'Connect wallet' }).click();
    const connect = page.getByRole('dialog', { name: 'Connect wallet' });
    await connect.getByRole('button', { name: /Keyway Dev Wallet/ }).click();
    await connect.waitFor({ state: 'detached', ...WAIT });
    await page.locator('[data-kw-account-button]').click();
    const account = page.getByRole('dialog', { name: 'Account' });
    await account.getByRole('button', { name: 'Receive', exact: true }).click();

    const receive = page.getByRole('dialog', { name: 'Receive' });
    const code = receive.getByRole('img', { name: 'QR code of your address' });
    await code.waitFor(WAIT);
    const encoded = decodeQr(await code.screenshot({ animations: 'disabled' }));
    expect(encoded).not.toBeNull();
    expect(getAddress(encoded ?? '')).toBe(ACCOUNT);
    expect(await receive.locator('[data-kw-receive-address]').textContent()).toBe(ACCOUNT);

    await receive.getByRole('button', { name: 'Copy address' }).click();
    await receive.getByRole('button', { name: 'Copied' }).waitFor(WAIT);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ACCOUNT);

    const networks = receive.getByRole('list', { name: 'Networks this address works on' });
    expect((await networks.getByRole('listitem').allTextContents()).map((t) => t.replace(/^K/, ''))).toEqual([
      'Keyway Local',
      'Keyway Local L2',
    ]);
    expect(consoleErrors).toEqual([]);
  });
});
