/**
 * The Solana sign methods inside the frame (spec §6, unsafe): `solana_signMessage`,
 * `solana_signTransaction` and `solana_signAndSendTransaction`.
 *
 * The request is decoded and checked first (configured network, a wire transaction that decodes and
 * re-encodes to the same bytes, the user's key among its required signers), then shown on the frame's own
 * approval screen: network, fee payer, and per instruction what it does (a System Program transfer as
 * receiver and SOL amount; an SPL Token or Token-2022 Transfer / TransferChecked as token accounts, mint and
 * amount; anything else as program, accounts and data). Instructions that hand over control are decoded
 * and shown as warnings: a System Assign (a new owner program for an account), an SPL SetAuthority (a new
 * owner, close or mint authority), a token Approve (a delegate), and a durable nonce (AdvanceNonceAccount:
 * the signed transaction does not expire and can be broadcast later), or a change of a nonce's authority.
 * Nothing is looked up on the network to describe the instructions: a plain Transfer does not state its
 * mint or decimals, so its amount is shown in the token's base units. The network label is bound to the
 * RPC the frame signs for: the genesis hash that the frame's own proxy answers for the requested network
 * must be that network's (its CAIP-2 reference is the hash's first 32 characters), and the label names
 * that network, not the request's text.
 * Only after Approve is the message signed with the user's non-extractable Ed25519 WebCrypto key;
 * signAndSend broadcasts through this origin's `/rpc/solana/:reference` proxy.
 *
 * rpc.ts imports this module lazily: @solana/web3.js stays out of the page's first script.
 */
import { PublicKey, VersionedMessage, VersionedTransaction } from '@solana/web3.js';
import { formatUnits } from 'viem';
import { decodeBase58, encodeBase58 } from '../../../src/chains/solana/address.ts';
import { base64ToBytes, bytesToBase64 } from '../../../src/chains/solana/base64.ts';
import { FRAME_ERROR_TEXTS } from '../../../src/frame/protocol/errors.ts';
import { MAX_ERROR_MESSAGE_LENGTH, type RpcRequestPayload } from '../../../src/frame/protocol/index.ts';
import { approve, FrameRequestError } from './approve.ts';
import { solanaRpc } from './backend.ts';
import type { SolanaKey } from './storage.ts';
import type { ApprovalRequest, ApprovalRow, Requester } from './ui.ts';

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
  requester: Requester;
  /** The protocol id of the request: its approval screen is bound to it. */
  requestId: string;
}

export const SYSTEM_PROGRAM_ID = '11111111111111111111111111111111';
const SYSTEM_TRANSFER_INDEX = 2;
const SOL_DECIMALS = 9;

/** The SPL Token program and Token-2022, whose Transfer (3) and TransferChecked (12) share a layout. */
const TOKEN_PROGRAM_IDS: ReadonlySet<string> = new Set([
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
]);
const TOKEN_TRANSFER = 3;
const TOKEN_TRANSFER_CHECKED = 12;
const TOKEN_APPROVE = 4;
const TOKEN_SET_AUTHORITY = 6;
const TOKEN_APPROVE_CHECKED = 13;
const SYSTEM_ASSIGN = 1;
const SYSTEM_ADVANCE_NONCE = 4;
const SYSTEM_AUTHORIZE_NONCE = 7;
const SYSTEM_ASSIGN_WITH_SEED = 10;
const AUTHORITY_TYPES = ['mint', 'freeze', 'owner', 'close'] as const;

/** Names of the well-known Solana networks by CAIP-2 reference. */
const NETWORK_NAMES: Readonly<Record<string, string>> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'Solana Mainnet',
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: 'Solana Devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'Solana Testnet',
};

/**
 * The label of the network the frame would sign for, checked against what its RPC answers: the proxy's
 * `getGenesisHash` must start with the requested reference. A mismatch (a proxy pointed at another
 * network) refuses the request before anything is shown.
 */
