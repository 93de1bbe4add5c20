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
  chains: z.array(z.object({ chainId: z.number().int().positive() })),
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
