/**
 * The on-ramp store (spec §3 on-ramp state, §7 calls, §8 fallbacks, §9 limits): options, the chosen
 * provider, purchase currency and network, payment currency and method, the two amounts kept in step by a
 * debounced quote, and the purchase in the provider's window until it shows in the account's history.
 *
 * It never navigates the modal: `buy()` resolves with an outcome and `purchase.status` says where the
 * purchase is; the styled views map both to views.
 *
 * The provider window: a blank window is opened in the click itself (so a popup blocker sees the user's
 * gesture), its `opener` cleared, then sent to the provider URL once generated. A blocked popup
 * (`window.open` gave nothing) leaves the URL for a link the user clicks. Because the window is opened
 * without the provider page being able to reach the kit, the kit only watches its `closed` flag: closed
 * without a purchase in the history → the purchase is 'closed' (the form is kept). The user can also go
 * back at any time (`cancelPurchase`), which is the only way back when the page was opened from the link.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  OnrampOptions,
  OnrampQuote,
  OnrampQuoteBody,
  OnrampUrlBody,
  PaymentCurrency,
  PurchaseCurrency,
  Transaction,
  TransactionsPage,
} from '../../api/schemas';
import { ONRAMP_DEBOUNCE_MS, ONRAMP_POLL_MS, ONRAMP_WAIT_LIMIT_MS } from '../../core/constants';
import { type KitMessage, kitMessage } from '../../core/messages';
import type { KeywayNetwork } from '../../core/networks';
import type { OutcomeOf } from '../../core/outcomes';
import { safeLinkUrl } from '../../core/url';
import { accountChanges } from '../followWallet';
import { latestRead } from '../latest';
import { type AmountCheck, centsToFiat, checkCryptoAmount, checkFiatAmount, fiatToCents } from './limits';

export interface OnrampProvider {
  /** Sent as the history's `onramp` parameter. */
  id: string;
  name: string;
  /** The payment methods it takes (ids of the API's `payment_method_limits`: `card`, `ach_bank_account`). */
  methods: readonly string[];
}

/** The provider behind `/v1/generators/onrampurl` (the API's quote fields are this provider's). */
export const ONRAMP_PROVIDERS: readonly OnrampProvider[] = [
  { id: 'coinbase', name: 'Coinbase', methods: ['card', 'ach_bank_account'] },
];

export type OnrampNetwork = PurchaseCurrency['networks'][number];

export type PurchaseStatus =
  /** Nothing under way. */
  | 'idle'
  /** Generating the provider URL (the window is already open, blank). */
  | 'generating'
  /** The provider page is open; the history is polled. */
  | 'waiting'
  /** The popup was blocked: `purchase.url` is for a link the user clicks. */
  | 'blocked'
  /** The time limit passed without the purchase showing: not an error, the user can check again. */
  | 'stillWaiting'
  /** The purchase is in the history. */
  | 'success'
  /** The provider window was closed without a purchase: back to the form (kept as it was). */
  | 'closed';

export interface OnrampPurchase {
  status: PurchaseStatus;
  url: string | null;
  /** What arrived (from the history's incoming transfer), on success. */
  received: { amount: string; symbol: string } | null;
  transaction: Transaction | null;
}

export type BuyOutcome =
  | { outcome: 'opened' }
  | { outcome: 'blocked'; url: string }
  | { outcome: 'invalid'; message: KitMessage | null }
  | { outcome: 'error'; message: KitMessage };

export interface OnrampState {
  status: 'idle' | 'loading' | 'ready';
  providers: OnrampProvider[];
  selectedProvider: OnrampProvider | null;
  purchaseCurrencies: PurchaseCurrency[];
  purchaseCurrency: PurchaseCurrency | null;
  network: OnrampNetwork | null;
  paymentCurrencies: PaymentCurrency[];
  paymentCurrency: PaymentCurrency | null;
  /** A `payment_method_limits` id: 'card' or 'ach_bank_account'. */
  paymentMethod: string | null;
  /** Crypto amount (whole units). */
  purchaseAmount: string;
  /** Fiat amount. */
  paymentAmount: string;
  /** Which amount the user typed last (the other one follows from the quote). */
  lastEdited: 'payment' | 'purchase';
  quote: OnrampQuote | null;
  quotesLoading: boolean;
  /** The message below the amounts (limits, format), or a failure to open the provider page. */
  error: KitMessage | null;
  /** Where the options and the last quote came from: any fallback figure makes it 'fallback'. */
  source: 'provider' | 'fallback';
  optionsSource: 'provider' | 'fallback' | null;
  quoteSource: 'provider' | 'fallback' | null;
  /** Above the card maximum when bank transfer allows the amount. */
  suggestedMethod: string | null;
  purchase: OnrampPurchase;
  address: string | null;
  activeNetwork: KeywayNetwork | null;
}

