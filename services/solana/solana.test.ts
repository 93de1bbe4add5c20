/**
 * The local Solana runtime through an unmodified @solana/web3.js `Connection`, plus raw JSON-RPC shapes.
 * On free ports (HTTP and the websocket on the next port, where web3.js looks for it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  SendTransactionError,
  SystemProgram,
  sendAndConfirmTransaction,
  Transaction,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base58Decode, base58Encode } from './base58.ts';
import { SOLANA_TEST_PUBLIC_KEY, solanaTestKeypair } from './keys.ts';
import { type SolanaServer, startSolana } from './server.ts';

let dataDir: string;
let server: SolanaServer;

async function rpc(method: string, params: unknown[] = []): Promise<Record<string, unknown>> {
  const res = await fetch(server.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
  });
  return (await res.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kw-solana-test-'));
  server = await startSolana({ port: 0, dataDir });
});

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Solana runtime through web3.js Connection', () => {
  it('funds the deterministic test account with 100 SOL', async () => {
    const connection = new Connection(server.rpcUrl, 'confirmed');
    expect(solanaTestKeypair().publicKey.toBase58()).toBe(SOLANA_TEST_PUBLIC_KEY);
    expect(await connection.getBalance(solanaTestKeypair().publicKey)).toBe(100 * LAMPORTS_PER_SOL);
    expect(await connection.getGenesisHash()).toBe('EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG');
    expect(server.caip2).toBe('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1');
  });

  it('sends and confirms a SOL transfer; the receiver gets exactly the lamports sent', async () => {
    const connection = new Connection(server.rpcUrl, 'confirmed');
    const from = solanaTestKeypair();
    const to = Keypair.generate();
    const lamports = 1_234_567_890;
    const senderBefore = await connection.getBalance(from.publicKey);
    const tx = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to.publicKey, lamports }),
    );
    const signature = await sendAndConfirmTransaction(connection, tx, [from]);

    expect(await connection.getBalance(to.publicKey)).toBe(lamports);
    const fee = await connection.getFeeForMessage(tx.compileMessage());
    expect(fee.value).toBe(5000);
    expect(await connection.getBalance(from.publicKey)).toBe(senderBefore - lamports - 5000);
    const status = await connection.getSignatureStatus(signature);
    expect(status.value).toMatchObject({ err: null, confirmationStatus: 'finalized' });
    const account = await connection.getAccountInfo(to.publicKey);
    expect(account?.lamports).toBe(lamports);
    expect(account?.owner.toBase58()).toBe(SystemProgram.programId.toBase58());
  });

  it('sends the same transfer twice (a fresh blockhash each time) and both land', async () => {
    const connection = new Connection(server.rpcUrl, 'confirmed');
    const from = solanaTestKeypair();
    const to = Keypair.generate();
    const transfer = () =>
      new Transaction().add(
        SystemProgram.transfer({
          fromPubkey: from.publicKey,
          toPubkey: to.publicKey,
          lamports: LAMPORTS_PER_SOL,
        }),
      );
    await sendAndConfirmTransaction(connection, transfer(), [from]);
    await sendAndConfirmTransaction(connection, transfer(), [from]);
    expect(await connection.getBalance(to.publicKey)).toBe(2 * LAMPORTS_PER_SOL);
  });

  it('rejects a transfer the sender cannot afford in preflight, without charging a fee', async () => {
    const connection = new Connection(server.rpcUrl, 'confirmed');
    const from = solanaTestKeypair();
    const before = await connection.getBalance(from.publicKey);
    const tx = new Transaction().add(
      SystemProgram.transfer({
        fromPubkey: from.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 1_000 * LAMPORTS_PER_SOL,
      }),
    );
    const error = await sendAndConfirmTransaction(connection, tx, [from]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SendTransactionError);
    expect(String(error)).toMatch(/insufficient lamports/);
    expect(await connection.getBalance(from.publicKey)).toBe(before);
  });

  it('airdrops on request', async () => {
    const connection = new Connection(server.rpcUrl, 'confirmed');
    const who = Keypair.generate().publicKey;
    const signature = await connection.requestAirdrop(who, 2 * LAMPORTS_PER_SOL);
    const latest = await connection.getLatestBlockhash();
    const confirmed = await connection.confirmTransaction({ signature, ...latest });
    expect(confirmed.value.err).toBeNull();
    expect(await connection.getBalance(who)).toBe(2 * LAMPORTS_PER_SOL);
  });
});

describe('JSON-RPC shapes', () => {
  it('answers state reads with {context: {slot}, value}', async () => {
    const balance = await rpc('getBalance', [SOLANA_TEST_PUBLIC_KEY]);
    expect(balance).toMatchObject({
      jsonrpc: '2.0',
      id: 7,
      result: { context: { slot: expect.any(Number) }, value: expect.any(Number) },
    });
    const latest = await rpc('getLatestBlockhash', [{ commitment: 'finalized' }]);
    expect(latest.result).toMatchObject({
      context: { slot: expect.any(Number) },
      value: { blockhash: expect.any(String), lastValidBlockHeight: expect.any(Number) },
    });
    expect(await rpc('getHealth')).toMatchObject({ result: 'ok' });
    expect(await rpc('getVersion')).toMatchObject({ result: { 'solana-core': expect.any(String) } });
    expect((await rpc('getMinimumBalanceForRentExemption', [0])).result).toBe(890880);
    expect(
      (await rpc('getAccountInfo', [Keypair.generate().publicKey.toBase58(), { encoding: 'base64' }])).result,
    ).toMatchObject({ value: null });
  });

  it('accepts a base58-encoded sendTransaction (the RPC default encoding)', async () => {
    const connection = new Connection(server.rpcUrl, 'confirmed');
    const from = solanaTestKeypair();
    const to = Keypair.generate();
    const { blockhash } = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({
        fromPubkey: from.publicKey,
        toPubkey: to.publicKey,
        lamports: LAMPORTS_PER_SOL,
      }),
    );
    tx.sign(from);
    const sent = await rpc('sendTransaction', [base58Encode(tx.serialize())]);
    expect(sent.result).toBe(base58Encode(tx.signature!));
    const statuses = await rpc('getSignatureStatuses', [[sent.result]]);
    expect(statuses.result).toMatchObject({
      value: [{ err: null, confirmationStatus: 'finalized', confirmations: null }],
    });
    expect(await connection.getBalance(to.publicKey)).toBe(LAMPORTS_PER_SOL);
  });

  it('rejects a transaction with an unknown blockhash and malformed requests with JSON-RPC errors', async () => {
    const from = solanaTestKeypair();
    const tx = new Transaction({
      feePayer: from.publicKey,
      recentBlockhash: Keypair.generate().publicKey.toBase58(),
    }).add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: from.publicKey, lamports: 1 }));
    tx.sign(from);
    const sent = await rpc('sendTransaction', [tx.serialize().toString('base64'), { encoding: 'base64' }]);
    expect(sent.error).toMatchObject({ code: -32002, data: { err: 'BlockhashNotFound' } });
    expect((await rpc('getBalance', ['not-a-key'])).error).toMatchObject({ code: -32602 });
    expect((await rpc('noSuchMethod')).error).toMatchObject({ code: -32601 });
  });

  it('round-trips base58', () => {
    const bytes = new Uint8Array([0, 0, 1, 2, 255, 0, 9]);
    expect(base58Decode(base58Encode(bytes))).toEqual(bytes);
    expect(base58Encode(solanaTestKeypair().publicKey.toBytes())).toBe(SOLANA_TEST_PUBLIC_KEY);
  });
});

describe('persistence', () => {
  it('keeps balances across a restart with the same data directory', async () => {
    const connection = new Connection(server.rpcUrl, 'confirmed');
    const to = Keypair.generate();
    const tx = new Transaction().add(
      SystemProgram.transfer({
        fromPubkey: solanaTestKeypair().publicKey,
        toPubkey: to.publicKey,
        lamports: 987_654_321,
      }),
    );
    await sendAndConfirmTransaction(connection, tx, [solanaTestKeypair()]);
    const senderBalance = await connection.getBalance(solanaTestKeypair().publicKey);
    const slotBefore = await connection.getSlot();

    await server.stop();
    server = await startSolana({ port: 0, dataDir });
    const after = new Connection(server.rpcUrl, 'confirmed');
    expect(await after.getBalance(to.publicKey)).toBe(987_654_321);
    expect(await after.getBalance(solanaTestKeypair().publicKey)).toBe(senderBalance);
    expect(await after.getSlot()).toBeGreaterThan(slotBefore);
  });
});
