/**
 * Networks the kit knows about: one plain-data shape for EVM and Solana, keyed by CAIP-2 id
 * (`eip155:1`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`), plus helpers to hand EVM networks to viem/wagmi.
 */
import { type Chain, defineChain } from 'viem';
import { BASE_FEE_MULTIPLIER } from './constants';
import { isHttpsOrLocalUrl, isSafeImageUrl } from './url';
import { z } from './zod-mini';

export type ChainNamespace = 'evm' | 'solana';

export interface KeywayNetwork {
  /** CAIP-2 id: `eip155:<chainId>` or `solana:<genesis-hash reference>`. */
  id: string;
  chain: ChainNamespace;
  /** The EVM chain id (number), or the Solana CAIP-2 reference (string). */
  chainId: number | string;
  name: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  /**
   * The host's own RPC URLs (the first is used). May be empty (or left out in the options) for an EVM network:
   * the kit then reads through the Blockchain API's RPC (`<apiUrl>/v1/?chainId=…&projectId=…`), see
   * `evmReadRpc` in instance/wagmi.ts and docs/networks.md. A Solana network needs one.
   */
  rpcUrls: string[];
  /**
   * Block explorer: pages are `<url>/tx/<hash>` and `<url>/address/<address>`; a query on it is kept on every
   * page (`https://explorer.solana.com?cluster=devnet`), see `explorerPageUrl` (core/url).
   */
  blockExplorerUrl?: string;
  /** Explorer asset image id (`/public/getAssetImage/{id}`). */
  imageId?: string;
  imageUrl?: string;
  /** Multicall3 contract (EVM only). */
  multicall?: `0x${string}`;
  testnet?: boolean;
}

const CAIP2_RE = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})$/;
const httpsUrl = z.string().check(
  z.refine((v) => isHttpsOrLocalUrl(v), {
    message: 'expected an https: URL (http: only for localhost/127.0.0.1)',
  }),
);
const imageUrl = z
  .string()
  .check(z.refine((v) => isSafeImageUrl(v), { message: 'expected an https: or data:image/ URL' }));

export const networkSchema = z
  .strictObject({
    id: z.string().check(z.regex(CAIP2_RE, 'expected a CAIP-2 id such as "eip155:1"')),
    chain: z.enum(['evm', 'solana'], { error: 'expected "evm" or "solana"' }),
    chainId: z.union(
      [z.number().check(z.int(), z.positive()), z.string().check(z.minLength(1), z.maxLength(32))],
      { error: 'expected a chain id (a number for EVM, the CAIP-2 reference for Solana)' },
    ),
    name: z
      .string({ error: 'expected a string' })
      .check(z.minLength(1, 'expected a non-empty name'), z.maxLength(64, 'expected at most 64 characters')),
    nativeCurrency: z.object(
      {
        name: z.string().check(z.minLength(1), z.maxLength(64)),
        symbol: z.string().check(z.minLength(1), z.maxLength(16)),
        decimals: z.number().check(z.int(), z.gte(0), z.lte(36)),
      },
      { error: 'expected { name, symbol, decimals }' },
    ),
    // The host's own RPC URLs: optional (absent means none). An EVM network without one reads through the
    // Blockchain API's RPC with the projectId (instance/wagmi.ts `evmReadRpc`); a Solana network needs one (below).
    rpcUrls: z._default(z.array(httpsUrl, { error: 'expected an array of RPC URLs' }), []),
    blockExplorerUrl: z.optional(httpsUrl),
    imageId: z.optional(z.string().check(z.maxLength(128))),
    imageUrl: z.optional(imageUrl),
    multicall: z.optional(
      z.pipe(
        z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'expected a 0x-prefixed 20-byte address')),
        z.transform((v) => v as `0x${string}`),
      ),
    ),
    testnet: z.optional(z.boolean()),
  })
  .check(
    z.superRefine((n, ctx) => {
      const expected = n.chain === 'evm' ? `eip155:${n.chainId}` : `solana:${n.chainId}`;
      if (n.chain === 'evm' && typeof n.chainId !== 'number') {
        ctx.addIssue({ code: 'custom', path: ['chainId'], message: 'expected a number for an EVM network' });
      } else if (n.chain === 'solana' && typeof n.chainId !== 'string') {
        ctx.addIssue({
          code: 'custom',
          path: ['chainId'],
          message: 'expected the CAIP-2 reference string for a Solana network',
        });
      } else if (n.id !== expected) {
        ctx.addIssue({
          code: 'custom',
          path: ['id'],
          message: `expected "${expected}" to match chain/chainId`,
        });
      }
      if (n.chain === 'solana' && n.rpcUrls.length === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['rpcUrls'],
          message: 'expected at least one RPC URL for a Solana network',
        });
      }
      if (n.chain === 'solana' && n.multicall) {
        ctx.addIssue({ code: 'custom', path: ['multicall'], message: 'multicall is EVM only' });
      }
    }),
  );

