/**
 * What the swap store's parts share (store.ts puts them together): the store's state, the instance's
 * dependencies, the run's state (the quote under way or waiting for the user to pause, the gas price, the account and network
 * the store was set up for), the small reads every part needs, and each part's steps that another part calls.
 */
import { type Address, getAddress, isAddress } from 'viem';
import {
  EVM_NATIVE_TOKEN_ADDRESS,
  SWAP_QUOTE_DEBOUNCE_MS,
  SWAP_SLIPPAGE_TOLERANCE_PERCENT,
} from '../../core/constants';
import { KeywayError, walletFailure } from '../../core/errors';
import type { KitMessage, ToastCode } from '../../core/messages';
import type { KeywayNetwork } from '../../core/networks';
import type { TokenBalance } from '../balances/store';
import { type LatestRead, latestRead } from '../latest';
import type { ApprovalStatus, SwapActions, SwapState, SwapStoreDeps, SwapTokenItem } from './types';
import { type SwapValidation, validateSwap } from './validation';

export const initialForm = () => ({
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

export const initialState = (): SwapState => ({
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

export const key = (id: string) => id.toLowerCase();
export const isNativeId = (id: string) => key(id).endsWith(`:${EVM_NATIVE_TOKEN_ADDRESS}`);
export const contractOf = (id: string): Address | null => {
  if (isNativeId(id)) return null;
  const last = id.split(':').pop() ?? '';
  return isAddress(last, { strict: false }) ? getAddress(last) : null;
};

/** Why a wallet step failed: a kit error's message, the wallet's short message, else 'Transaction error'. */
export const swapFailure = (error: unknown): KitMessage => walletFailure(error);

/** Flow failures of §8: carry the toast's code. */
export class FlowError extends Error {
  constructor(readonly toast: ToastCode) {
    super(toast);
  }
}

/** The counters of a store's run, which every part reads and moves. */
export interface SwapRun {
  /** The quote under way (debounced while the user types): a newer one, or a reset, drops its answer. */
  quotes: LatestRead;
  /** Wei per gas, as the API gave it at the start (null when unknown). */
  currentGasPrice: bigint | null;
  /** The account and network the store was initialized for. */
  context: { address: string | null; networkId: string | null };
  /** The start under way, if any (a second call waits for it). */
  initializing: Promise<void> | null;
}

/** The steps one part calls in another (store.ts fills them in once every part exists). */
export interface SwapSteps {
  runQuote(): Promise<void>;
  recomputeFee(gasPrice: bigint | null): void;
  applyPrices(): void;
  prepareTransaction(isLatest: () => boolean, units: bigint, quoteOut: string): Promise<void>;
}

export interface SwapContext {
  deps: SwapStoreDeps;
  get: () => SwapState & SwapActions;
  set: (partial: Partial<SwapState>) => void;
  now: () => number;
  debounceMs: number;
  run: SwapRun;
  steps: SwapSteps;
  network: () => KeywayNetwork;
  chainNumber: () => number;
  account: () => string | null;
  /** The connected address; throws `noSwapAddress` without one. */
  userAddress: () => string;
  nativeBalance: () => TokenBalance | null;
  gasPriceWei: () => bigint | null;
  validation: () => SwapValidation;
  flowFailed: (message: KitMessage) => void;
  tokenById: (id: string) => SwapTokenItem | null;
}

export function createSwapContext(
  deps: SwapStoreDeps,
  get: SwapContext['get'],
  set: SwapContext['set'],
): SwapContext {
  const now = deps.now ?? Date.now;
  const debounceMs = deps.debounceMs ?? SWAP_QUOTE_DEBOUNCE_MS;
  const run: SwapRun = {
    quotes: latestRead(),
    currentGasPrice: null,
    context: { address: null, networkId: null },
    initializing: null,
  };
  const network = () => deps.getNetwork();
  const chainNumber = () => Number(network().id.split(':')[1]);
  const account = () => deps.getAddress();
  const userAddress = () => {
    const a = account();
    if (!a) throw KeywayError.of('noSwapAddress');
    return a;
  };
  const nativeBalance = () => deps.getBalances().find((b) => b.isNative) ?? null;

  const gasPriceWei = (): bigint | null => {
    const fee = get().gasFee;
    return fee;
  };

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
  const flowFailed = (message: KitMessage) => {
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
    deps.emit({ flow: 'swap', status: 'failed', message });
  };

  const tokenById = (id: string) => get().tokens.find((t) => key(t.address) === key(id)) ?? null;

  return {
    deps,
    get,
    set,
    now,
    debounceMs,
    run,
    steps: {} as SwapSteps,
    network,
    chainNumber,
    account,
    userAddress,
    nativeBalance,
    gasPriceWei,
    validation,
    flowFailed,
    tokenById,
  };
}
