/**
 * Transaction history of the local Solana runtime: what a validator's ledger keeps of every processed
 * transaction (its wire bytes, slot, block time, fee, balances before and after, logs, inner instructions),
 * and the two RPC reads over it that an indexer uses: `getSignaturesForAddress` (newest first, `before` /
 * `until` / `limit`) and `getTransaction` (`json`, `jsonParsed`, `base64`, `base58`).
 *
 * - Transactions sent with `sendTransaction` that landed are recorded, failed ones too (they paid their fee);
 *   rejected ones (preflight, bad blockhash, ...) never landed and are not. Airdrops are credited by litesvm
 *   without a transaction whose bytes the runtime could show, so they are not in the history either.
 * - `jsonParsed` decodes the System program's `transfer`, `transferWithSeed` and `createAccount`; every other
 *   instruction is given partially decoded (`programId`, `accounts`, base58 `data`), as the RPC does for
 *   programs it has no parser for.
 * - The most recent `HISTORY_LIMIT` transactions are kept (and persisted by the runtime).
 */
import { PublicKey, VersionedMessage } from '@solana/web3.js';
import { z } from 'zod';
import { base58Decode, base58Encode } from './base58.ts';
import type { TransactionErrorJson } from './runtime.ts';

export const HISTORY_LIMIT = 5000;
/** The RPC's cap (and default) for `getSignaturesForAddress`'s `limit`. */
export const MAX_SIGNATURES_LIMIT = 1000;
export const SYSTEM_PROGRAM_ID = '11111111111111111111111111111111';

export interface CompiledInnerInstruction {
  programIdIndex: number;
  accounts: number[];
  /** base58 */
  data: string;
  stackHeight: number;
}

export interface TransactionRecord {
  signature: string;
  slot: number;
  /** Unix seconds. */
  blockTime: number;
  /** The transaction as sent (signatures, then the message), base64. */
  wire: string;
  /** Addresses loaded from lookup tables (v0 messages), in the order the runtime appends them. */
  loadedAddresses: { writable: string[]; readonly: string[] };
  err: TransactionErrorJson | null;
  /** Lamports. */
  fee: number;
  /** Lamports of every account of the message (static keys, then loaded writable, then loaded readonly). */
  preBalances: number[];
  postBalances: number[];
  logs: string[];
  innerInstructions: { index: number; instructions: CompiledInnerInstruction[] }[];
  computeUnitsConsumed: number;
}

export const transactionRecordSchema = z.object({
  signature: z.string(),
  slot: z.number().int(),
  blockTime: z.number().int(),
  wire: z.string(),
  loadedAddresses: z.object({ writable: z.array(z.string()), readonly: z.array(z.string()) }),
  err: z.union([z.string(), z.record(z.string(), z.unknown())]).nullable(),
  fee: z.number().int(),
  preBalances: z.array(z.number()),
  postBalances: z.array(z.number()),
  logs: z.array(z.string()),
  innerInstructions: z.array(
    z.object({
      index: z.number().int(),
      instructions: z.array(
        z.object({
          programIdIndex: z.number().int(),
          accounts: z.array(z.number().int()),
          data: z.string(),
          stackHeight: z.number().int(),
        }),
      ),
    }),
  ),
  computeUnitsConsumed: z.number(),
});

export class RpcMethodError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

interface Decoded {
  signatures: string[];
  message: VersionedMessage;
  /** Every account of the message: static keys, then loaded writable, then loaded readonly. */
  keys: string[];
}

function decode(record: TransactionRecord): Decoded {
  const wire = new Uint8Array(Buffer.from(record.wire, 'base64'));
  let count = 0;
  let offset = 0;
  for (let shift = 0; ; shift += 7) {
    const byte = wire[offset++]!;
    count |= (byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) break;
  }
  const signatures: string[] = [];
  for (let i = 0; i < count; i++)
    signatures.push(base58Encode(wire.subarray(offset + 64 * i, offset + 64 * (i + 1))));
  const message = VersionedMessage.deserialize(wire.subarray(offset + 64 * count));
  const keys = [
    ...message.staticAccountKeys.map((k) => k.toBase58()),
    ...record.loadedAddresses.writable,
    ...record.loadedAddresses.readonly,
  ];
  return { signatures, message, keys };
}