export interface OnrampActions {
  loadOptions(): Promise<void>;
  selectProvider(id: string): void;
  setPurchaseCurrency(id: string): void;
  setNetwork(name: string): void;
  setPaymentCurrency(id: string): void;
  setPaymentMethod(id: string): void;
  setPaymentAmount(value: string): void;
  setPurchaseAmount(value: string): void;
  /** The amount check for the current form. */
  check(): AmountCheck;
  /** Call from the click handler: opens the window synchronously, then the provider URL in it. */
  buy(): Promise<BuyOutcome>;
  /** After the user opened the blocked popup's link: start waiting. */
  linkOpened(): void;
  /** One more look at the history (from 'stillWaiting' it waits again). */
  checkAgain(): Promise<void>;
  /** Stop waiting; the form is kept. */
  cancelPurchase(): void;
  /** After success: the form starts empty. */
  reset(): void;
  /**
   * Fed by the instance: another account starts over; no address (a reconnect, a disconnect) keeps the
   * form.
   */
  setContext(address: string | null, network: KeywayNetwork | null): void;
}

export type OnrampStore = StoreApi<OnrampState & OnrampActions>;

/** The subset of the blockchain API client the store uses. */
export interface OnrampApi {
  getOnrampOptions(opts?: { signal?: AbortSignal }): Promise<OnrampOptions>;
  getOnrampQuote(body: OnrampQuoteBody, opts?: { signal?: AbortSignal }): Promise<OnrampQuote>;
  generateOnrampUrl(body: OnrampUrlBody): Promise<{ url: string }>;
  getTransactions(args: {
    account: string;
    chainId?: string;
    onramp?: string;
    signal?: AbortSignal;
  }): Promise<TransactionsPage>;
}

/** The handle the store keeps on the provider window: only `closed`, `opener` and `location.replace`. */
export interface ProviderWindow {
  readonly closed: boolean;
  opener: unknown;
  location: { replace(url: string): void };
  close(): void;
}

export interface OnrampStoreDeps {
  api: OnrampApi;
  /** Reports the flow's outcomes (the provider's page opened, or its window blocked); the styled layer moves on. */
  emit?: (outcome: OutcomeOf<'onramp'>) => void;
  /**
   * Whether the provider URL the API generated may be opened (the instance's URL policy and the
   * `onrampProviderOrigins` allow-list). Default: an `https:` URL. A refused URL is never navigated to nor
   * offered as a link: the purchase ends with the URL error.
   */
  isProviderUrl?: (url: string) => boolean;
  /** Opens a blank window (null when blocked). Default: `window.open('', '_blank')`. */
  openWindow?: () => ProviderWindow | null;
  /** After the purchase shows: refresh balances and history. */
  afterPurchase?: () => void;
  /** Balances are read again with every history poll (the purchase may show there first). */
  refreshBalances?: () => void;
  /** Whether the kit has this CAIP-2 network (its history can be asked for). */
  isKnownNetwork?: (caip2: string) => boolean;
  debounceMs?: number;
  pollMs?: number;
  /** How long to wait for the purchase before 'stillWaiting'. */
  waitLimitMs?: number;
  /** How often the window's `closed` flag is read. */
  windowCheckMs?: number;
}

const EMPTY_PURCHASE: OnrampPurchase = { status: 'idle', url: null, received: null, transaction: null };

const defaultOpenWindow = (): ProviderWindow | null =>
  typeof window === 'undefined' ? null : (window.open('', '_blank') as ProviderWindow | null);

/** `x` × `num` / `den` in cents, rounded up. */
const scaleUp = (cents: bigint, num: number, den: number): bigint => {
  if (!(num > 0) || !(den > 0)) return cents;
  return BigInt(Math.ceil((Number(cents) * num) / den));
};

