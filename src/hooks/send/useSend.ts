import { useEffect } from 'react';
import { SEND_BALANCES_MAX_AGE_MS } from '../../core/constants';
import { multiplyDecimal, numberToDecimal } from '../../core/decimal';
import { formatUsd } from '../../core/format';
import { useLocale } from '../../i18n/context';
import type { TokenBalance } from '../balances/store';
import { useBalances } from '../balances/useBalances';
import { useStoreBinding } from '../bind';
import { useKeyway, useKeywayStore } from '../context';
import { getSendStore } from './instance';
import { isSending, type SendActions, type SendState } from './store';
import type { SendValidation } from './validation';
import { parseAmount } from './validation';

export interface UseSendResult
  extends SendState,
    Omit<SendActions, 'setContext' | 'validate' | 'recomputeFee'> {
  /** The chosen token with its latest balance. */
  token: TokenBalance | null;
  /** The balances to choose from (active network). */
  balances: readonly TokenBalance[];
  validation: SendValidation;
  /** The typed amount in USD for display ("$12.34"), when it is a valid amount of a priced token. */
  formattedAmountUsd: string | null;
  /** The network fee for display ("$0.01"), when known. */
  formattedFee: string | null;
  /** The network fee of this send in USD, exact decimal string (null when unknown). Same as `gasPriceInUSD`. */
  feeInUsd: string | null;
  /** The active network's chain family. */
  chain: 'evm' | 'solana';
  /** A send is running: `status` is 'confirming' or 'pending'. */
  sending: boolean;
  /**
   * True while a send is running.
   * @deprecated Read `sending`, or `status` ('confirming', 'pending').
   */
  loading: boolean;
  /**
   * True while a typed name is being resolved.
   * @deprecated Read `receiverName.status === 'resolving'`.
   */
  resolving: boolean;
  /**
   * How the last name lookup ended without an address.
   * @deprecated Read `receiverName.status` ('not-found', 'failed').
   */
  lookup: 'notFound' | 'failed' | null;
}

/** The actions a send screen calls (the store's own; setContext, validate and recomputeFee stay the instance's). */
const SEND_ACTIONS = [
  'setToken',
  'setAmount',
  'setMax',
  'setReceiver',
  'fetchGasPrice',
  'preview',
  'submit',
  'reset',
] as const satisfies readonly (keyof SendActions)[];

/**
 * Send tokens (spec §3 send state, §4, §5): choose a token from the balances, type an amount (Max leaves room
 * for the fee on the native token), a receiver address or name, then `preview()` and `submit()`.
 * `validation` says what is missing or wrong, with a message per field.
 */
export function useSend(): UseSendResult {
  const store = getSendStore(useKeyway());
  const state = useStoreBinding(store, SEND_ACTIONS);
  // The amount is checked against these: fetched again when a send view opens unless they are fresh, and
  // kept fresh while it is shown (funds that arrive meanwhile are not "insufficient").
  const { balances } = useBalances({ watch: true, maxAgeMs: SEND_BALANCES_MAX_AGE_MS });
  const chain = useKeywayStore('networks', (n) => n.activeNetwork.chain);
  // USD figures are text in the active locale's format.
  const { locale } = useLocale();
  const a = store.getState();
  const token = state.token ? (balances.find((b) => b.id === state.token!.id) ?? state.token) : null;

  // The fee in USD depends on the native token's price: recompute when the balances arrive.
  const tokenId = token?.id ?? null;
  useEffect(() => {
    if (tokenId && chain === 'evm' && store.getState().gasStatus === 'idle') {
      void store.getState().fetchGasPrice();
    }
  }, [store, tokenId, chain]);

  // Validation reads the store's getters; the selected slices above re-render on every relevant change.
  const validation = a.validate();
  let formattedAmountUsd: string | null = null;
  if (token) {
    const parsed = parseAmount(state.sendTokenAmount, token.decimals);
    const price = numberToDecimal(token.price);
    if (parsed.ok && price !== null && token.price > 0) {
      formattedAmountUsd = formatUsd(multiplyDecimal(state.sendTokenAmount.trim(), price), { locale });
    }
  }
  return {
    ...state,
    token,
    balances,
    validation,
    formattedAmountUsd,
    feeInUsd: state.gasPriceInUSD,
    formattedFee: state.gasPriceInUSD === null ? null : formatUsd(state.gasPriceInUSD, { locale }),
    chain,
    sending: isSending(state.status),
    loading: isSending(state.status),
    resolving: state.receiverName.status === 'resolving',
    lookup:
      state.receiverName.status === 'not-found'
        ? 'notFound'
        : state.receiverName.status === 'failed'
          ? 'failed'
          : null,
  };
}
