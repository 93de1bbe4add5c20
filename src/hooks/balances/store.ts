/**
 * Token balances of the connected address on the active network (spec §3 token balance, §8 'Failed to
 * fetch token balance'): `GET /v1/account/{address}/balance` in usd, the total in USD, and `refresh()` with
 * `forceUpdate` for the tokens a transaction touched. Amounts stay decimal strings end to end (the USD value
 * of a token is computed exactly from its quantity and price); display strings come from core/format.
 *
 * Shown again after BALANCES_MAX_AGE_MS (the Account view reopened), they are fetched again in the background.
 * On a failed refresh the last known balances stay (status 'error' with `error` set) and an outcome says so
 * (the styled layer shows a toast for it);
 * a change of account or network clears everything.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Balance } from '../../api/schemas';
import type { TokenMetadata } from '../../chains/evm/token-metadata';
import { BALANCES_MAX_AGE_MS } from '../../core/constants';
import { addDecimal, multiplyDecimal, normalizeDecimal, numberToDecimal } from '../../core/decimal';
import { type KitMessage, kitMessage } from '../../core/messages';
import type { KeywayNetwork } from '../../core/networks';
import type { OutcomeOf } from '../../core/outcomes';
import { walletReads } from '../latest';

export type BalancesStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface TokenBalance {
  /**
   * CAIP-10 id of the token, usable in `refresh({ forceUpdate })`. The native token has the API's native id:
   * `eip155:<id>:0xeeee…eeee` on EVM, `solana:<ref>:So11111111111111111111111111111111111111111` on Solana.
   */
  id: string;
  /** CAIP-10 token address from the API; undefined for the native token. */
  address?: string;
  /** CAIP-2 network id. */
  chainId: string;
  name: string;
  symbol: string;
  /** Safe image URL or ''. */
  iconUrl: string;
  decimals: number;
  /** Whole units, exact decimal string ("1.697269"). */
  quantity: string;
  /** USD price of one unit (as the API gives it). */
  price: number;
  /** USD value, exact decimal string ("5432.1"). */
  valueUsd: string;
  isNative: boolean;
}

export interface BalancesState {
  /** The address and network the balances belong to (null when nothing is connected). */
  address: string | null;
  networkId: string | null;
  balances: TokenBalance[];
  /** Sum of the USD values, exact decimal string (`useBalances` writes it in the active locale). */
  totalUsd: string;
  status: BalancesStatus;
  /** Message of the last failure; the balances shown are the last known ones. */
  error: KitMessage | null;
  /** True once balances for the current address and network arrived at least once. */
  loaded: boolean;
}

export interface RefreshBalancesOptions {
  /** CAIP-10 ids of tokens the API must re-read (after a transaction). */
  forceUpdate?: string[];
}

export interface BalancesActions {
  /**
   * Loads the balances of the current account and network when a view shows them: once, and again when the
   * shown ones are older than `maxAgeMs` (default BALANCES_MAX_AGE_MS; kept on screen while they reload).
   */
  load(options?: { maxAgeMs?: number }): Promise<void>;
  /** Re-reads the balances; after a transaction pass the tokens involved in `forceUpdate`. */
  refresh(options?: RefreshBalancesOptions): Promise<void>;
  /** Clears everything (account or network change). */
  reset(): void;
  /** Fed by the instance wiring: the connected address (null when disconnected) and the active network. */
  setContext(address: string | null, network: KeywayNetwork | null): void;
}

export type BalancesStore = StoreApi<BalancesState & BalancesActions>;

export interface BalancesSource {
  getBalances(args: {
    address: string;
    chainId: string;
    forceUpdate?: string[];
    signal?: AbortSignal;
  }): Promise<Balance[]>;
}

/** The host's token of a network (the `tokens` option): listed first, with the host's image. */
export interface HostToken {
  /** The token's address on that network (plain or CAIP-10). */
  address: string;
  image?: string | undefined;
}

/** What the chain says of a token the account does not hold (so the API lists nothing for it). */
export type { TokenMetadata };

export interface BalancesStoreDeps {
  api: BalancesSource;
  /** The host's token for a CAIP-2 network, if the host named one (`tokens` option). */
  hostToken?: (networkId: string) => HostToken | undefined;
  /**
   * Reads a token's name, symbol and decimals (EVM: the ERC-20 contract through the wagmi config), for the
   * host's token when the account holds none of it; null when it cannot be read (the token is then left out).
   */
  readTokenMetadata?: (networkId: string, address: string) => Promise<TokenMetadata | null>;
  /** Reports the flow's outcomes (a read that failed); the styled layer shows a toast for it. */
  emit?: (outcome: OutcomeOf<'balances'>) => void;
  /** Clock for the balances' age (tests). Default `Date.now`. */
  now?: () => number;
}

const emptyFields = (): Omit<BalancesState, 'address' | 'networkId'> => ({
  balances: [],
  totalUsd: '0',
  status: 'idle',
  error: null,
  loaded: false,
});

