/**
 * The kit's Solana adapter (`keyway.solana`) against the local Solana RPC, signed by the Wallet Standard
 * test wallet of `keyway/testing`. Only the Solana RPC runs, on free ports (HTTP and websocket).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connection, Keypair, PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSolanaAdapter } from '../../src/chains/solana/adapter.ts';
import type { Wallet } from '../../src/chains/solana/wallet-standard.ts';
import { KeywayError } from '../../src/core/errors.ts';
import { solanaLocal } from '../../src/core/networks.ts';
import { createMemoryStorage, createSafeStorage } from '../../src/core/storage.ts';
import { createSolanaTestWallet } from '../../src/testing/solana-wallet.ts';
import { SOLANA_TEST_PUBLIC_KEY, SOLANA_TEST_SECRET_KEY } from './keys.ts';
import { type SolanaServer, startSolana } from './server.ts';

let dataDir: string;
let server: SolanaServer;
let connection: Connection;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kw-solana-kit-'));
  server = await startSolana({ port: 0, dataDir });
  connection = new Connection(server.rpcUrl, 'confirmed');
});

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function setup(transform?: (wallet: Wallet) => Wallet) {
  const network = { ...solanaLocal, rpcUrls: [server.rpcUrl] };
  const target = new EventTarget();
  const adapter = createSolanaAdapter({
    networks: [network],
    getActiveNetwork: () => network,
    storage: createSafeStorage(createMemoryStorage()),
    target,
    isSafeImage: (u): u is string => typeof u === 'string',
    pollIntervalMs: 50,
  });
  const testWallet = createSolanaTestWallet({ secretKey: SOLANA_TEST_SECRET_KEY, rpcUrl: server.rpcUrl });
  const wallet = transform ? transform(testWallet.wallet) : testWallet.wallet;
  adapter.startDiscovery();
  target.dispatchEvent(
    new CustomEvent('wallet-standard:register-wallet', {
      detail: (api: { register(w: Wallet): () => void }) => api.register(wallet),
    }),
  );
  return { adapter, testWallet, name: wallet.name };
}

const balance = async (address: string) => BigInt(await connection.getBalance(new PublicKey(address)));

describe('keyway.solana sendNative against the local Solana RPC', () => {
  it('sends 0.1 SOL: the receiver gains exactly 100000000 lamports', async () => {
    const { adapter, testWallet, name } = setup();
    expect(await adapter.connect(name)).toBe(SOLANA_TEST_PUBLIC_KEY);
    const receiver = Keypair.generate().publicKey.toBase58();
    const before = await balance(receiver);
    const senderBefore = await balance(SOLANA_TEST_PUBLIC_KEY);

    const signature = await adapter.sendNative({ to: receiver, amount: '0.1' });

    expect(await balance(receiver)).toBe(before + 100_000_000n);
    // The sender pays the amount plus the 5000-lamport signature fee.
    expect(await balance(SOLANA_TEST_PUBLIC_KEY)).toBe(senderBefore - 100_000_000n - 5000n);
    expect(testWallet.sentSignatures).toEqual([signature]);
    const status = await connection.getSignatureStatus(signature);
    expect(status.value?.err).toBeNull();
    expect(await adapter.getBalance(receiver)).toBe(100_000_000n);
  });

  it('a rejected signature: solanaSendFailed ("Failed to send transaction. Please try again.") and nothing is sent', async () => {
    const { adapter, testWallet, name } = setup();
    await adapter.connect(name);
    const receiver = Keypair.generate().publicKey.toBase58();
    const senderBefore = await balance(SOLANA_TEST_PUBLIC_KEY);
    testWallet.rejectNext();

    let caught: unknown;
    try {
      await adapter.sendNative({ to: receiver, amount: '0.1' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(KeywayError);
    expect(caught).toMatchObject({ code: 'solanaSendFailed' });
    expect(testWallet.prompts.at(-1)).toEqual({ kind: 'signAndSendTransaction', approved: false });
    expect(testWallet.sentSignatures).toEqual([]);
    expect(await balance(receiver)).toBe(0n);
    expect(await balance(SOLANA_TEST_PUBLIC_KEY)).toBe(senderBefore);
  });

  it('a wallet with only solana:signTransaction: the kit sends the signed transaction itself', async () => {
    const { adapter, testWallet, name } = setup((w) => {
      const { 'solana:signAndSendTransaction': _omit, ...features } = w.features as Record<string, unknown>;
      return {
        version: w.version,
        name: 'Sign-only Wallet',
        icon: w.icon,
        chains: w.chains,
        features,
        get accounts() {
          return w.accounts;
        },
      } as Wallet;
    });
    await adapter.connect(name);
    const receiver = Keypair.generate().publicKey.toBase58();
    await adapter.sendNative({ to: receiver, amount: '0.25' });
    expect(await balance(receiver)).toBe(250_000_000n);
    expect(testWallet.prompts.map((p) => p.kind)).toEqual(['connect', 'signTransaction']);
    expect(testWallet.sentSignatures).toEqual([]);
  });
});
