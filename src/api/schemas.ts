/**
 * zod schemas of the Blockchain API and the wallet explorer (the request and response shapes of the hosted services).
 * Every response is parsed through these before the kit uses it. Strings are untrusted: they are capped in
 * length and stripped of control/bidi characters; unsafe links and image URLs are dropped, not followed.
 */
import { isValidSolanaAddress } from '../core/format';
import { capText } from '../core/text';
import { isSafeHttpsLink, isSafeImageUrl, isSafeWalletLink } from '../core/url';
import { z } from '../core/zod';

// ---------------------------------------------------------------- helpers

/** A display string from an untrusted source: required, cleaned and capped by core/text's rule. */
export const text = (max: number) => z.string().transform((s) => capText(s, max));
/** Optional display string: null/absent become undefined. */
const optText = (max: number) =>
  z
    .string()
    .nullish()
    .transform((s) => (s == null ? undefined : capText(s, max)));

/** An image URL that is dropped (undefined) unless https:, data:image/ or localhost http:. */
const optImage = z
  .unknown()
  .optional()
  .transform((v) => (isSafeImageUrl(v) ? v : undefined));
/** An https: link that is dropped unless safe. */
const optHttpsLink = z
  .unknown()
  .optional()
  .transform((v) => (isSafeHttpsLink(v) ? v : undefined));
/** A deep link (https: or the wallet's own scheme) that is dropped unless safe. */
const optWalletLink = z
  .unknown()
  .optional()
  .transform((v) => (isSafeWalletLink(v) ? v : undefined));

/** Decimal string (`"12.5"`, `"0"`, `"-1.2"`): amounts are never parsed through floats. */
export const decimalString = z
  .union([z.string(), z.number()])
  .transform((v) => (typeof v === 'number' ? numberToPlainString(v) : v.trim()))
  .refine((v) => /^-?\d+(\.\d+)?$/.test(v), { message: 'expected a decimal string' });
/** Integer string in the smallest unit (wei, lamports): `"1000000000"`. */
export const integerString = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform((v) => (typeof v === 'number' ? numberToPlainString(v) : v.trim()))
  .refine((v) => /^\d+$/.test(v), { message: 'expected an integer string' });

function numberToPlainString(n: number): string {
  if (!Number.isFinite(n)) return 'NaN';
  // Avoid exponent notation for the rare API that sends numbers: 1e21 -> "1000000000000000000000".
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

const num = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).transform((v) => Number(v));
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/, 'expected 0x-prefixed hex');
const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected an EVM address');

// ---------------------------------------------------------------- errors

