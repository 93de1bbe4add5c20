/**
 * A local Solana "cluster" of one: litesvm (the Solana VM as an in-process library) plus what litesvm does
 * not model and an RPC client relies on: a slot clock, recent blockhashes, signature statuses and
 * persistence across restarts.
 *
 * - Slots advance with wall-clock time (one every `SLOT_MS`), like a validator; block height = slot.
 * - The blockhash of slot N is derived from N (sha256 over the genesis hash and N), so blockhashes change
 *   every slot and a transaction whose blockhash is older than `BLOCKHASH_VALIDITY_SLOTS` is rejected, as on
 *   a real cluster. litesvm's own single-blockhash check is turned off in favour of this window.
 * - Every transaction is final as soon as it is processed (status `finalized`).
 * - Every landed transaction is kept in a ledger (./history.ts) for `getSignaturesForAddress` and
 *   `getTransaction`: its bytes, slot, block time, fee, balances before and after, logs, inner instructions.
 * - With a data directory, the VM is snapshotted (`solana-state.bin`, litesvm's own format) together with a
 *   small JSON file (slot, transaction count, recent signature statuses, the ledger), shortly after every
 *   change and on close, so balances and history survive a restart. An unreadable snapshot is moved aside
 *   and the runtime starts fresh.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AddressLookupTableAccount, PublicKey, VersionedMessage } from '@solana/web3.js';
import { LiteSVM } from 'litesvm';
import { z } from 'zod';
import { base58Decode, base58Encode } from './base58.ts';
import {
  type CompiledInnerInstruction,
  TransactionHistory,
  type TransactionRecord,
  transactionRecordSchema,
} from './history.ts';
import { SOLANA_TEST_FUNDING_LAMPORTS, SOLANA_TEST_PUBLIC_KEY } from './keys.ts';

type SvmAddress = Parameters<LiteSVM['getBalance']>[0];
type SvmTransaction = Parameters<LiteSVM['sendTransaction']>[0];
type SvmLamports = Parameters<LiteSVM['airdrop']>[1];

export const SLOT_MS = 400;
export const BLOCKHASH_VALIDITY_SLOTS = 150;
/** litesvm's default fee: 5 000 lamports per signature, no priority fee. */
export const LAMPORTS_PER_SIGNATURE = 5000n;
/** The runtime reports devnet's genesis hash, so its CAIP-2 id is devnet's. */
export const DEVNET_GENESIS_HASH = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG';
export const SOLANA_CAIP2 = `solana:${DEVNET_GENESIS_HASH.slice(0, 32)}`;
/** Most lamports one `requestAirdrop` may ask for (1 000 SOL). */
export const MAX_AIRDROP_LAMPORTS = 1_000_000_000_000n;

const STATUS_HISTORY = 5000;
const SAVE_DEBOUNCE_MS = 300;

/** A transaction error in the JSON shape the Solana RPC uses (`"InsufficientFundsForFee"`, `{InstructionError: [0, {Custom: 1}]}`). */
export type TransactionErrorJson = string | Record<string, unknown>;

export interface SignatureStatus {
  slot: number;
  err: TransactionErrorJson | null;
}

export interface AccountView {
  lamports: bigint;
  owner: string;
  executable: boolean;
  data: Uint8Array;
}

export type SendOutcome =
  | { ok: true; signature: string }
  | { ok: false; code: number; message: string; data?: Record<string, unknown> };

// Variant names of Solana's TransactionError / InstructionError in the order litesvm numbers its fieldless
// variants (see litesvm's `TransactionErrorFieldless` / `InstructionErrorFieldless`).
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
];
const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
];

