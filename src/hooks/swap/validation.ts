/**
 * Swap validation (spec §5): a connected address, a source and a target token each with an address and
 * decimals, and a source amount above 0; "insufficient balance" when the source balance is below the amount
 * or the network token's balance is zero or below the network fee in USD. Pure functions over strings and
 * bigints. Messages are codes (`core/messages.ts`: the swap's own and the send form's amount codes).
 */
import { parseUnits } from 'viem';
import { type KitMessage, kitMessage } from '../../core/messages';
import { parseAmount } from '../send/validation';

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
  inputError: KitMessage | null;
  /** What the main button says: the next thing to do (`selectToken`, `enterAmount`, …), or `review`. */
  action: KitMessage;
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
    inputError: KitMessage | null,
    action: KitMessage = inputError ?? kitMessage('enterAmount'),
  ): SwapValidation => ({
    valid: false,
    inputError,
    action,
    units: null,
  });
  if (!i.address) return fail(kitMessage('noSwapAddress'));
  if (!i.sourceToken || !i.toToken) return fail(null, kitMessage('selectToken'));
  for (const t of [i.sourceToken, i.toToken]) {
    if (!t.address || !Number.isInteger(t.decimals) || t.decimals < 0)
      return fail(kitMessage('tokenIncomplete'));
  }
  if (i.sourceToken.address.toLowerCase() === i.toToken.address.toLowerCase())
    return fail(kitMessage('sameToken'));
  const parsed = parseAmount(i.sourceTokenAmount, i.sourceToken.decimals);
  if (!parsed.ok) {
    switch (parsed.problem) {
      case 'empty':
        return fail(null, kitMessage('enterAmount'));
      case 'notNumeric':
        return fail(kitMessage('notNumeric'));
      case 'notPositive':
        return fail(kitMessage('notPositive'));
      case 'tooManyDecimals':
        return fail(
          kitMessage('tooManyDecimals', { symbol: i.sourceToken.symbol, decimals: i.sourceToken.decimals }),
        );
    }
  }
  const balance = wholeUnits(i.sourceToken.quantity.numeric, i.sourceToken.decimals);
  if (balance < parsed.units)
    return fail(kitMessage('insufficientBalance', { symbol: i.sourceToken.symbol }));
  // The network token pays the fee: none at all, or less (in USD) than the fee, is not enough.
  const networkUsd = Number(i.networkBalanceInUSD);
  const networkZero = !(Number(i.networkBalance) > 0);
  if (networkZero || (i.gasPriceInUSD !== null && networkUsd < i.gasPriceInUSD)) {
    return fail(kitMessage('insufficientGas', { symbol: i.networkTokenSymbol }));
  }
  if (i.isSourceNative && i.gasFee !== null && balance < parsed.units + i.gasFee) {
    return fail(kitMessage('insufficientGas', { symbol: i.networkTokenSymbol }));
  }
  return { valid: true, inputError: null, action: kitMessage('review'), units: parsed.units };
}
