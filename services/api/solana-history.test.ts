/**
 * History of a Solana account over HTTP: the reference API reads it from the local Solana validator
 * (getSignaturesForAddress, getTransaction). A real Solana runtime on free ports; the EVM chains are not needed
 * (unreachable ones stand in). Transfers are sent straight to the Solana RPC, as a wallet would.
 */
import { rmSync } from 'node:fs';
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SolanaServer, startSolana } from '../solana/server.ts';
import { errorSchema, solanaHistorySchema } from './contract-schemas.ts';
import { HISTORY_PAGE_SIZE } from './history.ts';
import { type ApiServer, startApiServer } from './server.ts';
import { get, PROJECT_ID, tempDataDir, unreachableChains } from './test-helpers.ts';

const P = `projectId=${PROJECT_ID}`;

let dataDir: string;
let solana: SolanaServer;
let server: ApiServer;
let base: string;

beforeAll(async () => {
  dataDir = tempDataDir('solana-history');
  solana = await startSolana({ port: 0 });
  const chains = {
    ...unreachableChains(),
    solana: { rpcUrl: solana.rpcUrl, wsUrl: solana.wsUrl, caip2: solana.caip2 },
  };
  server = await startApiServer({ port: 0, chains, dataDir });
  base = server.url;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await solana?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const chain = () => solana.caip2;

async function historyOf(address: string, query = '') {
  const res = await get(base, `/v1/account/${address}/history?${P}&chainId=${chain()}${query}`);
  expect(res.status, res.text).toBe(200);
  return solanaHistorySchema.parse(res.json);
}

/** A fresh keypair with `sol` SOL from an airdrop (airdrops are not transactions of the history). */
async function funded(sol: number): Promise<Keypair> {
  const kp = Keypair.generate();
  await new Connection(solana.rpcUrl).requestAirdrop(kp.publicKey, sol * LAMPORTS_PER_SOL);
  return kp;
}

/** A SOL transfer sent to the validator; it is processed when the call returns. */
async function transfer(from: Keypair, to: string, lamports: number, skipPreflight = false): Promise<string> {
  const connection = new Connection(solana.rpcUrl, 'confirmed');
  const { blockhash } = await connection.getLatestBlockhash();
  const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: blockhash }).add(
    SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: new PublicKey(to), lamports }),
  );
  tx.sign(from);
  return connection.sendRawTransaction(tx.serialize(), { skipPreflight });
}

