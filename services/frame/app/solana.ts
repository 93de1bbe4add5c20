/**
 * The Solana sign methods inside the frame (spec §6, unsafe): `solana_signMessage`,
 * `solana_signTransaction` and `solana_signAndSendTransaction`.
 *
 * The request is decoded and checked first (configured network, a wire transaction that decodes and
 * re-encodes to the same bytes, the user's key among its required signers), then shown on the frame's own
 * approval screen: network, fee payer, and per instruction what it does (a System Program transfer as
 * receiver and SOL amount; anything else as program, accounts and data). Only after Approve is the message
 * signed with the user's non-extractable Ed25519 WebCrypto key; signAndSend broadcasts through this
 * origin's `/rpc/solana/:reference` proxy.
 *
 * rpc.ts imports this module lazily: @solana/web3.js stays out of the page's first script.
 */
import { PublicKey, VersionedMessage, VersionedTransaction } from '@solana/web3.js';
import { decodeBase58, encodeBase58 } from '../../../src/chains/solana/address.ts';
import { ERROR_MESSAGES } from '../../../src/core/errors.ts';
import { MAX_ERROR_MESSAGE_LENGTH, type RpcRequestPayload } from '../../../src/frame/protocol/index.ts';
import { approve, FrameRequestError } from './approve.ts';
import { solanaRpc } from './backend.ts';
import type { SolanaKey } from './storage.ts';
import type { ApprovalRequest, ApprovalRow } from './ui.ts';

export type SolanaSignRequest = Extract<
  RpcRequestPayload,
  { method: 'solana_signMessage' | 'solana_signTransaction' | 'solana_signAndSendTransaction' }
>;

export interface SolanaRpcContext {
  /** The logged-in user's Solana key (null when nobody is logged in). */
  key: SolanaKey | null;
  /** The configured Solana network references. */
  networks: ReadonlySet<string>;
  /** Who asks (the dapp name from synced dapp data, or its origin). */
  requester: string;
}

export const SYSTEM_PROGRAM_ID = '11111111111111111111111111111111';
const SYSTEM_TRANSFER_INDEX = 2;
const LAMPORTS_PER_SOL = 1_000_000_000n;

