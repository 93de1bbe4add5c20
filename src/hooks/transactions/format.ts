/**
 * How a history item becomes a row (spec §3 transaction history item): spam NFT transfers dropped, a
 * direction, a title, the counterparty, signed amounts, a status, the time and an explorer link; and how rows
 * are grouped by day (Today, Yesterday, a date).
 */
import type { Transaction, Transfer } from '../../api/schemas';
import { formatTokenAmount, formatUsd, isValidSolanaAddress, shortenAddress } from '../../core/format';
import { type KitMessage, kitMessage } from '../../core/messages';
import type { KeywayNetwork } from '../../core/networks';
import { explorerPageUrl } from '../../core/url';

export type TransactionItemDirection = 'in' | 'out' | 'self' | 'trade';
export type TransactionItemStatus = 'pending' | 'confirmed' | 'failed';

export interface TransactionItem {
  id: string;
  hash: string;
  /** CAIP-2 network id of the transaction. */
  chainId: string;
  /** ISO time the transaction was mined (as the API gives it). */
  minedAt: string;
  /** Milliseconds since the epoch, or null when `minedAt` is not a date. */
  timestamp: number | null;
  operationType: string;
  direction: TransactionItemDirection;
  /**
   * What the row says it was ("Sent ETH", "Received USDC", "Swapped ETH for USDC", "Minted Keyway Genesis #12")
   * as a message: a `history…` code with the symbols or NFT names.
   */
  title: KitMessage;
  /** The other party's address (sentTo for outgoing, sentFrom otherwise), '' when there is none. */
  counterpartyAddress: string;
  /** "to 0x7099…79C8" (`historyTo`), "from 0x7099…79C8" (`historyFrom`), or null. */
  counterparty: KitMessage | null;
  /** Symbol (or NFT name) of the main transfer. */
  symbol: string;
  /** Token icon (safe URL) of the main transfer, or ''. */
  iconUrl: string;
  /** The main transfer (`-0.01 ETH`, `+250 USDC` once written), null when there is none. */
  amount: TransactionAmount | null;
  /** The other leg of a swap, else the main transfer's USD value (`{ usd }`), when known. */
  secondaryAmount?: TransactionAmount | { usd: number };
  status: TransactionItemStatus;
  /** Block explorer page (https only), or null. */
  explorerUrl: string | null;
  /** The transfers that are shown (spam NFTs removed). */
  transfers: Transfer[];
}

/** Which day a section is, as data: a view names it in its locale (today, yesterday, or the date of `key`). */
export type TransactionDay = 'today' | 'yesterday' | 'earlier' | 'unknown';

/** An amount of a history row as data: a view writes it in its locale (`transactionAmountText`). */
export interface TransactionAmount {
  /** Whole units, the exact decimal string the API gave. */
  quantity: string;
  /** The token's symbol or the NFT's name. */
  symbol: string;
  /** Which way it went: in (`+`), out (`-`), or neither (a self transfer). */
  direction: 'in' | 'out' | 'self';
}

export interface TransactionSection {
  /** `YYYY-MM-DD` in the display time zone, or 'unknown'. */
  key: string;
  day: TransactionDay;
  items: TransactionItem[];
}

export interface DisplayOptions {
  locale?: string;
  /** IANA time zone for days and times (default: the runtime's). */
  timeZone?: string;
}

const isSpamTransfer = (t: Transfer) => t.nft_info?.flags.is_spam === true;

const isZero = (numeric: string) => /^[+-]?0*(\.0*)?$/.test(numeric.trim());

/**
 * Who the account deals with: itself and everyone it sent to in the history loaded so far. A zero-value
 * transfer from anyone else is address poisoning (a look-alike of a real counterparty planted in the
 * history, to be copied as a receiver later) and is not shown.
 */
export function knownCounterparties(account: string, transactions: readonly Transaction[]): Set<string> {
  const me = account.toLowerCase();
  const known = new Set([me]);
  for (const tx of transactions) {
    if (tx.metadata.sentFrom.toLowerCase() === me) known.add(tx.metadata.sentTo.toLowerCase());
  }
  return known;
}

/**
 * The transfers of a transaction that may be shown: spam NFT transfers are dropped, and with `known`
 * (knownCounterparties) incoming zero-value transfers from a sender outside it. Returns null when the
 * transaction had transfers and none is left (the whole transaction is then hidden).
 */
export function visibleTransfers(tx: Transaction, known?: ReadonlySet<string>): Transfer[] | null {
  const unknownSender = known ? !known.has(tx.metadata.sentFrom.toLowerCase()) : false;
  const kept = tx.transfers.filter(
    (t) => !isSpamTransfer(t) && !(unknownSender && t.direction === 'in' && isZero(t.quantity.numeric)),
  );
  return tx.transfers.length > 0 && kept.length === 0 ? null : kept;
}