/** Whether account `index` of a message is writable (static keys by the header, loaded ones by their list). */
function isWritable(message: VersionedMessage, index: number, loadedWritable: number): boolean {
  const h = message.header;
  const statics = message.staticAccountKeys.length;
  if (index >= statics) return index - statics < loadedWritable;
  if (index < h.numRequiredSignatures) return index < h.numRequiredSignatures - h.numReadonlySignedAccounts;
  return index < statics - h.numReadonlyUnsignedAccounts;
}

const u64 = (view: DataView, at: number): number => Number(view.getBigUint64(at, true));

/** The `parsed` object of a System program instruction the RPC's parser knows, or null. */
export function parseSystemInstruction(
  data: Uint8Array,
  accounts: readonly string[],
): { type: string; info: Record<string, unknown> } | null {
  if (data.length < 4) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const kind = view.getUint32(0, true);
  try {
    if (kind === 2 && data.length >= 12 && accounts.length >= 2) {
      return {
        type: 'transfer',
        info: { destination: accounts[1], lamports: u64(view, 4), source: accounts[0] },
      };
    }
    if (kind === 0 && data.length >= 52 && accounts.length >= 2) {
      return {
        type: 'createAccount',
        info: {
          lamports: u64(view, 4),
          newAccount: accounts[1],
          owner: new PublicKey(data.subarray(20, 52)).toBase58(),
          source: accounts[0],
          space: u64(view, 12),
        },
      };
    }
    if (kind === 11 && data.length >= 20 && accounts.length >= 3) {
      const seedLength = u64(view, 12);
      const seedEnd = 20 + seedLength;
      if (data.length < seedEnd + 32) return null;
      return {
        type: 'transferWithSeed',
        info: {
          destination: accounts[2],
          lamports: u64(view, 4),
          source: accounts[0],
          sourceBase: accounts[1],
          sourceOwner: new PublicKey(data.subarray(seedEnd, seedEnd + 32)).toBase58(),
          sourceSeed: new TextDecoder().decode(data.subarray(20, seedEnd)),
        },
      };
    }
  } catch {
    return null;
  }
  return null;
}

function parsedInstruction(
  programId: string,
  accounts: readonly string[],
  data: Uint8Array,
  stackHeight: number | null,
) {
  const parsed = programId === SYSTEM_PROGRAM_ID ? parseSystemInstruction(data, accounts) : null;
  if (parsed) return { parsed, program: 'system', programId, stackHeight };
  return { accounts: [...accounts], data: base58Encode(data), programId, stackHeight };
}

export type TransactionEncoding = 'json' | 'jsonParsed' | 'base64' | 'base58';

/** The ledger of processed transactions, oldest first. */
export class TransactionHistory {
  private readonly records: TransactionRecord[] = [];
  private readonly bySignature = new Map<string, TransactionRecord>();
  /** The accounts of each recorded message (decoded once). */
  private readonly keysOf = new Map<string, Set<string>>();

  constructor(initial: readonly TransactionRecord[] = []) {
    for (const r of initial) this.add(r);
  }

  add(record: TransactionRecord): void {
    this.records.push(record);
    this.bySignature.set(record.signature, record);
    this.keysOf.set(record.signature, new Set(decode(record).keys));
    while (this.records.length > HISTORY_LIMIT) {
      const oldest = this.records.shift();
      if (!oldest) break;
      this.bySignature.delete(oldest.signature);
      this.keysOf.delete(oldest.signature);
    }
  }

  all(): readonly TransactionRecord[] {
    return this.records;
  }

