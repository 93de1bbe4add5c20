/** The swap store's state, actions and dependencies (spec §3 swap state): the types its parts share. */
import type { Address, Hex } from 'viem';
import type { StoreApi } from 'zustand/vanilla';
import type {
  ApproveTransaction,
  FungiblePrice,
  GasPrice,
  SwapQuote,
  SwapToken,
  SwapTransaction,
} from '../../api/schemas';
import type { PermitContractReader, PermitDomain, PermitTypedData } from '../../chains/evm/permit';
import type { ChainCaller } from '../../chains/evm/swap';
import type { EventBus } from '../../core/events';
import type { KitMessage } from '../../core/messages';
import type { KeywayNetwork } from '../../core/networks';
import type { OutcomeOf } from '../../core/outcomes';
import type { TokenBalance } from '../balances/store';
import type { SwapValidation } from './validation';

/** Spec §3 swap token: the API's token with the account's balance and its price. */
export interface SwapTokenItem {
  /** CAIP-10 id (`eip155:1:0x…`; the native coin is `…:0xeeee…eeee`). */
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  /** Safe image URL or ''. */
  logoUri: string;
  eip2612: boolean;
  /** The account's balance: whole units as a decimal string ("0" when none). */
  quantity: { decimals: string; numeric: string };
  /** USD price of one unit (0 when unknown). */
  price: number;
  /** USD value of the balance. */
  value: number;
  isNative: boolean;
}

/** Spec §3: each of the approval and swap transactions. */
export interface SwapTransactionInfo {
  data: Hex;
  to: Address;
  gas: bigint;
  gasPrice: bigint;
  value: bigint;
  /** The quote's output (target smallest unit) this transaction was built for. */
  toAmount: string;
  /** The signed permit this swap carries (the router's `…WithPermit` call); absent otherwise. */
  permit?: { spender: Address; deadline: bigint; signature: Hex };
}

export type SwapStatus = 'notInitialized' | 'initializing' | 'initialized';
export type ApprovalStatus = 'idle' | 'signing' | 'pending' | 'done' | 'rejected';
/** How the source token's allowance is given: an approval transaction, or an EIP-2612 permit signature. */
export type ApprovalMethod = 'transaction' | 'permit';

/** The permit step of a swap (approvalMethod 'permit'). */
export interface SwapPermit {
  /** The source token's contract and its EIP-712 domain (confirmed against the token). */
  token: Address;
  domain: PermitDomain;
  /** The trusted, permit-capable router allowed to spend exactly `amount`. */
  spender: Address;
  amount: bigint;
  /** Unix seconds; set with the signature once the user signed. */
  deadline: bigint | null;
  signature: Hex | null;
}

export interface SwapState {
  status: SwapStatus;
  /** The API's tokens of the network, and the account's own tokens (with a balance) among them. */
  tokens: SwapTokenItem[];
  myTokensWithBalance: SwapTokenItem[];
  sourceToken: SwapTokenItem | null;
  /** Exactly as typed. */
  sourceTokenAmount: string;
  sourceTokenPriceInUSD: number;
  toToken: SwapTokenItem | null;
  /** The quote's output for display (at most 6 decimals, spec §9). */
  toTokenAmount: string;
  toTokenPriceInUSD: number;
  /** The network token's USD price, balance in USD and symbol. */
  networkPrice: string;
  networkBalanceInUSD: string;
  networkTokenSymbol: string;
  inputError: KitMessage | null;
  /** Slippage tolerance in percent. */
  slippage: number;
  /** The most the output may fall short of the quote (target units, decimal string). */
  maxSlippage: string | null;
  /** The network fee in wei (null while unknown). */
  gasFee: bigint | null;
  /**
   * The network fee in USD (null while unknown).
   * @deprecated The name says gas price; it is the fee: read `feeInUsd` (useSwap's result).
   */
  gasPriceInUSD: number | null;
  /** Percent the output's USD value is below the input's (null when either price is unknown). */
  priceImpact: number | null;
  /** The provider fee (0.85 %) in source units, decimal string. */
  providerFee: string | null;
  approvalTransaction: SwapTransactionInfo | null;
  swapTransaction: SwapTransactionInfo | null;
  /** USD prices by lowercased CAIP-10 id. */
  tokensPriceMap: Record<string, number>;
  loadingPrices: boolean;
  loadingQuote: boolean;
  loadingApprovalTransaction: boolean;
  loadingBuildTransaction: boolean;
  loadingTransaction: boolean;
  /** A fetch of the flow failed (set with its toast). */
  fetchError: boolean;
  /** The quote's raw output (target smallest unit) and when it was fetched. */
  quoteToAmount: string | null;
  quoteFetchedAt: number | null;
  /** The last send found the quote stale, fetched it again and waits for the user to confirm the new one. */
  quoteRefreshed: boolean;
  approvalStatus: ApprovalStatus;
  /** The allowance step's method while one is needed (null when none is). */
  approvalMethod: ApprovalMethod | null;
  /** The permit step (approvalMethod 'permit'): what is signed, and the signature once given. */
  permit: SwapPermit | null;
  /** The last swap's transaction hash. */
  txHash: Hex | null;
}

