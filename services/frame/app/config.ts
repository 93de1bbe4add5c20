/** The server writes the frame's configuration into a `<meta>` tag (data, not script), read synchronously. */
import { z } from 'zod';
import { SolanaChainIdSchema } from '../../../src/frame/protocol/fields.ts';

export const FrameConfigSchema = z.object({
  allowedOrigins: z.array(z.string()),
  chains: z.array(z.object({ chainId: z.number().int().positive() })),
  /** Solana networks by reference (the part after `solana:` in CAIP-2); RPC through `/rpc/solana/:reference`. */
  solanaChains: z.array(z.object({ reference: SolanaChainIdSchema })).default([]),
  socialProviders: z.array(z.string()),
  testMode: z.boolean(),
});
export type FrameConfig = z.infer<typeof FrameConfigSchema>;

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