function prop(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/** Converts litesvm's error objects to the JSON the Solana RPC returns in `err`. */
export function transactionErrorToJson(err: unknown): TransactionErrorJson {
  if (typeof err === 'number') return TRANSACTION_ERRORS[err] ?? `TransactionError(${err})`;
  const kind = typeof err === 'object' && err !== null ? err.constructor.name : '';
  const index = prop(err, 'index');
  const accountIndex = prop(err, 'accountIndex');
  if (kind.endsWith('InstructionError') && typeof index === 'number') {
    const errFn = prop(err, 'err');
    const inner: unknown = typeof errFn === 'function' ? errFn.call(err) : undefined;
    let innerJson: unknown;
    if (typeof inner === 'number') innerJson = INSTRUCTION_ERRORS[inner] ?? `InstructionError(${inner})`;
    else if (typeof prop(inner, 'code') === 'number') innerJson = { Custom: prop(inner, 'code') };
    else if (typeof prop(inner, 'msg') === 'string') innerJson = { BorshIoError: prop(inner, 'msg') };
    else innerJson = 'GenericError';
    return { InstructionError: [index, innerJson] };
  }
  if (kind.endsWith('DuplicateInstruction') && typeof index === 'number')
    return { DuplicateInstruction: index };
  if (kind.endsWith('InsufficientFundsForRent'))
    return { InsufficientFundsForRent: { account_index: accountIndex } };
  if (kind.endsWith('ProgramExecutionTemporarilyRestricted')) {
    return { ProgramExecutionTemporarilyRestricted: { account_index: accountIndex } };
  }
  return String(err);
}

/** A human-readable line for an error, like the validator's simulation failure messages. */
export function describeTransactionError(err: TransactionErrorJson): string {
  if (typeof err === 'string') {
    if (err === 'BlockhashNotFound') return 'Blockhash not found';
    if (err === 'AlreadyProcessed') return 'This transaction has already been processed';
    return err;
  }
  const ix = err.InstructionError;
  if (Array.isArray(ix)) {
    const [i, inner] = ix as [number, unknown];
    const custom = prop(inner, 'Custom');
    const what =
      typeof custom === 'number' ? `custom program error: 0x${custom.toString(16)}` : String(inner);
    return `Error processing Instruction ${i}: ${what}`;
  }
  return JSON.stringify(err);
}

/** Splits a wire transaction into its signatures and the exact message bytes. */
export function decodeWireTransaction(wire: Uint8Array): {
  signatures: Uint8Array[];
  messageBytes: Uint8Array;
} {
  let count = 0;
  let offset = 0;
  for (let shift = 0; ; shift += 7) {
    const byte = wire[offset++];
    if (byte === undefined || shift > 14) throw new Error('truncated signature count');
    count |= (byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) break;
  }
  const signatures: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const sig = wire.subarray(offset, offset + 64);
    if (sig.length !== 64) throw new Error('truncated signature');
    signatures.push(sig);
    offset += 64;
  }
  const messageBytes = wire.subarray(offset);
  if (messageBytes.length === 0) throw new Error('missing message');
  return { signatures, messageBytes };
}

const metaSchema = z.object({
  slot: z.number().int().nonnegative(),
  transactionCount: z.number().int().nonnegative(),
  statuses: z.array(
    z.tuple([
      z.string(),
      z.object({
        slot: z.number().int(),
        err: z.union([z.string(), z.record(z.string(), z.unknown())]).nullable(),
      }),
    ]),
  ),
  /** The ledger (absent in files written before it existed: their history starts empty). */
  transactions: z.array(transactionRecordSchema).optional(),
});

export interface RuntimeOptions {
  /** Directory for the snapshot; without it the runtime is ephemeral. */
  dataDir?: string;
  log?: (line: string) => void;
}

export class SolanaRuntime {
  private svm: LiteSVM;
  private readonly baseSlot: number;
  private readonly startedAt = Date.now();
  private transactionCount: number;
  private readonly statuses = new Map<string, SignatureStatus>();
  /** Every landed transaction (getSignaturesForAddress, getTransaction). */
  readonly history: TransactionHistory;
  private readonly listeners = new Set<(signature: string, status: SignatureStatus) => void>();
  private readonly hashCache = new Map<number, string>();
  private saveTimer: NodeJS.Timeout | undefined;
  private closed = false;
  readonly restored: boolean;

