/** Business constants and limits of spec §9, by name. Nothing in the kit retypes these numbers. */

export const SDK_VERSION = '5.1.11';
export const DEFAULT_SDK_TYPE = 'keyway';

// Wallet search and listing
export const WALLET_SEARCH_PAGE = 1;
export const WALLET_SEARCH_ENTRIES = 100;
/** Minimum wait between wallet-search requests. */
export const WALLET_SEARCH_MIN_WAIT_MS = 300;
export const WALLETS_PER_PAGE = 40;
export const RECOMMENDED_WALLETS_COUNT = 4;
/**
 * Recommended wallets requested from the explorer: more than are shown, so that one the list already shows
 * (installed, recent) gives its row to the next, and the list keeps the rows it reserved while loading.
 */
export const RECOMMENDED_WALLETS_FETCHED = 2 * RECOMMENDED_WALLETS_COUNT;
export const FEATURED_WALLETS_COUNT = 4;
export const MAX_RECENT_WALLETS = 2;

// Swap
export const SWAP_PROVIDER_FEE_RATE = 0.0085;
/**
 * Swap slippage tolerance. The spec names a shared constant without its value; 1 % is what users of such
 * kits expect by default (decision recorded here and in docs).
 */
export const SWAP_SLIPPAGE_TOLERANCE_PERCENT = 1;
export const APPROVAL_GAS_ESTIMATE_UNITS = 150_000n;
/** A quote older than this is fetched again before a swap uses it. */
export const SWAP_QUOTE_MAX_AGE_MS = 30_000;
/** The wait after the last keystroke before a swap quote is fetched. */
export const SWAP_QUOTE_DEBOUNCE_MS = 400;
/** Price impact above which the Swap view warns, and above which it asks for a confirmation (percent). */
export const SWAP_PRICE_IMPACT_WARN_PERCENT = 1;
export const SWAP_PRICE_IMPACT_CONFIRM_PERCENT = 5;
/** An EIP-2612 permit signed for a swap is valid this long (seconds). */
export const SWAP_PERMIT_DEADLINE_SECONDS = 20 * 60;
/** A signed permit closer than this to its deadline is not used; the user signs a new one (seconds). */
export const SWAP_PERMIT_MIN_REMAINING_SECONDS = 60;
/** The slippage choices the Swap view offers (percent); the default is SWAP_SLIPPAGE_TOLERANCE_PERCENT. */
export const SWAP_SLIPPAGE_CHOICES = [0.5, 1, 3] as const;
/**
 * The default `swapRouters` option: the 1inch Aggregation Router v6 (the router the hosted Blockchain API
 * builds swaps for), deployed at one address on these networks. Elsewhere no router is trusted until the
 * host names one.
 */
export const DEFAULT_SWAP_ROUTERS: Readonly<Record<string, readonly `0x${string}`[]>> = Object.freeze(
  Object.fromEntries(
    [1, 10, 56, 100, 137, 8453, 42161, 43114].map((id) => [
      `eip155:${id}`,
      ['0x111111125421cA6dc452d289314280a0f8842A65' as const],
    ]),
  ),
);
export const SOLANA_GAS_DIVISOR = 1e9;
export const LAMPORTS_PER_SOL = 1_000_000_000n;
/** SOL has 9 decimals: lamports are its units. */
export const SOL_DECIMALS = 9;
export const TARGET_AMOUNT_DISPLAY_DECIMALS = 6;
export const MESSAGE_AMOUNT_DISPLAY_DECIMALS = 3;

// Modal and connection
export const SHAKE_DURATION_MS = 500;
export const EMAIL_LOGIN_COOLDOWN_MS = 30_000;
export const PAIRING_LIFETIME_MS = 4 * 60 * 1000;
/** A pairing is treated as expired when this much time or less remains. */
export const PAIRING_EXPIRY_MARGIN_MS = 10_000;

// On-ramp fallback (used when options or quote calls fail)
export const ONRAMP_FALLBACK_PAYMENT_LIMITS = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
] as const;
export const ONRAMP_FALLBACK_PAYMENT_CURRENCIES = ['USD', 'EUR'] as const;
export const ONRAMP_FALLBACK_PURCHASE = { symbol: 'USDC', chainIds: [1, 137] } as const;
/** On-ramp (the kit's own, the spec has none): quote debounce, history polling while the provider page is open,
 * and how long to wait for the purchase before "still waiting". */
export const ONRAMP_DEBOUNCE_MS = 400;
export const ONRAMP_POLL_MS = 3000;
export const ONRAMP_WAIT_LIMIT_MS = 5 * 60_000;