/**
 * The public RPC endpoints of the kit's built-in public EVM networks, by CAIP-2 id: the `rpcUrls` those
 * networks carry. They rate-limit real users, so they are not "the host's own" RPC: a built-in network passed
 * unchanged (its `rpcUrls` exactly this one URL) reads through the Blockchain API's RPC, with this URL as the
 * fallback (`hostRpcUrls`, instance/wagmi.ts `evmReadRpc`). The local stack's networks (`keywayLocal`,
 * `keywayLocalL2`) are not here: their URLs are the stack's own nodes and count as the host's.
 */
const PUBLIC_EVM_RPC = {
  'eip155:1': 'https://cloudflare-eth.com',
  'eip155:10': 'https://mainnet.optimism.io',
  'eip155:56': 'https://bsc-dataseed1.bnbchain.org',
  'eip155:137': 'https://polygon-rpc.com',
  'eip155:8453': 'https://mainnet.base.org',
  'eip155:42161': 'https://arb1.arbitrum.io/rpc',
  'eip155:167000': 'https://rpc.mainnet.taiko.xyz',
  'eip155:40': 'https://rpc.telos.net',
} as const satisfies Record<string, string>;

/** The kit's built-in public RPC URL of an EVM network (CAIP-2 id), if it defines one. */
export function publicRpcUrl(caip2: string): string | undefined {
  return Object.hasOwn(PUBLIC_EVM_RPC, caip2)
    ? PUBLIC_EVM_RPC[caip2 as keyof typeof PUBLIC_EVM_RPC]
    : undefined;
}

/**
 * The host's own RPC URLs of a network: its `rpcUrls`, except when they are exactly the kit's built-in public
 * default for that id (a built-in network such as `mainnet` passed unchanged), which counts as none.
 */
export function hostRpcUrls(n: Pick<KeywayNetwork, 'id' | 'rpcUrls'>): string[] {
  const urls = n.rpcUrls ?? [];
  const builtIn = publicRpcUrl(n.id);
  return urls.length === 1 && urls[0] === builtIn ? [] : [...urls];
}

const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11' as const;
const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const;
const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const;

// The networks below (and their list) are marked pure: a host's bundler leaves out those the host does not use.
function evm(n: Omit<KeywayNetwork, 'id' | 'chain'> & { chainId: number }): KeywayNetwork {
  return Object.freeze({ ...n, id: `eip155:${n.chainId}`, chain: 'evm' as const });
}
function solana(n: Omit<KeywayNetwork, 'id' | 'chain'> & { chainId: string }): KeywayNetwork {
  return Object.freeze({ ...n, id: `solana:${n.chainId}`, chain: 'solana' as const });
}