export const apiErrorBodySchema = z.object({
  status: z.literal('FAILED'),
  reasons: z
    .array(
      z.object({
        field: z.string().optional().catch(undefined),
        description: text(300),
      }),
    )
    .default([]),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

// ---------------------------------------------------------------- Blockchain API

export const identitySchema = z.object({
  name: optText(100).transform((v) => v ?? null),
  avatar: optImage.transform((v) => v ?? null),
});
export type Identity = z.infer<typeof identitySchema>;

/**
 * Whether `address` is a CAIP-10 token id on the CAIP-2 network `chainId`: the same network, and an account
 * part that is an address of that namespace (EVM: 20 bytes hex; Solana: a base58 public key).
 */
export function isTokenIdOn(chainId: string, address: string): boolean {
  const prefix = `${chainId}:`;
  if (!address.startsWith(prefix)) return false;
  const account = address.slice(prefix.length);
  if (chainId.startsWith('eip155:')) return /^0x[0-9a-fA-F]{40}$/.test(account);
  if (chainId.startsWith('solana:')) return isValidSolanaAddress(account);
  return false;
}

export const balanceSchema = z
  .object({
    name: text(64),
    symbol: text(16),
    chainId: z.string(),
    /**
     * CAIP-10 token id on `chainId`; absent for the native token. "Native" is only ever the absence of an
     * address: a token whose address does not parse is refused here, never taken for the native coin.
     */
    address: z
      .string()
      .max(128)
      .nullish()
      .transform((v) => v ?? undefined),
    value: num.nullish().transform((v) => v ?? undefined),
    price: num.nullish().transform((v) => v ?? 0),
    quantity: z.object({
      decimals: z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform((v) => Number(v)),
      /** Whole units as a decimal string. */
      numeric: decimalString,
    }),
    iconUrl: optImage.transform((v) => v ?? ''),
  })
  .refine((b) => b.address === undefined || isTokenIdOn(b.chainId, b.address), {
    message: "expected a CAIP-10 token address on the balance's network",
    path: ['address'],
  });
export type Balance = z.infer<typeof balanceSchema>;
/**
 * The balance list: one malformed entry (an unparseable token address, a bad quantity) is left out rather
 * than failing every balance; a body that is not such a list still fails as a whole.
 */
export const balancesResponseSchema = z.object({
  balances: z.array(z.unknown()).transform((items) =>
    items.flatMap((item) => {
      const parsed = balanceSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    }),
  ),
});

export const transferSchema = z.object({
  fungible_info: z
    .object({
      name: optText(64),
      symbol: optText(16),
      icon: z
        .object({ url: optImage })
        .nullish()
        .transform((v) => v ?? undefined),
    })
    .nullish()
    .transform((v) => v ?? undefined),
  nft_info: z
    .object({
      name: optText(64),
      content: z
        .object({
          preview: z
            .object({ url: optImage })
            .nullish()
            .transform((v) => v ?? undefined),
        })
        .nullish()
        .transform((v) => v ?? undefined),
      flags: z
        .object({
          is_spam: z
            .boolean()
            .nullish()
            .transform((v) => v ?? false),
        })
        .nullish()
        .transform((v) => v ?? { is_spam: false }),
    })
    .nullish()
    .transform((v) => v ?? undefined),
  direction: z.enum(['in', 'out', 'self']),
  quantity: z.object({ numeric: decimalString }),
  value: num.nullish().transform((v) => v ?? undefined),
  price: num.nullish().transform((v) => v ?? undefined),
});
export type Transfer = z.infer<typeof transferSchema>;

export const transactionSchema = z.object({
  id: z.string().min(1),
  metadata: z.object({
    operationType: optText(32).transform((v) => v ?? 'unknown'),
    hash: z.string().max(128),
    /** CAIP-2 network id. */
    chain: z.string().max(64),
    /** ISO-8601 time. */
    minedAt: z.string().max(64),
    sentFrom: z.string().max(128),
    sentTo: z.string().max(128),
    /** 'confirmed' | 'failed' | 'pending' (other values are shown as they come). */
    status: text(32),
    nonce: z
      .number()
      .int()
      .nullish()
      .transform((v) => v ?? undefined),
  }),
  transfers: z.array(transferSchema).default([]),
});
export type Transaction = z.infer<typeof transactionSchema>;
export const transactionsResponseSchema = z.object({
  data: z.array(transactionSchema),
  next: z
    .string()
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type TransactionsPage = z.infer<typeof transactionsResponseSchema>;

/** A transaction is hidden from history when any of its NFT transfers is flagged as spam. */
export function isSpamTransaction(tx: Transaction): boolean {
  return tx.transfers.some((t) => t.nft_info?.flags.is_spam === true);
}

export const swapTokenSchema = z.object({
  name: text(64),
  symbol: text(16),
  /** CAIP-10 token id. */
  address: z.string().min(1).max(128),
  decimals: z.number().int().min(0).max(36),
  logoUri: optImage.transform((v) => v ?? ''),
  eip2612: z.boolean().optional(),
});
export type SwapToken = z.infer<typeof swapTokenSchema>;
export const swapTokensResponseSchema = z.object({ tokens: z.array(swapTokenSchema) });

export const swapQuoteSchema = z.object({
  id: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  fromAmount: integerString,
  fromAccount: z.string(),
  toAmount: integerString,
  toAccount: z.string(),
});
export type SwapQuote = z.infer<typeof swapQuoteSchema>;
export const swapQuotesResponseSchema = z.object({ quotes: z.array(swapQuoteSchema) });

export const fungiblePriceSchema = z.object({
  name: text(64),
  symbol: text(16),
  iconUrl: optImage.transform((v) => v ?? ''),
  price: num,
});
export type FungiblePrice = z.infer<typeof fungiblePriceSchema>;
export const fungiblePriceResponseSchema = z.object({ fungibles: z.array(fungiblePriceSchema) });

export const allowanceSchema = z.object({ allowance: integerString });
export type Allowance = z.infer<typeof allowanceSchema>;

export const gasPriceSchema = z.object({
  standard: integerString,
  fast: integerString,
  instant: integerString,
});
export type GasPrice = z.infer<typeof gasPriceSchema>;

const eip155Gas = z.object({ gas: integerString, gasPrice: integerString });

export const swapTransactionSchema = z.object({
  tx: z.object({
    from: z.string(),
    to: z.string(),
    data: hex,
    amount: integerString,
    eip155: eip155Gas,
  }),
});
export type SwapTransaction = z.infer<typeof swapTransactionSchema>['tx'];

export const approveTransactionSchema = z.object({
  tx: z.object({
    from: z.string(),
    to: z.string(),
    data: hex,
    value: integerString,
    eip155: eip155Gas,
  }),
});
export type ApproveTransaction = z.infer<typeof approveTransactionSchema>['tx'];

export const profileSchema = z.object({
  name: text(255),
  registered: num,
  updated: num,
  addresses: z.record(
    z.string(),
    z.object({ address: z.string().max(128), created: z.union([z.number(), z.string()]).optional() }),
  ),
  attributes: z
    .array(z.object({ avatar: optImage, bio: optText(300) }))
    .nullish()
    .transform((v) => v ?? []),
});
export type Profile = z.infer<typeof profileSchema>;
/** `GET /v1/profile/reverse/{address}`: the names of an address. */
export const profileListSchema = z.array(profileSchema);

export const nameSuggestionSchema = z.object({ name: text(255), registered: z.boolean() });
export type NameSuggestion = z.infer<typeof nameSuggestionSchema>;
export const nameSuggestionsResponseSchema = z.object({ suggestions: z.array(nameSuggestionSchema) });

export const registerNameBodySchema = z.object({
  coin_type: z.number().int().nonnegative(),
  address: z.string().min(1),
  /** JSON `{name, attributes, timestamp}`, signed with personal_sign. */
  message: z.string().min(1),
  signature: hex,
});
export type RegisterNameBody = z.infer<typeof registerNameBodySchema>;

export const onrampUrlBodySchema = z.object({
  destinationWallets: z
    .array(z.object({ address: z.string(), blockchains: z.array(z.string()), assets: z.array(z.string()) }))
    .min(1),
  defaultNetwork: z.string(),
  partnerUserId: z.string(),
  defaultExperience: z.literal('buy').default('buy'),
  presetCryptoAmount: z.number().optional(),
  presetFiatAmount: z.number().optional(),
});
export type OnrampUrlBody = z.input<typeof onrampUrlBodySchema>;
export const onrampUrlResponseSchema = z.object({
  url: z.string().refine((v) => isSafeHttpsLink(v), { message: 'expected an https: URL' }),
});

export const paymentCurrencySchema = z.object({
  id: text(16),
  payment_method_limits: z.array(z.object({ id: text(64), min: decimalString, max: decimalString })),
});
export type PaymentCurrency = z.infer<typeof paymentCurrencySchema>;
export const purchaseCurrencySchema = z.object({
  id: text(64),
  name: text(64),
  symbol: text(16),
  networks: z.array(
    z.object({
      name: text(64),
      display_name: text(64),
      chain_id: z.union([z.string(), z.number()]).transform(String),
      contract_address: z.string().max(128),
    }),
  ),
});
export type PurchaseCurrency = z.infer<typeof purchaseCurrencySchema>;
export const onrampOptionsSchema = z.object({
  paymentCurrencies: z.array(paymentCurrencySchema),
  purchaseCurrencies: z.array(purchaseCurrencySchema),
  /** Set by the client when the service failed and the spec §9 fallback is shown. */
  fallback: z.boolean().optional(),
});
export type OnrampOptions = z.infer<typeof onrampOptionsSchema>;

export const onrampQuoteBodySchema = z.object({
  purchaseCurrency: z.string().min(1),
  paymentCurrency: z.string().min(1),
  amount: decimalString,
  network: z.string().min(1),
});
export type OnrampQuoteBody = z.input<typeof onrampQuoteBodySchema>;
const money = z.object({ amount: decimalString, currency: text(16) });
export const onrampQuoteSchema = z.object({
  paymentTotal: money,
  paymentSubtotal: money,
  purchaseAmount: money,
  coinbaseFee: money,
  networkFee: money,
  quoteId: z.string(),
  /** Set by the client when the service failed and a mock quote is shown. */
  fallback: z.boolean().optional(),
});
export type OnrampQuote = z.infer<typeof onrampQuoteSchema>;

// ---------------------------------------------------------------- wallet explorer

export const MAX_WALLET_NAME = 64;

/**
 * One explorer wallet. Untrusted: names are capped, unsafe links/images are dropped (the field becomes
 * undefined), and entries without an id or name are dropped by `parseWalletList`.
 */
export const explorerWalletSchema = z.object({
  id: z.string().min(1).max(128),
  name: text(MAX_WALLET_NAME).refine((s) => s.length > 0, { message: 'expected a wallet name' }),
  homepage: optHttpsLink,
  image_id: z
    .string()
    .regex(/^[-_a-zA-Z0-9]{1,128}$/)
    .optional()
    .catch(undefined),
  image_url: optImage,
  order: z.number().optional().catch(undefined),
  mobile_link: optWalletLink,
  desktop_link: optWalletLink,
  webapp_link: optHttpsLink,
  app_store: optHttpsLink,
  play_store: optHttpsLink,
  chrome_store: optHttpsLink,
  rdns: z
    .string()
    .regex(/^[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)+$/)
    .max(128)
    .optional()
    .catch(undefined),
  injected: z
    .array(
      z.object({
        namespace: z.string().max(32).optional().catch(undefined),
        injected_id: z.string().max(128).optional().catch(undefined),
      }),
    )
    .optional()
    .catch(undefined),
});
export type ExplorerWallet = z.infer<typeof explorerWalletSchema>;

/** `{data, count}`: bad entries are dropped one by one, never the whole page. */
export const walletListResponseSchema = z
  .object({
    data: z.array(z.unknown()),
    count: z.number().int().nonnegative(),
  })
  .transform(({ data, count }) => ({ data: parseWalletList(data), count }));

export function parseWalletList(items: readonly unknown[]): ExplorerWallet[] {
  const out: ExplorerWallet[] = [];
  for (const item of items) {
    const r = explorerWalletSchema.safeParse(item);
    if (r.success) out.push(r.data);
  }
  return out;
}

export const analyticsConfigSchema = z.object({ isAnalyticsEnabled: z.boolean() });
export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;

export const analyticsEventSchema = z.object({
  eventId: z.string().min(1),
  url: z.string(),
  domain: z.string(),
  timestamp: z.number(),
  props: z.object({
    type: z.literal('track'),
    event: z.string().min(1),
    properties: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

export { evmAddress as evmAddressSchema };

/** A response whose body the kit does not read (`POST /e`). */
export const anyResponseSchema = z.unknown();
