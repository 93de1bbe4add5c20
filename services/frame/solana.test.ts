/**
 * The frame as a Solana wallet, in Chromium against the local Solana runtime (services/solana). The frame,
 * the host page and the Solana RPC (HTTP and websocket) on free ports.
 *
 * - GET_USER with the Solana network reference answers the user's Solana address (an Ed25519 WebCrypto key
 *   kept in the frame's IndexedDB): not the EVM address, the same on every call, after a reload and after
 *   signing out and in again; the EVM chain is left alone.
 * - solana_signMessage, solana_signTransaction (legacy and v0) and solana_signAndSendTransaction approved on
 *   the frame's own screen (transfer receiver and exact SOL amount shown; SPL token transfers decoded),
 *   signatures verified with
 *   node:crypto, a 0.1 SOL transfer confirmed on the runtime; rejected, wrong network, foreign fee payer and
 *   undecodable transactions refused without signing.
 * - The frame origin's Solana proxy forwards reads and sendTransaction only (requestAirdrop: 403).
 */
import { createPublicKey, verify } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  type MessageV0,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePorts } from '../free-ports.ts';
import { base58Decode, base58Encode } from '../solana/base58.ts';
import { DEVNET_GENESIS_HASH, SOLANA_CAIP2 } from '../solana/runtime.ts';
import { type SolanaServer, startSolana } from '../solana/server.ts';
import {
  emailLogin,
  handshake,
  hostPage,
  launchChromium,
  type Reply,
  request,
  startHost,
} from './embed-harness.ts';
import { type FrameServer, startFrameServer } from './server.ts';
import { solanaReference } from './stack-service.ts';

const CHAIN_ID = 31337;
const REFERENCE = solanaReference(SOLANA_CAIP2);
/** Solana mainnet's reference: well-formed, not configured here. */
const OTHER_REFERENCE = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
/** Solana testnet's reference: configured here, but pointed at the local runtime (which answers devnet's genesis). */
const MISPOINTED_REFERENCE = '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z';

let dataDir: string;
let solana: SolanaServer;
let frame: FrameServer;
let host: Server;
let browser: Browser;
let connection: Connection;
/** The frame's and the host page's ports: the frame must know the host's origin before it starts. */
let ports: { frame: number; host: number };

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kw-frame-solana-'));
  solana = await startSolana({ port: 0, dataDir: join(dataDir, 'solana') });
  connection = new Connection(solana.rpcUrl, 'confirmed');
  ports = await freePorts({ frame: 1, host: 1 });
  frame = await startFrameServer({
    port: ports.frame,
    dataDir,
    allowedOrigins: [`http://127.0.0.1:${ports.host}`],
    // The EVM chain is never contacted here: only its id matters.
    chains: [{ chainId: CHAIN_ID, rpcUrl: 'http://127.0.0.1:1' }],
    solanaChains: [
      { reference: REFERENCE, rpcUrl: solana.rpcUrl },
      { reference: MISPOINTED_REFERENCE, rpcUrl: solana.rpcUrl },
    ],
  });
  host = await startHost(ports.host, hostPage(frame.url, CHAIN_ID));
  browser = await launchChromium();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((r) => (host ? host.close(r) : r(undefined)));
  await frame?.stop();
  await solana?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** The result of a successful RPC_REQUEST reply. */
function resultOf<T>(reply: Reply): T {
  expect(reply.type).toBe('@keyway-frame/RPC_REQUEST_SUCCESS');
  return reply.payload?.result as T;
}

