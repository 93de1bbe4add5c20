/**
 * Swap validation (spec §5): a connected address, a source and a target token each with an address and
 * decimals, and a source amount above 0; "insufficient balance" when the source balance is below the amount
 * or the network token's balance is zero or below the network fee in USD. Pure functions over strings and
 * bigints. The texts are the kit's own (the spec has none but 'No address found to swap the tokens from.').
 */
import { parseUnits } from 'viem';
import { ERROR_MESSAGES } from '../../core/errors';
import { parseAmount, SEND_MESSAGES } from '../send/validation';

export const SWAP_MESSAGES = {
  noAddress: ERROR_MESSAGES.noSwapAddress,
  selectToken: 'Select a token',
  tokenIncomplete: 'This token has no address or decimals, so it cannot be swapped',
  sameToken: 'Choose two different tokens',
  enterAmount: 'Enter an amount',
  notNumeric: SEND_MESSAGES.notNumeric,
  notPositive: SEND_MESSAGES.notPositive,
  tooManyDecimals: SEND_MESSAGES.tooManyDecimals,
  insufficientBalance: (symbol: string) => `Insufficient ${symbol} balance`,
  insufficientGas: (symbol: string) => `Not enough ${symbol} to pay the network fee`,
  quoteLoading: 'Getting a quote…',
  review: 'Review swap',
  quoteUnavailable: 'No quote for this pair right now',
} as const;

export interface SwapTokenLike {
  address: string;
  symbol: string;
  decimals: number;
  /** Balance in whole units ("0" when none). */
  quantity: { numeric: string };
}

export interface SwapValidationInput {
  address: string | null;
  sourceToken: SwapTokenLike | null;
  toToken: SwapTokenLike | null;
  sourceTokenAmount: string;
  /** The network token's balance and its USD value, and the network fee in USD (null when unknown). */
  networkBalance: string;
  networkBalanceInUSD: string;
  networkTokenSymbol: string;
  gasPriceInUSD: number | null;
  /** The network fee in wei (null when unknown): with a native source, amount and fee must both fit. */
  gasFee: bigint | null;
  isSourceNative: boolean;
}

export interface SwapValidation {
  valid: boolean;
  /** The message under the amount (or the token fields); null when none. */
  inputError: string | null;
  /** What the main button says. */
  action: string;
  /** The parsed source amount in its smallest unit (null when not valid). */
  units: bigint | null;
}

const wholeUnits = (numeric: string, decimals: number): bigint => {
  const parsed = parseAmount(numeric || '0', decimals);
  if (parsed.ok) return parsed.units;
  // "0" parses as notPositive; anything unreadable counts as no balance.
  try {
    return parseUnits(numeric.trim() || '0', decimals);
  } catch {
    return 0n;
  }
};

export function validateSwap(i: SwapValidationInput): SwapValidation {
  const fail = (
    inputError: string | null,
    action = inputError ?? SWAP_MESSAGES.enterAmount,
  ): SwapValidation => ({
    valid: false,
    inputError,
    action,
    units: null,
  });
  if (!i.address) return fail(SWAP_MESSAGES.noAddress);
  if (!i.sourceToken || !i.toToken) return fail(null, SWAP_MESSAGES.selectToken);
  for (const t of [i.sourceToken, i.toToken]) {
    if (!t.address || !Number.isInteger(t.decimals) || t.decimals < 0)
      return fail(SWAP_MESSAGES.tokenIncomplete);
  }
  if (i.sourceToken.address.toLowerCase() === i.toToken.address.toLowerCase())
    return fail(SWAP_MESSAGES.sameToken);
  const parsed = parseAmount(i.sourceTokenAmount, i.sourceToken.decimals);
  if (!parsed.ok) {
    switch (parsed.problem) {
      case 'empty':
        return fail(null, SWAP_MESSAGES.enterAmount);
      case 'notNumeric':
        return fail(SWAP_MESSAGES.notNumeric);
      case 'notPositive':
        return fail(SWAP_MESSAGES.notPositive);
      case 'tooManyDecimals':
        return fail(SWAP_MESSAGES.tooManyDecimals(i.sourceToken.symbol, i.sourceToken.decimals));
    }
  }
  const balance = wholeUnits(i.sourceToken.quantity.numeric, i.sourceToken.decimals);
  if (balance < parsed.units) return fail(SWAP_MESSAGES.insufficientBalance(i.sourceToken.symbol));
  // The network token pays the fee: none at all, or less (in USD) than the fee, is not enough.
  const networkUsd = Number(i.networkBalanceInUSD);
  const networkZero = !(Number(i.networkBalance) > 0);
  if (networkZero || (i.gasPriceInUSD !== null && networkUsd < i.gasPriceInUSD)) {
    return fail(SWAP_MESSAGES.insufficientGas(i.networkTokenSymbol));
  }
  if (i.isSourceNative && i.gasFee !== null && balance < parsed.units + i.gasFee) {
    return fail(SWAP_MESSAGES.insufficientGas(i.networkTokenSymbol));
  }
  return { valid: true, inputError: null, action: SWAP_MESSAGES.review, units: parsed.units };
}
