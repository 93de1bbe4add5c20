/**
 * Swap (spec §3 swap state, §4 swap, §5, §8, §9). One store per Keyway instance, created the first time a
 * swap is used (src/hooks/swap/instance.ts), so none of this is in a host's initial JS.
 *
 * Flow: initialize (the API's token list, the account's balances, the network token's price, the gas price)
 * → choose tokens and type an amount → quote (debounced while typing) → allowance: enough → build the swap
 * transaction; not enough → build an approval for exactly the amount. The approval is sent first, after
 * which the quote and the swap transaction are fetched again. When the source token is flagged `eip2612`
 * and the approval's spender is a router the host marked `permit: true`, the approval is an EIP-2612 permit
 * signature instead (src/chains/evm/permit.ts): one signature, then the swap is built with it (the router's
 * `…WithPermit` call) and sent as the only transaction. Before the swap is sent, a quote older than
 * 30 s is fetched again (and the user sees the new figures before confirming). Everything the API builds is
 * checked first (src/chains/evm/swap.ts): trusted router, exact approval, value, tokens and minimum output.
 *
 * Failures (§8): the network-token price, allowance, approval and swap-transaction failures each toast
 * their message, go back and set `fetchError`; an initialization failure toasts 'Failed to initialize swap'
 * and goes back. A quote failure is the kit's own decision: it shows 'No quote for this pair right now'
 * under the amount and keeps the form. A gas-price failure leaves the fee unknown; the swap still works.
 * Nothing the user typed is cleared by a failure (the store keeps it while the view is gone).
 */
import { type Address, formatUnits, getAddress, type Hex, isAddress, isAddressEqual, parseUnits } from 'viem';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  ApproveTransaction,
  FungiblePrice,
  GasPrice,
  SwapQuote,
  SwapToken,
  SwapTransaction,
} from '../../api/schemas';
import {
  type PermitContractReader,
  type PermitDomain,
  type PermitTypedData,
  permitDeadline,
  permitSignatureParts,
  permitTypedData,
  readPermitDomain,
  readPermitNonce,
} from '../../chains/evm/permit';
import {
  type ChainCaller,
  checkApproval,
  checkSwap,
  minimumOut,
  SWAP_SAFETY_MESSAGES,
  SwapSafetyError,
} from '../../chains/evm/swap';
import {
  APPROVAL_GAS_ESTIMATE_UNITS,
  EVM_NATIVE_TOKEN_ADDRESS,
  SWAP_PERMIT_MIN_REMAINING_SECONDS,
  SWAP_PROVIDER_FEE_RATE,
  SWAP_QUOTE_DEBOUNCE_MS,
  SWAP_QUOTE_MAX_AGE_MS,
  SWAP_SLIPPAGE_TOLERANCE_PERCENT,
} from '../../core/constants';
import { multiplyDecimal, numberToDecimal, truncateDecimal } from '../../core/decimal';
import { KeywayError, TOAST_MESSAGES } from '../../core/errors';
import type { EventBus } from '../../core/events';
import type { KeywayNetwork } from '../../core/networks';
import type { OutcomeOf } from '../../core/outcomes';
import type { TokenBalance } from '../balances/store';
import { accountChanges } from '../followWallet';
import { SWAP_MESSAGES, type SwapValidation, validateSwap } from './validation';

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
  inputError: string | null;
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
  getSwapQuote(args: {
    amount: string;
    userAddress: string;
    from: string;
    to: string;
    gasPrice: string;
  }): Promise<SwapQuote[]>;
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

const initialForm = () => ({
  sourceToken: null,
  sourceTokenAmount: '',
  sourceTokenPriceInUSD: 0,
  toToken: null,
  toTokenAmount: '',
  toTokenPriceInUSD: 0,
  inputError: null,
  maxSlippage: null,
  priceImpact: null,
  providerFee: null,
  approvalTransaction: null,
  swapTransaction: null,
  loadingQuote: false,
  loadingApprovalTransaction: false,
  loadingBuildTransaction: false,
  loadingTransaction: false,
  fetchError: false,
  quoteToAmount: null,
  quoteFetchedAt: null,
  quoteRefreshed: false,
  approvalStatus: 'idle' as ApprovalStatus,
  approvalMethod: null,
  permit: null,
});

