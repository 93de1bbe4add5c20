/**
 * The local Solana runtime through an unmodified @solana/web3.js `Connection`, plus raw JSON-RPC shapes and the
 * transaction history (getSignaturesForAddress, getTransaction).
 * On free ports (HTTP and the websocket on the next port, where web3.js looks for it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SendTransactionError,
  SystemProgram,
  sendAndConfirmTransaction,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
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

/** Sends a transfer of `lamports` from `from` and returns its signature (processed when the call returns). */
async function transfer(from: Keypair, to: string, lamports: number, skipPreflight = false): Promise<string> {
  const connection = new Connection(server.rpcUrl, 'confirmed');
  const { blockhash } = await connection.getLatestBlockhash();
  const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: blockhash }).add(
    SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: new PublicKey(to), lamports }),
  );
  tx.sign(from);
  return connection.sendRawTransaction(tx.serialize(), { skipPreflight });
}

/** A fresh keypair with `sol` SOL (an airdrop, which the history does not list). */
async function funded(sol: number): Promise<Keypair> {
  const kp = Keypair.generate();
  const sent = await rpc('requestAirdrop', [kp.publicKey.toBase58(), sol * LAMPORTS_PER_SOL]);
  expect(sent.error).toBeUndefined();
  return kp;
}

describe('transaction history', () => {
  it("lists an address's transactions newest first and returns each parsed, through web3.js", async () => {
    const connection = new Connection(server.rpcUrl, 'confirmed');
    const from = await funded(5);
    const to = Keypair.generate().publicKey.toBase58();
    const first = await transfer(from, to, 123_456_789);
    const second = await transfer(from, to, 1);

    const listed = await connection.getSignaturesForAddress(new PublicKey(to));
    expect(listed.map((s) => s.signature)).toEqual([second, first]);
    expect(listed[0]).toMatchObject({ err: null, memo: null, confirmationStatus: 'finalized' });
    expect(listed[0]!.slot).toBeGreaterThanOrEqual(listed[1]!.slot);
    expect(Math.abs(listed[0]!.blockTime! - Date.now() / 1000)).toBeLessThan(60);
    // The sender lists the same two; an address no transaction used lists none.
    expect((await connection.getSignaturesForAddress(from.publicKey)).map((s) => s.signature)).toEqual([
      second,
      first,
    ]);
    expect(await connection.getSignaturesForAddress(Keypair.generate().publicKey)).toEqual([]);

    const parsed = await connection.getParsedTransaction(first, { maxSupportedTransactionVersion: 0 });
    expect(parsed?.transaction.signatures).toEqual([first]);
    expect(parsed?.transaction.message.instructions).toEqual([
      {
        program: 'system',
        programId: SystemProgram.programId,
        parsed: {
          type: 'transfer',
          info: { source: from.publicKey.toBase58(), destination: to, lamports: 123_456_789 },
        },
        stackHeight: null,
      },
    ]);
    expect(parsed?.meta).toMatchObject({ err: null, fee: 5000 });
    const [payerPre, toPre] = parsed!.meta!.preBalances;
    const [payerPost, toPost] = parsed!.meta!.postBalances;
    expect(payerPre! - payerPost!).toBe(123_456_789 + 5000);
    expect(toPost! - toPre!).toBe(123_456_789);
    expect(parsed?.version).toBe('legacy');

    // The base64 encoding gives back exactly the bytes that were sent.
    const raw = await rpc('getTransaction', [first, { encoding: 'base64' }]);
    const [wire] = (raw.result as { transaction: [string, string] }).transaction;
    const decoded = VersionedTransaction.deserialize(Buffer.from(wire, 'base64'));
    expect(base58Encode(decoded.signatures[0]!)).toBe(first);
    const plain = await connection.getTransaction(first, { maxSupportedTransactionVersion: 0 });
    expect(plain?.transaction.message.staticAccountKeys.map((k) => k.toBase58())).toEqual([
      from.publicKey.toBase58(),
      to,
      SystemProgram.programId.toBase58(),
    ]);
    expect(
      await connection.getTransaction(base58Encode(new Uint8Array(64).fill(7)), {
        maxSupportedTransactionVersion: 0,
      }),
    ).toBeNull();
  });

  it('pages with before, until and limit', async () => {
    const from = await funded(1);
    const to = Keypair.generate().publicKey.toBase58();
    const sigs: string[] = [];
    for (let i = 1; i <= 5; i++) sigs.push(await transfer(from, to, 1_000_000 + i));
    const newestFirst = [...sigs].reverse();
    const page = async (options: Record<string, unknown>) =>
      ((await rpc('getSignaturesForAddress', [to, options])).result as { signature: string }[]).map(
        (s) => s.signature,
      );
    expect(await page({ limit: 2 })).toEqual(newestFirst.slice(0, 2));
    expect(await page({ limit: 2, before: newestFirst[1] })).toEqual(newestFirst.slice(2, 4));
    expect(await page({ until: newestFirst[2] })).toEqual(newestFirst.slice(0, 2));
    expect(await page({ before: base58Encode(new Uint8Array(64).fill(3)) })).toEqual([]);
    expect((await rpc('getSignaturesForAddress', [to, { limit: 1001 }])).error).toMatchObject({
      code: -32602,
    });
  });

  it('records a transaction that landed with an error, not one rejected in preflight', async () => {
    const connection = new Connection(server.rpcUrl, 'confirmed');
    const from = await funded(1);
    const to = Keypair.generate().publicKey.toBase58();
    await expect(transfer(from, to, 5 * LAMPORTS_PER_SOL)).rejects.toThrow(/insufficient lamports/);
    expect(await connection.getSignaturesForAddress(new PublicKey(to))).toEqual([]);
    const failed = await transfer(from, to, 5 * LAMPORTS_PER_SOL, true);
    const [listed] = await connection.getSignaturesForAddress(new PublicKey(to));
    expect(listed).toMatchObject({ signature: failed, err: { InstructionError: [0, { Custom: 1 }] } });
    const tx = await connection.getParsedTransaction(failed, { maxSupportedTransactionVersion: 0 });
    expect(tx?.meta?.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(tx?.meta?.postBalances[1]).toBe(0);
  });

  it('asks for maxSupportedTransactionVersion before it returns a v0 transaction', async () => {
    const connection = new Connection(server.rpcUrl, 'confirmed');
    const from = await funded(1);
    const to = Keypair.generate().publicKey;
    const { blockhash } = await connection.getLatestBlockhash();
    const message = new TransactionMessage({
      payerKey: from.publicKey,
      recentBlockhash: blockhash,
      instructions: [
        SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: 1_000_042 }),
      ],
    }).compileToV0Message();
    const tx = new VersionedTransaction(message);
    tx.sign([from]);
    const signature = await connection.sendRawTransaction(tx.serialize());
    expect((await rpc('getTransaction', [signature])).error).toMatchObject({ code: -32015 });
    const parsed = await connection.getParsedTransaction(signature, { maxSupportedTransactionVersion: 0 });
    expect(parsed?.version).toBe(0);
    expect(parsed?.transaction.message.instructions[0]).toMatchObject({
      parsed: { type: 'transfer', info: { lamports: 1_000_042 } },
    });
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
    const signature = await sendAndConfirmTransaction(connection, tx, [solanaTestKeypair()]);
    const senderBalance = await connection.getBalance(solanaTestKeypair().publicKey);
    const slotBefore = await connection.getSlot();

    await server.stop();
    server = await startSolana({ port: 0, dataDir });
    const after = new Connection(server.rpcUrl, 'confirmed');
    expect(await after.getBalance(to.publicKey)).toBe(987_654_321);
    expect(await after.getBalance(solanaTestKeypair().publicKey)).toBe(senderBalance);
    expect(await after.getSlot()).toBeGreaterThan(slotBefore);
    // The history survives too.
    expect((await after.getSignaturesForAddress(to.publicKey)).map((s) => s.signature)).toEqual([signature]);
    const parsed = await after.getParsedTransaction(signature, { maxSupportedTransactionVersion: 0 });
    expect(parsed?.transaction.message.instructions[0]).toMatchObject({
      parsed: { type: 'transfer', info: { lamports: 987_654_321 } },
    });
  });
});
