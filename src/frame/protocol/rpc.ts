/**
 * The RPC request payload: `{method, params}` where the method is one of the enumerated lists (spec §6).
 * The methods the frame's approval screen decodes (personal_sign, typed data, transactions, calls) have
 * their params checked in shape; every other method takes bounded JSON params.
 */
import { z } from '../../core/zod-mini';
import { SAFE_RPC_METHODS, UNSAFE_RPC_METHODS } from '../rpc-methods.ts';
import {
  Base58Schema,
  Base64Schema,
  EvmAddressSchema,
  HexSchema,
  isBoundedJson,
  SOLANA_MAX_TRANSACTION_BYTES,
  SolanaAddressSchema,
  SolanaChainIdSchema,
  SolanaSignatureSchema,
} from './fields.ts';

const MAX_MESSAGE_LENGTH = 64 * 1024;

const GenericParamsSchema = z
  .optional(z.union([z.array(z.unknown()).check(z.maxLength(32)), z.record(z.string(), z.unknown())]))
  .check(z.refine((p) => isBoundedJson(p), 'RPC params are not bounded JSON'));

const QuantitySchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/));

const TransactionSchema = z.looseObject({
  from: z.optional(EvmAddressSchema),
  to: z.nullish(EvmAddressSchema),
  value: z.optional(QuantitySchema),
  data: z.optional(HexSchema.check(z.maxLength(MAX_MESSAGE_LENGTH * 2))),
  gas: z.optional(QuantitySchema),
  gasPrice: z.optional(QuantitySchema),
  maxFeePerGas: z.optional(QuantitySchema),
  maxPriorityFeePerGas: z.optional(QuantitySchema),
  nonce: z.optional(QuantitySchema),
  chainId: z.optional(QuantitySchema),
});

const CallSchema = z.looseObject({
  to: z.optional(EvmAddressSchema),
  data: z.optional(HexSchema.check(z.maxLength(MAX_MESSAGE_LENGTH * 2))),
  value: z.optional(QuantitySchema),
});

/** A wire transaction (legacy or v0), base64; at most 1232 bytes. */
export const SolanaTransactionSchema = Base64Schema.check(
  z.minLength(4),
  z.maxLength(Math.ceil(SOLANA_MAX_TRANSACTION_BYTES / 3) * 4),
);

/**
 * The Solana sign methods (spec §6, unsafe). Their params are objects, as Solana wallets take them:
 * - `solana_signMessage`: `{message, pubkey}`, the message bytes in base58 and the signer's address;
 *   result `{signature}` (base58).
 * - `solana_signTransaction`: `{transaction, chainId}`, a base64 wire transaction and the Solana network
 *   reference; result `{transaction}` (base64, signed).
 * - `solana_signAndSendTransaction`: the same plus send `options`; result `{signature}` (base58).
 */
export const SolanaSendOptionsSchema = z.strictObject({
  skipPreflight: z.optional(z.boolean()),
  preflightCommitment: z.optional(z.enum(['processed', 'confirmed', 'finalized'])),
  maxRetries: z.optional(z.int().check(z.gte(0), z.lte(100))),
});

/** Results of the Solana sign methods (the kit checks the frame's answer against these). */
export const SolanaSignatureResultSchema = z.strictObject({ signature: SolanaSignatureSchema });
export const SolanaSignedTransactionResultSchema = z.strictObject({ transaction: SolanaTransactionSchema });

const specific = {
  solana_signMessage: z.strictObject({
    message: Base58Schema.check(z.minLength(1), z.maxLength(MAX_MESSAGE_LENGTH * 2)),
    pubkey: SolanaAddressSchema,
  }),
  solana_signTransaction: z.strictObject({
    transaction: SolanaTransactionSchema,
    chainId: SolanaChainIdSchema,
  }),
  solana_signAndSendTransaction: z.strictObject({
    transaction: SolanaTransactionSchema,
    chainId: SolanaChainIdSchema,
    options: z.optional(SolanaSendOptionsSchema),
  }),
  /** [message (hex of the bytes, or text), signer address] */
  personal_sign: z.tuple([z.string().check(z.maxLength(MAX_MESSAGE_LENGTH * 2)), EvmAddressSchema]),
  /** [signer address, typed data as JSON text or object] */
  eth_signTypedData_v4: z.tuple([
    EvmAddressSchema,
    z.union([z.string().check(z.maxLength(MAX_MESSAGE_LENGTH * 2)), z.record(z.string(), z.unknown())]),
  ]),
  eth_sendTransaction: z.tuple([TransactionSchema]),
  wallet_sendCalls: z.tuple([
    z.looseObject({
      version: z.optional(z.string().check(z.maxLength(16))),
      chainId: z.optional(QuantitySchema),
      from: z.optional(EvmAddressSchema),
      calls: z.array(CallSchema).check(z.minLength(1), z.maxLength(64)),
    }),
  ]),
} as const;

type SpecificMethod = keyof typeof specific;

function methodSchema<M extends string>(method: M) {
  const params = (specific as Record<string, z.ZodMiniType>)[method];
  return z.strictObject({
    method: z.literal(method),
    params: params
      ? params.check(z.refine((p) => isBoundedJson(p), 'RPC params are not bounded JSON'))
      : GenericParamsSchema,
  });
}

const ALL_METHODS = [...SAFE_RPC_METHODS, ...UNSAFE_RPC_METHODS];

export type RpcRequestPayload = {
  [M in (typeof ALL_METHODS)[number]]: {
    method: M;
    params?: M extends SpecificMethod ? z.infer<(typeof specific)[M]> : unknown;
  };
}[(typeof ALL_METHODS)[number]];

/** `{method, params}` for the enumerated methods only (spec §5, §6). */
export const RpcRequestPayloadSchema: z.ZodMiniType<RpcRequestPayload, RpcRequestPayload> =
  z.discriminatedUnion(
    'method',
    ALL_METHODS.map((m) => methodSchema(m)) as unknown as [
      ReturnType<typeof methodSchema>,
      ...ReturnType<typeof methodSchema>[],
    ],
  ) as unknown as z.ZodMiniType<RpcRequestPayload, RpcRequestPayload>;

/** The RPC result the frame sends back: any bounded JSON value. */
export const RpcResultSchema = z.strictObject({
  result: z.unknown().check(z.refine((r) => isBoundedJson(r), 'RPC result is not bounded JSON')),
});