export async function solanaNetworkLabel(reference: string): Promise<string> {
  let genesis: unknown;
  try {
    genesis = await solanaRpc(reference, 'getGenesisHash', []);
  } catch {
    throw new FrameRequestError('The Solana network did not answer. Please try again.');
  }
  if (typeof genesis !== 'string' || genesis.slice(0, 32) !== reference) {
    throw new FrameRequestError('The Solana network the wallet reaches is not the one requested');
  }
  return NETWORK_NAMES[reference] ?? `Solana network ${reference}`;
}

const u32 = (data: Uint8Array, at = 0) =>
  data.length >= at + 4
    ? new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(at, true)
    : -1;

/**
 * A warning for an instruction that hands over control of an account or keeps the transaction valid
 * indefinitely; null for anything else. `name(i)` names the instruction's i-th account.
 */
export function controlWarning(
  program: string,
  data: Uint8Array,
  name: (i: number) => string | undefined,
): { label: string; value: string } | null {
  if (program === SYSTEM_PROGRAM_ID) {
    const index = u32(data);
    if ((index === SYSTEM_ASSIGN && data.length === 36) || index === SYSTEM_ASSIGN_WITH_SEED) {
      const owner = index === SYSTEM_ASSIGN ? encodeBase58(data.slice(4, 36)) : 'a program named in the data';
      return {
        label: 'Warning',
        value: `Gives ownership of account ${name(0) ?? '?'} to program ${owner}`,
      };
    }
    if (index === SYSTEM_ADVANCE_NONCE) {
      return {
        label: 'Warning',
        value: `Uses durable nonce account ${name(0) ?? '?'}: this transaction does not expire and can be broadcast at any later time`,
      };
    }
    if (index === SYSTEM_AUTHORIZE_NONCE && data.length === 36) {
      return {
        label: 'Warning',
        value: `Hands the authority of nonce account ${name(0) ?? '?'} to ${encodeBase58(data.slice(4, 36))}`,
      };
    }
    return null;
  }
  if (!TOKEN_PROGRAM_IDS.has(program)) return null;
  if (data[0] === TOKEN_SET_AUTHORITY && data.length >= 3) {
    const kind = AUTHORITY_TYPES[data[1] as number] ?? `type ${data[1]}`;
    const next = data[2] === 1 && data.length >= 35 ? encodeBase58(data.slice(3, 35)) : 'nobody';
    return { label: 'Warning', value: `Changes the ${kind} authority of ${name(0) ?? '?'} to ${next}` };
  }
  if (
    (data[0] === TOKEN_APPROVE && data.length === 9) ||
    (data[0] === TOKEN_APPROVE_CHECKED && data.length === 10)
  ) {
    const amount = new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(1, true);
    const delegate = data[0] === TOKEN_APPROVE ? name(1) : name(2);
    const shown =
      data[0] === TOKEN_APPROVE_CHECKED ? formatUnits(amount, data[9] as number) : `${amount} base units`;
    return {
      label: 'Warning',
      value: `Lets ${delegate ?? '?'} spend up to ${shown} from token account ${name(0) ?? '?'}`,
    };
  }
  return null;
}