  /**
   * Signatures of the transactions that use `address` (any account of the message), newest first; starting
   * after `before` (an unknown `before` gives none, as on a validator), stopping before `until`.
   */
  signaturesForAddress(
    address: string,
    opts: { limit?: number; before?: string; until?: string } = {},
  ): { signature: string; slot: number; err: TransactionErrorJson | null; blockTime: number }[] {
    const limit = opts.limit ?? MAX_SIGNATURES_LIMIT;
    let start = this.records.length - 1;
    if (opts.before !== undefined) {
      const at = this.records.findLastIndex((r) => r.signature === opts.before);
      if (at < 0) return [];
      start = at - 1;
    }
    const out: { signature: string; slot: number; err: TransactionErrorJson | null; blockTime: number }[] =
      [];
    for (let i = start; i >= 0 && out.length < limit; i--) {
      const r = this.records[i]!;
      if (r.signature === opts.until) break;
      if (!this.keysOf.get(r.signature)?.has(address)) continue;
      out.push({ signature: r.signature, slot: r.slot, err: r.err, blockTime: r.blockTime });
    }
    return out;
  }

  /** `getTransaction`'s result for `signature`, or null when the ledger does not have it. */
  transactionJson(
    signature: string,
    opts: { encoding?: TransactionEncoding; maxSupportedTransactionVersion?: number } = {},
  ): Record<string, unknown> | null {
    const record = this.bySignature.get(signature);
    if (!record) return null;
    const encoding = opts.encoding ?? 'json';
    const { signatures, message, keys } = decode(record);
    const version = message.version;
    if (version !== 'legacy' && (opts.maxSupportedTransactionVersion ?? -1) < version) {
      throw new RpcMethodError(
        -32015,
        `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
      );
    }
    const loadedWritable = record.loadedAddresses.writable.length;
    const staticCount = message.staticAccountKeys.length;
    const lookups =
      version === 'legacy'
        ? undefined
        : message.addressTableLookups.map((l) => ({
            accountKey: l.accountKey.toBase58(),
            writableIndexes: [...l.writableIndexes],
            readonlyIndexes: [...l.readonlyIndexes],
          }));

    let transaction: unknown;
    if (encoding === 'base64') transaction = [record.wire, 'base64'];
    else if (encoding === 'base58')
      transaction = [base58Encode(Buffer.from(record.wire, 'base64')), 'base58'];
    else if (encoding === 'json') {
      transaction = {
        signatures,
        message: {
          accountKeys: keys.slice(0, staticCount),
          header: message.header,
          recentBlockhash: message.recentBlockhash,
          instructions: message.compiledInstructions.map((ix) => ({
            programIdIndex: ix.programIdIndex,
            accounts: [...ix.accountKeyIndexes],
            data: base58Encode(ix.data),
            stackHeight: null,
          })),
          ...(lookups ? { addressTableLookups: lookups } : {}),
        },
      };
    } else {
      transaction = {
        signatures,
        message: {
          accountKeys: keys.map((pubkey, i) => ({
            pubkey,
            signer: i < message.header.numRequiredSignatures,
            source: i < staticCount ? 'transaction' : 'lookupTable',
            writable: isWritable(message, i, loadedWritable),
          })),
          recentBlockhash: message.recentBlockhash,
          instructions: message.compiledInstructions.map((ix) =>
            parsedInstruction(
              keys[ix.programIdIndex]!,
              ix.accountKeyIndexes.map((a) => keys[a]!),
              ix.data,
              null,
            ),
          ),
          ...(lookups ? { addressTableLookups: lookups } : {}),
        },
      };
    }

    const innerInstructions = record.innerInstructions.map(({ index, instructions }) => ({
      index,
      instructions: instructions.map((ix) =>
        encoding === 'jsonParsed'
          ? parsedInstruction(
              keys[ix.programIdIndex]!,
              ix.accounts.map((a) => keys[a]!),
              base58Decode(ix.data),
              ix.stackHeight,
            )
          : ix,
      ),
    }));
    return {
      slot: record.slot,
      blockTime: record.blockTime,
      ...(opts.maxSupportedTransactionVersion === undefined ? {} : { version }),
      transaction,
      meta: {
        err: record.err,
        status: record.err === null ? { Ok: null } : { Err: record.err },
        fee: record.fee,
        preBalances: record.preBalances,
        postBalances: record.postBalances,
        innerInstructions,
        logMessages: record.logs,
        preTokenBalances: [],
        postTokenBalances: [],
        rewards: [],
        ...(encoding === 'jsonParsed' ? {} : { loadedAddresses: record.loadedAddresses }),
        computeUnitsConsumed: record.computeUnitsConsumed,
      },
    };
  }
}
