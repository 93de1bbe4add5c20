/**
 * Zod schemas mirroring the hosted services' request and response shapes (the service contract). The contract tests validate every response
 * of the reference server against these; they are deliberately strict about required fields and types.
 */
import { z } from 'zod';

const decimalString = z.string().regex(/^\d+(\.\d+)?$/);
const intString = z.string().regex(/^\d+$/);
const caip2 = z.string().regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/);
const caip10 = z.string().regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/);
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/);
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
const imageUrl = z.string().regex(/^(https:|data:image\/|blob:|http:\/\/127\.0\.0\.1)/);

export const errorSchema = z.object({
  status: z.literal('FAILED'),
  reasons: z.array(z.object({ field: z.string(), description: z.string().min(1) })).min(1),
});

export const identitySchema = z.object({ name: z.string().nullable(), avatar: z.string().nullable() });

export const balanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: caip2,
  address: caip10.optional(),
  value: z.number().optional(),
  price: z.number(),
  quantity: z.object({ decimals: intString, numeric: decimalString }),
  iconUrl: imageUrl,
});
export const balancesSchema = z.object({ balances: z.array(balanceSchema) });

export const transferSchema = z.object({
  fungible_info: z
    .object({ name: z.string(), symbol: z.string(), icon: z.object({ url: imageUrl }) })
    .optional(),
  nft_info: z
    .object({
      name: z.string(),
      content: z.object({ preview: z.object({ url: imageUrl }) }),
      flags: z.object({ is_spam: z.boolean() }),
    })
    .optional(),
  direction: z.enum(['in', 'out', 'self']),
  quantity: z.object({ numeric: decimalString }),
  value: z.number().optional(),
  price: z.number().optional(),
});
export const transactionSchema = z.object({
  id: z.string().min(1),
  metadata: z.object({
    operationType: z.string(),
    hash: hex,
    chain: caip2,
    minedAt: z.iso.datetime(),
    sentFrom: address,
    sentTo: address,
    status: z.enum(['confirmed', 'failed', 'pending']),
    nonce: z.number().int(),
  }),
  transfers: z.array(transferSchema),
});
export const historySchema = z.object({ data: z.array(transactionSchema), next: z.string().nullable() });

const base58Address = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
/**
 * A Solana account's history item: the same shape, with the transaction signature (base58) as `hash`, base58
 * addresses, and `nonce` 0 (Solana transactions have no account nonce).
 */
export const solanaTransactionSchema = transactionSchema.extend({
  metadata: transactionSchema.shape.metadata.extend({
    hash: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,90}$/),
    chain: z.string().regex(/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/),
    sentFrom: base58Address,
    sentTo: base58Address,
    nonce: z.literal(0),
  }),
});
export const solanaHistorySchema = z.object({
  data: z.array(solanaTransactionSchema),
  next: z.string().nullable(),
});

export const tokensSchema = z.object({
  tokens: z.array(
    z.object({
      name: z.string(),
      symbol: z.string(),
      address: caip10,
      decimals: z.number().int(),
      logoUri: imageUrl,
      eip2612: z.boolean().optional(),
    }),
  ),
});

export const quotesSchema = z.object({
  quotes: z
    .array(
      z.object({
        id: z.string(),
        fromAmount: intString,
        fromAccount: caip10,
        toAmount: intString,
        toAccount: caip10,
      }),
    )
    .min(1),
});

export const pricesSchema = z.object({
  fungibles: z.array(
    z.object({ name: z.string(), symbol: z.string(), iconUrl: imageUrl, price: z.number() }),
  ),
});

export const allowanceSchema = z.object({ allowance: intString });
export const gasPriceSchema = z.object({ standard: intString, fast: intString, instant: intString });

const gasFields = z.object({ gas: intString, gasPrice: intString });
export const buildTransactionSchema = z.object({
  tx: z.object({ from: address, to: address, data: hex, amount: intString, eip155: gasFields }),
});
export const buildApproveSchema = z.object({
  tx: z.object({ from: address, to: address, data: hex, value: intString, eip155: gasFields }),
});

export const profileSchema = z.object({
  name: z.string(),
  registered: z.number(),
  updated: z.number(),
  addresses: z.record(intString, z.object({ address, created: z.number() })),
  attributes: z.array(z.object({ avatar: z.string().optional(), bio: z.string().optional() })),
});
export const reverseSchema = z.array(profileSchema);
export const suggestionsSchema = z.object({
  suggestions: z.array(z.object({ name: z.string(), registered: z.boolean() })),
});

export const onrampUrlSchema = z.object({ url: z.url() });
export const onrampOptionsSchema = z.object({
  paymentCurrencies: z.array(
    z.object({
      id: z.string(),
      payment_method_limits: z.array(z.object({ id: z.string(), min: decimalString, max: decimalString })),
    }),
  ),
  purchaseCurrencies: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      symbol: z.string(),
      networks: z.array(
        z.object({
          name: z.string(),
          display_name: z.string(),
          chain_id: z.string(),
          contract_address: z.string(),
        }),
      ),
    }),
  ),
});
const money = z.object({ amount: decimalString, currency: z.string() });
export const onrampQuoteSchema = z.object({
  paymentTotal: money,
  paymentSubtotal: money,
  purchaseAmount: money,
  coinbaseFee: money,
  networkFee: money,
  quoteId: z.string(),
});

export const jsonRpcResponseSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.number(), z.string(), z.null()]),
  result: z.unknown().optional(),
  error: z.object({ code: z.number(), message: z.string() }).optional(),
});

export const walletSchema = z.object({
  id: z.string(),
  name: z.string(),
  homepage: z.string().optional(),
  image_id: z.string().optional(),
  image_url: z.string().optional(),
  order: z.number().optional(),
  mobile_link: z.string().optional(),
  desktop_link: z.string().optional(),
  webapp_link: z.string().optional(),
  app_store: z.string().optional(),
  play_store: z.string().optional(),
  chrome_store: z.string().optional(),
  rdns: z.string().optional(),
  injected: z
    .array(z.object({ namespace: z.string().optional(), injected_id: z.string().optional() }))
    .optional(),
});
export const walletsSchema = z.object({ data: z.array(walletSchema), count: z.number().int() });
export const analyticsConfigSchema = z.object({ isAnalyticsEnabled: z.boolean() });
