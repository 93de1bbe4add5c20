/**
 * Sending the swap (spec §4): a quote older than SWAP_QUOTE_MAX_AGE_MS is fetched again first (the user confirms
 * the new figures); the transaction is checked once more, sent and waited for; SWAP_SUCCESS or SWAP_ERROR, and
 * the outcome with the exact amounts given and received.
 */
import { getAddress, type Hex } from 'viem';
import { checkSwap, SwapSafetyError } from '../../chains/evm/swap';
import { SWAP_QUOTE_MAX_AGE_MS } from '../../core/constants';
import { contractOf, initialForm, type SwapContext, swapFailure } from './context';
import type { SwapActions } from './types';

export function createSendAction(ctx: SwapContext): Pick<SwapActions, 'swap'> {
  const { deps, get, set, now, steps, network, chainNumber, userAddress, validation, flowFailed } = ctx;

  const swap: SwapActions['swap'] = async () => {
    let s = get();
    if (!s.swapTransaction || !s.sourceToken || !s.toToken) return 'failed';
    if (s.quoteFetchedAt === null || now() - s.quoteFetchedAt > SWAP_QUOTE_MAX_AGE_MS) {
      await steps.runQuote();
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
      flowFailed(swapFailure(e));
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
      const failure = swapFailure(e);
      // The event names the failure by its code, with the wallet's own words when it gave some.
      deps.bus.emit('SWAP_ERROR', {
        ...props,
        code: failure.code,
        ...(failure.reason ? { message: failure.reason } : {}),
      });
      deps.emit({ flow: 'swap', status: 'rejected', step: 'swap', message: swapFailure(e) });
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
  };

  return { swap };
}
