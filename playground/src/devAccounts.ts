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
  const raw = new URLSearchParams(search).get(DEV_ACCOUNT_PARAM);
  if (!raw || !/^\d$/.test(raw)) return DEV_PRIVATE_KEY;
  return ANVIL_TEST_KEYS[Number(raw)] ?? DEV_PRIVATE_KEY;
}

/** services/solana/keys.ts: the seed is the ASCII text "keyway-local-solana-test-account". */
export const SOLANA_TEST_SEED = new TextEncoder().encode('keyway-local-solana-test-account');
/** Its public key (services/solana/keys.ts SOLANA_TEST_PUBLIC_KEY); a test key, never a real one. */
export const SOLANA_TEST_ADDRESS = '9CvaNx1J9JokYXwzvdJdChDQ5TAKHfdaVBXC53QafH8a';
export const SOLANA_WALLET_NAME = 'Keyway Solana Test Wallet';