export const mainnet = /* @__PURE__ */ evm({
  chainId: 1,
  name: 'Ethereum',
  nativeCurrency: ETH,
  rpcUrls: [PUBLIC_EVM_RPC['eip155:1']],
  blockExplorerUrl: 'https://etherscan.io',
  multicall: MULTICALL3,
});
export const optimism = /* @__PURE__ */ evm({
  chainId: 10,
  name: 'OP Mainnet',
  nativeCurrency: ETH,
  rpcUrls: [PUBLIC_EVM_RPC['eip155:10']],
  blockExplorerUrl: 'https://optimistic.etherscan.io',
  multicall: MULTICALL3,
});
export const bsc = /* @__PURE__ */ evm({
  chainId: 56,
  name: 'BNB Smart Chain',
  nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
  rpcUrls: [PUBLIC_EVM_RPC['eip155:56']],
  blockExplorerUrl: 'https://bscscan.com',
  multicall: MULTICALL3,
});
export const polygon = /* @__PURE__ */ evm({
  chainId: 137,
  name: 'Polygon',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  rpcUrls: [PUBLIC_EVM_RPC['eip155:137']],
  blockExplorerUrl: 'https://polygonscan.com',
  multicall: MULTICALL3,
});
export const base = /* @__PURE__ */ evm({
  chainId: 8453,
  name: 'Base',
  nativeCurrency: ETH,
  rpcUrls: [PUBLIC_EVM_RPC['eip155:8453']],
  blockExplorerUrl: 'https://basescan.org',
  multicall: MULTICALL3,
});
export const arbitrum = /* @__PURE__ */ evm({
  chainId: 42161,
  name: 'Arbitrum One',
  nativeCurrency: ETH,
  rpcUrls: [PUBLIC_EVM_RPC['eip155:42161']],
  blockExplorerUrl: 'https://arbiscan.io',
  multicall: MULTICALL3,
});
/** Spec §3: chain 167000, native decimals 18, with a multicall contract. */
export const taiko = /* @__PURE__ */ evm({
  chainId: 167000,
  name: 'Taiko Mainnet',
  nativeCurrency: ETH,
  rpcUrls: [PUBLIC_EVM_RPC['eip155:167000']],
  blockExplorerUrl: 'https://taikoscan.io',
  multicall: MULTICALL3,
});
/** Spec §3: chain 40, native decimals 18, with a multicall contract. */
export const telos = /* @__PURE__ */ evm({
  chainId: 40,
  name: 'Telos',
  nativeCurrency: { name: 'Telos', symbol: 'TLOS', decimals: 18 },
  rpcUrls: [PUBLIC_EVM_RPC['eip155:40']],
  blockExplorerUrl: 'https://www.teloscan.io',
  multicall: MULTICALL3,
});

/** The local stack's first EVM chain (anvil). */
export const keywayLocal = /* @__PURE__ */ evm({
  chainId: 31337,
  name: 'Keyway Local',
  nativeCurrency: ETH,
  rpcUrls: ['http://127.0.0.1:8545'],
  testnet: true,
});
/** The local stack's second EVM chain (anvil, `--chain-id 31338`). */
export const keywayLocalL2 = /* @__PURE__ */ evm({
  chainId: 31338,
  name: 'Keyway Local L2',
  nativeCurrency: ETH,
  rpcUrls: ['http://127.0.0.1:8546'],
  testnet: true,
});

export const solanaMainnet = /* @__PURE__ */ solana({
  chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name: 'Solana',
  nativeCurrency: SOL,
  rpcUrls: ['https://api.mainnet-beta.solana.com'],
  blockExplorerUrl: 'https://explorer.solana.com',
});
export const solanaDevnet = /* @__PURE__ */ solana({
  chainId: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  name: 'Solana Devnet',
  nativeCurrency: SOL,
  rpcUrls: ['https://api.devnet.solana.com'],
  blockExplorerUrl: 'https://explorer.solana.com?cluster=devnet',
  testnet: true,
});
export const solanaTestnet = /* @__PURE__ */ solana({
  chainId: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  name: 'Solana Testnet',
  nativeCurrency: SOL,
  rpcUrls: ['https://api.testnet.solana.com'],
  blockExplorerUrl: 'https://explorer.solana.com?cluster=testnet',
  testnet: true,
});
/**
 * The local stack's Solana runtime (litesvm behind a JSON-RPC server). It identifies itself with the
 * devnet reference (as services/chain/types.ts `SolanaInfo.caip2` agrees), so wallets and the secure frame
 * that know devnet accept it. Consequence: do not list `solanaLocal` and `solanaDevnet` together.
 */
