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
 * Failures (§8): the network-token price, allowance, approval and swap-transaction failures each report their
 * message, go back and set `fetchError`; an initialization failure reports 'Failed to initialize swap' and goes
 * back. A quote failure is the kit's own decision: `quoteUnavailable` under the amount, and the form stays. A
 * gas-price failure leaves the fee unknown; the swap still works. Nothing the user typed is cleared by a failure
 * (the store keeps it while the view is gone).
 *
 * The store is put together from parts a reader can take one at a time: tokens.ts (tokens, prices, the start),
 * quote.ts (the quote and the fee), build.ts (allowance, approval or permit, the swap transaction, each checked),
 * approval.ts (the approval step), send.ts (sending); context.ts is what they share. This file holds the form's
 * own actions.
 */
import { formatUnits, parseUnits } from 'viem';
import { createStore } from 'zustand/vanilla';
import { truncateDecimal } from '../../core/decimal';
import { accountChanges } from '../followWallet';
import { createApprovalActions } from './approval';
import { createBuildSteps } from './build';
import { createSwapContext, initialForm, initialState, key } from './context';
import { createQuoteSteps } from './quote';
import { createSendAction } from './send';
import { createTokenSteps } from './tokens';
import type { SwapActions, SwapState, SwapStore, SwapStoreDeps } from './types';

export { swapFailure } from './context';
export type * from './types';

export function createSwapStore(deps: SwapStoreDeps): SwapStore {
  const accountChanged = accountChanges();
  return createStore<SwapState & SwapActions>()((set, get) => {
    const ctx = createSwapContext(deps, get, set);
    const tokens = createTokenSteps(ctx);
    const quote = createQuoteSteps(ctx);
    const build = createBuildSteps(ctx);
    Object.assign(ctx.steps, {
      runQuote: quote.runQuote,
      recomputeFee: quote.recomputeFee,
      applyPrices: tokens.applyPrices,
      prepareTransaction: build.prepareTransaction,
    });
    const { run, validation, tokenById } = ctx;
    const { fetchPrices, applyPrices } = tokens;
    const { runQuote, scheduleQuote } = quote;

    return {
      ...initialState(),
      initialize: tokens.initialize,
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
          const fee = s.gasFee ?? (run.currentGasPrice !== null ? run.currentGasPrice * 300_000n : 0n);
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
      ...createApprovalActions(ctx),
      ...createSendAction(ctx),
      reset() {
        run.quotes.cancel();
        set({ ...initialForm() });
      },

      setContext(address, net) {
        const networkId = net?.id ?? null;
        // Another account or another network starts over; no address (a reconnect, a disconnect) keeps
        // what was typed for the same account's return (accountChanges).
        const otherAccount = accountChanged(address);
        if (address === run.context.address && networkId === run.context.networkId) return;
        if (!otherAccount && networkId === run.context.networkId) {
          const back = run.context.address === null && address !== null;
          run.context = { address, networkId };
          // A quote asked for while the account was away found no address: ask again now.
          if (back && get().inputError?.code === 'noSwapAddress') void runQuote();
          return;
        }
        run.quotes.cancel();
        run.context = { address, networkId };
        run.currentGasPrice = null;
        set(initialState());
      },
    };
  });
}
