/**
 * GET /v1/account/{address}/history: newest first, opaque cursor, chainId filter, on-ramp filter. EVM accounts
 * from the indexer of the local chains; a Solana account from the local Solana validator (solana-history.ts).
 */

import { type Address, getAddress, toFunctionSelector } from 'viem';
import type { App } from './app-types.ts';
import { caip2, caip2Schema, parseAccount } from './caip.ts';
import {
  type ApiContext,
  evmChain,
  findToken,
  formatUnitsExact,
  priceOf,
  tokenIcon,
  usdValue,
} from './context.ts';
import type { Store } from './db.ts';
import { ApiError, badRequest, parseOrThrow } from './errors.ts';
import { decodeSwap, decodeTransfer, type HistoryIndexer, type IndexedTx } from './indexer.ts';
import { SOLANA_ADDRESS_RE, solanaHistory } from './solana-history.ts';
import { assetSvg, svgDataUri } from './svg.ts';

export const HISTORY_PAGE_SIZE = 20;

const APPROVE_SELECTOR = toFunctionSelector('function approve(address spender, uint256 amount)');
const TOKENS_FOR_ETH_SELECTOR = toFunctionSelector(
  'function swapExactTokensForETH(address tokenIn, uint256 amountIn, uint256 minAmountOut, address to)',
);
const ZERO = '0x0000000000000000000000000000000000000000';

export interface TransferView {
  fungible_info?: { name: string; symbol: string; icon: { url: string } };
  nft_info?: { name: string; content: { preview: { url: string } }; flags: { is_spam: boolean } };
  direction: 'in' | 'out' | 'self';
  quantity: { numeric: string };
  value?: number;
  price?: number;
}

export interface TransactionView {
  id: string;
  metadata: {
    operationType: string;
    hash: string;
    chain: string;
    minedAt: string;
    sentFrom: string;
    sentTo: string;
    status: 'confirmed' | 'failed';
    nonce: number;
  };
  transfers: TransferView[];
}

interface SortKey {
  ts: number;
  block: string;
  chain: number;
  idx: number;
}

interface Item {
  key: SortKey;
  view: TransactionView;
}

/** Newest first: timestamp, then block, then chain, then position in block (all descending). */
function compareDesc(a: SortKey, b: SortKey): number {
  if (a.ts !== b.ts) return b.ts - a.ts;
  const ab = BigInt(a.block);
  const bb = BigInt(b.block);
  if (ab !== bb) return bb > ab ? 1 : -1;
  if (a.chain !== b.chain) return b.chain - a.chain;
  return b.idx - a.idx;
}

const encodeCursor = (k: SortKey): string =>
  Buffer.from(JSON.stringify([k.ts, k.block, k.chain, k.idx])).toString('base64url');

function decodeCursor(cursor: string): SortKey {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 4 &&
      typeof parsed[0] === 'number' &&
      typeof parsed[1] === 'string' &&
      /^\d+$/.test(parsed[1]) &&
      typeof parsed[2] === 'number' &&
      typeof parsed[3] === 'number'
    ) {
      return { ts: parsed[0], block: parsed[1], chain: parsed[2], idx: parsed[3] };
    }
  } catch {
    // fall through
  }
  throw badRequest('cursor', 'Invalid cursor');
}

const direction = (account: string, from: string, to: string): 'in' | 'out' | 'self' => {
  const a = account.toLowerCase();
  const f = from.toLowerCase() === a;
  const t = to.toLowerCase() === a;
  return f && t ? 'self' : f ? 'out' : 'in';
};

function fungible(symbol: string, name: string, numeric: string): Omit<TransferView, 'direction'> {
  const price = priceOf(symbol);
  return {
    fungible_info: { name, symbol, icon: { url: tokenIcon(symbol) } },
    quantity: { numeric },
    value: usdValue(numeric, price),
    price,
  };
}