/** Lamports as SOL text, exactly (bigint arithmetic): 100000000n -> '0.1 SOL', 1n -> '0.000000001 SOL'. */
export function formatSol(lamports: bigint): string {
  const whole = lamports / LAMPORTS_PER_SOL;
  const fraction = (lamports % LAMPORTS_PER_SOL).toString().padStart(9, '0').replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''} SOL`;
}

// Control characters (other than tab and line breaks), and invisible or direction-changing format
// characters (zero-width, bidi overrides, BOM) that could disguise the text.
const UNSAFE_TEXT = /(?![\t\n\r])[\p{Cc}\p{Cf}]/u;

/** The message as text when its bytes are printable UTF-8, else null. */
export function printableText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  return text.length > 0 && !UNSAFE_TEXT.test(text) ? text : null;
}

const toHex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

function requireKey(ctx: SolanaRpcContext): SolanaKey {
  if (!ctx.key) throw new FrameRequestError('Not logged in', 4100);
  return ctx.key;
}

async function ed25519Sign(key: SolanaKey, data: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const signature = new Uint8Array(
    await crypto.subtle.sign({ name: 'Ed25519' }, key.privateKey, new Uint8Array(data)),
  );
  if (signature.length !== 64) throw new FrameRequestError(ERROR_MESSAGES.frameError);
  return signature;
}

/** True when `bytes` are exactly a serialized transaction message (legacy or versioned). */
function isTransactionMessage(bytes: Uint8Array): boolean {
  try {
    return sameBytes(VersionedMessage.deserialize(bytes).serialize(), bytes);
  } catch {
    return false;
  }
}

/**
 * The wire transaction, decoded; refused unless it is legacy or v0, every index in it points at an
 * account, and it encodes back to exactly the bytes received (what is shown is what is signed).
 */
function decodeTransaction(base64: string): VersionedTransaction {
  const invalid = () => new FrameRequestError('Invalid transaction');
  let tx: VersionedTransaction;
  let wire: Uint8Array;
  try {
    wire = fromBase64(base64);
    tx = VersionedTransaction.deserialize(wire);
    if (!sameBytes(tx.serialize(), wire)) throw invalid();
  } catch {
    throw invalid();
  }
  if (tx.version !== 'legacy' && tx.version !== 0) throw invalid();
  const message = tx.message;
  const staticCount = message.staticAccountKeys.length;
  const loadedCount = message.addressTableLookups.reduce(
    (n, l) => n + l.writableIndexes.length + l.readonlyIndexes.length,
    0,
  );
  if (staticCount === 0 || message.header.numRequiredSignatures === 0) throw invalid();
  for (const ix of message.compiledInstructions) {
    if (ix.programIdIndex >= staticCount) throw invalid();
    if (ix.accountKeyIndexes.some((i) => i >= staticCount + loadedCount)) throw invalid();
  }
  return tx;
}

/** Names for every account index of the message: static keys, then lookup-table entries (writable first). */
function accountNames(tx: VersionedTransaction): string[] {
  const message = tx.message;
  const names = message.staticAccountKeys.map((k) => k.toBase58());
  const lookups = message.addressTableLookups;
  for (const l of lookups) {
    for (const i of l.writableIndexes) names.push(`entry ${i} of lookup table ${l.accountKey.toBase58()}`);
  }
  for (const l of lookups) {
    for (const i of l.readonlyIndexes) names.push(`entry ${i} of lookup table ${l.accountKey.toBase58()}`);
  }
  return names;
}

/** A System Program transfer: instruction index 2 (u32 LE), then lamports (u64 LE); accounts [from, to]. */
function systemTransfer(data: Uint8Array, accounts: number[]): { lamports: bigint } | null {
  if (data.length !== 12 || accounts.length !== 2) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (view.getUint32(0, true) !== SYSTEM_TRANSFER_INDEX) return null;
  return { lamports: view.getBigUint64(4, true) };
}

/** The approval screen's rows and blocks for a transaction the user signs as `key`. */
export function transactionApproval(
  tx: VersionedTransaction,
  key: SolanaKey,
  reference: string,
): Pick<ApprovalRequest, 'rows' | 'blocks'> {
  const message = tx.message;
  const names = accountNames(tx);
  const staticCount = message.staticAccountKeys.length;
  const rows: ApprovalRow[] = [
    { label: 'From', value: key.address, mono: true },
    { label: 'Network', value: `Solana ${reference}` },
    { label: 'Fee payer', value: names[0] as string, mono: true },
  ];
  if (message.addressTableLookups.length > 0) {
    rows.push({ label: 'Address lookup tables', value: String(message.addressTableLookups.length) });
  }
  const blocks: ApprovalRequest['blocks'] = [];
  message.compiledInstructions.forEach((ix, n) => {
    const program = names[ix.programIdIndex] as string;
    const transfer =
      program === SYSTEM_PROGRAM_ID &&
      ix.accountKeyIndexes.every((i) => i < staticCount) &&
      systemTransfer(ix.data, ix.accountKeyIndexes);
    if (transfer) {
      const [from, to] = ix.accountKeyIndexes.map((i) => names[i] as string);
      if (from !== key.address) rows.push({ label: 'Transfer from', value: from as string, mono: true });
      rows.push(
        { label: 'Transfer to', value: to as string, mono: true },
        { label: 'Amount', value: formatSol(transfer.lamports) },
      );
      return;
    }
    rows.push({ label: 'Program', value: program, mono: true });
    const data = ix.data.length
      ? [`Data (hex): ${toHex(ix.data)}`, `Data (base58): ${encodeBase58(ix.data)}`]
      : ['Data: none'];
    blocks.push({
      label: `Instruction ${n + 1}`,
      text: [
        `Program: ${program}`,
        `Accounts: ${ix.accountKeyIndexes.length}`,
        ...ix.accountKeyIndexes.map((i) => `  ${names[i]}`),
        ...data,
      ].join('\n'),
    });
  });
  return { rows, blocks };
}

async function signMessage(
  params: { message: string; pubkey: string },
  ctx: SolanaRpcContext,
): Promise<{ signature: string }> {
  const key = requireKey(ctx);
  if (params.pubkey !== key.address) throw new FrameRequestError('Unknown signer address');
  const bytes = decodeBase58(params.message);
  if (!bytes || bytes.length === 0) throw new FrameRequestError('Invalid message');
  // A signature over a transaction message is a signature of that transaction: never as a "message".
  if (isTransactionMessage(bytes)) {
    throw new FrameRequestError('The message is a transaction: use solana_signTransaction');
  }
  const text = printableText(bytes);
  await approve({
    title: 'Sign message',
    requester: ctx.requester,
    rows: [{ label: 'Account', value: key.address, mono: true }],
    blocks: [
      text === null ? { label: 'Message (base58)', text: params.message } : { label: 'Message', text },
    ],
    approveLabel: 'Sign',
  });
  return { signature: encodeBase58(await ed25519Sign(key, bytes)) };
}

type SendOptions = NonNullable<
  Extract<SolanaSignRequest, { method: 'solana_signAndSendTransaction' }>['params']
>['options'];

async function signTransaction(
  params: { transaction: string; chainId: string; options?: SendOptions },
  ctx: SolanaRpcContext,
  send: boolean,
): Promise<{ transaction: string } | { signature: string }> {
  if (!ctx.networks.has(params.chainId)) throw new FrameRequestError(ERROR_MESSAGES.unsupportedChain);
  const key = requireKey(ctx);
  const tx = decodeTransaction(params.transaction);
  const signers = tx.message.staticAccountKeys.slice(0, tx.message.header.numRequiredSignatures);
  if (!signers.some((k) => k.toBase58() === key.address)) {
    throw new FrameRequestError('Unknown signer address');
  }
  await approve({
    title: send ? 'Approve transaction' : 'Sign transaction',
    requester: ctx.requester,
    ...transactionApproval(tx, key, params.chainId),
    approveLabel: send ? 'Approve' : 'Sign',
  });
  tx.addSignature(new PublicKey(key.publicKey), await ed25519Sign(key, tx.message.serialize()));
  const wire = tx.serialize();
  if (!send) return { transaction: toBase64(wire) };

  const { skipPreflight, preflightCommitment, maxRetries } = params.options ?? {};
  const config = {
    encoding: 'base64',
    ...(skipPreflight === undefined ? {} : { skipPreflight }),
    ...(preflightCommitment === undefined ? {} : { preflightCommitment }),
    ...(maxRetries === undefined ? {} : { maxRetries }),
  };
  let result: unknown;
  try {
    result = await solanaRpc(params.chainId, 'sendTransaction', [toBase64(wire), config]);
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : ERROR_MESSAGES.frameError;
    throw new FrameRequestError(message.slice(0, MAX_ERROR_MESSAGE_LENGTH));
  }
  // The RPC answers the transaction id: the first signature (the fee payer's).
  const expected = encodeBase58(tx.signatures[0] as Uint8Array);
  if (result !== expected) throw new FrameRequestError('The Solana network answered an unexpected signature');
  return { signature: expected };
}

/** Answers one Solana sign request (params already validated by the kit's schema). */
export async function handleSolanaRpc(req: SolanaSignRequest, ctx: SolanaRpcContext): Promise<unknown> {
  switch (req.method) {
    case 'solana_signMessage':
      if (!req.params) throw new FrameRequestError('Invalid request');
      return signMessage(req.params, ctx);
    case 'solana_signTransaction':
      if (!req.params) throw new FrameRequestError('Invalid request');
      return signTransaction(req.params, ctx, false);
    case 'solana_signAndSendTransaction':
      if (!req.params) throw new FrameRequestError('Invalid request');
      return signTransaction(req.params, ctx, true);
  }
}
