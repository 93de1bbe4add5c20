/**
 * zod schemas of the Blockchain API and the wallet explorer (the request and response shapes of the hosted services).
 * Every response is parsed through these before the kit uses it. Strings are untrusted: they are capped in
 * length and stripped of control/bidi characters; unsafe links and image URLs are dropped, not followed.
 *
 * Written with zod/mini (functions and checks, no chainable methods): these schemas need no part of zod's
 * classic API.
 */
import { isValidSolanaAddress } from '../core/format';
import { capText } from '../core/text';
import { isSafeHttpsLink, isSafeImageUrl, isSafeWalletLink } from '../core/url';
import { z } from '../core/zod-mini';

// ---------------------------------------------------------------- helpers

/** `schema` followed by `fn` on its output (the classic API's `.transform(fn)`). */
function map<S extends z.ZodMiniType, O>(schema: S, fn: (value: z.output<S>) => O) {
  return z.pipe(schema, z.transform(fn));
}

/** A display string from an untrusted source: required, cleaned and capped by core/text's rule. */
export const text = (max: number) => map(z.string(), (s) => capText(s, max));
/** Optional display string: null/absent become undefined. */
const optText = (max: number) => map(z.nullish(z.string()), (s) => (s == null ? undefined : capText(s, max)));

/** An image URL that is dropped (undefined) unless https:, data:image/ or localhost http:. */
const optImage = map(z.optional(z.unknown()), (v) => (isSafeImageUrl(v) ? v : undefined));
/** An https: link that is dropped unless safe. */
const optHttpsLink = map(z.optional(z.unknown()), (v) => (isSafeHttpsLink(v) ? v : undefined));
/** A deep link (https: or the wallet's own scheme) that is dropped unless safe. */
const optWalletLink = map(z.optional(z.unknown()), (v) => (isSafeWalletLink(v) ? v : undefined));

/** Decimal string (`"12.5"`, `"0"`, `"-1.2"`): amounts are never parsed through floats. */
export const decimalString = map(z.union([z.string(), z.number()]), (v) =>
  typeof v === 'number' ? numberToPlainString(v) : v.trim(),
).check(z.refine((v) => /^-?\d+(\.\d+)?$/.test(v), { message: 'expected a decimal string' }));
/** Integer string in the smallest unit (wei, lamports): `"1000000000"`. */
export const integerString = map(z.union([z.string(), z.int().check(z.nonnegative())]), (v) =>
  typeof v === 'number' ? numberToPlainString(v) : v.trim(),
).check(z.refine((v) => /^\d+$/.test(v), { message: 'expected an integer string' }));

function numberToPlainString(n: number): string {
  if (!Number.isFinite(n)) return 'NaN';
  // Avoid exponent notation for the rare API that sends numbers: 1e21 -> "1000000000000000000000".
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

const num = map(z.union([z.number(), z.string().check(z.regex(/^-?\d+(\.\d+)?$/))]), (v) => Number(v));
const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/, 'expected 0x-prefixed hex'));
const evmAddress = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'expected an EVM address'));

// ---------------------------------------------------------------- errors