export function buildView(
  ctx: ApiContext,
  account: Address,
  tx: IndexedTx,
  spamNfts: Set<string>,
  onrampHashes: Set<string>,
): TransactionView {
  const chain = evmChain(ctx, tx.chainId);
  const acct = account.toLowerCase();
  const weth = chain.info.contracts.weth.toLowerCase();
  const transfers: TransferView[] = [];
  // Who the account's token/NFT transfers went to: for a token send, the row's "to" is the recipient of the
  // Transfer event, not the token contract the transaction was addressed to.
  const recipients = new Set<string>();
  let operationType: string;

  const swaps = tx.logs
    .map(decodeSwap)
    .filter((s) => s && (s.sender.toLowerCase() === acct || s.to.toLowerCase() === acct));
  if (swaps.length > 0) {
    operationType = 'trade';
    const ethOut = tx.input.startsWith(TOKENS_FOR_ETH_SELECTOR);
    for (const s of swaps) {
      if (!s) continue;
      const tIn = findToken(chain, s.tokenIn);
      const tOut = findToken(chain, s.tokenOut);
      const inIsEth = s.tokenIn.toLowerCase() === weth && tx.value > 0n;
      const outIsEth = s.tokenOut.toLowerCase() === weth && ethOut;
      if (s.sender.toLowerCase() === acct && tIn) {
        const sym = inIsEth ? 'ETH' : tIn.symbol;
        const nm = inIsEth ? 'Ether' : tIn.name;
        transfers.push({
          ...fungible(sym, nm, formatUnitsExact(s.amountIn, tIn.decimals)),
          direction: 'out',
        });
      }
      if (s.to.toLowerCase() === acct && tOut) {
        const sym = outIsEth ? 'ETH' : tOut.symbol;
        const nm = outIsEth ? 'Ether' : tOut.name;
        transfers.push({
          ...fungible(sym, nm, formatUnitsExact(s.amountOut, tOut.decimals)),
          direction: 'in',
        });
      }
    }
  } else {
    let mintedToAccount = false;
    if (tx.value > 0n && tx.to && (tx.from.toLowerCase() === acct || tx.to.toLowerCase() === acct)) {
      transfers.push({
        ...fungible('ETH', 'Ether', formatUnitsExact(tx.value, 18)),
        direction: direction(acct, tx.from, tx.to),
      });
    }
    for (const log of tx.logs) {
      const t = decodeTransfer(log);
      if (!t || (t.from.toLowerCase() !== acct && t.to.toLowerCase() !== acct)) continue;
      if (t.from.toLowerCase() === ZERO && t.to.toLowerCase() === acct) mintedToAccount = true;
      if (t.from.toLowerCase() === acct && t.to.toLowerCase() !== acct) recipients.add(getAddress(t.to));
      if (t.kind === 'erc20') {
        const token = findToken(chain, t.token);
        if (!token) continue;
        transfers.push({
          ...fungible(token.symbol, token.name, formatUnitsExact(t.value, token.decimals)),
          direction: direction(acct, t.from, t.to),
        });
      } else {
        const spam = spamNfts.has(t.token.toLowerCase());
        const name = spam ? `Claim your reward #${t.value}` : `NFT #${t.value}`;
        transfers.push({
          nft_info: {
            name,
            content: {
              preview: { url: svgDataUri(assetSvg(`${t.token}:${t.value}`, spam ? 'Airdrop' : 'NFT')) },
            },
            flags: { is_spam: spam },
          },
          direction: direction(acct, t.from, t.to),
          quantity: { numeric: '1' },
        });
      }
    }
    if (onrampHashes.has(tx.hash.toLowerCase())) operationType = 'buy';
    else if (tx.from.toLowerCase() !== acct) operationType = 'receive';
    else if (!tx.to) operationType = 'deploy';
    else if (tx.input.startsWith(APPROVE_SELECTOR)) operationType = 'approve';
    else if (mintedToAccount && transfers.every((t) => t.direction !== 'out')) operationType = 'mint';
    else if (transfers.length > 0 && transfers.every((t) => t.direction === 'in')) operationType = 'receive';
    else if (transfers.length === 0) operationType = 'execute';
    else operationType = 'send';
  }

  return {
    id: `${caip2(tx.chainId)}:${tx.hash}`,
    metadata: {
      operationType,
      hash: tx.hash,
      chain: caip2(tx.chainId),
      minedAt: new Date(tx.timestamp * 1000).toISOString(),
      sentFrom: tx.from,
      sentTo:
        operationType === 'send' && recipients.size === 1 && tx.value === 0n
          ? [...recipients][0]!
          : (tx.to ?? ZERO),
      status: tx.status,
      nonce: tx.nonce,
    },
    transfers,
  };
}