/** Lamports as SOL text, exactly (bigint arithmetic): 100000000n -> '0.1 SOL', 1n -> '0.000000001 SOL'. */
export function formatSol(lamports: bigint): string {
  return `${formatUnits(lamports, SOL_DECIMALS)} SOL`;
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

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

function requireKey(ctx: SolanaRpcContext): SolanaKey {
  if (!ctx.key) throw new FrameRequestError('Not logged in', 4100);
  return ctx.key;
}

async function ed25519Sign(key: SolanaKey, data: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const signature = new Uint8Array(
    await crypto.subtle.sign({ name: 'Ed25519' }, key.privateKey, new Uint8Array(data)),
  );
  if (signature.length !== 64) throw new FrameRequestError(FRAME_ERROR_TEXTS.frameError);
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
    wire = base64ToBytes(base64);
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

interface TokenTransfer {
  source: number;
  destination: number;
  authority: number;
  amount: bigint;
  /** TransferChecked only: the mint's account index and its decimals. */
  checked?: { mint: number; decimals: number };
}

/**
 * An SPL Token transfer: Transfer is [3, amount u64 LE] with accounts [source, destination, authority,
 * ...multisig signers]; TransferChecked is [12, amount u64 LE, decimals u8] with accounts [source, mint,
 * destination, authority, ...multisig signers].
 */
function tokenTransfer(data: Uint8Array, accounts: number[]): TokenTransfer | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (data[0] === TOKEN_TRANSFER && data.length === 9 && accounts.length >= 3) {
    const [source, destination, authority] = accounts as [number, number, number];
    return { source, destination, authority, amount: view.getBigUint64(1, true) };
  }
  if (data[0] === TOKEN_TRANSFER_CHECKED && data.length === 10 && accounts.length >= 4) {
    const [source, mint, destination, authority] = accounts as [number, number, number, number];
    const decimals = view.getUint8(9);
    return {
      source,
      destination,
      authority,
      amount: view.getBigUint64(1, true),
      checked: { mint, decimals },
    };
  }
  return null;
}

/** The approval screen's rows and blocks for a transaction the user signs as `key`. */
export function transactionApproval(
  tx: VersionedTransaction,
  key: SolanaKey,
  networkLabel: string,
): Pick<ApprovalRequest, 'rows' | 'blocks'> {
  const message = tx.message;
  const names = accountNames(tx);
  const staticCount = message.staticAccountKeys.length;
  const rows: ApprovalRow[] = [
    { label: 'From', value: key.address, mono: true },
    { label: 'Network', value: networkLabel },
    { label: 'Fee payer', value: names[0] as string, mono: true },
  ];
  // Control-changing instructions first, so they are read before the transfers.
  for (const ix of message.compiledInstructions) {
    const warning = controlWarning(names[ix.programIdIndex] as string, ix.data, (i) => {
      const index = ix.accountKeyIndexes[i];
      return index === undefined ? undefined : names[index];
    });
    if (warning) rows.push({ ...warning, warning: true });
  }
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
    const token = TOKEN_PROGRAM_IDS.has(program) && tokenTransfer(ix.data, ix.accountKeyIndexes);
    if (token) {
      const name = (i: number) => names[i] as string;
      if (name(token.authority) !== key.address) {
        rows.push({ label: 'Token owner', value: name(token.authority), mono: true });
      }
      rows.push(
        { label: 'Token account from', value: name(token.source), mono: true },
        { label: 'Token account to', value: name(token.destination), mono: true },
      );
      if (token.checked) {
        rows.push(
          { label: 'Token', value: name(token.checked.mint), mono: true },
          { label: 'Token amount', value: formatUnits(token.amount, token.checked.decimals) },
        );
      } else {
        rows.push({ label: 'Token amount', value: `${token.amount} base units (decimals not stated)` });
      }
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
    requestId: ctx.requestId,
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
  if (!ctx.networks.has(params.chainId)) throw new FrameRequestError(FRAME_ERROR_TEXTS.unsupportedChain);
  const key = requireKey(ctx);
  const tx = decodeTransaction(params.transaction);
  const signers = tx.message.staticAccountKeys.slice(0, tx.message.header.numRequiredSignatures);
  if (!signers.some((k) => k.toBase58() === key.address)) {
    throw new FrameRequestError('Unknown signer address');
  }
  const networkLabel = await solanaNetworkLabel(params.chainId);
  await approve({
    requestId: ctx.requestId,
    title: send ? 'Approve transaction' : 'Sign transaction',
    requester: ctx.requester,
    ...transactionApproval(tx, key, networkLabel),
    approveLabel: send ? 'Approve' : 'Sign',
  });
  tx.addSignature(new PublicKey(key.publicKey), await ed25519Sign(key, tx.message.serialize()));
  const wire = tx.serialize();
  if (!send) return { transaction: bytesToBase64(wire) };

  const { skipPreflight, preflightCommitment, maxRetries } = params.options ?? {};
  const config = {
    encoding: 'base64',
    ...(skipPreflight === undefined ? {} : { skipPreflight }),
    ...(preflightCommitment === undefined ? {} : { preflightCommitment }),
    ...(maxRetries === undefined ? {} : { maxRetries }),
  };
  let result: unknown;
  try {
    result = await solanaRpc(params.chainId, 'sendTransaction', [bytesToBase64(wire), config]);
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : FRAME_ERROR_TEXTS.frameError;
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
