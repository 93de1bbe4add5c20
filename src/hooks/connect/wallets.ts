/**
 * Wallet entries and the list rules of spec §9, as pure functions: explorer wallets, EIP-6963 announced
 * wallets, the legacy injected provider, connectors and the host's custom wallets become one
 * `WalletEntry` shape; lists are deduplicated by id and rdns and carry Installed/Recent badges.
 */

import {
  CONNECTOR_IDS,
  CONNECTOR_NAMES,
  MAX_RECENT_WALLETS,
  RECOMMENDED_WALLETS_COUNT,
} from '../../core/constants';
import { capText, MAX_TEXT } from '../../core/text';
import { isSafeHttpsLink, isSafeImageUrl, isSafeWalletLink } from '../../core/url';
import { z } from '../../core/zod-mini';

/** The explorer's wallet record (API.md); only the fields the kit reads. */
export interface ExplorerWallet {
  id: string;
  name: string;
  homepage?: string | null;
  image_id?: string | null;
  image_url?: string | null;
  mobile_link?: string | null;
  desktop_link?: string | null;
  webapp_link?: string | null;
  app_store?: string | null;
  play_store?: string | null;
  chrome_store?: string | null;
  rdns?: string | null;
}

/** Where a wallet entry comes from. */
export type WalletSource = 'explorer' | 'announced' | 'injected' | 'connector' | 'custom';
export type WalletBadge = 'Installed' | 'Recent';

export interface WalletLinks {
  /** Deep link base for phones: an https: universal link or the wallet's own scheme. */
  mobile?: string;
  desktop?: string;
  webapp?: string;
  homepage?: string;
  appStore?: string;
  playStore?: string;
  chromeStore?: string;
}

/** One wallet the visitor can pick, whatever its origin. Every string is checked or capped. */
export interface WalletEntry {
  /** Explorer id, `eip6963:<rdns>` for an announced wallet, a connector id, or the host's custom id. */
  id: string;
  name: string;
  /** Safe `<img src>` (https:, data:image/, or localhost http: for the local stack). */
  imageUrl?: string;
  rdns?: string;
  /** The wagmi connector that connects it; absent for wallets reached by pairing (QR / deep link). */
  connectorId?: string;
  /** The explorer id when known (an announced wallet matched with its explorer record). */
  explorerId?: string;
  source: WalletSource;
  links: WalletLinks;
}

/** An entry as listed, with its badge. */
export interface WalletListItem extends WalletEntry {
  badge?: WalletBadge;
}

const capName = (value: unknown): string => capText(value, MAX_TEXT.name);

function links(w: {
  mobile_link?: string | null;
  desktop_link?: string | null;
  webapp_link?: string | null;
  homepage?: string | null;
  app_store?: string | null;
  play_store?: string | null;
  chrome_store?: string | null;
}): WalletLinks {
  const out: WalletLinks = {};
  if (isSafeWalletLink(w.mobile_link)) out.mobile = w.mobile_link;
  if (isSafeWalletLink(w.desktop_link)) out.desktop = w.desktop_link;
  if (isSafeHttpsLink(w.webapp_link)) out.webapp = w.webapp_link;
  if (isSafeHttpsLink(w.homepage)) out.homepage = w.homepage;
  if (isSafeHttpsLink(w.app_store)) out.appStore = w.app_store;
  if (isSafeHttpsLink(w.play_store)) out.playStore = w.play_store;
  if (isSafeHttpsLink(w.chrome_store)) out.chromeStore = w.chrome_store;
  return out;
}

const safeImage = (url: unknown): string | undefined => (isSafeImageUrl(url) ? url : undefined);

/** An explorer wallet as an entry; `imageUrlFor` turns an image_id into the explorer image URL. */
export function explorerWalletToEntry(
  w: ExplorerWallet,
  imageUrlFor?: (imageId: string) => string,
): WalletEntry {
  const imageUrl =
    safeImage(w.image_url) ?? (w.image_id && imageUrlFor ? safeImage(imageUrlFor(w.image_id)) : undefined);
  const entry: WalletEntry = {
    id: w.id,
    name: capName(w.name),
    source: 'explorer',
    links: links(w),
    explorerId: w.id,
  };
  if (imageUrl) entry.imageUrl = imageUrl;
  if (w.rdns) entry.rdns = w.rdns;
  return entry;
}

/** The host's `customWallets` entries (already validated by the options schema). */
export function customWalletToEntry(w: ExplorerWallet): WalletEntry {
  const { explorerId: _explorerId, ...entry } = explorerWalletToEntry(w);
  return { ...entry, source: 'custom' };
}

/** What the kit reads off a wagmi connector. */
export interface ConnectorLike {
  id: string;
  name: string;
  type: string;
  icon?: string | undefined;
  rdns?: string | readonly string[] | undefined;
}

const RDNS_RE = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i;

/**
 * The connector's rdns: its own `rdns`, or (wagmi's EIP-6963 connectors carry none) its id, which wagmi
 * sets to the announced rdns.
 */