  constructor(private readonly opts: RuntimeOptions = {}) {
    const log = opts.log ?? (() => {});
    const paths = this.paths();
    let restored = false;
    let svm: LiteSVM | undefined;
    let baseSlot = 1;
    let transactionCount = 0;
    let records: TransactionRecord[] = [];
    if (paths && existsSync(paths.state) && existsSync(paths.meta)) {
      try {
        const meta = metaSchema.parse(JSON.parse(readFileSync(paths.meta, 'utf8')));
        svm = LiteSVM.loadFromFile(paths.state);
        baseSlot = meta.slot + 1;
        transactionCount = meta.transactionCount;
        for (const [sig, status] of meta.statuses) this.statuses.set(sig, status);
        records = meta.transactions ?? [];
        restored = true;
      } catch (error) {
        const stamp = Date.now();
        for (const p of [paths.state, paths.meta]) {
          if (existsSync(p)) renameSync(p, `${p}.unreadable-${stamp}`);
        }
        log(`[solana] could not load the saved state (${String(error)}); starting fresh`);
        svm = undefined;
        records = [];
        this.statuses.clear();
      }
    }
    this.history = new TransactionHistory(records);
    this.svm = (svm ?? new LiteSVM()).withSigverify(true).withBlockhashCheck(false);
    this.baseSlot = baseSlot;
    this.transactionCount = transactionCount;
    this.restored = restored;
    if (!restored) {
      this.airdrop(SOLANA_TEST_PUBLIC_KEY, SOLANA_TEST_FUNDING_LAMPORTS);
      this.saveNow();
    }
  }

  private paths(): { state: string; meta: string } | undefined {
    if (!this.opts.dataDir) return undefined;
    mkdirSync(this.opts.dataDir, { recursive: true });
    return {
      state: join(this.opts.dataDir, 'solana-state.bin'),
      meta: join(this.opts.dataDir, 'solana-meta.json'),
    };
  }

  currentSlot(): number {
    return this.baseSlot + Math.floor((Date.now() - this.startedAt) / SLOT_MS);
  }

  blockhashForSlot(slot: number): string {
    let hash = this.hashCache.get(slot);
    if (!hash) {
      hash = base58Encode(createHash('sha256').update(`${DEVNET_GENESIS_HASH}:${slot}`).digest());
      if (this.hashCache.size > 2 * BLOCKHASH_VALIDITY_SLOTS) this.hashCache.clear();
      this.hashCache.set(slot, hash);
    }
    return hash;
  }

  latestBlockhash(): { slot: number; blockhash: string; lastValidBlockHeight: number } {
    const slot = this.currentSlot();
    return {
      slot,
      blockhash: this.blockhashForSlot(slot),
      lastValidBlockHeight: slot + BLOCKHASH_VALIDITY_SLOTS,
    };
  }

  /** True when `blockhash` belongs to one of the last `BLOCKHASH_VALIDITY_SLOTS` slots. */
  isBlockhashValid(blockhash: string): boolean {
    const slot = this.currentSlot();
    for (let s = slot; s >= Math.max(0, slot - BLOCKHASH_VALIDITY_SLOTS); s--) {
      if (this.blockhashForSlot(s) === blockhash) return true;
    }
    return false;
  }

  getTransactionCount(): number {
    return this.transactionCount;
  }

  getBalance(address: string): bigint {
    return this.svm.getBalance(toSvmAddress(address)) ?? 0n;
  }

  getAccount(address: string): AccountView | null {
    const account = this.svm.getAccount(toSvmAddress(address));
    if (!account.exists) return null;
    // litesvm reports accounts with 0 lamports that a transaction touched; the RPC treats them as absent.
    if (account.lamports === 0n && account.data.length === 0) return null;
    return {
      lamports: account.lamports,
      owner: account.programAddress,
      executable: account.executable,
      data: account.data,
    };
  }

  minimumBalanceForRentExemption(dataLength: number): bigint {
    return this.svm.minimumBalanceForRentExemption(BigInt(dataLength));
  }

  /** The fee for a serialized message, or null when its blockhash is not (or no longer) valid. */
  feeForMessage(messageBytes: Uint8Array): bigint | null {
    const message = VersionedMessage.deserialize(messageBytes);
    if (!this.isBlockhashValid(message.recentBlockhash)) return null;
    return BigInt(message.header.numRequiredSignatures) * LAMPORTS_PER_SIGNATURE;
  }

  getSignatureStatus(signature: string): SignatureStatus | null {
    return this.statuses.get(signature) ?? null;
  }

