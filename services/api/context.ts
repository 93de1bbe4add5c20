/** Per-server context: viem clients for the local chains, the known-token registry and the price table. */
import {
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  type Hex,
  http,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { ChainsHandle, EvmChainInfo } from '../chain/types.ts';
import { NATIVE_EVM_ADDRESS } from './caip.ts';
import { badRequest } from './errors.ts';
import { svgDataUri, tokenSvg } from './svg.ts';

export interface KnownToken {
  chainId: number;
  /** Contract address, or the native placeholder 0xeeee… for ETH. */
  address: Address;
  native: boolean;
  name: string;
  symbol: string;
  decimals: number;
  /** EIP-2612 permit (the local router takes a permit signature instead of an approval transaction). */
  eip2612?: boolean;
}

/**
 * USD price table of the local test assets. The local chains have no market, so prices are fixed numbers:
 * stable coins (USDC, DAI, KUSD) at 1, ETH/WETH at 3000, SOL at 150 (documented in docs/local-stack.md).
 */
export const PRICE_TABLE_USD: Readonly<Record<string, number>> = {
  ETH: 3000,
  WETH: 3000,
  USDC: 1,
  DAI: 1,
  KUSD: 1,
  SOL: 150,
};

export const priceOf = (symbol: string): number => PRICE_TABLE_USD[symbol] ?? 0;

const iconCache = new Map<string, string>();
export function tokenIcon(symbol: string): string {
  let uri = iconCache.get(symbol);
  if (!uri) {
    uri = svgDataUri(tokenSvg(symbol));
    iconCache.set(symbol, uri);
  }
  return uri;
}

export interface EvmChainContext {
  info: EvmChainInfo;
  chain: Chain;
  client: PublicClient;
  /** Wallet client of the deployer/minter (on-ramp purchases). */
  minter: WalletClient;
  tokens: KnownToken[];
  /** Serializes the minter's transactions so nonces never race. */
  minterQueue: Promise<unknown>;
}

export interface ApiContext {
  chains: ChainsHandle;
  evm: Map<number, EvmChainContext>;
  deployer: Address;
}

export function buildContext(chains: ChainsHandle): ApiContext {
  const account = privateKeyToAccount(chains.deployerPrivateKey as Hex);
  const evm = new Map<number, EvmChainContext>();
  for (const info of chains.evm) {
    const chain = defineChain({
      id: info.chainId,
      name: info.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [info.rpcUrl] } },
    });
    const transport = http(info.rpcUrl, { timeout: 8_000, retryCount: 0 });
    const client = createPublicClient({ chain, transport }) as PublicClient;
    const minter = createWalletClient({ chain, transport, account });
    const c = info.contracts;
    const tokens: KnownToken[] = [
      {
        chainId: info.chainId,
        address: NATIVE_EVM_ADDRESS,
        native: true,
        name: 'Ether',
        symbol: 'ETH',
        decimals: 18,
      },
      {
        chainId: info.chainId,
        address: getAddress(c.usdc),
        native: false,
        name: 'USD Coin',
        symbol: 'USDC',
        decimals: 6,
      },
      {
        chainId: info.chainId,
        address: getAddress(c.dai),
        native: false,
        name: 'Dai Stablecoin',
        symbol: 'DAI',
        decimals: 18,
      },
      {
        chainId: info.chainId,
        address: getAddress(c.weth),
        native: false,
        name: 'Wrapped Ether',
        symbol: 'WETH',
        decimals: 18,
      },
      ...(c.kusd
        ? [
            {
              chainId: info.chainId,
              address: getAddress(c.kusd),
              native: false,
              name: 'Keyway Dollar',
              symbol: 'KUSD',
              decimals: 18,
              eip2612: true,
            },
          ]
        : []),
    ];
    evm.set(info.chainId, { info, chain, client, minter, tokens, minterQueue: Promise.resolve() });
  }
  return { chains, evm, deployer: account.address };
}

/** The EVM chain for a CAIP-2 id or numeric id, or a 400 on `field`. */
export function evmChain(ctx: ApiContext, chainId: string | number, field = 'chainId'): EvmChainContext {
  let id: number;
  if (typeof chainId === 'number') id = chainId;
  else {
    const m = /^eip155:(\d{1,10})$/.exec(chainId) ?? /^(\d{1,10})$/.exec(chainId);
    if (!m) throw badRequest(field, `Unsupported chain ${chainId}`);
    id = Number(m[1]);
  }
  const c = ctx.evm.get(id);
  if (!c) throw badRequest(field, `Unsupported chain eip155:${id}`);
  return c;
}

export function findToken(c: EvmChainContext, address: string): KnownToken | undefined {
  const lower = address.toLowerCase();
  return c.tokens.find((t) => t.address.toLowerCase() === lower);
}

export function requireToken(c: EvmChainContext, address: string, field: string): KnownToken {
  const t = findToken(c, address);
  if (!t) throw badRequest(field, `Unknown token ${address} on eip155:${c.info.chainId}`);
  return t;
}

/** Runs a minter transaction after the previous one settled. */
export function withMinter<T>(c: EvmChainContext, fn: () => Promise<T>): Promise<T> {
  const run = c.minterQueue.then(fn, fn);
  c.minterQueue = run.catch(() => undefined);
  return run;
}

/** Formats a bigint amount of `decimals` as a decimal string (no float). */
export function formatUnitsExact(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  const frac = abs % base;
  const fracStr = decimals > 0 ? frac.toString().padStart(decimals, '0').replace(/0+$/, '') : '';
  return `${negative ? '-' : ''}${whole}${fracStr ? `.${fracStr}` : ''}`;
}

/** USD value of a whole-unit decimal string at a price, rounded to cents-ish precision as a number. */
export function usdValue(numeric: string, price: number): number {
  return Math.round(Number(numeric) * price * 1e6) / 1e6;
}