const proxy = (body: unknown, reference = REFERENCE) =>
  fetch(`${frame.url}/rpc/solana/${reference}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('the Solana proxy of the frame origin', () => {
  it('forwards reads to the configured network', async () => {
    const res = await proxy({ jsonrpc: '2.0', id: 1, method: 'getGenesisHash', params: [] });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 1, result: DEVNET_GENESIS_HASH });
    const latest = await proxy({ jsonrpc: '2.0', id: 2, method: 'getLatestBlockhash' });
    expect(
      ((await latest.json()) as { result: { value: { blockhash: string } } }).result.value.blockhash,
    ).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  });

  it('refuses requestAirdrop and other methods off the list, unknown networks and malformed bodies', async () => {
    const who = Keypair.generate().publicKey.toBase58();
    for (const method of ['requestAirdrop', 'getProgramAccounts', 'simulateTransaction']) {
      const res = await proxy({ jsonrpc: '2.0', id: 7, method, params: [who, LAMPORTS_PER_SOL] });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({
        id: 7,
        error: { message: 'Requested RPC call is not allowed' },
      });
    }
    expect(await connection.getBalance(new PublicKey(who))).toBe(0);
    const unknown = await proxy({ jsonrpc: '2.0', id: 1, method: 'getHealth' }, OTHER_REFERENCE);
    expect(unknown.status).toBe(404);
    expect((await proxy('{not json')).status).toBe(400);
    // Batches are not forwarded (each method would need its own check).
    expect((await proxy([{ jsonrpc: '2.0', id: 1, method: 'getHealth' }])).status).toBe(400);
  });
});

describe('the frame as a Solana wallet', () => {
  let context: BrowserContext;
  let page: Page;
  let evmAddress: string;
  let address: string;
  let user: PublicKey;
  const email = 'solana-user@example.com';
  const frameErrors: string[] = [];

  const rpc = (method: string, params: unknown) => request(page, 'RPC_REQUEST', { method, params });
  const screen = () => page.frameLocator('#kw');
  const approveButtons = () =>
    screen()
      .getByRole('button', { name: /^(Approve|Sign|Reject)$/ })
      .count();

  async function openPage(): Promise<Page> {
    const next = await context.newPage();
    next.on('console', (msg) => {
      if (msg.type() === 'error') frameErrors.push(msg.text());
    });
    await next.goto(`http://127.0.0.1:${ports.host}/`);
    expect(await handshake(next, frame.url)).toBe(true);
    return next;
  }

  /** A base64 wire transfer from the user (fee payer unless given) with a fresh blockhash. */
  async function transfer(to: PublicKey, lamports: number, feePayer = user, from = user): Promise<string> {
    const { blockhash } = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports }),
    );
    return tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');
  }

  const verifyEd25519 = (message: Uint8Array, signature: Uint8Array, signer: string) =>
    verify(
      null,
      message,
      createPublicKey({
        key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(base58Decode(signer)).toString('base64url') },
        format: 'jwk',
      }),
      signature,
    );

  beforeAll(async () => {
    context = await browser.newContext();
    page = await openPage();
  });
  afterAll(() => context?.close());

  it('GET_USER with the Solana reference answers the Solana account and leaves the EVM chain alone', async () => {
    await emailLogin(page, frame.url, email);
    const evm = await request(page, 'GET_USER', { chainId: CHAIN_ID });
    evmAddress = evm.payload?.address as string;
    expect(evmAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);

    const reply = await request(page, 'GET_USER', { chainId: REFERENCE });
    expect(reply.type).toBe('@keyway-frame/GET_USER_SUCCESS');
    address = reply.payload?.address as string;
    expect(address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(base58Decode(address)).toHaveLength(32);
    expect(address).not.toBe(evmAddress);
    expect(reply.payload).toEqual({
      email,
      address,
      chainId: REFERENCE,
      accounts: [{ address, type: 'eoa' }],
    });
    user = new PublicKey(address);

    expect((await request(page, 'GET_USER', { chainId: REFERENCE })).payload?.address).toBe(address);
    expect(await request(page, 'GET_CHAIN_ID')).toMatchObject({ payload: { chainId: CHAIN_ID } });
    expect((await rpc('eth_chainId', [])).payload?.result).toBe('0x7a69');
    expect((await request(page, 'GET_USER', { chainId: CHAIN_ID })).payload).toMatchObject({
      address: evmAddress,
      chainId: CHAIN_ID,
    });
  });

  it('SWITCH_NETWORK takes a configured Solana reference only, and GET_CHAIN_ID stays the EVM chain', async () => {
    expect(await request(page, 'SWITCH_NETWORK', { chainId: REFERENCE })).toMatchObject({
      type: '@keyway-frame/SWITCH_NETWORK_SUCCESS',
      payload: { chainId: REFERENCE },
    });
    expect(await request(page, 'GET_CHAIN_ID')).toMatchObject({ payload: { chainId: CHAIN_ID } });
    for (const event of ['SWITCH_NETWORK', 'GET_USER']) {
      expect(await request(page, event, { chainId: OTHER_REFERENCE })).toMatchObject({
        type: `@keyway-frame/${event}_ERROR`,
        payload: { message: 'Unsupported chain' },
      });
    }
    expect(await request(page, 'GET_CHAIN_ID')).toMatchObject({ payload: { chainId: CHAIN_ID } });
  });

  it('keeps the Solana key across a reload of the frame', async () => {
    await page.reload();
    expect(await handshake(page, frame.url)).toBe(true);
    expect(await request(page, 'IS_CONNECTED')).toMatchObject({ payload: { isConnected: true } });
    expect((await request(page, 'GET_USER', { chainId: REFERENCE })).payload?.address).toBe(address);
    expect(await request(page, 'GET_CHAIN_ID')).toMatchObject({ payload: { chainId: CHAIN_ID } });
  });

  it('solana_signMessage shows the text, signs after Sign, and the signature verifies with ed25519', async () => {
    const signature = await connection.requestAirdrop(user, 2 * LAMPORTS_PER_SOL);
    await connection.confirmTransaction({ signature, ...(await connection.getLatestBlockhash()) });
    expect(await connection.getBalance(user)).toBe(2 * LAMPORTS_PER_SOL);

    const text = 'Sign in to the Solana host app';
    const bytes = new TextEncoder().encode(text);
    const pending = rpc('solana_signMessage', { message: base58Encode(bytes), pubkey: address });
    await expect.poll(() => screen().getByText(text).isVisible()).toBe(true);
    await expect.poll(() => screen().getByRole('heading', { name: 'Sign message' }).isVisible()).toBe(true);
    await screen().getByRole('button', { name: 'Sign' }).click();
    const result = resultOf<{ signature: string }>(await pending);
    expect(Object.keys(result)).toEqual(['signature']);
    expect(verifyEd25519(bytes, base58Decode(result.signature), address)).toBe(true);
  });

  it('a message that is not printable text is shown in base58; a rejected one answers 4001', async () => {
    const bytes = Uint8Array.from([0, 1, 2, 250, 251, 252, 7, 8]);
    const pending = rpc('solana_signMessage', { message: base58Encode(bytes), pubkey: address });
    await expect.poll(() => screen().getByText(base58Encode(bytes), { exact: true }).isVisible()).toBe(true);
    await screen().getByRole('button', { name: 'Reject' }).click();
    expect(await pending).toMatchObject({
      type: '@keyway-frame/RPC_REQUEST_ERROR',
      payload: { message: 'User rejected the request.', code: 4001 },
    });
  });

  it('refuses to sign a message for another key, or one that is a transaction message', async () => {
    const other = Keypair.generate().publicKey.toBase58();
    expect(
      await rpc('solana_signMessage', { message: base58Encode(Uint8Array.from([1, 2, 3])), pubkey: other }),
    ).toMatchObject({
      payload: { message: 'Unknown signer address' },
    });
    const { blockhash } = await connection.getLatestBlockhash();
    const message = new Transaction({ feePayer: user, recentBlockhash: blockhash })
      .add(SystemProgram.transfer({ fromPubkey: user, toPubkey: new PublicKey(other), lamports: 1 }))
      .serializeMessage();
    expect(
      await rpc('solana_signMessage', { message: base58Encode(message), pubkey: address }),
    ).toMatchObject({
      type: '@keyway-frame/RPC_REQUEST_ERROR',
      payload: { message: 'The message is a transaction: use solana_signTransaction' },
    });
    expect(await approveButtons()).toBe(0);
  });

  it('solana_signAndSendTransaction shows the receiver and 0.1 SOL, and the receiver gets exactly that', async () => {
    const receiver = Keypair.generate().publicKey;
    const pending = rpc('solana_signAndSendTransaction', {
      transaction: await transfer(receiver, 100_000_000),
      chainId: REFERENCE,
      options: { preflightCommitment: 'confirmed' },
    });
    const view = screen();
    await expect
      .poll(() => view.getByRole('heading', { name: 'Approve transaction' }).isVisible())
      .toBe(true);
    await expect.poll(() => view.getByText('Transfer to').isVisible()).toBe(true);
    await expect.poll(() => view.getByText(receiver.toBase58()).isVisible()).toBe(true);
    await expect.poll(() => view.getByText('0.1 SOL', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => view.getByText('Solana Devnet', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => view.getByText('Fee payer').isVisible()).toBe(true);
    await view.getByRole('button', { name: 'Approve' }).click();
    const result = resultOf<{ signature: string }>(await pending);
    expect(Object.keys(result)).toEqual(['signature']);
    const { signature } = result;
    const confirmed = await connection.confirmTransaction({
      signature,
      ...(await connection.getLatestBlockhash()),
    });
    expect(confirmed.value.err).toBeNull();
    expect(await connection.getBalance(receiver)).toBe(100_000_000);
    expect(await connection.getBalance(user)).toBe(2 * LAMPORTS_PER_SOL - 100_000_000 - 5000);
  });

  it('a rejected send answers "User rejected the request." and moves nothing', async () => {
    const receiver = Keypair.generate().publicKey;
    const before = await connection.getBalance(user);
    const pending = rpc('solana_signAndSendTransaction', {
      transaction: await transfer(receiver, 100_000_000),
      chainId: REFERENCE,
    });
    await expect.poll(() => screen().getByText(receiver.toBase58()).isVisible()).toBe(true);
    await screen().getByRole('button', { name: 'Reject' }).click();
    expect(await pending).toMatchObject({
      type: '@keyway-frame/RPC_REQUEST_ERROR',
      payload: { message: 'User rejected the request.', code: 4001 },
    });
    expect(await connection.getBalance(receiver)).toBe(0);
    expect(await connection.getBalance(user)).toBe(before);
  });

  /** Asks the frame to sign a v0 transaction of `instructions` paid by the user; resolves once it shows. */
  async function requestV0Signature(instructions: TransactionInstruction[]) {
    const { blockhash } = await connection.getLatestBlockhash();
    const message = new TransactionMessage({
      payerKey: user,
      recentBlockhash: blockhash,
      instructions,
    }).compileToV0Message();
    const pending = rpc('solana_signTransaction', {
      transaction: Buffer.from(new VersionedTransaction(message).serialize()).toString('base64'),
      chainId: REFERENCE,
    });
    const view = screen();
    await expect.poll(() => view.getByRole('heading', { name: 'Sign transaction' }).isVisible()).toBe(true);
    return { message, pending, view };
  }

  /** The signed v0 transaction carries `message` unchanged and the user's valid signature. */
  function expectSignedByUser(transaction: string, message: MessageV0) {
    const signed = VersionedTransaction.deserialize(Buffer.from(transaction, 'base64'));
    expect(signed.version).toBe(0);
    expect(Buffer.from(signed.message.serialize())).toEqual(Buffer.from(message.serialize()));
    expect(verifyEd25519(signed.message.serialize(), signed.signatures[0]!, address)).toBe(true);
  }

  it('solana_signTransaction signs a v0 transaction with another program without sending it', async () => {
    const program = Keypair.generate().publicKey;
    const { message, pending, view } = await requestV0Signature([
      new TransactionInstruction({
        programId: program,
        keys: [{ pubkey: user, isSigner: true, isWritable: true }],
        data: Buffer.from([0xde, 0xad, 0xbe, 0xef]),
      }),
    ]);
    await expect.poll(() => view.getByText(program.toBase58()).first().isVisible()).toBe(true);
    await expect.poll(() => view.getByText(/Data \(hex\): deadbeef/).isVisible()).toBe(true);
    await expect.poll(() => view.getByText(/Accounts: 1/).isVisible()).toBe(true);
    await view.getByRole('button', { name: 'Sign' }).click();
    expectSignedByUser(resultOf<{ transaction: string }>(await pending).transaction, message);
  });

  it('shows SPL token transfers as token accounts, mint and amount (TransferChecked in units, Transfer in base units)', async () => {
    const [source, destination, mint, owner, otherSource, otherDestination] = Array.from(
      { length: 6 },
      () => Keypair.generate().publicKey,
    ) as [PublicKey, PublicKey, PublicKey, PublicKey, PublicKey, PublicKey];
    const amountBytes = (n: bigint) => {
      const b = Buffer.alloc(8);
      b.writeBigUInt64LE(n);
      return b;
    };
    const { message, pending, view } = await requestV0Signature([
      // TransferChecked of 1.5 tokens of a 6-decimal mint, owned by the user (SPL Token).
      new TransactionInstruction({
        programId: new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'),
        keys: [
          { pubkey: source, isSigner: false, isWritable: true },
          { pubkey: mint, isSigner: false, isWritable: false },
          { pubkey: destination, isSigner: false, isWritable: true },
          { pubkey: user, isSigner: true, isWritable: false },
        ],
        data: Buffer.concat([Buffer.from([12]), amountBytes(1_500_000n), Buffer.from([6])]),
      }),
      // A plain Transfer (Token-2022) from an account another owner signs for: base units, owner shown.
      new TransactionInstruction({
        programId: new PublicKey('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'),
        keys: [
          { pubkey: otherSource, isSigner: false, isWritable: true },
          { pubkey: otherDestination, isSigner: false, isWritable: true },
          { pubkey: owner, isSigner: true, isWritable: false },
        ],
        data: Buffer.concat([Buffer.from([3]), amountBytes(42n)]),
      }),
    ]);
    // The approval screen's rows, as [label, value] pairs in order.
    const rows = () =>
      view
        .locator('dl.rows')
        .evaluate((dl) =>
          [...dl.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
        );
    await expect.poll(rows).toContainEqual(['Token account from', source.toBase58()]);
    const shown = await rows();
    const after = shown.slice(shown.findIndex(([label]) => label === 'Token account from'));
    expect(after).toEqual([
      ['Token account from', source.toBase58()],
      ['Token account to', destination.toBase58()],
      ['Token', mint.toBase58()],
      ['Token amount', '1.5'],
      ['Token owner', owner.toBase58()],
      ['Token account from', otherSource.toBase58()],
      ['Token account to', otherDestination.toBase58()],
      ['Token amount', '42 base units (decimals not stated)'],
    ]);
    // Decoded instructions are not repeated as raw program data.
    expect(await view.getByText(/Data \(hex\)/).count()).toBe(0);
    await view.getByRole('button', { name: 'Sign' }).click();
    expectSignedByUser(resultOf<{ transaction: string }>(await pending).transaction, message);
  });

  it('names the network its RPC answers for, and warns of instructions that hand over control or never expire', async () => {
    const [nonceAccount, nonceAuthority, tokenAccount, newOwner, program, delegate] = Array.from(
      { length: 6 },
      () => Keypair.generate().publicKey,
    ) as [PublicKey, PublicKey, PublicKey, PublicKey, PublicKey, PublicKey];
    const tokenProgram = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
    const amount = Buffer.alloc(8);
    amount.writeBigUInt64LE(2_500_000n);
    const { message, pending, view } = await requestV0Signature([
      SystemProgram.nonceAdvance({ noncePubkey: nonceAccount, authorizedPubkey: user }),
      SystemProgram.assign({ accountPubkey: user, programId: program }),
      // SetAuthority(owner → newOwner) on a token account the user owns.
      new TransactionInstruction({
        programId: tokenProgram,
        keys: [
          { pubkey: tokenAccount, isSigner: false, isWritable: true },
          { pubkey: user, isSigner: true, isWritable: false },
        ],
        data: Buffer.concat([Buffer.from([6, 2, 1]), newOwner.toBuffer()]),
      }),
      // ApproveChecked: a delegate for 2.5 tokens of a 6-decimal mint.
      new TransactionInstruction({
        programId: tokenProgram,
        keys: [
          { pubkey: tokenAccount, isSigner: false, isWritable: true },
          { pubkey: nonceAuthority, isSigner: false, isWritable: false },
          { pubkey: delegate, isSigner: false, isWritable: false },
          { pubkey: user, isSigner: true, isWritable: false },
        ],
        data: Buffer.concat([Buffer.from([13]), amount, Buffer.from([6])]),
      }),
    ]);
    const rows = () =>
      view
        .locator('dl.rows')
        .evaluate((dl) =>
          [...dl.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
        );
    await expect.poll(rows).toContainEqual(['Network', 'Solana Devnet']);
    const warnings = (await rows()).filter(([label]) => label === 'Warning').map(([, value]) => value);
    expect(warnings).toEqual([
      `Uses durable nonce account ${nonceAccount.toBase58()}: this transaction does not expire and can be broadcast at any later time`,
      `Gives ownership of account ${user.toBase58()} to program ${program.toBase58()}`,
      `Changes the owner authority of ${tokenAccount.toBase58()} to ${newOwner.toBase58()}`,
      `Lets ${delegate.toBase58()} spend up to 2.5 from token account ${tokenAccount.toBase58()}`,
    ]);
    expect(await view.locator('dt.warning').count()).toBe(4);
    await view.getByRole('button', { name: 'Sign' }).click();
    expectSignedByUser(resultOf<{ transaction: string }>(await pending).transaction, message);
  });

  it('refuses to sign for a configured network whose RPC answers another genesis hash', async () => {
    const reply = await rpc('solana_signTransaction', {
      transaction: await transfer(Keypair.generate().publicKey, 1000),
      chainId: MISPOINTED_REFERENCE,
    });
    expect(reply).toMatchObject({
      type: '@keyway-frame/RPC_REQUEST_ERROR',
      payload: { message: 'The Solana network the wallet reaches is not the one requested' },
    });
    expect(await approveButtons()).toBe(0);
  });

  it('a legacy transaction signed with solana_signTransaction can be sent by the app itself', async () => {
    const receiver = Keypair.generate().publicKey;
    const pending = rpc('solana_signTransaction', {
      transaction: await transfer(receiver, 1_234_567),
      chainId: REFERENCE,
    });
    await expect.poll(() => screen().getByText('0.001234567 SOL', { exact: true }).isVisible()).toBe(true);
    await screen().getByRole('button', { name: 'Sign' }).click();
    const { transaction } = resultOf<{ transaction: string }>(await pending);
    const signature = await connection.sendRawTransaction(Buffer.from(transaction, 'base64'));
    await connection.confirmTransaction({ signature, ...(await connection.getLatestBlockhash()) });
    expect(await connection.getBalance(receiver)).toBe(1_234_567);
  });

  it('refuses a wrong network, a transaction the user does not sign, and bytes that are no transaction', async () => {
    const receiver = Keypair.generate().publicKey;
    expect(
      await rpc('solana_signAndSendTransaction', {
        transaction: await transfer(receiver, 1000),
        chainId: OTHER_REFERENCE,
      }),
    ).toMatchObject({ type: '@keyway-frame/RPC_REQUEST_ERROR', payload: { message: 'Unsupported chain' } });

    const stranger = Keypair.generate().publicKey;
    for (const method of ['solana_signTransaction', 'solana_signAndSendTransaction']) {
      expect(
        await rpc(method, {
          transaction: await transfer(receiver, 1000, stranger, stranger),
          chainId: REFERENCE,
        }),
      ).toMatchObject({ payload: { message: 'Unknown signer address' } });
    }
    // The user only as a receiver, another key pays: still not the user's signature.
    expect(
      await rpc('solana_signTransaction', {
        transaction: await transfer(user, 1000, stranger, stranger),
        chainId: REFERENCE,
      }),
    ).toMatchObject({ payload: { message: 'Unknown signer address' } });

    const good = Buffer.from(await transfer(receiver, 1000), 'base64');
    for (const bytes of [
      Buffer.from([1, 2, 3, 4, 5, 6, 7, 8]),
      good.subarray(0, good.length - 3),
      Buffer.concat([good, Buffer.from([0])]),
    ]) {
      expect(
        await rpc('solana_signTransaction', { transaction: bytes.toString('base64'), chainId: REFERENCE }),
      ).toMatchObject({ payload: { message: 'Invalid transaction' } });
    }
    expect(await approveButtons()).toBe(0);
    expect(await connection.getBalance(receiver)).toBe(0);
  });

  it('passes the network error of a failed send back to the app', async () => {
    const receiver = Keypair.generate().publicKey;
    const pending = rpc('solana_signAndSendTransaction', {
      transaction: await transfer(receiver, 1_000 * LAMPORTS_PER_SOL),
      chainId: REFERENCE,
    });
    await expect.poll(() => screen().getByText('1000 SOL', { exact: true }).isVisible()).toBe(true);
    await screen().getByRole('button', { name: 'Approve' }).click();
    const reply = await pending;
    expect(reply.type).toBe('@keyway-frame/RPC_REQUEST_ERROR');
    expect(reply.payload?.message).toMatch(/insufficient lamports|simulation failed/i);
  });

  it('forgets the key on sign out and finds the same one on the next login', async () => {
    expect((await request(page, 'SIGN_OUT')).type).toBe('@keyway-frame/SIGN_OUT_SUCCESS');
    expect(await request(page, 'GET_USER', { chainId: REFERENCE })).toMatchObject({
      type: '@keyway-frame/GET_USER_ERROR',
    });
    expect(
      await rpc('solana_signMessage', { message: base58Encode(Uint8Array.from([1, 2, 3])), pubkey: address }),
    ).toMatchObject({ payload: { message: 'Not logged in', code: 4100 } });
    await emailLogin(page, frame.url, email);
    expect((await request(page, 'GET_USER', { chainId: REFERENCE })).payload?.address).toBe(address);
    expect((await request(page, 'GET_USER', { chainId: CHAIN_ID })).payload?.address).toBe(evmAddress);
  });

  it('ran under the strict CSP without violations', () => {
    expect(frameErrors.filter((e) => /Content Security Policy|unsafe-eval|Refused to/i.test(e))).toEqual([]);
  });
});