const initialForm = () => ({
  purchaseAmount: '',
  paymentAmount: '',
  lastEdited: 'payment' as const,
  quote: null,
  quotesLoading: false,
  error: null,
  quoteSource: null,
  suggestedMethod: null,
});

export function createOnrampStore(deps: OnrampStoreDeps): OnrampStore {
  const debounceMs = deps.debounceMs ?? ONRAMP_DEBOUNCE_MS;
  const pollMs = deps.pollMs ?? ONRAMP_POLL_MS;
  const waitLimitMs = deps.waitLimitMs ?? ONRAMP_WAIT_LIMIT_MS;
  const windowCheckMs = deps.windowCheckMs ?? 500;
  const isProviderUrl = deps.isProviderUrl ?? ((url: string) => safeLinkUrl(url) !== null);
  const openWindow = deps.openWindow ?? defaultOpenWindow;

  let optionsLoad: Promise<void> | null = null;
  /** The quote while the user types (debounced; a newer amount drops the older quote). */
  const quotes = latestRead();
  const accountChanged = accountChanges();
  let pollTimer: ReturnType<typeof setTimeout> | null = null;
  let windowTimer: ReturnType<typeof setInterval> | null = null;
  let waitStarted = 0;
  let purchaseSeq = 0;
  let baseline: Set<string> = new Set();
  let providerWindow: ProviderWindow | null = null;

  const store = createStore<OnrampState & OnrampActions>()((set, get) => {
    const sourceOf = (s: Pick<OnrampState, 'optionsSource' | 'quoteSource'>): OnrampState['source'] =>
      s.optionsSource === 'fallback' || s.quoteSource === 'fallback' ? 'fallback' : 'provider';

    const chooseNetwork = (currency: PurchaseCurrency | null): OnrampNetwork | null => {
      if (!currency) return null;
      const active = get().activeNetwork;
      const chainId = active?.chain === 'evm' ? String(active.chainId) : null;
      return currency.networks.find((n) => n.chain_id === chainId) ?? currency.networks[0] ?? null;
    };

    const chooseMethod = (currency: PaymentCurrency | null, wanted: string | null): string | null => {
      const ids = currency?.payment_method_limits.map((l) => l.id) ?? [];
      if (wanted && ids.includes(wanted)) return wanted;
      return ids.includes('card') ? 'card' : (ids[0] ?? null);
    };

    const clearQuote = () => quotes.cancel();

    /** The form changed: check the amount, then (debounced) quote. */
    const refresh = () => {
      clearQuote();
      const s = get();
      if (s.lastEdited === 'purchase') {
        const c = checkCryptoAmount(s.purchaseAmount);
        if (!c.valid) {
          set({ error: c.message, quotesLoading: false, suggestedMethod: null, paymentAmount: '' });
          return;
        }
        // The fiat side is estimated from the last rate until the quote comes.
        const rate = s.quote
          ? Number(s.quote.paymentTotal.amount) / Number(s.quote.purchaseAmount.amount)
          : 1;
        const est = scaleUp(fiatToCents(s.purchaseAmount) ?? 0n, Number.isFinite(rate) ? rate : 1, 1);
        set({ paymentAmount: centsToFiat(est) });
      }
      const check = get().check();
      set({ error: check.message, suggestedMethod: check.suggestedMethod });
      if (!check.valid || !s.purchaseCurrency || !s.paymentCurrency || !s.network) {
        set({ quotesLoading: false, ...(s.lastEdited === 'payment' ? { purchaseAmount: '' } : {}) });
        return;
      }
      set({ quotesLoading: true });
      quotes.later(debounceMs, runQuote);
    };

    const runQuote = async (signal: AbortSignal, isLatest: () => boolean) => {
      const s = get();
      if (!s.purchaseCurrency || !s.paymentCurrency || !s.network) return;
      const body = {
        purchaseCurrency: s.purchaseCurrency.id,
        paymentCurrency: s.paymentCurrency.id,
        amount: s.paymentAmount,
        network: s.network.name,
      };
      try {
        let quote = await deps.api.getOnrampQuote(body, { signal });
        if (!isLatest()) return;
        if (s.lastEdited === 'purchase') {
          // Scale the fiat amount so the quote's crypto amount meets what was typed, then quote that.
          const wanted = Number(s.purchaseAmount);
          const got = Number(quote.purchaseAmount.amount);
          const cents = scaleUp(fiatToCents(s.paymentAmount) ?? 0n, wanted, got);
          const paymentAmount = centsToFiat(cents);
          if (paymentAmount !== s.paymentAmount) {
            set({ paymentAmount });
            const check = get().check();
            set({ error: check.message, suggestedMethod: check.suggestedMethod });
            if (!check.valid) {
              set({ quotesLoading: false, quote: null });
              return;
            }
            quote = await deps.api.getOnrampQuote({ ...body, amount: paymentAmount }, { signal });
            if (!isLatest()) return;
          }
          const quoteSource = quote.fallback ? 'fallback' : 'provider';
          set({ quote, quotesLoading: false, quoteSource, source: sourceOf({ ...get(), quoteSource }) });
          return;
        }
        const quoteSource = quote.fallback ? 'fallback' : 'provider';
        set({
          quote,
          quotesLoading: false,
          purchaseAmount: quote.purchaseAmount.amount,
          quoteSource,
          source: sourceOf({ ...get(), quoteSource }),
        });
      } catch {
        // Only an aborted call throws (the client falls back to a mock quote on failure).
        if (isLatest()) set({ quotesLoading: false });
      }
    };

    const stopWaiting = () => {
      if (pollTimer) clearTimeout(pollTimer);
      pollTimer = null;
      if (windowTimer) clearInterval(windowTimer);
      windowTimer = null;
      purchaseSeq++;
    };

    /** The chosen network's history when the kit has that network, else the active network's. */
    const pollChainId = (): string | undefined => {
      const n = get().network;
      const chosen = n && /^\d+$/.test(n.chain_id) ? `eip155:${n.chain_id}` : null;
      if (chosen && deps.isKnownNetwork?.(chosen)) return chosen;
      const a = get().activeNetwork;
      return a?.chain === 'evm' ? a.id : undefined;
    };

    const onrampHistory = async (): Promise<Transaction[]> => {
      const { address, selectedProvider } = get();
      if (!address) return [];
      const chainId = pollChainId();
      const page = await deps.api.getTransactions({
        account: address,
        onramp: selectedProvider?.id ?? ONRAMP_PROVIDERS[0]?.id ?? 'coinbase',
        ...(chainId ? { chainId } : {}),
      });
      return page.data;
    };

    /** One look at the history; true when the purchase showed. */
    const lookOnce = async (seq: number): Promise<boolean> => {
      deps.refreshBalances?.();
      let rows: Transaction[];
      try {
        rows = await onrampHistory();
      } catch {
        return false;
      }
      if (seq !== purchaseSeq) return false;
      const tx = rows.find((r) => !baseline.has(r.id));
      if (!tx) return false;
      const incoming = tx.transfers.find((t) => t.direction === 'in') ?? tx.transfers[0];
      stopWaiting();
      set({
        purchase: {
          ...get().purchase,
          status: 'success',
          transaction: tx,
          received: incoming
            ? { amount: incoming.quantity.numeric, symbol: incoming.fungible_info?.symbol ?? '' }
            : null,
        },
      });
      deps.afterPurchase?.();
      return true;
    };

    const schedulePoll = (seq: number) => {
      pollTimer = setTimeout(async () => {
        if (seq !== purchaseSeq) return;
        if (await lookOnce(seq)) return;
        if (seq !== purchaseSeq) return;
        if (Date.now() - waitStarted >= waitLimitMs) {
          stopWaiting();
          set({ purchase: { ...get().purchase, status: 'stillWaiting' } });
          return;
        }
        schedulePoll(seq);
      }, pollMs);
    };

    const startWaiting = (watchWindow: boolean) => {
      stopWaiting();
      const seq = purchaseSeq;
      waitStarted = Date.now();
      set({ purchase: { ...get().purchase, status: 'waiting' } });
      schedulePoll(seq);
      if (watchWindow && providerWindow) {
        windowTimer = setInterval(() => {
          if (seq !== purchaseSeq || !providerWindow?.closed) return;
          providerWindow = null;
          if (windowTimer) clearInterval(windowTimer);
          windowTimer = null;
          // A last look: the purchase may have been paid just before the window closed.
          void lookOnce(seq).then((found) => {
            if (found || seq !== purchaseSeq) return;
            stopWaiting();
            set({ purchase: { ...EMPTY_PURCHASE, status: 'closed' } });
          });
        }, windowCheckMs);
      }
    };

    return {
      status: 'idle',
      providers: [...ONRAMP_PROVIDERS],
      selectedProvider: ONRAMP_PROVIDERS[0] ?? null,
      purchaseCurrencies: [],
      purchaseCurrency: null,
      network: null,
      paymentCurrencies: [],
      paymentCurrency: null,
      paymentMethod: null,
      ...initialForm(),
      source: 'provider',
      optionsSource: null,
      purchase: EMPTY_PURCHASE,
      address: null,
      activeNetwork: null,

      loadOptions() {
        // Fallback options are asked for again each time (the provider may be back); real ones are kept.
        if (get().status === 'ready' && get().optionsSource === 'provider') return Promise.resolve();
        if (optionsLoad) return optionsLoad;
        const reloading = get().status === 'ready';
        if (!reloading) set({ status: 'loading' });
        optionsLoad = (async () => {
          try {
            const options = await deps.api.getOnrampOptions();
            // Still failing while the fallback is shown: nothing changes under the user.
            if (reloading && options.fallback) return;
            const before = get();
            // What the user chose stays chosen when the new options have it.
            const purchaseCurrency =
              options.purchaseCurrencies.find((c) => c.id === before.purchaseCurrency?.id) ??
              options.purchaseCurrencies.find((c) => c.symbol === 'USDC') ??
              options.purchaseCurrencies[0] ??
              null;
            const paymentCurrency =
              options.paymentCurrencies.find((c) => c.id === before.paymentCurrency?.id) ??
              options.paymentCurrencies.find((c) => c.id === 'USD') ??
              options.paymentCurrencies[0] ??
              null;
            const optionsSource = options.fallback ? 'fallback' : 'provider';
            set({
              status: 'ready',
              purchaseCurrencies: options.purchaseCurrencies,
              purchaseCurrency,
              network: chooseNetwork(purchaseCurrency),
              paymentCurrencies: options.paymentCurrencies,
              paymentCurrency,
              paymentMethod: chooseMethod(paymentCurrency, get().paymentMethod),
              optionsSource,
              source: sourceOf({ ...get(), optionsSource }),
            });
            if (get().paymentAmount || get().purchaseAmount) refresh();
          } finally {
            optionsLoad = null;
            if (get().status === 'loading') set({ status: 'idle' });
          }
        })();
        return optionsLoad;
      },

      selectProvider(id) {
        const p = get().providers.find((x) => x.id === id);
        if (p) set({ selectedProvider: p });
      },

      setPurchaseCurrency(id) {
        const c = get().purchaseCurrencies.find((x) => x.id === id);
        if (!c) return;
        set({ purchaseCurrency: c, network: chooseNetwork(c) });
        refresh();
      },

      setNetwork(name) {
        const n = get().purchaseCurrency?.networks.find((x) => x.name === name);
        if (!n) return;
        set({ network: n });
        refresh();
      },

      setPaymentCurrency(id) {
        const c = get().paymentCurrencies.find((x) => x.id === id);
        if (!c) return;
        set({ paymentCurrency: c, paymentMethod: chooseMethod(c, get().paymentMethod) });
        refresh();
      },

      setPaymentMethod(id) {
        if (!get().paymentCurrency?.payment_method_limits.some((l) => l.id === id)) return;
        set({ paymentMethod: id });
        refresh();
      },

      setPaymentAmount(value) {
        set({ paymentAmount: value, lastEdited: 'payment' });
        refresh();
      },

      setPurchaseAmount(value) {
        set({ purchaseAmount: value, lastEdited: 'purchase' });
        refresh();
      },

      check() {
        const s = get();
        return checkFiatAmount(s.paymentAmount, s.paymentCurrency, s.paymentMethod);
      },

      async buy() {
        const s = get();
        if (!s.address) return { outcome: 'invalid', message: kitMessage('onrampNotConnected') };
        if (!s.network || !s.purchaseCurrency)
          return { outcome: 'invalid', message: kitMessage('noNetwork') };
        // An EVM network (numeric chain id) needs an EVM address to receive the purchase.
        if (/^\d+$/.test(s.network.chain_id) && !/^0x[0-9a-fA-F]{40}$/.test(s.address)) {
          const message = kitMessage('wrongAccount', { network: s.network.display_name });
          set({ error: message });
          return { outcome: 'invalid', message };
        }
        const check = s.check();
        if (!check.valid) {
          const message = check.message ?? kitMessage('enterAmount');
          set({ error: message });
          return { outcome: 'invalid', message };
        }
        stopWaiting();
        const seq = purchaseSeq;
        // In the click itself, before anything async, so the popup counts as the user's.
        const win = openWindow();
        providerWindow = win;
        set({ purchase: { ...EMPTY_PURCHASE, status: 'generating' }, error: null });
        const crypto = Number(s.purchaseAmount);
        const body: OnrampUrlBody = {
          destinationWallets: [
            { address: s.address, blockchains: [s.network.name], assets: [s.purchaseCurrency.symbol] },
          ],
          defaultNetwork: s.network.name,
          partnerUserId: s.address,
          defaultExperience: 'buy',
          presetFiatAmount: Number(s.paymentAmount),
          ...(s.lastEdited === 'purchase' && crypto > 0 ? { presetCryptoAmount: crypto } : {}),
        };
        let url: string;
        try {
          const [generated, rows] = await Promise.all([
            deps.api.generateOnrampUrl(body),
            onrampHistory().catch(() => [] as Transaction[]),
          ]);
          url = generated.url;
          baseline = new Set(rows.map((r) => r.id));
          if (!isProviderUrl(url)) throw new Error('provider URL refused');
        } catch {
          win?.close();
          providerWindow = null;
          if (seq === purchaseSeq) set({ purchase: EMPTY_PURCHASE, error: kitMessage('urlFailed') });
          return { outcome: 'error', message: kitMessage('urlFailed') };
        }
        if (seq !== purchaseSeq) {
          win?.close();
          return { outcome: 'error', message: kitMessage('urlFailed') };
        }
        if (!win || win.closed) {
          providerWindow = null;
          set({ purchase: { ...EMPTY_PURCHASE, status: 'blocked', url } });
          deps.emit?.({ flow: 'onramp', status: 'blocked' });
          return { outcome: 'blocked', url };
        }
        try {
          win.opener = null;
        } catch {
          // Cleared already.
        }
        win.location.replace(url);
        set({ purchase: { ...EMPTY_PURCHASE, status: 'waiting', url } });
        startWaiting(true);
        deps.emit?.({ flow: 'onramp', status: 'opened' });
        return { outcome: 'opened' };
      },

      linkOpened() {
        const p = get().purchase;
        if (p.status !== 'blocked') return;
        startWaiting(false);
      },

      async checkAgain() {
        const p = get().purchase;
        if (p.status !== 'stillWaiting' && p.status !== 'waiting') return;
        startWaiting(false);
        await lookOnce(purchaseSeq);
      },

      cancelPurchase() {
        stopWaiting();
        providerWindow = null;
        set({ purchase: EMPTY_PURCHASE });
      },

      reset() {
        stopWaiting();
        clearQuote();
        providerWindow = null;
        set({ ...initialForm(), purchase: EMPTY_PURCHASE, quoteSource: null });
        set({ source: sourceOf(get()) });
      },

      setContext(address, network) {
        const s = get();
        // Another account starts over; no address (a reconnect, a disconnect) keeps the form and the
        // purchase for the same account's return (accountChanges), and buy() refuses meanwhile.
        const otherAccount = accountChanged(address);
        if (s.address === address && s.activeNetwork?.id === network?.id) return;
        const networkChanged = s.activeNetwork?.id !== network?.id;
        set({ address, activeNetwork: network });
        if (otherAccount) {
          stopWaiting();
          clearQuote();
          set({ ...initialForm(), purchase: EMPTY_PURCHASE });
        }
        if (s.purchaseCurrency && (otherAccount || networkChanged)) {
          set({ network: chooseNetwork(s.purchaseCurrency) });
          if (!otherAccount) refresh();
        }
      },
    };
  });
  return store;
}
