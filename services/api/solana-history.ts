/**
 * History of a Solana account, built from the local Solana validator the way an indexer reads a cluster:
 * `getSignaturesForAddress` for the account's transactions (newest first, paged with `before`), then
 * `getTransaction` (`jsonParsed`) for each, whose parsed System program transfers become the transfers.
 *
 * - A transfer is native SOL (9 decimals), its quantity the exact lamports as a decimal string of SOL.
 *   `transfer`, `transferWithSeed` and `createAccount` move lamports; the others are not transfers.
 * - `operationType`: `send` when the account sent SOL, `receive` when it only received, else `execute`.
 *   `sentFrom`/`sentTo` are the first transfer's source and destination (without one: the fee payer and the
 *   program of the first instruction, as an EVM call is "to" its contract); `nonce` is 0 (Solana transactions
 *   have no account nonce).
 * - `status`: `failed` when the transaction carries an error (it paid its fee, its transfers did not
 *   happen), else `confirmed` (the local validator's transactions are final once processed).
 * - Pages of `HISTORY_PAGE_SIZE`, newest first; `next` is an opaque cursor naming the last signature of the
 *   page. A cursor that is not one is a 400 on `cursor`.
 */

import { type ApiContext, formatUnitsExact, priceOf, tokenIcon, usdValue } from './context.ts';
import { ApiError, badRequest } from './errors.ts';
import type { TransactionView, TransferView } from './history.ts';

export const SOLANA_ADDRESS_RE = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const SIGNATURE_RE = /^[1-9A-HJ-NP-Za-km-z]{64,90}$/;
const SOL_DECIMALS = 9;
const CURSOR_TAG = 'solana';
const LAMPORT_MOVES = new Set(['transfer', 'transferWithSeed', 'createAccount']);

interface SignatureInfo {
  signature: string;
  slot: number;
  blockTime: number | null;
  err: unknown;
}

interface ParsedInstruction {
  program?: string;
  programId?: string;
  parsed?: { type?: string; info?: Record<string, unknown> };
}

interface ParsedTransaction {
  slot: number;
  blockTime: number | null;
  transaction: {
    signatures: string[];
    message: { accountKeys: { pubkey: string }[]; instructions: ParsedInstruction[] };
  };
  meta: { err: unknown; innerInstructions?: { index: number; instructions: ParsedInstruction[] }[] } | null;
}

export const encodeSolanaCursor = (signature: string): string =>
  Buffer.from(JSON.stringify([CURSOR_TAG, signature])).toString('base64url');

function decodeSolanaCursor(cursor: string): string {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      parsed[0] === CURSOR_TAG &&
      typeof parsed[1] === 'string' &&
      SIGNATURE_RE.test(parsed[1])
    ) {
      return parsed[1];
    }
  } catch {
    // fall through
  }
  throw badRequest('cursor', 'Invalid cursor');
}

class SolanaRpcError extends Error {}

/** A JSON-RPC batch to the Solana RPC; every answer must be a result (in request order). */
async function rpcBatch<T>(ctx: ApiContext, calls: { method: string; params: unknown[] }[]): Promise<T[]> {
  if (calls.length === 0) return [];
  const res = await fetch(ctx.chains.solana.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map((c, id) => ({ jsonrpc: '2.0', id, ...c }))),
    signal: AbortSignal.timeout(8_000),
  });
  const body = (await res.json()) as { id: number; result?: T; error?: { message?: string } }[];
  if (!Array.isArray(body)) throw new SolanaRpcError('unexpected answer');
  const byId = new Map(body.map((r) => [r.id, r]));
  return calls.map((c, id) => {
    const r = byId.get(id);
    if (!r || r.error || r.result === undefined) {
      throw new SolanaRpcError(`${c.method}: ${r?.error?.message ?? 'no result'}`);
    }
    return r.result;
  });
}

interface Move {
  source: string;
  destination: string;
  lamports: bigint;
}