/** The CAIP-10 id the Blockchain API uses for a network's native token (API.md identifiers). */
export function nativeTokenId(caip2: string): string {
  return caip2.startsWith('solana:')
    ? `${caip2}:So11111111111111111111111111111111111111111`
    : `${caip2}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`;
}

const addressPart = (address: string) => (address.split(':').pop() ?? '').toLowerCase();

/**
 * The balances with the host's token first: the API's row with the host's image when the account holds it,
 * else a row of 0 built from `metadata` (left out without metadata). Other rows keep the API's order.
 */
export function withHostToken(
  balances: TokenBalance[],
  host: HostToken,
  chainId: string,
  metadata: TokenMetadata | null,
): TokenBalance[] {
  const want = addressPart(host.address);
  const index = balances.findIndex((b) => b.address && addressPart(b.address) === want);
  // Validated with the host options; the Image component applies its URL policy when it renders.
  const image = host.image || undefined;
  if (index >= 0) {
    const own = balances[index]!;
    const rest = balances.filter((_, i) => i !== index);
    return [{ ...own, ...(image ? { iconUrl: image } : {}) }, ...rest];
  }
  if (!metadata) return balances;
  const address = `${chainId}:${host.address.split(':').pop()}`;
  const zero: TokenBalance = {
    id: address,
    address,
    chainId,
    name: metadata.name,
    symbol: metadata.symbol,
    iconUrl: image ?? '',
    decimals: metadata.decimals,
    quantity: '0',
    price: 0,
    valueUsd: '0',
    isNative: false,
  };
  return [zero, ...balances];
}

/** One API balance as the kit shows it. */
export function toTokenBalance(b: Balance): TokenBalance {
  const quantity = normalizeDecimal(b.quantity.numeric);
  const price = Number.isFinite(b.price) ? b.price : 0;
  const priceDec = numberToDecimal(price) ?? '0';
  // The value is derived from quantity × price exactly; the API's own float `value` is only a fallback.
  let valueUsd = '0';
  try {
    valueUsd = multiplyDecimal(quantity, priceDec);
  } catch {
    valueUsd = (b.value !== undefined ? numberToDecimal(b.value) : null) ?? '0';
  }
  return {
    id: b.address ?? nativeTokenId(b.chainId),
    ...(b.address ? { address: b.address } : {}),
    chainId: b.chainId,
    name: b.name,
    symbol: b.symbol,
    iconUrl: b.iconUrl,
    decimals: b.quantity.decimals,
    quantity,
    price,
    valueUsd,
    isNative: !b.address,
  };
}

export function createBalancesStore(deps: BalancesStoreDeps): BalancesStore {
  const now = deps.now ?? Date.now;
  /** When the shown balances were fetched (their age decides whether `load()` fetches again). */
  let fetchedAt = 0;

  return createStore<BalancesState & BalancesActions>()((set, get) => {
    const wallet = walletReads(get, set, emptyFields);
    const { reads } = wallet;

    const fetchBalances = (options: RefreshBalancesOptions = {}): Promise<void> => {
      const { address } = get();
      const network = wallet.network();
      if (!address || !network) return Promise.resolve();
      const chainId = network.id;
      return reads.start(async (signal, isLatest) => {
        set({ status: 'loading' });
        try {
          const list = await deps.api.getBalances({
            address,
            chainId,
            ...(options.forceUpdate?.length ? { forceUpdate: options.forceUpdate } : {}),
            signal,
          });
          if (!isLatest()) return;
          let balances = list.filter((b) => b.chainId === chainId).map((b) => toTokenBalance(b));
          const host = deps.hostToken?.(chainId);
          if (host) {
            const held = balances.some(
              (b) => b.address && addressPart(b.address) === addressPart(host.address),
            );
            const metadata =
              held || !deps.readTokenMetadata
                ? null
                : await deps.readTokenMetadata(chainId, host.address).catch(() => null);
            if (!isLatest()) return;
            balances = withHostToken(balances, host, chainId, metadata);
          }
          const totalUsd = balances.reduce((sum, b) => addDecimal(sum, b.valueUsd), '0');
          fetchedAt = now();
          set({
            balances,
            totalUsd,
            status: 'ready',
            error: null,
            loaded: true,
          });
        } catch {
          if (!isLatest()) return;
          // Keep the last known balances on screen.
          set({ status: 'error', error: kitMessage('fetchTokenBalance') });
          deps.emit?.({ flow: 'balances', status: 'failed', reason: 'fetchFailed' });
        }
      });
    };

    return {
      address: null,
      networkId: null,
      ...emptyFields(),

      load({ maxAgeMs = BALANCES_MAX_AGE_MS } = {}) {
        const s = get();
        if (!s.address || !wallet.network()) return Promise.resolve();
        if (reads.inflight) return reads.inflight;
        // Shown again after a while (the Account view reopened): fetch again, the last ones stay meanwhile.
        if (s.loaded && now() - fetchedAt < maxAgeMs) return Promise.resolve();
        return fetchBalances();
      },

      refresh(options) {
        return fetchBalances(options);
      },

      reset: wallet.reset,
      setContext: wallet.setContext,
    };
  });
}