export const solanaLocal = /* @__PURE__ */ solana({
  chainId: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  name: 'Keyway Local Solana',
  nativeCurrency: SOL,
  rpcUrls: ['http://127.0.0.1:8899'],
  testnet: true,
});

export const PREDEFINED_NETWORKS: readonly KeywayNetwork[] = /* @__PURE__ */ Object.freeze([
  mainnet,
  optimism,
  bsc,
  polygon,
  base,
  arbitrum,
  taiko,
  telos,
  keywayLocal,
  keywayLocalL2,
  solanaMainnet,
  solanaDevnet,
  solanaTestnet,
  solanaLocal,
]);

export function isEvm(n: Pick<KeywayNetwork, 'chain'>): boolean {
  return n.chain === 'evm';
}
export function isSolana(n: Pick<KeywayNetwork, 'chain'>): boolean {
  return n.chain === 'solana';
}

/** Splits a CAIP-2 id; throws on anything that is not one. */
export function parseCaip2(id: string): { namespace: string; reference: string } {
  const m = CAIP2_RE.exec(id);
  if (!m) throw new Error(`Not a CAIP-2 chain id: "${id}"`);
  return { namespace: m[1]!, reference: m[2]! };
}

/** `eip155:1:0xabc…`: the CAIP-10 account id of an address on a network. */
export function formatCaip10(network: Pick<KeywayNetwork, 'id'> | string, address: string): string {
  const id = typeof network === 'string' ? network : network.id;
  parseCaip2(id);
  if (!address || address.includes(':')) throw new Error(`Not an address: "${address}"`);
  return `${id}:${address}`;
}

/** Splits a CAIP-10 account id into its CAIP-2 chain id and address. */
export function parseCaip10(value: string): { chainId: string; address: string } {
  const i = value.lastIndexOf(':');
  if (i <= 0) throw new Error(`Not a CAIP-10 account id: "${value}"`);
  const chainId = value.slice(0, i);
  const address = value.slice(i + 1);
  parseCaip2(chainId);
  if (!address) throw new Error(`Not a CAIP-10 account id: "${value}"`);
  return { chainId, address };
}

/**
 * The viem chain for an EVM network (for wagmi configs and public clients). Throws for Solana. Its
 * `rpcUrls.default` (what a wallet is told when asked to add the chain) is the network's `rpcUrls`, or the
 * kit's public default when the network has none; empty for a network without either (the kit's wagmi config
 * then gives the chain the Blockchain API's RPC, instance/wagmi.ts).
 */
export function toViemChain(n: KeywayNetwork): Chain {
  if (n.chain !== 'evm' || typeof n.chainId !== 'number') {
    throw new Error(`"${n.name}" (${n.id}) is not an EVM network`);
  }
  const builtIn = publicRpcUrl(n.id);
  const http = n.rpcUrls?.length ? [...n.rpcUrls] : builtIn ? [builtIn] : [];
  return defineChain({
    id: n.chainId,
    name: n.name,
    nativeCurrency: { ...n.nativeCurrency },
    rpcUrls: { default: { http } },
    ...(n.blockExplorerUrl ? { blockExplorers: { default: { name: n.name, url: n.blockExplorerUrl } } } : {}),
    ...(n.multicall ? { contracts: { multicall3: { address: n.multicall } } } : {}),
    ...(n.testnet !== undefined ? { testnet: n.testnet } : {}),
    // Spec §9: the fee estimate's base fee is this multiple of the last block's (room for it to rise).
    fees: { baseFeeMultiplier: BASE_FEE_MULTIPLIER },
  });
}

/** Finds a network by CAIP-2 id, EVM chain id number, or Solana reference. */
export function findNetwork(
  networks: readonly KeywayNetwork[],
  idOrChainId: string | number,
): KeywayNetwork | undefined {
  return networks.find((n) => n.id === idOrChainId || n.chainId === idOrChainId);
}