describe('history of a Solana account', () => {
  it('lists a SOL transfer for both sides, newest first, with the exact amount', async () => {
    const sender = await funded(10);
    const receiver = Keypair.generate().publicKey.toBase58();
    const first = await transfer(sender, receiver, 1_500_000_000);
    const second = await transfer(sender, receiver, 123_456_789);

    const received = await historyOf(receiver);
    expect(received.next).toBeNull();
    expect(received.data.map((t) => t.metadata.hash)).toEqual([second, first]);
    expect(received.data[0]).toMatchObject({
      id: `${chain()}:${second}`,
      metadata: {
        operationType: 'receive',
        hash: second,
        chain: chain(),
        sentFrom: sender.publicKey.toBase58(),
        sentTo: receiver,
        status: 'confirmed',
      },
      transfers: [
        {
          fungible_info: { name: 'Solana', symbol: 'SOL' },
          direction: 'in',
          quantity: { numeric: '0.123456789' },
          price: 150,
        },
      ],
    });
    expect(received.data[1]?.transfers[0]?.quantity.numeric).toBe('1.5');
    // minedAt is the block time of the transaction, newest first.
    const times = received.data.map((t) => Date.parse(t.metadata.minedAt));
    expect(Math.abs(times[0]! - Date.now())).toBeLessThan(60_000);
    expect(times[0]).toBeGreaterThanOrEqual(times[1]!);

    const sent = await historyOf(sender.publicKey.toBase58());
    expect(sent.data.map((t) => t.metadata.hash)).toEqual([second, first]);
    expect(sent.data[0]).toMatchObject({
      metadata: { operationType: 'send', sentFrom: sender.publicKey.toBase58(), sentTo: receiver },
      transfers: [{ direction: 'out', quantity: { numeric: '0.123456789' } }],
    });

    // The same history without chainId (a base58 address can only be a Solana account) and by CAIP-10 id.
    const plain = await get(base, `/v1/account/${receiver}/history?${P}`);
    expect(solanaHistorySchema.parse(plain.json).data.map((t) => t.metadata.hash)).toEqual([second, first]);
    const byCaip10 = await get(base, `/v1/account/${chain()}:${receiver}/history?${P}`);
    expect(solanaHistorySchema.parse(byCaip10.json).data).toHaveLength(2);
  });

  it('shows a transfer that landed with an error as failed', async () => {
    const sender = await funded(1);
    const receiver = Keypair.generate().publicKey.toBase58();
    const failed = await transfer(sender, receiver, 2 * LAMPORTS_PER_SOL, true);
    const { data } = await historyOf(sender.publicKey.toBase58());
    expect(data[0]?.metadata).toMatchObject({ hash: failed, status: 'failed', operationType: 'send' });
    expect(data[0]?.transfers[0]).toMatchObject({ direction: 'out', quantity: { numeric: '2' } });
  });

  it('lists a transaction the account only paid the fee of, without transfers', async () => {
    const payer = await funded(1);
    const from = await funded(1);
    const to = Keypair.generate().publicKey.toBase58();
    const connection = new Connection(solana.rpcUrl, 'confirmed');
    const { blockhash } = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({
        fromPubkey: from.publicKey,
        toPubkey: new PublicKey(to),
        lamports: 2_000_000,
      }),
    );
    tx.sign(payer, from);
    const signature = await connection.sendRawTransaction(tx.serialize());
    const { data } = await historyOf(payer.publicKey.toBase58());
    expect(data).toEqual([
      expect.objectContaining({
        metadata: expect.objectContaining({
          hash: signature,
          operationType: 'execute',
          sentFrom: payer.publicKey.toBase58(),
          sentTo: SystemProgram.programId.toBase58(),
        }),
        transfers: [],
      }),
    ]);
    // The sender's own history has the transfer.
    const sent = await historyOf(from.publicKey.toBase58());
    expect(sent.data[0]).toMatchObject({
      metadata: { hash: signature, operationType: 'send', sentTo: to },
      transfers: [{ direction: 'out', quantity: { numeric: '0.002' } }],
    });
  });

  it('pages newest first with an opaque cursor like the EVM history', async () => {
    const sender = await funded(10);
    const receiver = Keypair.generate().publicKey.toBase58();
    const count = HISTORY_PAGE_SIZE + 5;
    const sent: string[] = [];
    // Distinct amounts: the same transfer in the same slot would be the same transaction.
    for (let i = 1; i <= count; i++) sent.push(await transfer(sender, receiver, 1_000_000 + i));

    const seen: string[] = [];
    const amounts: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await historyOf(receiver, cursor ? `&cursor=${cursor}` : '');
      pages++;
      expect(page.data.length).toBe(pages === 1 ? HISTORY_PAGE_SIZE : count - HISTORY_PAGE_SIZE);
      seen.push(...page.data.map((t) => t.metadata.hash));
      amounts.push(...page.data.map((t) => t.transfers[0]?.quantity.numeric ?? ''));
      cursor = page.next;
    } while (cursor && pages < 10);
    expect(pages).toBe(2);
    expect(seen).toEqual([...sent].reverse());
    expect(amounts[0]).toBe(`0.0010000${count}`);
    expect(amounts.at(-1)).toBe('0.001000001');

    const bad = await get(base, `/v1/account/${receiver}/history?${P}&chainId=${chain()}&cursor=!!nope`);
    expect(bad.status).toBe(400);
    expect(errorSchema.parse(bad.json).reasons[0]?.field).toBe('cursor');
  });

  it('gives an empty list for an address with no transactions, and 400 for one that is not an address', async () => {
    expect(await historyOf(Keypair.generate().publicKey.toBase58())).toEqual({ data: [], next: null });
    const bad = await get(base, `/v1/account/0xnotbase58/history?${P}&chainId=${chain()}`);
    expect(bad.status).toBe(400);
    expect(errorSchema.parse(bad.json).reasons[0]?.field).toBe('address');
  });
});