const initialState = (): SwapState => ({
  status: 'notInitialized',
  tokens: [],
  myTokensWithBalance: [],
  networkPrice: '0',
  networkBalanceInUSD: '0',
  networkTokenSymbol: '',
  slippage: SWAP_SLIPPAGE_TOLERANCE_PERCENT,
  gasFee: null,
  gasPriceInUSD: null,
  tokensPriceMap: {},
  loadingPrices: false,
  txHash: null,
  ...initialForm(),
});

const key = (id: string) => id.toLowerCase();
const isNativeId = (id: string) => key(id).endsWith(`:${EVM_NATIVE_TOKEN_ADDRESS}`);
const contractOf = (id: string): Address | null => {
  if (isNativeId(id)) return null;
  const last = id.split(':').pop() ?? '';
  return isAddress(last, { strict: false }) ? getAddress(last) : null;
};

/** The wallet's short message of a failed transaction, else 'Transaction error'. */
export function swapErrorMessage(error: unknown): string {
  if (error instanceof KeywayError) return error.message;
  const short = (error as { shortMessage?: unknown } | null)?.shortMessage;
  return typeof short === 'string' && short.trim() ? short : TOAST_MESSAGES.transactionError;
}

/** Flow failures of §8: carry the toast to show. */
class FlowError extends Error {
  constructor(readonly toast: string) {
    super(toast);
  }
}

