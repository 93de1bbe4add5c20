/**
 * A wallet on a chain the app does not list, in the styled playground: the dev wallet connects, then the visitor
 * moves it in the wallet itself to a chain the kit was not given (chain 1337, added to the wallet the way a wallet
 * adds any chain). The header's network button says "Switch network" and the modal shows the UnsupportedChain view
 * ("Switch network") in place of Account; picking Keyway Local there asks the wallet to switch back, and once it
 * has (the wallet's own chain id says so) the modal closes, as after any network switch that was not started
 * from the Networks view, and the account button opens the Account view on that network again.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserForFile } from './support/browser';
import { WAIT } from './support/embedded';

const stack = inject('keywayStack');
const OTHER_CHAIN = 1337;
const WALLET_NAME = 'Keyway Dev Wallet';

const { open } = browserForFile();

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/**
 * Runs `method` on the dev wallet's EIP-6963 provider in the page, as the wallet's own screen would (the wallet
 * decides alone: no dapp asked for it).
 */
function walletRequest(page: Page, method: string, params: unknown[] = []): Promise<unknown> {
  return page.evaluate(
    async ({ name, method, params }) => {
      type Provider = { request(args: { method: string; params?: unknown[] }): Promise<unknown> };
      const provider = await new Promise<Provider>((resolve) => {
        const found = (event: Event) => {
          const detail = (event as CustomEvent<{ info: { name: string }; provider: Provider }>).detail;
          if (detail.info.name !== name) return;
          window.removeEventListener('eip6963:announceProvider', found);
          resolve(detail.provider);
        };
        window.addEventListener('eip6963:announceProvider', found);
        window.dispatchEvent(new Event('eip6963:requestProvider'));
      });
      return provider.request({ method, params });
    },
    { name: WALLET_NAME, method, params },
  );
}

describe('a wallet on a chain the app does not support', () => {
  it('shows the UnsupportedChain view in place of Account, and switches the wallet back', async () => {
    const { page, consoleErrors } = await open(`${stack.playgroundUrl}?devAccount=6`);
    await page.getByRole('button', { name: 'Connect wallet' }).click();
    await dialog(page, 'Connect wallet')
      .getByRole('button', { name: new RegExp(WALLET_NAME) })
      .click();
    await dialog(page, 'Connect wallet').waitFor({ state: 'detached', ...WAIT });
    const accountButton = page.locator('[data-kw-account-button]');
    await accountButton.waitFor(WAIT);

    // In the wallet: another chain (its RPC is a local one; the chain id is what the wallet reports).
    await walletRequest(page, 'wallet_addEthereumChain', [
      {
        chainId: `0x${OTHER_CHAIN.toString(16)}`,
        chainName: 'Not in this app',
        rpcUrls: [stack.evmRpc[31337]],
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
    ]);
    await walletRequest(page, 'wallet_switchEthereumChain', [{ chainId: `0x${OTHER_CHAIN.toString(16)}` }]);

    // The header says so, and the modal shows the switch instead of the account.
    const networkBadge = page.locator('header [data-kw-network-badge], [data-kw-network-badge]').first();
    await expect.poll(() => networkBadge.getAttribute('data-kw-network-badge'), WAIT).toBe('unsupported');
    expect(await networkBadge.textContent()).toBe('Switch network');
    await accountButton.click();
    const unsupported = dialog(page, 'Switch network');
    await unsupported
      .getByText('This app does not support the network your wallet is on. Switch to one of these networks:')
      .waitFor(WAIT);
    expect(await unsupported.getByRole('button', { name: /Keyway Local L2/ }).count()).toBe(1);

    // Back to a supported network: the wallet is asked and switches; the modal closes; the account is back.
    await unsupported.getByRole('button', { name: 'Keyway Local', exact: true }).click();
    await unsupported.waitFor({ state: 'detached', ...WAIT });
    expect(await walletRequest(page, 'eth_chainId')).toBe('0x7a69');
    await expect.poll(() => networkBadge.getAttribute('data-kw-network-badge'), WAIT).toBe('supported');
    expect(await networkBadge.textContent()).toContain('Keyway Local');
    await accountButton.click();
    await dialog(page, 'Account').getByRole('button', { name: 'Keyway Local', exact: true }).waitFor(WAIT);
    expect(consoleErrors).toEqual([]);
  });
});