function statusOf(value: string): TransactionItemStatus {
  const v = value.trim().toLowerCase();
  if (v === 'confirmed' || v === 'failed' || v === 'pending') return v;
  // Anything else is not known to be final: show it as pending rather than claim success.
  return 'pending';
}

function labelOf(t: Transfer): string {
  if (t.fungible_info) return t.fungible_info.symbol ?? t.fungible_info.name ?? 'token';
  if (t.nft_info) return t.nft_info.name ?? 'NFT';
  return 'token';
}

function iconOf(t: Transfer | undefined): string {
  return t?.fungible_info?.icon?.url ?? t?.nft_info?.content?.preview?.url ?? '';
}

function amountOf(t: Transfer): TransactionAmount {
  return {
    quantity: t.quantity.numeric,
    symbol: labelOf(t),
    direction: t.direction === 'in' ? 'in' : t.direction === 'out' ? 'out' : 'self',
  };
}

/**
 * A row's amount in `locale`: `-0.01 ETH`, `+1.600,25 USDC` (de), `<0.001 ETH` (a sign in front of `<` would be
 * noise), or a USD value (`$32.01`).
 */
export function transactionAmountText(amount: TransactionAmount | { usd: number }, locale: string): string {
  if ('usd' in amount) return formatUsd(amount.usd, { locale });
  const q = formatTokenAmount(amount.quantity, { locale });
  const sign =
    q.startsWith('<') || q.startsWith('>') || q === '0'
      ? ''
      : amount.direction === 'in'
        ? '+'
        : amount.direction === 'out'
          ? '-'
          : '';
  return `${sign}${q} ${amount.symbol}`;
}

/**
 * `<explorer>/tx/<hash>` (with the explorer URL's query, e.g. Solana's `?cluster=devnet`) when the network has
 * an https explorer and the hash looks like one of its transactions (0x + 64 hex; a base58 signature).
 */
export function explorerTxUrl(network: KeywayNetwork | undefined, hash: string): string | null {
  const base = network?.blockExplorerUrl;
  if (!base || !network) return null;
  try {
    if (new URL(base).protocol !== 'https:') return null;
  } catch {
    return null;
  }
  const ok =
    network.chain === 'evm'
      ? /^0x[0-9a-fA-F]{64}$/.test(hash)
      : /^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(hash) || isValidSolanaAddress(hash);
  return ok ? explorerPageUrl(base, 'tx', hash) : null;
}

function shortParty(value: string): string {
  return value ? shortenAddress(value) : '';
}

/**
 * One history item as a row, or null when it is hidden (only spam transfers, or only zero-value transfers
 * from a sender outside `known`).
 */
export function toTransactionItem(
  tx: Transaction,
  networks: readonly KeywayNetwork[],
  known?: ReadonlySet<string>,
): TransactionItem | null {
  // The row depends on the transaction, the networks and whether its sender is known: the store derives every
  // loaded row again on each page, so a row already made for the same inputs is reused.
  const unknownSender = known ? !known.has(tx.metadata.sentFrom.toLowerCase()) : false;
  const cached = itemCache.get(tx);
  if (cached && cached.networks === networks && cached.unknownSender === unknownSender) return cached.item;
  const item = buildTransactionItem(tx, networks, known);
  itemCache.set(tx, { networks, unknownSender, item });
  return item;
}

const itemCache = new WeakMap<
  Transaction,
  {
    networks: readonly KeywayNetwork[];
    unknownSender: boolean;
    item: TransactionItem | null;
  }
>();

