/**
 * Name registration rules (spec §5): an account name has at least 4 characters, letters, digits and
 * hyphens only; registration needs a network, an address and the auth connector; the chain id must be below
 * 2147483648 (else 'Invalid chainId') and the coin type is the chain id with the high bit set (ENSIP-11).
 */
import { NAME_REGISTRATION_CHAIN_ID_LIMIT, NAME_SUFFIX } from '../../core/constants';
import { KeywayError } from '../../core/errors';
import { type KitMessage, kitMessage, type MessageCode } from '../../core/messages';
import { z } from '../../core/zod-mini';
import type { RegistrationMessage } from './typedData';

export const NAME_MIN_LENGTH = 4;
/** The longest label the name service accepts. */
export const NAME_MAX_LENGTH = 63;

export type NameRuleProblem = 'tooShort' | 'tooLong' | 'badCharacters';

/** The message of a broken §5 rule (its code, with the limit it names). */
export function nameRuleMessage(rule: NameRuleProblem): KitMessage {
  if (rule === 'tooShort') return kitMessage('tooShort', { min: NAME_MIN_LENGTH });
  if (rule === 'tooLong') return kitMessage('tooLong', { max: NAME_MAX_LENGTH });
  return kitMessage('badCharacters');
}

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

const UNAVAILABLE_CODES = {
  notConnected: 'addressOrAuthConnectorNotFound',
  noNetwork: 'networkNotFound',
  notEmbedded: 'notEmbedded',
  invalidChainId: 'invalidChainId',
} as const satisfies Record<NameUnavailableReason, MessageCode>;

/** Why this account cannot register a name, as a message. */
export const nameUnavailableMessage = (reason: NameUnavailableReason): KitMessage =>
  kitMessage(UNAVAILABLE_CODES[reason]);

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

/** 32 random bytes (crypto.getRandomValues) as hex: the registration's one-time nonce. */
export function randomNonce(): `0x${string}` {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

const coinTypeOf = (chainId: number): number | null => {
  try {
    return nameCoinType(chainId);
  } catch {
    return null;
  }
};

/**
 * The posted message (typedData.ts): the spec's `{name, attributes, timestamp}` and the coin type, address,
 * nonce and chain id the EIP-712 signature binds. Nothing else: every field of it is signed.
 */
export const registrationMessageSchema = z
  .strictObject({
    name: z
      .string()
      .check(
        z.refine((n) => n === fullName(n) && nameLabel(n).length > 0 && !nameRuleProblem(n), 'Invalid name'),
      ),
    attributes: z.record(z.string(), z.string().check(z.maxLength(2048))),
    timestamp: z.int().check(z.positive()),
    coinType: z.int().check(z.nonnegative()),
    address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
    nonce: z.string().check(z.regex(/^0x[0-9a-f]{64}$/)),
    chainId: chainIdSchema,
  })
  .check(
    z.refine((m) => coinTypeOf(m.chainId) === m.coinType, {
      message: 'coinType is not the coin type of chainId',
      path: ['coinType'],
    }),
  );

/**
 * The registration message of `name` by `address` on `chainId` (API.md's `{name, attributes, timestamp}`,
 * timestamp in seconds, plus what the typed data binds); checked with {@link registrationMessageSchema}.
 */
export function registrationMessage(
  name: string,
  timestampMs: number,
  account: { address: string; chainId: number },
  nonce: string = randomNonce(),
): RegistrationMessage {
  const message = registrationMessageSchema.parse({
    name: fullName(name),
    attributes: {},
    timestamp: Math.floor(timestampMs / 1000),
    coinType: coinTypeOf(account.chainId),
    address: account.address,
    nonce,
    chainId: account.chainId,
  });
  return message as RegistrationMessage;
}