export function createSwapStore(deps: SwapStoreDeps): SwapStore {
  const now = deps.now ?? Date.now;
  const debounceMs = deps.debounceMs ?? SWAP_QUOTE_DEBOUNCE_MS;
  let context: { address: string | null; networkId: string | null } = { address: null, networkId: null };
  const accountChanged = accountChanges();
  let quoteSeq = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let initializing: Promise<void> | null = null;

  return createStore<SwapState & SwapActions>()((set, get) => {
    const network = () => deps.getNetwork();
    const chainNumber = () => Number(network().id.split(':')[1]);
    const account = () => deps.getAddress();
    const userAddress = () => {
      const a = account();
      if (!a) throw new KeywayError('noSwapAddress', SWAP_MESSAGES.noAddress);
      return a;
    };
    const nativeBalance = () => deps.getBalances().find((b) => b.isNative) ?? null;

    const clearTimer = () => {
      if (timer) clearTimeout(timer);
      timer = null;
    };

    /** Tokens with the account's balances and the known prices. */
    const withBalances = (apiTokens: SwapToken[], prices: Record<string, number>): SwapTokenItem[] => {
      const balances = deps.getBalances();
      return apiTokens.map((t) => {
        const native = isNativeId(t.address);
        const held = balances.find((b) =>
          native ? b.isNative : !!b.address && key(b.address) === key(t.address),
        );
        const price = prices[key(t.address)] ?? held?.price ?? 0;
        const numeric = held?.quantity ?? '0';
        return {
          address: t.address,
          symbol: t.symbol,
          name: t.name,
          decimals: t.decimals,
          logoUri: t.logoUri && deps.isSafeImage(t.logoUri) ? t.logoUri : (held?.iconUrl ?? ''),
          eip2612: t.eip2612 === true,
          quantity: { decimals: String(t.decimals), numeric },
          price,
          value: Number(numeric) * price,
          isNative: native,
        };
      });
    };

    const refreshNetworkFigures = () => {
      const nb = nativeBalance();
      const price = Number(get().networkPrice) || nb?.price || 0;
      const priceStr = numberToDecimal(price) ?? '0';
      set({
        networkBalanceInUSD: nb ? multiplyDecimal(nb.quantity, priceStr) : '0',
        networkTokenSymbol: network().nativeCurrency.symbol,
      });
    };

    const gasPriceWei = (): bigint | null => {
      const fee = get().gasFee;
      return fee;
    };

    /** The fee of the next step in wei and USD: the approval, else the swap, else the approval estimate. */
    const recomputeFee = (gasPrice: bigint | null) => {
      if (gasPrice === null) {
        set({ gasFee: null, gasPriceInUSD: null });
        return;
      }
      const s = get();
      const gas = s.approvalTransaction?.gas ?? s.swapTransaction?.gas ?? APPROVAL_GAS_ESTIMATE_UNITS;
      const fee = gas * gasPrice;
      const usd = Number(formatUnits(fee, 18)) * Number(s.networkPrice);
      set({ gasFee: fee, gasPriceInUSD: Number.isFinite(usd) ? usd : null });
    };
    let currentGasPrice: bigint | null = null;

    const validation = (): SwapValidation => {
      const s = get();
      const nb = nativeBalance();
      return validateSwap({
        address: account(),
        sourceToken: s.sourceToken,
        toToken: s.toToken,
        sourceTokenAmount: s.sourceTokenAmount,
        networkBalance: nb?.quantity ?? '0',
        networkBalanceInUSD: s.networkBalanceInUSD,
        networkTokenSymbol: s.networkTokenSymbol || network().nativeCurrency.symbol,
        gasPriceInUSD: s.gasPriceInUSD,
        gasFee: gasPriceWei(),
        isSourceNative: s.sourceToken?.isNative ?? false,
      });
    };

    /** §8: toast, go back, fetch error. */
    const flowFailed = (toast: string) => {
      set({
        loadingQuote: false,
        loadingApprovalTransaction: false,
        loadingBuildTransaction: false,
        loadingTransaction: false,
        approvalTransaction: null,
        swapTransaction: null,
        approvalMethod: null,
        permit: null,
        fetchError: true,
      });
      deps.emit({ flow: 'swap', status: 'failed', message: toast });
    };

    const fetchPrices = async (ids: string[]) => {
      const wanted = ids.filter((id) => !(key(id) in get().tokensPriceMap));
      if (wanted.length === 0) return;
      set({ loadingPrices: true });
      try {
        const fungibles = await deps.api.getTokenPrices(wanted);
        const map = { ...get().tokensPriceMap };
        // The answer names tokens by symbol only: match each asked id through its token's symbol.
        for (const id of wanted) {
          const symbol = tokenById(id)?.symbol;
          const f = symbol ? fungibles.find((x) => x.symbol === symbol) : undefined;
          if (f) map[key(id)] = f.price;
        }
        set({ tokensPriceMap: map, loadingPrices: false });
      } finally {
        set({ loadingPrices: false });
      }
    };

    const applyPrices = () => {
      const s = get();
      const price = (t: SwapTokenItem | null) => (t ? (s.tokensPriceMap[key(t.address)] ?? t.price) : 0);
      set({ sourceTokenPriceInUSD: price(s.sourceToken), toTokenPriceInUSD: price(s.toToken) });
    };

    const toInfo = (
      tx: { to: string; data: string; eip155: { gas: string; gasPrice: string } },
      value: bigint,
      toAmount: string,
    ): SwapTransactionInfo => ({
      to: getAddress(tx.to),
      // The response schema admits 0x-hex only.
      data: tx.data as Hex,
      gas: BigInt(tx.eip155.gas),
      gasPrice: BigInt(tx.eip155.gasPrice),
      value,
      toAmount,
    });

    const permitDomains = new Map<string, Promise<PermitDomain | null>>();
    /**
     * The source token's permit domain when the approval can be a permit: the token is flagged eip2612, the
     * spender is a router the host marked permit-capable, and the token's domain could be read and confirmed.
     */
    const permitDomainFor = (from: SwapTokenItem, token: Address, spender: Address) => {
      const net = network().id;
      const permitRouters = deps.getPermitRouters?.(net) ?? [];
      if (
        !from.eip2612 ||
        !deps.signTypedData ||
        !deps.readContract ||
        !permitRouters.some((r) => isAddressEqual(r, spender))
      ) {
        return Promise.resolve(null);
      }
      const cacheKey = `${net}:${key(token)}`;
      let domain = permitDomains.get(cacheKey);
      if (!domain) {
        domain = readPermitDomain(deps.readContract, chainNumber(), token).then((d) => {
          // Only a confirmed domain is kept: a failed read is tried again with the next quote.
          if (!d) permitDomains.delete(cacheKey);
          return d;
        });
        permitDomains.set(cacheKey, domain);
      }
      return domain;
    };

    /** The signed permit, when it is for exactly this swap, its router is still trusted and it is not about to expire. */
    const usablePermit = (token: Address, units: bigint): SwapTransactionInfo['permit'] | null => {
      const p = get().permit;
      if (!p?.signature || p.deadline === null) return null;
      const net = network().id;
      const trusted =
        deps.getRouters(net).some((r) => isAddressEqual(r, p.spender)) &&
        (deps.getPermitRouters?.(net) ?? []).some((r) => isAddressEqual(r, p.spender));
      const remaining = p.deadline - BigInt(Math.floor(now() / 1000));
      if (
        !trusted ||
        p.amount !== units ||
        !isAddressEqual(p.token, token) ||
        remaining < BigInt(SWAP_PERMIT_MIN_REMAINING_SECONDS)
      ) {
        // Not for this swap (any more): the user signs a new one.
        set({ permit: null, approvalStatus: 'idle' });
        return null;
      }
      return { spender: p.spender, deadline: p.deadline, signature: p.signature };
    };

    /** Allowance, then the approval or the swap transaction (spec §4). */
    const prepareTransaction = async (seq: number, units: bigint, quoteOut: string) => {
      const s = get();
      const from = s.sourceToken!;
      const to = s.toToken!;
      const user = userAddress();
      const routers = deps.getRouters(network().id);
      let allowance: bigint;
      if (from.isNative) allowance = units;
      else {
        try {
          allowance = BigInt(
            (await deps.api.getAllowance({ tokenAddress: from.address, userAddress: user })).allowance,
          );
        } catch {
          throw new FlowError(TOAST_MESSAGES.checkAllowance);
        }
      }
      if (seq !== quoteSeq) return;
      const token = from.isNative ? null : contractOf(from.address);
      const signed = allowance < units && token ? usablePermit(token, units) : null;
      if (allowance < units && !signed) {
        set({ loadingApprovalTransaction: true, swapTransaction: null });
        let approval: ApproveTransaction;
        try {
          approval = await deps.api.buildApproveTransaction({
            userAddress: user,
            from: from.address,
            to: to.address,
            amount: units.toString(),
          });
        } catch {
          throw new FlowError(TOAST_MESSAGES.createApprovalTransaction);
        }
        if (seq !== quoteSeq) return;
        const spender = checkApproval(
          { ...approval, data: approval.data as Hex },
          { token: contractOf(from.address)!, amount: units, routers },
        );
        const approvalStatus = get().approvalStatus === 'rejected' ? 'rejected' : 'idle';
        // The approval's router takes permits and the token has one: a signature instead of this transaction.
        const domain = await permitDomainFor(from, contractOf(from.address)!, spender);
        if (seq !== quoteSeq) return;
        if (domain) {
          set({
            approvalMethod: 'permit',
            permit: {
              token: domain.verifyingContract,
              domain,
              spender,
              amount: units,
              deadline: null,
              signature: null,
            },
            approvalTransaction: null,
            loadingApprovalTransaction: false,
            approvalStatus,
          });
          return;
        }
        set({
          approvalMethod: 'transaction',
          permit: null,
          approvalTransaction: toInfo(approval, 0n, quoteOut),
          loadingApprovalTransaction: false,
          approvalStatus,
        });
        return;
      }
      set({ loadingBuildTransaction: true, approvalTransaction: null });
      let built: SwapTransaction;
      try {
        built = await deps.api.buildSwapTransaction({
          amount: units.toString(),
          userAddress: user,
          from: from.address,
          to: to.address,
          slippage: get().slippage,
          ...(signed
            ? { permit: { deadline: signed.deadline.toString(), signature: signed.signature } }
            : {}),
        });
      } catch {
        throw new FlowError(TOAST_MESSAGES.createTransaction);
      }
      if (seq !== quoteSeq) return;
      const value = BigInt(built.amount);
      await checkSwap(
        { to: built.to, data: built.data as Hex, value },
        {
          routers,
          account: getAddress(user),
          from: contractOf(from.address),
          to: contractOf(to.address),
          amount: units,
          quotedOut: BigInt(quoteOut),
          slippagePercent: get().slippage,
          permit: signed,
        },
        { chainId: chainNumber(), call: deps.callContract },
      );
      if (seq !== quoteSeq) return;
      set({
        swapTransaction: { ...toInfo(built, value, quoteOut), ...(signed ? { permit: signed } : {}) },
        loadingBuildTransaction: false,
      });
    };

    const runQuote = async (): Promise<void> => {
      clearTimer();
      const seq = ++quoteSeq;
      const v = validation();
      const s = get();
      set({ inputError: v.inputError, quoteRefreshed: false });
      if (!v.valid || v.units === null || !s.sourceToken || !s.toToken) {
        set({
          loadingQuote: false,
          toTokenAmount: '',
          quoteToAmount: null,
          quoteFetchedAt: null,
          approvalTransaction: null,
          swapTransaction: null,
          priceImpact: null,
          providerFee: null,
          maxSlippage: null,
        });
        return;
      }
      const from = s.sourceToken;
      const to = s.toToken;
      set({ loadingQuote: true, fetchError: false });
      try {
        let quotes: SwapQuote[];
        try {
          quotes = await deps.api.getSwapQuote({
            amount: v.units.toString(),
            userAddress: userAddress(),
            from: from.address,
            to: to.address,
            gasPrice: currentGasPrice?.toString() ?? '0',
          });
        } catch (e) {
          if (seq !== quoteSeq) return;
          if (e instanceof KeywayError && e.code === 'noSwapAddress') throw e;
          set({
            loadingQuote: false,
            inputError: SWAP_MESSAGES.quoteUnavailable,
            toTokenAmount: '',
            quoteToAmount: null,
            swapTransaction: null,
            approvalTransaction: null,
          });
          return;
        }
        if (seq !== quoteSeq) return;
        const q = quotes[0];
        if (!q || BigInt(q.toAmount) === 0n) {
          set({ loadingQuote: false, inputError: SWAP_MESSAGES.quoteUnavailable, toTokenAmount: '' });
          return;
        }
        const out = formatUnits(BigInt(q.toAmount), to.decimals);
        applyPrices();
        const st = get();
        const inUsd = Number(s.sourceTokenAmount) * st.sourceTokenPriceInUSD;
        const outUsd = Number(out) * st.toTokenPriceInUSD;
        const impact = inUsd > 0 && outUsd > 0 ? Math.max(0, ((inUsd - outUsd) / inUsd) * 100) : null;
        set({
          toTokenAmount: truncateDecimal(out, 6),
          quoteToAmount: q.toAmount,
          quoteFetchedAt: now(),
          loadingQuote: false,
          priceImpact: impact,
          providerFee: truncateDecimal(
            multiplyDecimal(s.sourceTokenAmount.trim(), String(SWAP_PROVIDER_FEE_RATE)),
            from.decimals,
          ),
          maxSlippage: formatUnits(
            BigInt(q.toAmount) - minimumOut(BigInt(q.toAmount), st.slippage),
            to.decimals,
          ),
        });
        await prepareTransaction(seq, v.units, q.toAmount);
        if (seq === quoteSeq) recomputeFee(currentGasPrice);
      } catch (e) {
        if (seq !== quoteSeq) return;
        if (e instanceof FlowError) flowFailed(e.toast);
        else if (e instanceof SwapSafetyError) flowFailed(e.message);
        else if (e instanceof KeywayError) set({ inputError: e.message, loadingQuote: false });
        else flowFailed(TOAST_MESSAGES.createTransaction);
      }
    };

    /** The permit step: the wallet signs the permit, then the swap is built with it (spec §4 approval). */
    const signPermit = async (): Promise<boolean> => {
      const s = get();
      const p = s.permit;
      const units = validation().units;
      const read = deps.readContract;
      const sign = deps.signTypedData;
      if (!p || p.signature || !s.sourceToken || units === null || !read || !sign) return false;
      const address = account();
      if (!address) return false;
      const owner = getAddress(address);
      const net = network().id;
      // Checked again right before signing: the token, the router (trusted, takes permits), the exact amount.
      const trusted =
        deps.getRouters(net).some((r) => isAddressEqual(r, p.spender)) &&
        (deps.getPermitRouters?.(net) ?? []).some((r) => isAddressEqual(r, p.spender));
      if (!trusted) {
        flowFailed(SWAP_SAFETY_MESSAGES.untrustedRouter);
        return false;
      }
      const token = contractOf(s.sourceToken.address);
      if (p.amount !== units || !token || !isAddressEqual(token, p.token)) {
        flowFailed(SWAP_SAFETY_MESSAGES.approvalNotExact);
        return false;
      }
      set({ approvalStatus: 'signing' });
      let deadline: bigint;
      let signature: Hex;
      try {
        const nonce = await readPermitNonce(read, chainNumber(), p.token, owner);
        deadline = permitDeadline(now());
        signature = await sign(
          permitTypedData(p.domain, { owner, spender: p.spender, value: p.amount, nonce, deadline }),
        );
        if (!permitSignatureParts(signature)) throw new Error('The wallet returned no usable signature');
      } catch (e) {
        // Rejected or failed: the form stays as it was.
        if (get().permit === p) set({ approvalStatus: 'rejected' });
        deps.emit({ flow: 'swap', status: 'rejected', step: 'approval', message: swapErrorMessage(e) });
        return false;
      }
      // The form changed while the wallet was open: this signature is not for the current swap.
      if (get().permit !== p) return false;
      set({ approvalStatus: 'done', permit: { ...p, deadline, signature } });
      // Spec §4: after the approval, the quote and the transaction are fetched again (now with the permit).
      await runQuote();
      return get().swapTransaction !== null;
    };

    const scheduleQuote = () => {
      clearTimer();
      ++quoteSeq;
      set({ swapTransaction: null, approvalTransaction: null, loadingQuote: validation().valid });
      timer = setTimeout(() => void runQuote(), debounceMs);
    };

    const tokenById = (id: string) => get().tokens.find((t) => key(t.address) === key(id)) ?? null;

    return {
      ...initialState(),

      initialize({ force = false } = {}) {
        const address = account();
        const net = network();
        if (
          !force &&
          get().status === 'initialized' &&
          context.address === address &&
          context.networkId === net.id
        ) {
          // A failed step (§8) went back with the form kept: coming back to it fetches the quote (and the
          // allowance and transaction) again, so the kept form can be reviewed without retyping.
          const s = get();
          if (s.fetchError && s.sourceTokenAmount.trim() && s.sourceToken && s.toToken) return runQuote();
          return Promise.resolve();
        }
        if (initializing) return initializing;
        const run = (async () => {
          set({ status: 'initializing' });
          try {
            if (!address) throw new KeywayError('noSwapAddress', SWAP_MESSAGES.noAddress);
            const [apiTokens, gas] = await Promise.all([
              deps.api.getSwapTokens(net.id),
              deps.api.getGasPrice(net.id),
              deps.loadBalances(),
            ]);
            currentGasPrice = gas ? BigInt(gas.standard) : null;
            const nativeId = `${net.id}:${EVM_NATIVE_TOKEN_ADDRESS}`;
            let prices: FungiblePrice[];
            try {
              prices = await deps.api.getTokenPrices([nativeId]);
            } catch {
              throw new FlowError(TOAST_MESSAGES.fetchNetworkTokenPrice);
            }
            const networkPrice = prices[0]?.price ?? nativeBalance()?.price ?? 0;
            const tokensPriceMap: Record<string, number> = { [key(nativeId)]: networkPrice };
            const tokens = withBalances(apiTokens, tokensPriceMap);
            const mine = tokens.filter((t) => Number(t.quantity.numeric) > 0);
            const keep = get();
            const source =
              (keep.sourceToken && tokens.find((t) => key(t.address) === key(keep.sourceToken!.address))) ??
              tokens.find((t) => t.isNative) ??
              null;
            const target = keep.toToken
              ? (tokens.find((t) => key(t.address) === key(keep.toToken!.address)) ?? null)
              : null;
            context = { address, networkId: net.id };
            set({
              status: 'initialized',
              tokens,
              myTokensWithBalance: mine,
              tokensPriceMap,
              networkPrice: numberToDecimal(networkPrice) ?? '0',
              sourceToken: source,
              toToken: target,
              fetchError: false,
            });
            refreshNetworkFigures();
            applyPrices();
            recomputeFee(currentGasPrice);
            if (get().sourceTokenAmount && target) await runQuote();
          } catch (e) {
            // fetchError tells a failed start from one that has not begun (a view offers to try again).
            set({ status: 'notInitialized', fetchError: true });
            const toast = e instanceof FlowError ? e.toast : TOAST_MESSAGES.initializeSwap;
            deps.emit({ flow: 'swap', status: 'failed', message: toast });
          } finally {
            initializing = null;
          }
        })();
        initializing = run;
        return run;
      },

      setSourceToken(token) {
        const t = token ? (tokenById(token.address) ?? token) : null;
        if (t && get().toToken && key(get().toToken!.address) === key(t.address)) {
          get().switchTokens();
          return;
        }
        set({ sourceToken: t, approvalStatus: 'idle', approvalMethod: null, permit: null });
        void fetchPrices(t ? [t.address] : []).then(applyPrices, () => undefined);
        scheduleQuote();
      },

      setToToken(token) {
        const t = token ? (tokenById(token.address) ?? token) : null;
        if (t && get().sourceToken && key(get().sourceToken!.address) === key(t.address)) {
          get().switchTokens();
          return;
        }
        set({ toToken: t });
        void fetchPrices(t ? [t.address] : []).then(applyPrices, () => undefined);
        scheduleQuote();
      },

      setSourceTokenAmount(amount) {
        set({ sourceTokenAmount: amount, approvalStatus: 'idle', approvalMethod: null, permit: null });
        scheduleQuote();
      },

      setMax() {
        const s = get();
        const t = s.sourceToken;
        if (!t) return;
        let units: bigint;
        try {
          units = parseUnits(t.quantity.numeric || '0', t.decimals);
        } catch {
          return;
        }
        if (t.isNative) {
          const fee = s.gasFee ?? (currentGasPrice !== null ? currentGasPrice * 300_000n : 0n);
          units = units > fee ? units - fee : 0n;
        }
        get().setSourceTokenAmount(truncateDecimal(formatUnits(units, t.decimals), t.decimals));
      },

      switchTokens() {
        const s = get();
        set({
          sourceToken: s.toToken,
          toToken: s.sourceToken,
          sourceTokenAmount: s.toTokenAmount || '1',
          toTokenAmount: '',
          sourceTokenPriceInUSD: s.toTokenPriceInUSD,
          toTokenPriceInUSD: s.sourceTokenPriceInUSD,
          approvalStatus: 'idle',
          approvalMethod: null,
          permit: null,
        });
        scheduleQuote();
      },

      setSlippage(percent) {
        if (!Number.isFinite(percent) || percent < 0 || percent > 50) return;
        set({ slippage: percent });
        scheduleQuote();
      },

      fetchQuote: runQuote,

      validate: validation,

      preview() {
        const v = validation();
        const s = get();
        if (!v.valid) return { status: 'invalid' };
        if (s.loadingQuote || (!s.swapTransaction && !s.approvalTransaction && !s.permit)) {
          return { status: 'not-ready' };
        }
        deps.emit({ flow: 'swap', status: 'review' });
        return { status: 'review' };
      },

      async approve() {
        if (get().approvalMethod === 'permit') return signPermit();
        const s = get();
        const tx = s.approvalTransaction;
        const units = validation().units;
        if (!tx || !s.sourceToken || units === null) return false;
        try {
          // Checked again right before signing: the token, the spender and the exact amount.
          checkApproval(
            { to: tx.to, data: tx.data, value: tx.value.toString() },
            {
              token: contractOf(s.sourceToken.address)!,
              amount: units,
              routers: deps.getRouters(network().id),
            },
          );
        } catch (e) {
          flowFailed(swapErrorMessage(e));
          return false;
        }
        set({ approvalStatus: 'signing' });
        try {
          const hash = await deps.sendTransaction({
            chainId: chainNumber(),
            to: tx.to,
            data: tx.data,
            value: 0n,
          });
          set({ approvalStatus: 'pending' });
          await deps.waitForTransaction(chainNumber(), hash);
        } catch (e) {
          // Rejected or failed: the form stays as it was.
          set({ approvalStatus: 'rejected' });
          deps.emit({ flow: 'swap', status: 'rejected', step: 'approval', message: swapErrorMessage(e) });
          return false;
        }
        set({ approvalStatus: 'done', approvalTransaction: null });
        // Spec §4: after the approval, the quote and the transaction are fetched again.
        await runQuote();
        return get().swapTransaction !== null;
      },

      async swap() {
        let s = get();
        if (!s.swapTransaction || !s.sourceToken || !s.toToken) return 'failed';
        if (s.quoteFetchedAt === null || now() - s.quoteFetchedAt > SWAP_QUOTE_MAX_AGE_MS) {
          await runQuote();
          s = get();
          set({ quoteRefreshed: s.swapTransaction !== null });
          return s.swapTransaction ? 'refreshed' : 'failed';
        }
        const tx = s.swapTransaction;
        const units = validation().units;
        const from = s.sourceToken;
        const to = s.toToken;
        const props = {
          network: network().id,
          swapFromToken: from.symbol,
          swapToToken: to.symbol,
          swapFromAmount: s.sourceTokenAmount,
          swapToAmount: s.toTokenAmount,
          isSmartAccount: false,
        };
        try {
          if (units === null) throw new SwapSafetyError('swapMismatch');
          await checkSwap(
            { to: tx.to, data: tx.data, value: tx.value },
            {
              routers: deps.getRouters(network().id),
              account: getAddress(userAddress()),
              from: contractOf(from.address),
              to: contractOf(to.address),
              amount: units,
              quotedOut: BigInt(tx.toAmount),
              slippagePercent: s.slippage,
              permit: tx.permit ?? null,
            },
            { chainId: chainNumber(), call: deps.callContract },
          );
        } catch (e) {
          flowFailed(swapErrorMessage(e));
          return 'failed';
        }
        set({ loadingTransaction: true, quoteRefreshed: false });
        let hash: Hex;
        try {
          hash = await deps.sendTransaction({
            chainId: chainNumber(),
            to: tx.to,
            data: tx.data,
            value: tx.value,
          });
          set({ txHash: hash });
          await deps.waitForTransaction(chainNumber(), hash);
        } catch (e) {
          set({ loadingTransaction: false });
          deps.bus.emit('SWAP_ERROR', { ...props, message: swapErrorMessage(e) });
          deps.emit({ flow: 'swap', status: 'rejected', step: 'swap', message: swapErrorMessage(e) });
          return 'failed';
        }
        deps.bus.emit('SWAP_SUCCESS', props);
        const forceUpdate = [from.address, to.address];
        set({ ...initialForm(), sourceToken: from, status: 'notInitialized' });
        deps.afterSuccess({ forceUpdate });
        deps.emit({
          flow: 'swap',
          status: 'sent',
          hash,
          from: { amount: s.sourceTokenAmount.trim(), symbol: from.symbol },
          to: { amount: s.toTokenAmount, symbol: to.symbol },
        });
        return 'sent';
      },

      reset() {
        clearTimer();
        ++quoteSeq;
        set({ ...initialForm() });
      },

      setContext(address, net) {
        const networkId = net?.id ?? null;
        // Another account or another network starts over; no address (a reconnect, a disconnect) keeps
        // what was typed for the same account's return (accountChanges).
        const otherAccount = accountChanged(address);
        if (address === context.address && networkId === context.networkId) return;
        if (!otherAccount && networkId === context.networkId) {
          const back = context.address === null && address !== null;
          context = { address, networkId };
          // A quote asked for while the account was away found no address: ask again now.
          if (back && get().inputError === SWAP_MESSAGES.noAddress) void runQuote();
          return;
        }
        clearTimer();
        ++quoteSeq;
        context = { address, networkId };
        currentGasPrice = null;
        set(initialState());
      },
    };
  });
}
