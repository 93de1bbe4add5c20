/**
 * Generated wallet registry of the local wallet explorer: deterministic names, ids, rdns, links and image ids.
 * Entry 1 is the Keyway Dev Wallet (rdns dev.keyway.wallet, the local EIP-6963 dev wallet); a few entries use
 * well-known-style names and rdns so EIP-6963 matching can be shown; the rest are generated.
 */
import { createHash } from 'node:crypto';

export interface RegistryWallet {
  id: string;
  name: string;
  homepage?: string;
  image_id?: string;
  order?: number;
  mobile_link?: string;
  desktop_link?: string;
  webapp_link?: string;
  app_store?: string;
  play_store?: string;
  chrome_store?: string;
  rdns?: string;
  injected?: { namespace?: string; injected_id?: string }[];
  /** CAIP-2 chains the wallet supports (an optional field of the local registry, used by the `chains` filter). */
  chains: string[];
}

export const REGISTRY_SIZE = 540;
const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';

const hex = (seed: string): string => createHash('sha256').update(seed).digest('hex');
const uuidFrom = (seed: string): string => {
  const h = hex(seed);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
const slug = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

interface Seed {
  name: string;
  rdns?: string;
  chains: string[];
}

const LOCAL = ['eip155:31337', 'eip155:31338'];
const EVM_MAIN = ['eip155:1', 'eip155:10', 'eip155:56', 'eip155:137', 'eip155:8453', 'eip155:42161'];

const WELL_KNOWN: Seed[] = [
  { name: 'Keyway Dev Wallet', rdns: 'dev.keyway.wallet', chains: [...LOCAL, ...EVM_MAIN, SOLANA_MAINNET] },
  { name: 'MetaMask', rdns: 'io.metamask', chains: [...EVM_MAIN, ...LOCAL] },
  { name: 'Trust Wallet', rdns: 'com.trustwallet.app', chains: [...EVM_MAIN, SOLANA_MAINNET] },
  { name: 'Coinbase Wallet', rdns: 'com.coinbase.wallet', chains: [...EVM_MAIN, ...LOCAL] },
  { name: 'Rainbow', rdns: 'me.rainbow', chains: [...EVM_MAIN, ...LOCAL] },
  { name: 'Phantom', rdns: 'app.phantom', chains: ['eip155:1', 'eip155:137', 'eip155:8453', SOLANA_MAINNET] },
  { name: 'Ledger Live', rdns: 'com.ledger', chains: EVM_MAIN },
  { name: 'Safe', chains: EVM_MAIN },
  { name: 'Zerion', rdns: 'io.zerion.wallet', chains: EVM_MAIN },
  { name: 'Rabby Wallet', rdns: 'io.rabby', chains: [...EVM_MAIN, ...LOCAL] },
  { name: 'OKX Wallet', rdns: 'com.okex.wallet', chains: [...EVM_MAIN, SOLANA_MAINNET] },
  { name: 'Keyway Dev Wallet Beta', rdns: 'dev.keyway.wallet.beta', chains: [...LOCAL] },
];

const ADJECTIVES = [
  'Amber',
  'Bright',
  'Cobalt',
  'Crystal',
  'Dawn',
  'Ember',
  'Frost',
  'Golden',
  'Harbor',
  'Iron',
  'Jade',
  'Lunar',
  'Maple',
  'Nova',
  'Onyx',
  'Pixel',
  'Quartz',
  'Rapid',
  'Solar',
  'Swift',
  'Tidal',
  'Umbra',
  'Velvet',
  'Willow',
];
const NOUNS = [
  'Vault',
  'Wallet',
  'Key',
  'Safe',
  'Pocket',
  'Keep',
  'Purse',
  'Ledger',
  'Chest',
  'Pass',
  'Port',
  'Nest',
];

function generatedSeeds(count: number): Seed[] {
  const out: Seed[] = [];
  for (const noun of NOUNS) {
    for (const adj of ADJECTIVES) {
      if (out.length >= count) return out;
      const name = `${adj} ${noun}`;
      const h = parseInt(hex(name).slice(0, 6), 16);
      const chains = EVM_MAIN.filter((_, k) => (h >> k) & 1);
      if (chains.length === 0) chains.push('eip155:1');
      if (h % 3 === 0) chains.push(SOLANA_MAINNET);
      if (h % 5 === 0) chains.push(...LOCAL);
      out.push({ name, rdns: h % 4 === 0 ? `io.${slug(name).replace(/-/g, '')}` : undefined, chains });
    }
  }
  // More variants if the grid above is exhausted.
  for (let n = 2; out.length < count; n++) {
    for (const adj of ADJECTIVES) {
      if (out.length >= count) break;
      out.push({ name: `${adj} Wallet ${n}`, chains: ['eip155:1'] });
    }
  }
  return out;
}

function toWallet(seed: Seed, order: number): RegistryWallet {
  const s = slug(seed.name);
  const id = hex(`keyway-registry:${seed.name}`);
  const h = parseInt(id.slice(0, 4), 16);
  const w: RegistryWallet = {
    id,
    name: seed.name,
    homepage: `https://${s}.example`,
    image_id: uuidFrom(`keyway-image:${seed.name}`),
    order,
    chains: seed.chains,
  };
  if (h % 2 === 0 || seed.rdns) w.mobile_link = `${s.replace(/-/g, '')}://`;
  if (h % 3 === 0) w.desktop_link = `${s.replace(/-/g, '')}-desktop://`;
  if (h % 5 !== 0) w.webapp_link = `https://app.${s}.example`;
  if (h % 2 === 0) w.app_store = `https://apps.apple.com/app/${s}/id${100000000 + (h % 900000000)}`;
  if (h % 2 === 0)
    w.play_store = `https://play.google.com/store/apps/details?id=example.${s.replace(/-/g, '')}`;
  if (seed.rdns) {
    w.rdns = seed.rdns;
    w.chrome_store = `https://chromewebstore.google.com/detail/${s}/${id.slice(0, 32)}`;
    w.injected = [{ namespace: 'eip155', injected_id: seed.rdns }];
  }
  return w;
}

const cached = new Map<number, RegistryWallet[]>();

/**
 * The registry of `size` wallets (default REGISTRY_SIZE; a larger size, e.g. for the scale benchmark, adds
 * generated entries after the same first ones).
 */
export function walletRegistry(size = REGISTRY_SIZE): RegistryWallet[] {
  let list = cached.get(size);
  if (!list) {
    const seeds = [...WELL_KNOWN, ...generatedSeeds(Math.max(0, size - WELL_KNOWN.length))];
    list = seeds.slice(0, size).map((seed, i) => toWallet(seed, i + 1));
    cached.set(size, list);
  }
  return list;
}