/** ERC-721 contracts whose transfers are flagged as spam (the local chains' KeywaySpamDrop). */
function spamContracts(ctx: ApiContext): Set<string> {
  const set = new Set<string>();
  for (const c of ctx.evm.values())
    if (c.info.contracts.spamNft) set.add(c.info.contracts.spamNft.toLowerCase());
  return set;
}

export function registerHistoryRoutes(
  app: App,
  ctx: ApiContext,
  indexer: HistoryIndexer,
  store: Store,
): void {
  app.get('/v1/account/:address/history', async (c) => {
    const q = c.req.query();
    const rawAddress = c.req.param('address');
    const onrampOnly = q.onramp !== undefined && q.onramp !== '';
    const solana = ctx.chains.solana.caip2;
    const chainId =
      q.chainId !== undefined && q.chainId !== ''
        ? parseOrThrow(caip2Schema, q.chainId, 'chainId')
        : undefined;
    // A Solana account: on the Solana chain, as its CAIP-10 id, or a base58 address without a chain (an EVM
    // address starts with 0x, which base58 cannot). Its history comes from the Solana validator.
    const solanaAccount = rawAddress.startsWith(`${solana}:`)
      ? rawAddress.slice(solana.length + 1)
      : chainId === solana || (chainId === undefined && SOLANA_ADDRESS_RE.test(rawAddress))
        ? rawAddress
        : undefined;
    if (solanaAccount !== undefined) {
      if (chainId !== undefined && chainId !== solana) {
        throw badRequest('chainId', `A Solana account has no history on ${chainId}`);
      }
      // On-ramp purchases are EVM transactions: a Solana account has none.
      if (onrampOnly) {
        if (!SOLANA_ADDRESS_RE.test(solanaAccount)) {
          throw badRequest('address', 'address is not a valid Solana address');
        }
        return c.json({ data: [], next: null });
      }
      return c.json(
        await solanaHistory(ctx, solanaAccount, {
          pageSize: HISTORY_PAGE_SIZE,
          ...(q.cursor ? { cursor: q.cursor } : {}),
        }),
      );
    }
    const { address, chainId: accountChain } = parseAccount(rawAddress, 'address');
    const chainFilter: number | undefined =
      chainId !== undefined ? evmChain(ctx, chainId).info.chainId : accountChain;
    const after = q.cursor ? decodeCursor(q.cursor) : undefined;

    try {
      await indexer.sync();
    } catch {
      throw new ApiError(502, 'chainId', 'The local chain did not answer; try again');
    }
    const db = await store.db;
    const onrampRows = (
      await db.query<{ tx_hash: string }>(
        'select tx_hash from onramp_purchases where lower(address) = lower($1)',
        [address],
      )
    ).rows;
    const onrampHashes = new Set(onrampRows.map((r) => r.tx_hash.toLowerCase()));
    const spam = spamContracts(ctx);

    let items: Item[] = indexer
      .transactionsOf(address)
      .filter((tx) => chainFilter === undefined || tx.chainId === chainFilter)
      .filter((tx) => !onrampOnly || onrampHashes.has(tx.hash.toLowerCase()))
      .map((tx) => ({
        key: { ts: tx.timestamp, block: tx.blockNumber.toString(), chain: tx.chainId, idx: tx.txIndex },
        view: buildView(ctx, address, tx, spam, onrampHashes),
      }));

    items.sort((a, b) => compareDesc(a.key, b.key));
    if (after) items = items.filter((i) => compareDesc(after, i.key) < 0);
    const page = items.slice(0, HISTORY_PAGE_SIZE);
    const last = page[page.length - 1];
    const next = items.length > HISTORY_PAGE_SIZE && last ? encodeCursor(last.key) : null;
    return c.json({ data: page.map((i) => i.view), next });
  });
}
