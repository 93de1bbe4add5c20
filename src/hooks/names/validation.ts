/**
 * Name registration rules (spec §5): an account name has at least 4 characters, letters, digits and
 * hyphens only; registration needs a network, an address and the auth connector; the chain id must be below
 * 2147483648 (else 'Invalid chainId') and the coin type is the chain id with the high bit set (ENSIP-11).
 */
import { NAME_REGISTRATION_CHAIN_ID_LIMIT, NAME_SUFFIX } from '../../core/constants';
import { ERROR_MESSAGES, KeywayError } from '../../core/errors';
import { z } from '../../core/zod-mini';

export const NAME_MIN_LENGTH = 4;
/** The longest label the name service accepts. */
export const NAME_MAX_LENGTH = 63;

export const NAME_MESSAGES = {
  tooShort: `Use at least ${NAME_MIN_LENGTH} characters`,
  tooLong: `Use at most ${NAME_MAX_LENGTH} characters`,
  badCharacters: 'Use letters, digits and hyphens only',
} as const;

export type NameRuleProblem = keyof typeof NAME_MESSAGES;

/** The label a user typed: trimmed, lower case, without the service suffix. */
export function nameLabel(input: string): string {
  const lower = input.trim().toLowerCase();
  return lower.endsWith(NAME_SUFFIX) ? lower.slice(0, -NAME_SUFFIX.length) : lower;
}

/** The full registered name of a label (`alice` → `alice.kw.id`). */
export function fullName(label: string): string {
  return `${nameLabel(label)}${NAME_SUFFIX}`;
}

/** The first rule a typed name breaks (null when it follows all of them, or when nothing is typed). */
export function nameRuleProblem(input: string): NameRuleProblem | null {
  const label = nameLabel(input);
  if (!label) return null;
  if (!/^[a-z0-9-]+$/.test(label)) return 'badCharacters';
  if (label.length < NAME_MIN_LENGTH) return 'tooShort';
  if (label.length > NAME_MAX_LENGTH) return 'tooLong';
  return null;
}

export const nameLabelSchema = z.pipe(
  z.pipe(z.string(), z.transform(nameLabel)),
  z.string().check(z.minLength(NAME_MIN_LENGTH), z.maxLength(NAME_MAX_LENGTH), z.regex(/^[a-z0-9-]+$/)),
);

const chainIdSchema = z.int().check(z.nonnegative(), z.lt(NAME_REGISTRATION_CHAIN_ID_LIMIT));

/** ENSIP-11 coin type of an EVM chain: `0x80000000 | chainId`; throws 'Invalid chainId' at the limit. */
export function nameCoinType(chainId: number): number {
  if (!chainIdSchema.safeParse(chainId).success) throw KeywayError.of('invalidChainId');
  // `|` works on signed 32-bit integers in JavaScript; `>>> 0` reads the result as unsigned.
  return (0x80000000 | chainId) >>> 0;
}

/** Why registration cannot happen with this account (null when it can). */
export type NameUnavailableReason = 'notConnected' | 'noNetwork' | 'notEmbedded' | 'invalidChainId';

export const NAME_UNAVAILABLE_MESSAGES: Record<NameUnavailableReason, string> = {
  notConnected: ERROR_MESSAGES.addressOrAuthConnectorNotFound,
  noNetwork: ERROR_MESSAGES.networkNotFound,
  notEmbedded: 'Names can be registered with an email or social login account',
  invalidChainId: ERROR_MESSAGES.invalidChainId,
};

export interface NameContext {
  address: string | null;
  /** The active EVM chain id (null when not on an EVM network). */
  chainId: number | null;
  /** The account is connected through the auth connector (the embedded wallet). */
  embedded: boolean;
}

export function nameUnavailableReason(ctx: NameContext): NameUnavailableReason | null {
  if (!ctx.address) return 'notConnected';
  if (ctx.chainId === null) return 'noNetwork';
  if (!ctx.embedded) return 'notEmbedded';
  if (!chainIdSchema.safeParse(ctx.chainId).success) return 'invalidChainId';
  return null;
}

/** The signed message: JSON `{name, attributes, timestamp}` (API.md). */
export function registrationMessage(name: string, timestampMs: number): string {
  return JSON.stringify({ name: fullName(name), attributes: {}, timestamp: Math.floor(timestampMs / 1000) });
}
