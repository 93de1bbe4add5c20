/**
 * Host options the playground takes from its URL, so one page shows what a host configures (the e2e tests open
 * it with them):
 * - `?featured=<id>,<id>`: `featuredWalletIds`, in that order (explorer wallet ids);
 * - `?customWallet=1`: one wallet of the host's own in `customWallets`;
 * - `?analytics=1`: `enableAnalytics` (events go to the stack's explorer sink once the modal is first opened);
 * - `?secondWallet=1`: a second EIP-6963 test wallet in the page ("Keyway Second Wallet", on dev account 8),
 *   so a visitor can connect another installed wallet than the dev wallet.
 */
import type { KeywayOptions } from 'keyway';
import { createTestWallet } from 'keyway/testing';
import type { Hex } from 'viem';
import { ANVIL_TEST_KEYS } from '../../services/chain/types';
import type { PlaygroundConfig } from './config';

export const CUSTOM_WALLET = {
  id: 'keyway-playground-custom',
  name: 'Playground Custom Wallet',
  homepage: 'https://custom-wallet.example',
  webapp_link: 'https://app.custom-wallet.example',
} as const;

export const SECOND_WALLET_NAME = 'Keyway Second Wallet';
const SECOND_WALLET_ACCOUNT = 8;

/** The wallet-list and analytics options the URL asks for (none when it asks for none). */
export function listOptionsFrom(
  search: string,
): Pick<KeywayOptions, 'featuredWalletIds' | 'customWallets' | 'enableAnalytics'> {
  const params = new URLSearchParams(search);
  const featured = (params.get('featured') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^[A-Za-z0-9_-]{1,128}$/.test(id));
  return {
    ...(featured.length ? { featuredWalletIds: featured } : {}),
    ...(params.get('customWallet') === '1' ? { customWallets: [{ ...CUSTOM_WALLET }] } : {}),
    ...(params.get('analytics') === '1' ? { enableAnalytics: true } : {}),
  };
}

/** With `?secondWallet=1`: announces a second test wallet that approves every prompt. */
export function announceSecondWallet(search: string, config: PlaygroundConfig): void {
  if (new URLSearchParams(search).get('secondWallet') !== '1') return;
  const wallet = createTestWallet({
    privateKey: ANVIL_TEST_KEYS[SECOND_WALLET_ACCOUNT] as Hex,
    rpcUrl: config.evmRpc31337,
    chainId: 31337,
    chains: [
      { id: 31337, rpcUrl: config.evmRpc31337 },
      { id: 31338, rpcUrl: config.evmRpc31338 },
    ],
    name: SECOND_WALLET_NAME,
    rdns: 'dev.keyway.wallet.second',
  });
  wallet.announce();
}