const connectorRdns = (c: ConnectorLike): string | undefined => {
  const own = typeof c.rdns === 'string' ? c.rdns : c.rdns?.[0];
  if (own) return own;
  return c.type === 'injected' && RDNS_RE.test(c.id) ? c.id : undefined;
};

/**
 * Splits wagmi's connectors into announced (EIP-6963) wallets, the legacy injected provider, and other
 * connectors (WalletConnect, Coinbase, Safe). `legacyIsAnnounced` tells whether `window.ethereum` is one of
 * the announced providers: then the generic "Browser Wallet" is a duplicate and is left out.
 */
export function connectorsToEntries(
  connectors: readonly ConnectorLike[],
  opts: { enableEIP6963: boolean; hasLegacyProvider: boolean; legacyIsAnnounced: boolean },
): { announced: WalletEntry[]; others: WalletEntry[] } {
  const announced: WalletEntry[] = [];
  const others: WalletEntry[] = [];
  const seen = new Set<string>();
  for (const c of connectors) {
    if (seen.has(c.id)) continue;
    seen.add(c.id);
    const rdns = connectorRdns(c);
    const icon = safeImage(c.icon);
    if (c.type === 'injected' && c.id === CONNECTOR_IDS.injected) {
      if (!opts.hasLegacyProvider || (opts.enableEIP6963 && opts.legacyIsAnnounced)) continue;
      const entry: WalletEntry = {
        id: CONNECTOR_IDS.injected,
        name: CONNECTOR_NAMES.injected ?? 'Browser Wallet',
        source: 'injected',
        connectorId: c.id,
        links: {},
      };
      if (icon) entry.imageUrl = icon;
      announced.push(entry);
      continue;
    }
    if (c.type === 'injected' && rdns) {
      if (!opts.enableEIP6963) continue;
      const entry: WalletEntry = {
        id: `${CONNECTOR_IDS.eip6963}:${rdns}`,
        name: capName(c.name) || rdns,
        rdns,
        source: 'announced',
        connectorId: c.id,
        links: {},
      };
      if (icon) entry.imageUrl = icon;
      announced.push(entry);
      continue;
    }
    if (c.type === 'mock' || c.type === 'injected') continue;
    const name = (CONNECTOR_NAMES as Record<string, string | undefined>)[c.id] ?? capName(c.name);
    const entry: WalletEntry = { id: c.id, name, source: 'connector', connectorId: c.id, links: {} };
    if (icon) entry.imageUrl = icon;
    if (rdns) entry.rdns = rdns;
    others.push(entry);
  }
  return { announced, others };
}

/** Gives announced wallets the explorer's id, image and links when an explorer wallet has the same rdns. */
export function enrichAnnounced(
  announced: readonly WalletEntry[],
  explorer: readonly WalletEntry[],
): WalletEntry[] {
  const byRdns = new Map<string, WalletEntry>();
  for (const w of explorer) if (w.rdns && !byRdns.has(w.rdns)) byRdns.set(w.rdns, w);
  return announced.map((a) => {
    const match = a.rdns ? byRdns.get(a.rdns) : undefined;
    if (!match) return a;
    return {
      ...a,
      explorerId: match.id,
      imageUrl: a.imageUrl ?? match.imageUrl,
      links: { ...match.links, ...a.links },
    };
  });
}

/** Keys under which an entry counts as "the same wallet": its ids and its rdns. */
function keys(w: WalletEntry): string[] {
  const k = [`id:${w.id}`];
  if (w.explorerId) k.push(`id:${w.explorerId}`);
  if (w.rdns) k.push(`rdns:${w.rdns}`);
  return k;
}

/** An entry with the Installed badge and connector of the announced wallet it matches, if any. */
export function markInstalled(w: WalletEntry, announced: readonly WalletEntry[]): WalletListItem {
  const match = announced.find(
    (a) => (w.rdns && a.rdns === w.rdns) || (a.explorerId !== undefined && a.explorerId === w.id),
  );
  if (!match) return w;
  return { ...w, connectorId: match.connectorId, badge: 'Installed' };
}

export interface ConnectListInput {
  recent: readonly WalletEntry[];
  announced: readonly WalletEntry[];
  featured: readonly WalletEntry[];
  custom: readonly WalletEntry[];
  recommended: readonly WalletEntry[];
  connectors: readonly WalletEntry[];
}

/**
 * The Connect view's list, in order: recent (badge Recent), installed/announced (badge Installed),
 * featured, the host's custom wallets, recommended, then other connectors. A wallet appears once: later
 * groups drop entries that share an id or rdns with an earlier one; explorer wallets that are installed
 * take the installed connector. Of the recommended candidates, the first RECOMMENDED_WALLETS_COUNT not
 * listed above are shown.
 */
/** A wallet reached only by pairing (QR code, deep link): no connector in the page, or the WalletConnect one. */
export const pairsOnly = (w: Pick<WalletEntry, 'connectorId'>): boolean =>
  !w.connectorId || w.connectorId === CONNECTOR_IDS.walletConnect;

