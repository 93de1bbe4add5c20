import { useEffect } from 'react';
import { SWAP_PRICE_IMPACT_CONFIRM_PERCENT, SWAP_PRICE_IMPACT_WARN_PERCENT } from '../../core/constants';
import {
  compareDecimal,
  divideDecimal,
  isDecimalString,
  multiplyDecimal,
  numberToDecimal,
} from '../../core/decimal';
import { formatTokenAmount, formatUsd } from '../../core/format';
import { useLocale } from '../../i18n/context';
import { useStoreBinding } from '../bind';
import { useKeyway } from '../context';
import { useSwapAvailable } from './available';
import { getSwapStore } from './instance';
import type { SwapActions, SwapState, SwapTokenItem } from './store';
import type { SwapValidation } from './validation';

export interface UseSwapResult extends SwapState, Omit<SwapActions, 'setContext' | 'validate'> {
  /**
   * Whether a swap can work on the active network (swaps enabled, an EVM network, a trusted router configured
   * for it: hooks/swap/available.ts). Where it cannot, the hook does not initialize.
   */
  available: boolean;
  validation: SwapValidation;
  /** The network fee for display ("$0.42"); null when unknown (the swap still works). */
  formattedFee: string | null;
  /** The network fee of the swap in USD (the same figure as `gasPriceInUSD`, which is kept as an alias). */
  feeInUsd: number | null;
  /** Source and target amounts in USD for display. */
  formattedSourceUsd: string | null;
  formattedToUsd: string | null;
  /** "1 ETH = 2,985.1 USDC" once a quote is there, in the active locale's digits. */
  rate: string | null;
  /** The rate itself: target tokens per source token, an exact decimal cut to 6 digits (null without a quote). */
  rateDecimal: string | null;
  /** Price impact above 1 % (warn) and above 5 % (the user must confirm). */
  priceImpactLevel: 'none' | 'warn' | 'confirm';
  /** Your tokens first (with balances), then the API's others. */
  selectableTokens: SwapTokenItem[];
}

/** The actions a swap screen calls (the store's own; setContext and validate stay the instance's). */
const SWAP_ACTIONS = [
  'initialize',
  'setSourceToken',
  'setToToken',
  'setSourceTokenAmount',
  'setMax',
  'switchTokens',
  'setSlippage',
  'fetchQuote',
  'preview',
  'approve',
  'swap',
  'reset',
] as const satisfies readonly (keyof SwapActions)[];

/**
 * The USD value of an amount at a price, exactly (core/decimal), in the locale's format; null without a positive
 * amount and price.
 */
const usd = (amount: string, price: number, locale: string): string | null => {
  const p = numberToDecimal(price);
  const a = amount.trim();
  if (!p || price <= 0 || !isDecimalString(a) || compareDecimal(a, '0') <= 0) return null;
  return formatUsd(multiplyDecimal(a, p), { locale });
};

/** Target tokens per source token, exact to 6 digits; null without two positive amounts. */
const rateOf = (from: string, to: string): string | null => {
  const a = from.trim();
  if (!isDecimalString(a) || !isDecimalString(to) || compareDecimal(a, '0') <= 0) return null;
  return divideDecimal(to, a, 6);
};

/**
 * Swap tokens on the active EVM network (spec §3 swap state, §4, §5): the whole state and every action a
 * swap screen needs. `initialize()` runs when the hook mounts (once per account and network). The store is
 * the instance's own, created on first use, so a host's own swap screen and the styled views share it.
 */
export function useSwap(options: { initialize?: boolean } = {}): UseSwapResult {
  const keyway = useKeyway();
  const store = getSwapStore(keyway);
  const state = useStoreBinding(store, SWAP_ACTIONS);
  const available = useSwapAvailable();
  const shouldInit = options.initialize !== false && available;
  useEffect(() => {
    if (shouldInit) void store.getState().initialize();
  }, [store, shouldInit]);
  const { locale } = useLocale();
  const a = store.getState();
  const validation = a.validate();
  const rateDecimal =
    state.quoteToAmount && state.sourceToken && state.toToken
      ? rateOf(state.sourceTokenAmount, state.toTokenAmount)
      : null;
  const rate =
    rateDecimal !== null && state.sourceToken && state.toToken
      ? `${formatTokenAmount('1', { locale })} ${state.sourceToken.symbol} = ${formatTokenAmount(rateDecimal, { maxDecimals: 6, locale })} ${state.toToken.symbol}`
      : null;
  const impact = state.priceImpact ?? 0;
  const mine = new Set(state.myTokensWithBalance.map((t) => t.address.toLowerCase()));
  return {
    ...state,
    available,
    validation,
    feeInUsd: state.gasPriceInUSD,
    formattedFee: state.gasPriceInUSD === null ? null : formatUsd(String(state.gasPriceInUSD), { locale }),
    formattedSourceUsd: usd(state.sourceTokenAmount, state.sourceTokenPriceInUSD, locale),
    formattedToUsd: usd(state.toTokenAmount, state.toTokenPriceInUSD, locale),
    rate,
    rateDecimal,
    priceImpactLevel:
      impact > SWAP_PRICE_IMPACT_CONFIRM_PERCENT
        ? 'confirm'
        : impact > SWAP_PRICE_IMPACT_WARN_PERCENT
          ? 'warn'
          : 'none',
    selectableTokens: [
      ...state.myTokensWithBalance,
      ...state.tokens.filter((t) => !mine.has(t.address.toLowerCase())),
    ],
  };
}
