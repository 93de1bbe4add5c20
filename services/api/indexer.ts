/**
 * History indexer: follows new blocks on every local EVM chain (polling, plus a catch-up before each history
 * query so a just-mined transaction is always visible) and keeps the transactions each address took part in.
 */
import { type Address, decodeEventLog, getAddress, type Hex, toEventSelector } from 'viem';
import { erc20Abi, routerAbi } from './abis.ts';
import type { ApiContext, EvmChainContext } from './context.ts';

export interface IndexedLog {
  address: Address;
  topics: Hex[];
  data: Hex;
}

export interface IndexedTx {
  chainId: number;
  hash: Hex;
  blockNumber: bigint;
  txIndex: number;
  /** Block timestamp, seconds. */
  timestamp: number;
  from: Address;
  to: Address | null;
  value: bigint;
  nonce: number;
  input: Hex;
  status: 'confirmed' | 'failed';
  logs: IndexedLog[];
}

export const TRANSFER_TOPIC = toEventSelector(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);
export const SWAP_TOPIC = toEventSelector(
  'event Swap(address indexed sender, address indexed to, address tokenIn, address tokenOut, uint256 amountIn, uint256 amountOut)',
);

const topicAddress = (topic: Hex | undefined): string | undefined =>
  topic && topic.length === 66 ? `0x${topic.slice(26)}`.toLowerCase() : undefined;

/** Lower-case addresses a transaction concerns: sender, recipient, and parties of Transfer/Swap logs. */
function participants(tx: IndexedTx): Set<string> {
  const set = new Set<string>([tx.from.toLowerCase()]);
  if (tx.to) set.add(tx.to.toLowerCase());
  for (const log of tx.logs) {
    if (log.topics[0] === TRANSFER_TOPIC || log.topics[0] === SWAP_TOPIC) {
      const a = topicAddress(log.topics[1]);
      const b = topicAddress(log.topics[2]);
      if (a) set.add(a);
      if (b) set.add(b);
    }
  }
  return set;
}

export interface DecodedSwap {
  sender: Address;
  to: Address;
  tokenIn: Address;
  tokenOut: Address;
  amountIn: bigint;
  amountOut: bigint;
}

export function decodeSwap(log: IndexedLog): DecodedSwap | undefined {
  if (log.topics[0] !== SWAP_TOPIC) return undefined;
  try {
    const ev = decodeEventLog({ abi: routerAbi, data: log.data, topics: log.topics as [Hex, ...Hex[]] });
    if (ev.eventName !== 'Swap') return undefined;
    return ev.args as DecodedSwap;
  } catch {
    return undefined;
  }
}

export interface DecodedTransfer {
  kind: 'erc20' | 'erc721';
  token: Address;
  from: Address;
  to: Address;
  /** Amount (ERC-20) or token id (ERC-721). */
  value: bigint;
}

export function decodeTransfer(log: IndexedLog): DecodedTransfer | undefined {
  if (log.topics[0] !== TRANSFER_TOPIC) return undefined;
  const from = topicAddress(log.topics[1]);
  const to = topicAddress(log.topics[2]);
  if (!from || !to) return undefined;
  try {
    if (log.topics.length === 4) {
      return {
        kind: 'erc721',
        token: getAddress(log.address),
        from: getAddress(from),
        to: getAddress(to),
        value: BigInt(log.topics[3] as Hex),
      };
    }
    if (log.topics.length === 3) {
      const ev = decodeEventLog({ abi: erc20Abi, data: log.data, topics: log.topics as [Hex, ...Hex[]] });
      if (ev.eventName !== 'Transfer') return undefined;
      const args = ev.args as { from: Address; to: Address; value: bigint };
      return {
        kind: 'erc20',
        token: getAddress(log.address),
        from: args.from,
        to: args.to,
        value: args.value,
      };
    }
  } catch {
    return undefined;
  }
  return undefined;
}

interface ChainState {
  chain: EvmChainContext;
  next: bigint;
}

export class HistoryIndexer {
  private readonly states: ChainState[];
  private readonly byAddress = new Map<string, IndexedTx[]>();
  private queue: Promise<void> = Promise.resolve();
  private pending = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  lastError: unknown;

  constructor(ctx: ApiContext) {
    this.states = [...ctx.evm.values()].map((chain) => ({ chain, next: 0n }));
  }

  start(intervalMs = 500): void {
    const tick = () => {
      if (this.stopped) return;
      if (!this.pending) {
        this.sync().catch((err) => {
          this.lastError = err;
        });
      }
      this.timer = setTimeout(tick, intervalMs);
    };
    this.timer = setTimeout(tick, 0);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** Indexes every block up to each chain's current head (serialized; safe to call concurrently). */
  sync(): Promise<void> {
    this.pending = true;
    const run = this.queue.then(() => this.syncAll());
    this.queue = run.catch(() => undefined);
    return run.finally(() => {
      this.pending = false;
    });
  }

  transactionsOf(address: string): IndexedTx[] {
    return this.byAddress.get(address.toLowerCase()) ?? [];
  }

  private async syncAll(): Promise<void> {
    await Promise.all(this.states.map((s) => this.syncChain(s)));
  }

  private async syncChain(state: ChainState): Promise<void> {
    const { client, info } = state.chain;
    const head = await client.getBlockNumber({ cacheTime: 0 });
    while (state.next <= head && !this.stopped) {
      const end = state.next + 8n <= head ? state.next + 8n : head;
      const numbers: bigint[] = [];
      for (let n = state.next; n <= end; n++) numbers.push(n);
      const blocks = await Promise.all(
        numbers.map(async (blockNumber) => {
          const [block, receipts] = await Promise.all([
            client.getBlock({ blockNumber, includeTransactions: true }),
            client.getBlockReceipts({ blockNumber }),
          ]);
          return { block, receipts };
        }),
      );
      for (const { block, receipts } of blocks) {
        const timestamp = Number(block.timestamp);
        const receiptByHash = new Map(receipts.map((r) => [r.transactionHash, r]));
        for (const tx of block.transactions) {
          const receipt = receiptByHash.get(tx.hash);
          const indexed: IndexedTx = {
            chainId: info.chainId,
            hash: tx.hash,
            blockNumber: block.number ?? 0n,
            txIndex: tx.transactionIndex ?? 0,
            timestamp,
            from: getAddress(tx.from),
            to: tx.to ? getAddress(tx.to) : null,
            value: tx.value,
            nonce: tx.nonce,
            input: tx.input,
            status: receipt?.status === 'success' ? 'confirmed' : 'failed',
            logs: (receipt?.logs ?? []).map((l) => ({
              address: getAddress(l.address),
              topics: l.topics as Hex[],
              data: l.data,
            })),
          };
          for (const who of participants(indexed)) {
            let list = this.byAddress.get(who);
            if (!list) {
              list = [];
              this.byAddress.set(who, list);
            }
            list.push(indexed);
          }
        }
      }
      state.next = end + 1n;
    }
  }
}
