/**
 * The Connect view's list in the order the kit gives it (docs/headless.md, `buildConnectList`): recent, then
 * installed (EIP-6963), then the host's featured wallets in the host's order, then the host's custom wallets,
 * then the explorer's recommended ones (4, none listed above). The styled playground is opened with two featured
 * explorer wallets given in the reverse of the explorer's own order, one custom wallet and a second installed
 * wallet. After connecting the second wallet and disconnecting, that wallet comes first as Recent, also after a
 * reload.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { CUSTOM_WALLET, SECOND_WALLET_NAME } from '../playground/src/listOptions';
import { browserForFile } from './support/browser';
import { WAIT } from './support/embedded';

const stack = inject('keywayStack');
const DEV_WALLET = 'Keyway Dev Wallet';

const { open } = browserForFile();

interface ExplorerWallet {
  id: string;
  name: string;
}

/** The explorer's wallet of that name (its id is what a host puts in `featuredWalletIds`). */
async function explorerWallet(name: string): Promise<ExplorerWallet> {
  const res = await fetch(
    `${stack.apiUrl}/getWallets?projectId=keyway-playground&page=1&entries=5&search=${encodeURIComponent(name)}`,
  );
  const { data } = (await res.json()) as { data: ExplorerWallet[] };
  const found = data.find((w) => w.name === name);
  if (!found) throw new Error(`the explorer has no wallet named ${name}`);
  return found;
}

/**
 * The Connect view's wallet list once the explorer's wallets are in: each entry's name and badge, top to bottom
 * ("All wallets" left out).
 */
async function connectList(page: Page): Promise<{ name: string; badge: string | null }[]> {
  const list = page.getByRole('dialog', { name: 'Connect wallet' }).getByRole('list', { name: 'Wallets' });
  const read = () =>
    list.locator(':scope > li > button').evaluateAll((rows) =>
      rows.map((row) => {
        const name = row.querySelector('span[title]')?.getAttribute('title') ?? '';
        const badge = row.lastElementChild?.previousElementSibling;
        const badgeText = badge && !badge.querySelector('[title]') ? (badge.textContent ?? null) : null;
        return { name, badge: badgeText };
      }),
    );
  // Recent + installed + featured + custom, then four recommended: at least nine rows before "All wallets".
  await expect
    .poll(async () => (await read()).filter((r) => r.name !== 'All wallets').length, WAIT)
    .toBeGreaterThanOrEqual(9);
  return (await read()).filter((r) => r.name !== 'All wallets');
}

describe('the Connect list order', () => {
  it('recent, installed, featured (in the host order), custom, recommended', async () => {
    const rainbow = await explorerWallet('Rainbow');
    const zerion = await explorerWallet('Zerion');
    const url = `${stack.playgroundUrl}?devAccount=8&secondWallet=1&customWallet=1&featured=${zerion.id},${rainbow.id}`;
    const { page, consoleErrors } = await open(url);
    await page.getByRole('button', { name: 'Connect wallet' }).click();
    const first = await connectList(page);
    const names = first.map((w) => w.name);
    expect(names.slice(0, 5)).toEqual([
      DEV_WALLET,
      SECOND_WALLET_NAME,
      'Zerion',
      'Rainbow',
      CUSTOM_WALLET.name,
    ]);
    expect(first.slice(0, 2).map((w) => w.badge)).toEqual(['Installed', 'Installed']);
    // Then the explorer's recommended wallets: four, none of those above.
    const recommended = names.slice(5, 9);
    expect(recommended).toHaveLength(4);
    expect(new Set([...names.slice(0, 5), ...recommended]).size).toBe(9);

    // Connect the second wallet, disconnect: it is the recent wallet, first, badged Recent.
    const connect = page.getByRole('dialog', { name: 'Connect wallet' });
    await connect.getByRole('button', { name: new RegExp(SECOND_WALLET_NAME) }).click();
    await connect.waitFor({ state: 'detached', ...WAIT });
    await page.locator('[data-kw-account-button]').click();
    const account = page.getByRole('dialog', { name: 'Account' });
    await account.getByRole('button', { name: 'Disconnect' }).click();
    await account.waitFor({ state: 'detached', ...WAIT });
    const expectRecentFirst = async () => {
      await page.getByRole('button', { name: 'Connect wallet' }).click();
      const list = await connectList(page);
      expect(list.slice(0, 5)).toEqual([
        { name: SECOND_WALLET_NAME, badge: 'Recent' },
        { name: DEV_WALLET, badge: 'Installed' },
        { name: 'Zerion', badge: null },
        { name: 'Rainbow', badge: null },
        { name: CUSTOM_WALLET.name, badge: null },
      ]);
    };
    await expectRecentFirst();
    // Kept in the page's storage: the same after a reload.
    await page.reload({ waitUntil: 'load' });
    await expectRecentFirst();
    expect(consoleErrors).toEqual([]);
  });
});
