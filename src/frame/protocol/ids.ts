/**
 * The frame's id schemas that a page needs as it starts: the embedded wallet's login cache reads the stored
 * account type and chain ids back through them (before any frame code loads). Kept apart from the protocol's
 * other schemas so the initial bundle holds only these; `fields.ts` re-exports them for the frame protocol,
 * whose schemas compose them.
 */
import { z } from '../../core/zod-mini';

export const AccountTypeSchema = z.enum(['eoa', 'smartAccount']);
export type AccountType = z.infer<typeof AccountTypeSchema>;
/** The default preferred account type, also used when the frame's answer is missing or invalid (spec §3). */
export const DEFAULT_ACCOUNT_TYPE: AccountType = 'eoa';

export const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

export const EvmChainIdSchema = z.int().check(z.positive(), z.maximum(Number.MAX_SAFE_INTEGER));
/** A Solana network reference (the part after `solana:` in CAIP-2). */
export const SolanaChainIdSchema = z.string().check(z.minLength(32), z.maxLength(44), z.regex(BASE58));
export const ChainIdSchema = z.union([EvmChainIdSchema, SolanaChainIdSchema]);
export type FrameChainId = z.infer<typeof ChainIdSchema>;