export const apiErrorBodySchema = z.object({
  status: z.literal('FAILED'),
  reasons: z._default(
    z.array(
      z.object({
        field: z.catch(z.optional(z.string()), undefined),
        description: text(300),
      }),
    ),
    [],
  ),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

// ---------------------------------------------------------------- Blockchain API

export const identitySchema = z.object({
  name: map(optText(100), (v) => v ?? null),
  avatar: map(optImage, (v) => v ?? null),
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
    address: map(z.nullish(z.string().check(z.maxLength(128))), (v) => v ?? undefined),
    value: map(z.nullish(num), (v) => v ?? undefined),
    price: map(z.nullish(num), (v) => v ?? 0),
    quantity: z.object({
      decimals: map(z.union([z.int(), z.string().check(z.regex(/^\d+$/))]), (v) => Number(v)),
      /** Whole units as a decimal string. */
      numeric: decimalString,
    }),
    iconUrl: map(optImage, (v) => v ?? ''),
  })
  .check(
    z.refine((b) => b.address === undefined || isTokenIdOn(b.chainId, b.address), {
      message: "expected a CAIP-10 token address on the balance's network",
      path: ['address'],
    }),
  );
export type Balance = z.infer<typeof balanceSchema>;
/**
 * The balance list: one malformed entry (an unparseable token address, a bad quantity) is left out rather
 * than failing every balance; a body that is not such a list still fails as a whole.
 */
export const balancesResponseSchema = z.object({
  balances: map(z.array(z.unknown()), (items) =>
    items.flatMap((item) => {
      const parsed = balanceSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    }),
  ),
});

export const transferSchema = z.object({
  fungible_info: map(
    z.nullish(
      z.object({
        name: optText(64),
        symbol: optText(16),
        icon: map(z.nullish(z.object({ url: optImage })), (v) => v ?? undefined),
      }),
    ),
    (v) => v ?? undefined,
  ),
  nft_info: map(
    z.nullish(
      z.object({
        name: optText(64),
        content: map(
          z.nullish(
            z.object({
              preview: map(z.nullish(z.object({ url: optImage })), (v) => v ?? undefined),
            }),
          ),
          (v) => v ?? undefined,
        ),
        flags: map(
          z.nullish(
            z.object({
              is_spam: map(z.nullish(z.boolean()), (v) => v ?? false),
            }),
          ),
          (v) => v ?? { is_spam: false },
        ),
      }),
    ),
    (v) => v ?? undefined,
  ),
  direction: z.enum(['in', 'out', 'self']),
  quantity: z.object({ numeric: decimalString }),
  value: map(z.nullish(num), (v) => v ?? undefined),
  price: map(z.nullish(num), (v) => v ?? undefined),
});
export type Transfer = z.infer<typeof transferSchema>;

export const transactionSchema = z.object({
  id: z.string().check(z.minLength(1)),
  metadata: z.object({
    operationType: map(optText(32), (v) => v ?? 'unknown'),
    hash: z.string().check(z.maxLength(128)),
    /** CAIP-2 network id. */
    chain: z.string().check(z.maxLength(64)),
    /** ISO-8601 time. */
    minedAt: z.string().check(z.maxLength(64)),
    sentFrom: z.string().check(z.maxLength(128)),
    sentTo: z.string().check(z.maxLength(128)),
    /** 'confirmed' | 'failed' | 'pending' (other values are shown as they come). */
    status: text(32),
    nonce: map(z.nullish(z.int()), (v) => v ?? undefined),
  }),
  transfers: z._default(z.array(transferSchema), []),
});
export type Transaction = z.infer<typeof transactionSchema>;
export const transactionsResponseSchema = z.object({
  data: z.array(transactionSchema),
  next: map(z.nullish(z.string()), (v) => (v ? v : null)),
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
  address: z.string().check(z.minLength(1), z.maxLength(128)),
  decimals: z.int().check(z.gte(0), z.lte(36)),
  logoUri: map(optImage, (v) => v ?? ''),
  eip2612: z.optional(z.boolean()),
});
export type SwapToken = z.infer<typeof swapTokenSchema>;
export const swapTokensResponseSchema = z.object({ tokens: z.array(swapTokenSchema) });

export const swapQuoteSchema = z.object({
  id: map(z.nullish(z.string()), (v) => v ?? null),
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
  iconUrl: map(optImage, (v) => v ?? ''),
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
    z.object({
      address: z.string().check(z.maxLength(128)),
      created: z.optional(z.union([z.number(), z.string()])),
    }),
  ),
  attributes: map(z.nullish(z.array(z.object({ avatar: optImage, bio: optText(300) }))), (v) => v ?? []),
});
export type Profile = z.infer<typeof profileSchema>;
/** `GET /v1/profile/reverse/{address}`: the names of an address. */
export const profileListSchema = z.array(profileSchema);

export const nameSuggestionSchema = z.object({ name: text(255), registered: z.boolean() });
export type NameSuggestion = z.infer<typeof nameSuggestionSchema>;
export const nameSuggestionsResponseSchema = z.object({ suggestions: z.array(nameSuggestionSchema) });

export const registerNameBodySchema = z.object({
  coin_type: z.int().check(z.nonnegative()),
  address: z.string().check(z.minLength(1)),
  /** JSON `{name, attributes, timestamp, coinType, address, nonce, chainId}`, signed as EIP-712 typed data. */
  message: z.string().check(z.minLength(1)),
  signature: hex,
});
export type RegisterNameBody = z.infer<typeof registerNameBodySchema>;

export const onrampUrlBodySchema = z.object({
  destinationWallets: z
    .array(z.object({ address: z.string(), blockchains: z.array(z.string()), assets: z.array(z.string()) }))
    .check(z.minLength(1)),
  defaultNetwork: z.string(),
  partnerUserId: z.string(),
  defaultExperience: z._default(z.literal('buy'), 'buy'),
  presetCryptoAmount: z.optional(z.number()),
  presetFiatAmount: z.optional(z.number()),
});
export type OnrampUrlBody = z.input<typeof onrampUrlBodySchema>;
export const onrampUrlResponseSchema = z.object({
  url: z.string().check(z.refine((v) => isSafeHttpsLink(v), { message: 'expected an https: URL' })),
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
      chain_id: map(z.union([z.string(), z.number()]), String),
      contract_address: z.string().check(z.maxLength(128)),
    }),
  ),
});
export type PurchaseCurrency = z.infer<typeof purchaseCurrencySchema>;
export const onrampOptionsSchema = z.object({
  paymentCurrencies: z.array(paymentCurrencySchema),
  purchaseCurrencies: z.array(purchaseCurrencySchema),
  /** Set by the client when the service failed and the spec §9 fallback is shown. */
  fallback: z.optional(z.boolean()),
});
export type OnrampOptions = z.infer<typeof onrampOptionsSchema>;