export function buildConnectList(input: ConnectListInput): WalletListItem[] {
  const out: WalletListItem[] = [];
  const seen = new Set<string>();
  const add = (w: WalletListItem): boolean => {
    const k = keys(w);
    if (k.some((x) => seen.has(x))) return false;
    for (const x of k) seen.add(x);
    out.push(w);
    return true;
  };
  const announced = enrichAnnounced(input.announced, [...input.featured, ...input.recommended]);
  for (const w of input.recent) {
    const installed = markInstalled(w, announced);
    add({ ...installed, badge: 'Recent' });
  }
  for (const w of announced) add({ ...w, badge: 'Installed' });
  for (const w of input.featured) add(markInstalled(w, announced));
  for (const w of input.custom) add(w);
  let recommended = 0;
  for (const w of input.recommended) {
    if (recommended === RECOMMENDED_WALLETS_COUNT) break;
    if (add(markInstalled(w, announced))) recommended++;
  }
  for (const w of input.connectors) add(w);
  return out;
}

/** The all-wallets list (browse or search results): installed ones badged and given their connector. */
export function buildAllWalletsList(
  wallets: readonly WalletEntry[],
  announced: readonly WalletEntry[],
): WalletListItem[] {
  const seen = new Set<string>();
  const out: WalletListItem[] = [];
  for (const w of wallets) {
    if (seen.has(w.id)) continue;
    seen.add(w.id);
    out.push(markInstalled(w, announced));
  }
  return out;
}

/** Orders wallets as `ids` lists them (featuredWalletIds order); unknown ids are skipped. */
export function orderByIds<T extends { id: string }>(wallets: readonly T[], ids: readonly string[]): T[] {
  const byId = new Map(wallets.map((w) => [w.id, w]));
  return ids.flatMap((id) => {
    const w = byId.get(id);
    return w ? [w] : [];
  });
}

// ---------- recent wallets (persisted) ----------

const recentEntrySchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(256)),
  name: z.string().check(z.maxLength(256)),
  imageUrl: z.optional(z.string()),
  rdns: z.optional(z.string().check(z.maxLength(256))),
  connectorId: z.optional(z.string().check(z.maxLength(256))),
  explorerId: z.optional(z.string().check(z.maxLength(256))),
  source: z.enum(['explorer', 'announced', 'injected', 'connector', 'custom']),
  links: z.optional(z.record(z.string(), z.string())),
});
export const recentWalletsSchema = z.pipe(
  z.array(z.unknown()),
  z.transform((items) =>
    items.flatMap((item): WalletEntry[] => {
      const parsed = recentEntrySchema.safeParse(item);
      if (!parsed.success) return [];
      const r = parsed.data;
      const raw = r.links ?? {};
      const entry: WalletEntry = {
        id: r.id,
        name: capName(r.name),
        source: r.source,
        links: links({
          mobile_link: raw.mobile,
          desktop_link: raw.desktop,
          webapp_link: raw.webapp,
          homepage: raw.homepage,
          app_store: raw.appStore,
          play_store: raw.playStore,
          chrome_store: raw.chromeStore,
        }),
      };
      const image = safeImage(r.imageUrl);
      if (image) entry.imageUrl = image;
      if (r.rdns) entry.rdns = r.rdns;
      if (r.connectorId) entry.connectorId = r.connectorId;
      if (r.explorerId) entry.explorerId = r.explorerId;
      return [entry];
    }),
  ),
);

/** Puts `wallet` first, drops its duplicates (id or rdns), keeps MAX_RECENT_WALLETS. */
export function pushRecent(recent: readonly WalletEntry[], wallet: WalletEntry): WalletEntry[] {
  const k = new Set(keys(wallet));
  const rest = recent.filter((w) => !keys(w).some((x) => k.has(x)));
  // A recent wallet is remembered without its badge.
  const { badge: _badge, ...clean } = wallet as WalletListItem;
  return [clean, ...rest].slice(0, MAX_RECENT_WALLETS);
}

// ---------- deep links ----------

/** An `https://` universal link (a web address the phone may hand to the app), not the wallet's own scheme. */
export const isUniversalLink = (link: string): boolean => /^https?:/i.test(link);

/**
 * The link that opens a wallet with a pairing URI: `https://…/wc?uri=…` for a universal link, or
 * `scheme://wc?uri=…` for the wallet's own scheme. Null when the wallet has no safe link of that kind.
 */
export function buildDeepLink(base: string | undefined, uri: string): string | null {
  if (!base || !isSafeWalletLink(base)) return null;
  const encoded = encodeURIComponent(uri);
  if (isUniversalLink(base)) {
    const root = base.endsWith('/') ? base : `${base}/`;
    return `${root}wc?uri=${encoded}`;
  }
  const scheme = base.includes('://') ? base : `${base.replace(/:+$/, '').replaceAll('/', '')}://`;
  const root = scheme.endsWith('/') ? scheme : `${scheme}/`;
  return `${root}wc?uri=${encoded}`;
}
