/**
 * The deterministic, pre-funded Solana test account of the local stack. Its keypair is derived from a
 * fixed 32-byte ed25519 seed, so every start (and every test) knows it without configuration.
 * Test-only: never use this key for anything of value.
 */
import { Keypair } from '@solana/web3.js';

/** The fixed seed: the bytes of the ASCII text "keyway-local-solana-test-account" (32 bytes). */
export const SOLANA_TEST_SEED: Uint8Array = new TextEncoder().encode('keyway-local-solana-test-account');

const keypair = Keypair.fromSeed(SOLANA_TEST_SEED);

/** 64-byte secret key (seed followed by public key), the format of `Keypair.fromSecretKey`. */
export const SOLANA_TEST_SECRET_KEY: Uint8Array = keypair.secretKey;

/** Base58 public key of the test account. */
export const SOLANA_TEST_PUBLIC_KEY: string = keypair.publicKey.toBase58();

/** SOL the test account receives when the runtime starts fresh. */
export const SOLANA_TEST_FUNDING_LAMPORTS = 100_000_000_000n; // 100 SOL

/** A fresh Keypair instance for the test account (callers may not share one mutable object). */
export function solanaTestKeypair(): Keypair {
  return Keypair.fromSecretKey(SOLANA_TEST_SECRET_KEY);
}