export const onrampQuoteBodySchema = z.object({
  purchaseCurrency: z.string().check(z.minLength(1)),
  paymentCurrency: z.string().check(z.minLength(1)),
  amount: decimalString,
  network: z.string().check(z.minLength(1)),
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
  fallback: z.optional(z.boolean()),
});
export type OnrampQuote = z.infer<typeof onrampQuoteSchema>;

// ---------------------------------------------------------------- wallet explorer

export const MAX_WALLET_NAME = 64;

/**
 * One explorer wallet. Untrusted: names are capped, unsafe links/images are dropped (the field becomes
 * undefined), and entries without an id or name are dropped by `parseWalletList`.
 */
export const explorerWalletSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(128)),
  name: text(MAX_WALLET_NAME).check(z.refine((s) => s.length > 0, { message: 'expected a wallet name' })),
  homepage: optHttpsLink,
  image_id: z.catch(z.optional(z.string().check(z.regex(/^[-_a-zA-Z0-9]{1,128}$/))), undefined),
  image_url: optImage,
  order: z.catch(z.optional(z.number()), undefined),
  mobile_link: optWalletLink,
  desktop_link: optWalletLink,
  webapp_link: optHttpsLink,
  app_store: optHttpsLink,
  play_store: optHttpsLink,
  chrome_store: optHttpsLink,
  rdns: z.catch(
    z.optional(z.string().check(z.regex(/^[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)+$/), z.maxLength(128))),
    undefined,
  ),
  injected: z.catch(
    z.optional(
      z.array(
        z.object({
          namespace: z.catch(z.optional(z.string().check(z.maxLength(32))), undefined),
          injected_id: z.catch(z.optional(z.string().check(z.maxLength(128))), undefined),
        }),
      ),
    ),
    undefined,
  ),
});
export type ExplorerWallet = z.infer<typeof explorerWalletSchema>;

/** `{data, count}`: bad entries are dropped one by one, never the whole page. */
export const walletListResponseSchema = map(
  z.object({
    data: z.array(z.unknown()),
    count: z.int().check(z.nonnegative()),
  }),
  ({ data, count }) => ({ data: parseWalletList(data), count }),
);

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
  eventId: z.string().check(z.minLength(1)),
  url: z.string(),
  domain: z.string(),
  timestamp: z.number(),
  props: z.object({
    type: z.literal('track'),
    event: z.string().check(z.minLength(1)),
    properties: z.optional(z.record(z.string(), z.unknown())),
  }),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

export { evmAddress as evmAddressSchema };

/** A response whose body the kit does not read (`POST /e`). */
export const anyResponseSchema = z.unknown();