function buildTransactionItem(
  tx: Transaction,
  networks: readonly KeywayNetwork[],
  known?: ReadonlySet<string>,
): TransactionItem | null {
  const transfers = visibleTransfers(tx, known);
  if (!transfers) return null;
  const ins = transfers.filter((t) => t.direction === 'in');
  const outs = transfers.filter((t) => t.direction === 'out');
  const op = tx.metadata.operationType.toLowerCase();
  const direction: TransactionItemDirection =
    op === 'trade' || (ins.length > 0 && outs.length > 0)
      ? 'trade'
      : outs.length > 0
        ? 'out'
        : ins.length > 0
          ? 'in'
          : transfers.length > 0
            ? 'self'
            : op === 'receive'
              ? 'in'
              : 'out';
  const main = direction === 'trade' ? (ins[0] ?? transfers[0]) : transfers[0];
  const other = direction === 'trade' ? (outs[0] ?? transfers[1]) : undefined;
  const label = main ? labelOf(main) : '';

  let title: KitMessage;
  const symbol = { symbol: label };
  if (direction === 'trade') {
    title =
      other && main
        ? kitMessage('historySwapped', { from: labelOf(other), to: labelOf(main) })
        : kitMessage('historySwappedOnly');
  } else if (op === 'mint') {
    title = kitMessage('historyMinted', symbol);
  } else if (direction === 'in') {
    title = kitMessage('historyReceived', symbol);
  } else if (direction === 'self') {
    title = kitMessage('historySelfTransfer', symbol);
  } else if (!main) {
    // The API's own word for the operation (`Approve`, `Deploy`), when it gave one.
    const op = tx.metadata.operationType ? capitalize(tx.metadata.operationType) : undefined;
    title = kitMessage('historyTransaction', undefined, op);
  } else {
    title = kitMessage('historySent', symbol);
  }

  const counterpartyAddress =
    direction === 'out' ? tx.metadata.sentTo : direction === 'in' ? tx.metadata.sentFrom : '';
  const counterparty =
    direction === 'out' && counterpartyAddress
      ? kitMessage('historyTo', { party: shortParty(counterpartyAddress) })
      : direction === 'in' && counterpartyAddress
        ? kitMessage('historyFrom', { party: shortParty(counterpartyAddress) })
        : null;

  let secondaryAmount: TransactionItem['secondaryAmount'];
  if (other) secondaryAmount = amountOf(other);
  else if (main?.value !== undefined && Number.isFinite(main.value)) secondaryAmount = { usd: main.value };

  const ts = Date.parse(tx.metadata.minedAt);
  const network = networks.find((n) => n.id === tx.metadata.chain);
  return {
    id: tx.id,
    hash: tx.metadata.hash,
    chainId: tx.metadata.chain,
    minedAt: tx.metadata.minedAt,
    timestamp: Number.isFinite(ts) ? ts : null,
    operationType: tx.metadata.operationType,
    direction,
    title,
    counterpartyAddress,
    counterparty,
    symbol: label,
    iconUrl: iconOf(main),
    amount: main ? amountOf(main) : null,
    ...(secondaryAmount ? { secondaryAmount } : {}),
    status: statusOf(tx.metadata.status),
    explorerUrl: explorerTxUrl(network, tx.metadata.hash),
    transfers,
  };
}

function capitalize(v: string): string {
  return v ? `${v[0]!.toUpperCase()}${v.slice(1)}` : v;
}

const dayKeyFormatters = new Map<string, Intl.DateTimeFormat>();
/**
 * Day keys by time zone and quarter hour: every UTC offset in use since 1972 is a whole number of quarter
 * hours, so a day starts on a quarter hour in any zone and one key holds for the whole quarter hour.
 */
const dayKeys = new Map<string, string>();
const QUARTER_HOUR_MS = 15 * 60 * 1000;
function dayKey(ts: number, timeZone: string | undefined): string {
  const id = timeZone ?? '';
  const cacheKey = `${id}|${Math.floor(ts / QUARTER_HOUR_MS)}`;
  const known = dayKeys.get(cacheKey);
  if (known !== undefined) return known;
  if (dayKeys.size >= 10_000) dayKeys.clear();
  const key = formatDayKey(ts, id, timeZone);
  dayKeys.set(cacheKey, key);
  return key;
}

function formatDayKey(ts: number, id: string, timeZone: string | undefined): string {
  let f = dayKeyFormatters.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(timeZone ? { timeZone } : {}),
    });
    dayKeyFormatters.set(id, f);
  }
  const p = Object.fromEntries(f.formatToParts(ts).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}`;
}

function previousDay(key: string): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  const prev = new Date(Date.UTC(y, m - 1, d - 1));
  return prev.toISOString().slice(0, 10);
}

/** "12:00 PM" in the display time zone. */
const timeFormatters = new Map<string, Intl.DateTimeFormat>();
export function formatTransactionTime(ts: number | null, { locale, timeZone }: DisplayOptions = {}): string {
  if (ts === null) return '';
  const id = `${locale ?? 'en-US'}|${timeZone ?? ''}`;
  let f = timeFormatters.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat(locale ?? 'en-US', {
      hour: 'numeric',
      minute: '2-digit',
      ...(timeZone ? { timeZone } : {}),
    });
    timeFormatters.set(id, f);
  }
  return f.format(ts);
}

/** Groups rows (already newest first) by calendar day in the display time zone: today, yesterday, then dates. */
export function groupTransactionsByDay(
  items: readonly TransactionItem[],
  now: number,
  { timeZone }: DisplayOptions = {},
): TransactionSection[] {
  const today = dayKey(now, timeZone);
  const yesterday = previousDay(today);
  const sections: TransactionSection[] = [];
  const byKey = new Map<string, TransactionSection>();
  for (const item of items) {
    const key = item.timestamp === null ? 'unknown' : dayKey(item.timestamp, timeZone);
    let section = byKey.get(key);
    if (!section) {
      const day: TransactionDay =
        key === 'unknown' ? 'unknown' : key === today ? 'today' : key === yesterday ? 'yesterday' : 'earlier';
      section = { key, day, items: [] };
      byKey.set(key, section);
      sections.push(section);
    }
    section.items.push(item);
  }
  return sections;
}