export const ACCOUNT_CURRENCY_UNIT = 'usd';
export const DEFAULT_LOG_LEVEL = 'error';

/** EVM chain ids the secure frame supports (spec §9 names these; hosts may add local ones). */
export const SECURE_FRAME_EVM_CHAIN_IDS = [1, 10, 56, 137, 8453, 42161] as const;
export const SECURE_FRAME_SOLANA_NETWORKS = [
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
] as const;

/**
 * Account-name suffix. The spec keeps the value unshown; Keyway uses `.kw.id` for names registered through
 * the reference name service (decision recorded here and in docs).
 */
export const NAME_SUFFIX = '.kw.id';

export const CONNECTOR_IDS = {
  walletConnect: 'walletConnect',
  injected: 'injected',
  announced: 'announced',
  coinbaseWallet: 'coinbaseWallet',
  coinbaseWalletSDK: 'coinbaseWalletSDK',
  safe: 'safe',
  ledger: 'ledger',
  eip6963: 'eip6963',
  auth: 'w3mAuth',
} as const;
export type ConnectorId = (typeof CONNECTOR_IDS)[keyof typeof CONNECTOR_IDS];

export const CONNECTOR_NAMES: Partial<Record<ConnectorId, string>> = {
  injected: 'Browser Wallet',
  walletConnect: 'WalletConnect',
  coinbaseWallet: 'Coinbase',
  coinbaseWalletSDK: 'Coinbase',
  ledger: 'Ledger',
  safe: 'Safe',
};

export const DEFAULT_CHAIN_ID = 1;
/** Name registration: chain ids must be below 2^31; the coin type is the chain id with the high bit set. */
export const NAME_REGISTRATION_CHAIN_ID_LIMIT = 2147483648;

// Not in the spec (our decision): token balances shown again (the Account view opened, the token picker) are
// fetched again once they are older than this; the last ones stay on screen meanwhile.
export const BALANCES_MAX_AGE_MS = 10_000;
// Also ours: the send flow validates the amount against the balances, so they may be at most this old when
// one of its views opens (funds that arrived from elsewhere a moment ago are not "insufficient").
export const SEND_BALANCES_MAX_AGE_MS = 2_000;

// Underlying library defaults (spec §9). The kit sets them itself where it builds the client or calls the action,
// so an update of viem or wagmi cannot change them unseen: the HTTP transports' timeout and retries, the receipt
// wait (send, swap), the base-fee multiplier (every EVM network's chain) and the multicall batch (a built config).
export const HTTP_TIMEOUT_MS = 10_000;
export const HTTP_RETRY_COUNT = 3;
export const HTTP_RETRY_DELAY_MS = 150;
/**
 * The longest polling interval (block and receipt polling). viem polls a chain of known short block time more
 * often (half its block time, at least 500 ms): a receipt on a 2 s chain is seen within a second, not four.
 */
export const POLLING_INTERVAL_MS = 4_000;
export const RECEIPT_TIMEOUT_MS = 180_000;
export const RECEIPT_RETRY_COUNT = 6;
export const BASE_FEE_MULTIPLIER = 1.2;
/** The multicall batch of a built wagmi config: reads of one tick grouped up to this many bytes of call data. */
export const MULTICALL_BATCH_BYTES = 1_024;

/** Native-token placeholder address used in CAIP-10 token ids (API.md). */
export const EVM_NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
export const SOLANA_NATIVE_TOKEN_ADDRESS = 'So11111111111111111111111111111111111111111';

/** The embedded wallet's connector name (the "Email & Social" wallet of the lists), an identifier in stores and events. */
export const AUTH_CONNECTOR_NAME = 'Email & Social';
/** The name of a paired phone wallet's Solana side in the Solana adapter (chains/solana/paired-wallet.ts). */
export const PAIRED_SOLANA_WALLET_NAME = 'WalletConnect';

/**
 * The default `onrampProviderOrigins` option: the origins of the on-ramp providers whose pages the kit opens
 * (the hosted Blockchain API's `/v1/generators/onrampurl` builds Coinbase Onramp URLs). A provider URL of
 * any other origin is refused before the window goes there.
 */
export const DEFAULT_ONRAMP_PROVIDER_ORIGINS: readonly string[] = Object.freeze(['https://pay.coinbase.com']);

/**
 * Not in the spec: how long a remembered connection counts as being restored (the account's status
 * 'reconnecting', the Connect button's restoring face) when no reconnect starts, e.g. a host's own
 * WagmiProvider with `reconnectOnMount` off. A reconnect that starts in time ends the state itself.
 */
export const RESTORE_LIMIT_MS = 5_000;