/** The lamport moves of a transaction's parsed instructions (top level, then inner), in order. */
function lamportMoves(tx: ParsedTransaction): Move[] {
  const inner = new Map((tx.meta?.innerInstructions ?? []).map((i) => [i.index, i.instructions]));
  const moves: Move[] = [];
  const add = (ix: ParsedInstruction) => {
    if (ix.program !== 'system' || !ix.parsed?.type || !LAMPORT_MOVES.has(ix.parsed.type)) return;
    const info = ix.parsed.info ?? {};
    const destination = ix.parsed.type === 'createAccount' ? info.newAccount : info.destination;
    const { source, lamports } = info;
    if (typeof source !== 'string' || typeof destination !== 'string') return;
    if (typeof lamports !== 'number' || !Number.isSafeInteger(lamports) || lamports < 0) return;
    moves.push({ source, destination, lamports: BigInt(lamports) });
  };
  tx.transaction.message.instructions.forEach((ix, i) => {
    add(ix);
    for (const child of inner.get(i) ?? []) add(child);
  });
  return moves;
}

function solTransfer(lamports: bigint, direction: TransferView['direction']): TransferView {
  const numeric = formatUnitsExact(lamports, SOL_DECIMALS);
  const price = priceOf('SOL');
  return {
    fungible_info: { name: 'Solana', symbol: 'SOL', icon: { url: tokenIcon('SOL') } },
    direction,
    quantity: { numeric },
    value: usdValue(numeric, price),
    price,
  };
}

/** One history item of `account` from a `getTransaction` (jsonParsed) result. */
export function buildSolanaView(ctx: ApiContext, account: string, tx: ParsedTransaction): TransactionView {
  const signature = tx.transaction.signatures[0] ?? '';
  const chain = ctx.chains.solana.caip2;
  const mine = lamportMoves(tx).filter((m) => m.source === account || m.destination === account);
  const transfers = mine.map((m) =>
    solTransfer(
      m.lamports,
      m.source === account && m.destination === account ? 'self' : m.source === account ? 'out' : 'in',
    ),
  );
  const operationType = transfers.some((t) => t.direction === 'out')
    ? 'send'
    : transfers.length > 0 && transfers.every((t) => t.direction === 'in')
      ? 'receive'
      : 'execute';
  const keys = tx.transaction.message.accountKeys.map((k) => k.pubkey);
  const first = operationType === 'send' ? mine.find((m) => m.source === account) : mine[0];
  return {
    id: `${chain}:${signature}`,
    metadata: {
      operationType,
      hash: signature,
      chain,
      minedAt: new Date((tx.blockTime ?? 0) * 1000).toISOString(),
      sentFrom: first?.source ?? keys[0] ?? account,
      sentTo: first?.destination ?? tx.transaction.message.instructions[0]?.programId ?? account,
      status: tx.meta?.err ? 'failed' : 'confirmed',
      nonce: 0,
    },
    transfers,
  };
}

export interface HistoryPage {
  data: TransactionView[];
  next: string | null;
}

/** A page of `account`'s history (newest first), after the signature the cursor names. */
export async function solanaHistory(
  ctx: ApiContext,
  account: string,
  opts: { cursor?: string; pageSize: number },
): Promise<HistoryPage> {
  if (!SOLANA_ADDRESS_RE.test(account)) throw badRequest('address', 'address is not a valid Solana address');
  const before = opts.cursor ? decodeSolanaCursor(opts.cursor) : undefined;
  try {
    const [signatures] = await rpcBatch<SignatureInfo[]>(ctx, [
      {
        method: 'getSignaturesForAddress',
        params: [
          account,
          { limit: opts.pageSize + 1, commitment: 'confirmed', ...(before ? { before } : {}) },
        ],
      },
    ]);
    const page = (signatures ?? []).slice(0, opts.pageSize);
    const txs = await rpcBatch<ParsedTransaction | null>(
      ctx,
      page.map((s) => ({
        method: 'getTransaction',
        params: [
          s.signature,
          { encoding: 'jsonParsed', commitment: 'confirmed', maxSupportedTransactionVersion: 0 },
        ],
      })),
    );
    const data = txs.flatMap((tx) => (tx ? [buildSolanaView(ctx, account, tx)] : []));
    const last = page[page.length - 1];
    const next =
      (signatures ?? []).length > opts.pageSize && last ? encodeSolanaCursor(last.signature) : null;
    return { data, next };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(502, 'chainId', 'The local Solana runtime did not answer; try again');
  }
}
