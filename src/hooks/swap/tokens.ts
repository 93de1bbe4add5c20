/**
 * The swap's tokens and prices: the API's token list with the account's balances, the prices (the network
 * token's at the start, each chosen token's when chosen), the network token's figures, and the start itself
 * (spec §4: tokens, balances, the network token's price and the gas price; a failure is spec §8's toast).
 */
import type { FungiblePrice, SwapToken } from '../../api/schemas';
import { EVM_NATIVE_TOKEN_ADDRESS } from '../../core/constants';
import { multiplyDecimal, numberToDecimal } from '../../core/decimal';
import { KeywayError } from '../../core/errors';
import { kitMessage } from '../../core/messages';
import { FlowError, isNativeId, key, type SwapContext } from './context';
import type { SwapActions, SwapTokenItem } from './types';

export function createTokenSteps(ctx: SwapContext) {
  const { deps, get, set, run, steps, network, account, nativeBalance, tokenById } = ctx;

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

  const initialize: SwapActions['initialize'] = ({ force = false } = {}) => {
    const address = account();
    const net = network();
    if (
      !force &&
      get().status === 'initialized' &&
      run.context.address === address &&
      run.context.networkId === net.id
    ) {
      // A failed step (§8) went back with the form kept: coming back to it fetches the quote (and the
      // allowance and transaction) again, so the kept form can be reviewed without retyping.
      const s = get();
      if (s.fetchError && s.sourceTokenAmount.trim() && s.sourceToken && s.toToken) return steps.runQuote();
      return Promise.resolve();
    }
    if (run.initializing) return run.initializing;
    const started = (async () => {
      set({ status: 'initializing' });
      try {
        if (!address) throw KeywayError.of('noSwapAddress');
        const [apiTokens, gas] = await Promise.all([
          deps.api.getSwapTokens(net.id),
          deps.api.getGasPrice(net.id),
          deps.loadBalances(),
        ]);
        run.currentGasPrice = gas ? BigInt(gas.standard) : null;
        const nativeId = `${net.id}:${EVM_NATIVE_TOKEN_ADDRESS}`;
        let prices: FungiblePrice[];
        try {
          prices = await deps.api.getTokenPrices([nativeId]);
        } catch {
          throw new FlowError('fetchNetworkTokenPrice');
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
        run.context = { address, networkId: net.id };
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
        steps.recomputeFee(run.currentGasPrice);
        if (get().sourceTokenAmount && target) await steps.runQuote();
      } catch (e) {
        // fetchError tells a failed start from one that has not begun (a view offers to try again).
        set({ status: 'notInitialized', fetchError: true });
        const toast = e instanceof FlowError ? e.toast : 'initializeSwap';
        deps.emit({ flow: 'swap', status: 'failed', message: kitMessage(toast) });
      } finally {
        run.initializing = null;
      }
    })();
    run.initializing = started;
    return started;
  };

  return { withBalances, refreshNetworkFigures, fetchPrices, applyPrices, initialize };
}
