/**
 * The quote (spec §4): debounced while the user types; its figures (the amount out, the price impact, the
 * provider's fee and the slippage's floor); then the allowance and the approval or swap transaction (build.ts)
 * and the network fee of the next step. A quote the API cannot give is the kit's own message under the amount,
 * and the form stays; a failed step after it is spec §8's toast.
 */
import { formatUnits } from 'viem';
import type { SwapQuote } from '../../api/schemas';
import { minimumOut, SwapSafetyError } from '../../chains/evm/swap';
import { APPROVAL_GAS_ESTIMATE_UNITS, SWAP_PROVIDER_FEE_RATE } from '../../core/constants';
import { multiplyDecimal, truncateDecimal } from '../../core/decimal';
import { KeywayError } from '../../core/errors';
import { kitMessage } from '../../core/messages';
import { FlowError, type SwapContext } from './context';

export function createQuoteSteps(ctx: SwapContext) {
  const { deps, get, set, now, debounceMs, run, steps, userAddress, validation, flowFailed } = ctx;

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

  /** Quotes what the form holds now (a quote under way or waiting is dropped). */
  const quoteNow = async (signal: AbortSignal, isLatest: () => boolean): Promise<void> => {
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
        quotes = await deps.api.getSwapQuote(
          {
            amount: v.units.toString(),
            userAddress: userAddress(),
            from: from.address,
            to: to.address,
            gasPrice: run.currentGasPrice?.toString() ?? '0',
          },
          { signal },
        );
      } catch (e) {
        if (!isLatest()) return;
        if (e instanceof KeywayError && e.code === 'noSwapAddress') throw e;
        set({
          loadingQuote: false,
          inputError: kitMessage('quoteUnavailable'),
          toTokenAmount: '',
          quoteToAmount: null,
          swapTransaction: null,
          approvalTransaction: null,
        });
        return;
      }
      if (!isLatest()) return;
      const q = quotes[0];
      if (!q || BigInt(q.toAmount) === 0n) {
        set({ loadingQuote: false, inputError: kitMessage('quoteUnavailable'), toTokenAmount: '' });
        return;
      }
      const out = formatUnits(BigInt(q.toAmount), to.decimals);
      steps.applyPrices();
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
      await steps.prepareTransaction(isLatest, v.units, q.toAmount);
      if (isLatest()) recomputeFee(run.currentGasPrice);
    } catch (e) {
      if (!isLatest()) return;
      if (e instanceof FlowError) flowFailed(kitMessage(e.toast));
      else if (e instanceof SwapSafetyError) flowFailed(e.detail);
      else if (e instanceof KeywayError) set({ inputError: e.detail, loadingQuote: false });
      else flowFailed(kitMessage('createTransaction'));
    }
  };

  const runQuote = (): Promise<void> => run.quotes.start(quoteNow);

  /** The form changed: the quote under way is dropped, and the new one asked for once the user pauses. */
  const scheduleQuote = () => {
    run.quotes.cancel();
    set({ swapTransaction: null, approvalTransaction: null, loadingQuote: validation().valid });
    run.quotes.later(debounceMs, quoteNow);
  };

  return { recomputeFee, runQuote, scheduleQuote };
}