  /** Subscribes to processed transactions; returns the unsubscribe function. */
  onSignature(listener: (signature: string, status: SignatureStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  airdrop(address: string, lamports: bigint): string {
    this.syncClock();
    const result = this.svm.airdrop(toSvmAddress(address), lamports as SvmLamports);
    if (!result || 'err' in result) {
      const err = result && 'err' in result ? transactionErrorToJson(result.err()) : 'AirdropFailed';
      throw new Error(`airdrop failed: ${describeTransactionError(err)}`);
    }
    const signature = base58Encode(result.signature());
    this.record(signature, { slot: this.currentSlot(), err: null });
    return signature;
  }

  /**
   * Processes a signed wire transaction. With preflight (the default) a transaction that would fail is
   * rejected without landing; with `skipPreflight` it lands (and pays its fee) with `err` in its status.
   * Transactions that could not land anyway (bad signature, unknown blockhash, already processed, fee payer
   * cannot pay) are rejected in both cases.
   */
  sendTransaction(wire: Uint8Array, opts: { skipPreflight?: boolean } = {}): SendOutcome {
    let signatures: Uint8Array[];
    let messageBytes: Uint8Array;
    let message: VersionedMessage;
    try {
      ({ signatures, messageBytes } = decodeWireTransaction(wire));
      message = VersionedMessage.deserialize(messageBytes);
    } catch (error) {
      return { ok: false, code: -32602, message: `invalid transaction: ${String(error)}` };
    }
    const signers = message.staticAccountKeys.slice(0, message.header.numRequiredSignatures);
    if (signatures.length !== signers.length || signers.length === 0) {
      return {
        ok: false,
        code: -32602,
        message: 'invalid transaction: signature count does not match the message header',
      };
    }
    const signature = base58Encode(signatures[0]!);
    const reject = (err: TransactionErrorJson, logs: string[] = [], unitsConsumed = 0): SendOutcome => ({
      ok: false,
      code: -32002,
      message: `Transaction simulation failed: ${describeTransactionError(err)}`,
      data: {
        accounts: null,
        err,
        innerInstructions: null,
        logs,
        replacementBlockhash: null,
        returnData: null,
        unitsConsumed,
      },
    });
    if (this.statuses.has(signature)) return reject('AlreadyProcessed');
    if (!this.isBlockhashValid(message.recentBlockhash)) return reject('BlockhashNotFound');

    const sigMap: Record<string, Uint8Array> = {};
    signers.forEach((key, i) => {
      sigMap[key.toBase58()] = signatures[i]!;
    });
    const tx = { messageBytes, signatures: sigMap } as unknown as SvmTransaction;
    this.syncClock();
    try {
      if (!opts.skipPreflight) {
        const sim = this.svm.simulateTransaction(tx);
        if ('err' in sim) {
          const meta = sim.meta();
          return reject(transactionErrorToJson(sim.err()), meta.logs(), Number(meta.computeUnitsConsumed()));
        }
      }
      const feePayer = signers[0]!.toBase58();
      const loadedAddresses = this.loadedAddresses(message);
      const keys = [
        ...message.staticAccountKeys.map((k) => k.toBase58()),
        ...loadedAddresses.writable,
        ...loadedAddresses.readonly,
      ];
      const preBalances = keys.map((k) => this.getBalance(k));
      const before = this.getBalance(feePayer);
      const result = this.svm.sendTransaction(tx);
      const landed = (err: TransactionErrorJson | null, meta: LandedMeta): SendOutcome => {
        const slot = this.currentSlot();
        this.history.add({
          signature,
          slot,
          blockTime: Math.floor(Date.now() / 1000),
          wire: Buffer.from(wire).toString('base64'),
          loadedAddresses,
          err,
          fee: Number(BigInt(message.header.numRequiredSignatures) * LAMPORTS_PER_SIGNATURE),
          preBalances: preBalances.map(Number),
          postBalances: keys.map((k) => Number(this.getBalance(k))),
          logs: meta.logs(),
          innerInstructions: innerInstructionsJson(meta),
          computeUnitsConsumed: Number(meta.computeUnitsConsumed()),
        });
        this.record(signature, { slot, err });
        return { ok: true, signature };
      };
      if ('err' in result) {
        const err = transactionErrorToJson(result.err());
        const meta = result.meta();
        // Landed only if the fee was charged; otherwise the cluster would have dropped it.
        if (this.getBalance(feePayer) === before) {
          return reject(err, meta.logs(), Number(meta.computeUnitsConsumed()));
        }
        return landed(err, meta);
      }
      return landed(null, result);
    } catch (error) {
      // litesvm's wrapper asserts that every signer signed before handing the bytes to the VM.
      return reject('SignatureFailure', [String(error)]);
    }
  }

  /** The addresses a v0 message loads from lookup tables (writable, then readonly), read from the tables now. */
  private loadedAddresses(message: VersionedMessage): { writable: string[]; readonly: string[] } {
    const writable: string[] = [];
    const readonly: string[] = [];
    if (message.version === 'legacy') return { writable, readonly };
    for (const lookup of message.addressTableLookups) {
      const account = this.getAccount(lookup.accountKey.toBase58());
      if (!account) continue;
      const { addresses } = AddressLookupTableAccount.deserialize(account.data);
      for (const i of lookup.writableIndexes) if (addresses[i]) writable.push(addresses[i]!.toBase58());
      for (const i of lookup.readonlyIndexes) if (addresses[i]) readonly.push(addresses[i]!.toBase58());
    }
    return { writable, readonly };
  }

  private syncClock(): void {
    const slot = BigInt(this.currentSlot());
    const clock = this.svm.getClock();
    if (clock.slot < slot) this.svm.warpToSlot(slot);
    const updated = this.svm.getClock();
    updated.unixTimestamp = BigInt(Math.floor(Date.now() / 1000));
    this.svm.setClock(updated);
  }

  private record(signature: string, status: SignatureStatus): void {
    this.statuses.set(signature, status);
    this.transactionCount++;
    if (this.statuses.size > STATUS_HISTORY) {
      const oldest = this.statuses.keys().next().value;
      if (oldest !== undefined) this.statuses.delete(oldest);
    }
    for (const listener of this.listeners) listener(signature, status);
    this.scheduleSave();
  }

  private scheduleSave(): void {
    if (!this.opts.dataDir || this.closed || this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      this.saveNow();
    }, SAVE_DEBOUNCE_MS);
    this.saveTimer.unref();
  }

  /** Writes the snapshot now (atomically: temporary files, then rename). */
  saveNow(): void {
    const paths = this.paths();
    if (!paths) return;
    const meta = {
      slot: this.currentSlot(),
      transactionCount: this.transactionCount,
      statuses: [...this.statuses],
      transactions: this.history.all(),
    };
    this.svm.saveToFile(`${paths.state}.tmp`);
    writeFileSync(`${paths.meta}.tmp`, JSON.stringify(meta));
    renameSync(`${paths.state}.tmp`, paths.state);
    renameSync(`${paths.meta}.tmp`, paths.meta);
  }

  close(): void {
    if (this.closed) return;
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    this.saveNow();
    this.closed = true;
    this.listeners.clear();
  }
}

type LandedMeta = {
  logs(): string[];
  computeUnitsConsumed(): bigint;
  innerInstructions(): {
    instruction(): { programIdIndex(): number; accounts(): Uint8Array; data(): Uint8Array };
    stackHeight(): number;
  }[][];
};

/** litesvm's inner instructions (one list per top-level instruction) in the RPC's `innerInstructions` shape. */
function innerInstructionsJson(
  meta: LandedMeta,
): { index: number; instructions: CompiledInnerInstruction[] }[] {
  return meta
    .innerInstructions()
    .map((list, index) => ({
      index,
      instructions: list.map((inner) => {
        const ix = inner.instruction();
        return {
          programIdIndex: ix.programIdIndex(),
          accounts: [...ix.accounts()],
          data: base58Encode(ix.data()),
          stackHeight: inner.stackHeight(),
        };
      }),
    }))
    .filter((entry) => entry.instructions.length > 0);
}

/** Validates a base58 public key and returns it in litesvm's address type. */
export function toSvmAddress(address: string): SvmAddress {
  return new PublicKey(address).toBase58() as SvmAddress;
}

export { base58Decode, base58Encode };
