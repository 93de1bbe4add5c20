/**
 * SOL amounts: a decimal string in whole SOL to lamports (1 SOL = 1e9 lamports, spec §9 "Solana gas
 * divisor 1e9"), with core/decimal's rules: never through a JavaScript float.
 */

import { SOL_DECIMALS } from '../../core/constants';
import {
  decimalToUnits,
  exceedsDecimals,
  isAmountInput,
  isDecimalString,
  unitsToDecimal,
} from '../../core/decimal';
import { KeywayError } from '../../core/errors';

export { LAMPORTS_PER_SOL, SOL_DECIMALS } from '../../core/constants';

function invalid(): KeywayError {
  return KeywayError.of('solanaInvalidInput');
}

/**
 * `'0.1'` → `100000000n`. Accepts digits with at most one `.` (surrounding spaces ignored) and up to 9
 * decimals; throws KeywayError 'Please enter a valid amount and receiver address' for anything else
 * (empty, negative, non-numeric, exponent notation, more than 9 decimals).
 */
export function solToLamports(amount: string): bigint {
  if (typeof amount !== 'string') throw invalid();
  const value = amount.trim();
  // An amount input (no sign, no exponent) that holds a digit, within SOL's decimals.
  if (!isAmountInput(value) || !isDecimalString(value) || exceedsDecimals(value, SOL_DECIMALS))
    throw invalid();
  return decimalToUnits(value, SOL_DECIMALS);
}

/** `100000000n` → `'0.1'`: lamports as a decimal string in SOL, trailing zeros dropped. */
export function lamportsToSol(lamports: bigint): string {
  return unitsToDecimal(lamports, SOL_DECIMALS);
}
