/**
 * SOL amounts: a decimal string in whole SOL to lamports (1 SOL = 1e9 lamports, spec §9 "Solana gas
 * divisor 1e9"), by string arithmetic only: never through a JavaScript float.
 */
import { ERROR_MESSAGES, KeywayError } from '../../core/errors';

export const SOL_DECIMALS = 9;
export const LAMPORTS_PER_SOL = 1_000_000_000n;

const AMOUNT_RE = /^(\d*)(?:\.(\d*))?$/;

function invalid(): KeywayError {
  return new KeywayError('solanaInvalidInput', ERROR_MESSAGES.solanaInvalidInput);
}

/**
 * `'0.1'` → `100000000n`. Accepts digits with at most one `.` (surrounding spaces ignored) and up to 9
 * decimals; throws KeywayError 'Please enter a valid amount and receiver address' for anything else
 * (empty, negative, non-numeric, exponent notation, more than 9 decimals).
 */
export function solToLamports(amount: string): bigint {
  if (typeof amount !== 'string') throw invalid();
  const m = AMOUNT_RE.exec(amount.trim());
  if (!m) throw invalid();
  const whole = m[1] ?? '';
  const fraction = m[2] ?? '';
  if (whole === '' && fraction === '') throw invalid();
  if (fraction.length > SOL_DECIMALS) throw invalid();
  return BigInt(whole || '0') * LAMPORTS_PER_SOL + BigInt(fraction.padEnd(SOL_DECIMALS, '0') || '0');
}

/** `100000000n` → `'0.1'`: lamports as a decimal string in SOL, trailing zeros dropped. */
export function lamportsToSol(lamports: bigint): string {
  const negative = lamports < 0n;
  const abs = negative ? -lamports : lamports;
  const whole = abs / LAMPORTS_PER_SOL;
  const fraction = (abs % LAMPORTS_PER_SOL).toString().padStart(SOL_DECIMALS, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