export interface SwapActions {
  /** Loads tokens, balances and prices (once per account and network; again with `force`). */
  initialize(options?: { force?: boolean }): Promise<void>;
  setSourceToken(token: SwapTokenItem | null): void;
  setToToken(token: SwapTokenItem | null): void;
  /** Keeps the user's string exactly; a quote follows after a pause in typing. */
  setSourceTokenAmount(amount: string): void;
  /** The whole source balance (for the network token, less the network fee). */
  setMax(): void;
  /** Exchanges source and target (amount 1 when the target amount is empty). */
  switchTokens(): void;
  setSlippage(percent: number): void;
  /** Fetches the quote now (and then checks the allowance and builds the transaction). */
  fetchQuote(): Promise<void>;
  /** The form's validation for the current state. */
  validate(): SwapValidation;
  /**
   * Goes to the preview when the form is valid and a transaction is ready: 'review' (the review outcome is
   * emitted), 'invalid' (the form has an error) or 'not-ready' (the quote or its transaction is not there yet).
   */
  preview(): SwapPreviewResult;
  /**
   * Sends the approval (exact amount) and waits for it, or with approvalMethod 'permit' has the wallet sign
   * the permit (exact amount, the trusted router, a 20 min deadline); then fetches the quote and builds the
   * swap again (with the permit). Resolves whether the swap is ready.
   */
  approve(): Promise<boolean>;
  /**
   * Sends the swap. A quote older than 30 s is fetched again first and the call resolves 'refreshed' (the
   * user confirms the new figures); 'sent' on success, 'failed' otherwise.
   */
  swap(): Promise<'sent' | 'refreshed' | 'failed'>;
  /** Clears the form (tokens stay loaded). */
  reset(): void;
  /**
   * Fed by the instance wiring: another account or another network starts over; no address (a reconnect,
   * a disconnect) keeps the form.
   */
  setContext(address: string | null, network: KeywayNetwork | null): void;
}

/** What `preview()` did: went to the review, or why not (the form has an error, or no transaction yet). */
export type SwapPreviewResult = { status: 'review' } | { status: 'invalid' } | { status: 'not-ready' };

export type SwapStore = StoreApi<SwapState & SwapActions>;

export interface SwapApi {
  getSwapTokens(chainId: string): Promise<SwapToken[]>;
  getSwapQuote(
    args: {
      amount: string;
      userAddress: string;
      from: string;
      to: string;
      gasPrice: string;
    },
    opts?: { signal?: AbortSignal },
  ): Promise<SwapQuote[]>;
  getTokenPrices(addresses: string[]): Promise<FungiblePrice[]>;
  getAllowance(args: { tokenAddress: string; userAddress: string }): Promise<{ allowance: string }>;
  getGasPrice(chainId: string): Promise<GasPrice | null>;
  buildSwapTransaction(args: {
    amount: string;
    userAddress: string;
    from: string;
    to: string;
    slippage: number | string;
    permit?: { deadline: string; signature: Hex };
  }): Promise<SwapTransaction>;
  buildApproveTransaction(args: {
    userAddress: string;
    from: string;
    to: string;
    amount?: string;
  }): Promise<ApproveTransaction>;
}

/**
 * A call for the wallet to send. It carries no gas limit and no fee: the API's `gas`/`gasPrice` are not
 * forwarded (a hostile API could set the fee), so the wallet estimates both from the network, the same
 * source as the preview's fee (`/gas-price` × the API's gas units, an estimate).
 */
export interface EvmCall {
  chainId: number;
  to: Address;
  data: Hex;
  value: bigint;
}

export interface SwapStoreDeps {
  api: SwapApi;
  getAddress: () => string | null;
  getNetwork: () => KeywayNetwork;
  getBalances: () => readonly TokenBalance[];
  /** Makes sure the balances of the current account and network are loaded. */
  loadBalances: () => Promise<void>;
  /** The trusted routers of a network (the `swapRouters` option). */
  getRouters: (networkId: string) => readonly Address[];
  /** Asks the wallet to send; resolves with the hash once broadcast. */
  sendTransaction: (call: EvmCall) => Promise<Hex>;
  /** The trusted routers of a network that take EIP-2612 permits. Without it (or the two below) no permits. */
  getPermitRouters?: (networkId: string) => readonly Address[];
  /** Asks the wallet to sign EIP-712 typed data (the permit); resolves with the signature. */
  signTypedData?: (data: PermitTypedData) => Promise<Hex>;
  /** Reads a view function of a token on a chain (the permit's domain and nonce). */
  readContract?: PermitContractReader;
  /**
   * `eth_call` on a chain: reads the pools of a route whose target only they know (the 1inch router's
   * `unoswap` family). Without it such a route is refused.
   */
  callContract?: ChainCaller;
  /** Waits until mined; throws when it reverted. */
  waitForTransaction: (chainId: number, hash: Hex) => Promise<void>;
  bus: EventBus;
  isSafeImage: (url: unknown) => url is string;
  /**
   * Reports the flow's outcomes (the swap can be reviewed, it was sent, the form cannot go on, a wallet step was
   * refused); the styled layer turns them into views and toasts.
   */
  emit: (outcome: OutcomeOf<'swap'>) => void;
  /** After a swap: the data to read again (`forceUpdate`: both tokens). */
  afterSuccess: (info: { forceUpdate: string[] }) => void;
  now?: () => number;
  debounceMs?: number;
}
