/** The server writes the frame's configuration into a `<meta>` tag (data, not script), read synchronously. */
import { z } from 'zod';
import { SolanaChainIdSchema } from '../../../src/frame/protocol/fields.ts';
import type { KnownSpender } from './describe.ts';

/** A router's display name: letters, digits, spaces and a little punctuation only. */
export const RouterSchema = z.object({
  chainId: z.number().int().positive(),
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  name: z.string().regex(/^[\p{L}\p{N}][\p{L}\p{N} ._()-]{0,39}$/u),
});

export const FrameConfigSchema = z.object({
  allowedOrigins: z.array(z.string()),
  /** EVM chains; `symbol`: the native coin's (else the known symbol of a public chain, config.ts). */
  chains: z.array(
    z.object({
      chainId: z.number().int().positive(),
      symbol: z
        .string()
        .regex(/^[A-Za-z0-9.]{1,11}$/)
        .optional(),
    }),
  ),
  /** Solana networks by reference (the part after `solana:` in CAIP-2); RPC through `/rpc/solana/:reference`. */
  solanaChains: z.array(z.object({ reference: SolanaChainIdSchema })).default([]),
  socialProviders: z.array(z.string()),
  testMode: z.boolean(),
  /** Swap routers the server knows by name on its own chains (the local stack's router). */
  routers: z.array(RouterSchema).max(64).default([]),
});
export type FrameConfig = z.infer<typeof FrameConfigSchema>;

/**
 * Known routers on public networks: the 1inch Aggregation Router v6, deployed at the same address on each
 * of these chains. Together with the server's `routers`, the only names the approval screen gives to a
 * spender; any other spender is shown by its address with an 'Unknown spender' warning.
 */
export const PUBLIC_ROUTERS: readonly KnownSpender[] = [1, 10, 56, 100, 137, 8453, 42161, 43114].map(
  (chainId) => ({ chainId, address: '0x111111125421cA6dc452d289314280a0f8842A65', name: '1inch Router' }),
);

/** Native coin symbols of public chains and the local development chains. */
const KNOWN_SYMBOLS: Readonly<Record<number, string>> = {
  1: 'ETH',
  10: 'ETH',
  56: 'BNB',
  100: 'xDAI',
  137: 'POL',
  8453: 'ETH',
  42161: 'ETH',
  43114: 'AVAX',
  11155111: 'ETH',
  1337: 'ETH',
  31337: 'ETH',
};

/**
 * The symbol of a chain's native coin on the approval screen: the configured one, else a known chain's,
 * else words that name no coin (never another chain's symbol).
 */
export function nativeSymbol(config: Pick<FrameConfig, 'chains'>, chainId: number): string {
  return config.chains.find((c) => c.chainId === chainId)?.symbol ?? KNOWN_SYMBOLS[chainId] ?? 'native coin';
}

/** The frame's list of known spenders: the public routers and the configured ones. */
export function knownSpenders(config: Pick<FrameConfig, 'routers'>): readonly KnownSpender[] {
  return [...PUBLIC_ROUTERS, ...config.routers];
}

export function readConfig(): FrameConfig | null {
  const content = document.querySelector('meta[name="kw-frame-config"]')?.getAttribute('content');
  if (!content) return null;
  try {
    const parsed = FrameConfigSchema.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The message the social-login callback page posts to the window that opened it. */
export const SOCIAL_RESULT_TYPE = '@keyway-frame/SOCIAL_RESULT';
