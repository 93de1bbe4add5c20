/**
 * The playground's well-known test accounts, in a module without the kit (node tests read them too):
 * anvil's dev accounts for the EVM dev wallet, and the local stack's Solana test account.
 */
import type { Hex } from 'viem';
import { ANVIL_TEST_KEYS } from '../../services/chain/types';

/** Anvil's first dev account (`test test … junk` mnemonic): a well-known test key, never a real one. */
export const DEV_PRIVATE_KEY: Hex = ANVIL_TEST_KEYS[0] as Hex;

/** The query parameter that picks another of those accounts for the dev wallet: `?devAccount=5`. */
export const DEV_ACCOUNT_PARAM = 'devAccount';

/**
 * The dev wallet's key: anvil's first account, or its N-th (0-9) when the page's URL names one with
 * `?devAccount=N` (tests that must not move the first account's nonce use their own). Anything else in
 * the parameter is ignored. Only the mnemonic's well-known test keys can be chosen, never a typed key.
 */
export function devPrivateKey(search: string = globalThis.location?.search ?? ''): Hex {
  return ANVIL_TEST_KEYS[devAccountIndex(search)] as Hex;
}

/** The index (0-9) of the dev account the page's URL names with `?devAccount=N`, else 0. */
export function devAccountIndex(search: string = globalThis.location?.search ?? ''): number {
  const raw = new URLSearchParams(search).get(DEV_ACCOUNT_PARAM);
  if (!raw || !/^\d$/.test(raw) || !ANVIL_TEST_KEYS[Number(raw)]) return 0;
  return Number(raw);
}

/** The key of the dev account after the `index`-th (the last one wraps to the first). */
export function nextDevAccount(index: number): { index: number; privateKey: Hex } {
  const next = (index + 1) % ANVIL_TEST_KEYS.length;
  return { index: next, privateKey: ANVIL_TEST_KEYS[next] as Hex };
}

/** services/solana/keys.ts: the seed is the ASCII text "keyway-local-solana-test-account". */
export const SOLANA_TEST_SEED = new TextEncoder().encode('keyway-local-solana-test-account');
/** Its public key (services/solana/keys.ts SOLANA_TEST_PUBLIC_KEY); a test key, never a real one. */
export const SOLANA_TEST_ADDRESS = '9CvaNx1J9JokYXwzvdJdChDQ5TAKHfdaVBXC53QafH8a';
export const SOLANA_WALLET_NAME = 'Keyway Solana Test Wallet';
