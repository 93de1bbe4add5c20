/**
 * Send validation (spec §5: token, amount and receiver required; the native token also needs a gas price
 * and decimals), plus the checks that keep a user from sending what they did not mean: an amount above the
 * balance, more decimals than the token has, zero or negative, not a number, an invalid address or one with
 * a broken checksum. Pure functions over strings and bigints: nothing is parsed through a float.
 */
import { formatUnits, parseUnits } from 'viem';
import { evmSendAsset } from '../../chains/evm/send';
import { isSolanaAddress } from '../../chains/solana/address';
import { decimalToUnits, exceedsDecimals, isAmountInput, isDecimalString } from '../../core/decimal';
import { isValidEvmAddress } from '../../core/format';
import { type KitMessage, kitMessage, type SendCode } from '../../core/messages';

export type AmountProblem = 'empty' | 'notNumeric' | 'notPositive' | 'tooManyDecimals';

export type ParsedAmount = { ok: true; units: bigint } | { ok: false; problem: AmountProblem };

/**
 * Reads a typed amount in whole units: `"0.5"` with 18 decimals → `500000000000000000n`. Accepts digits with
 * at most one `.` (`"1."`, `".5"`); anything else is `notNumeric` (`"1e3"`, `"1,5"`, `"abc"`, `"."`), a sign
 * makes it `notPositive` when the rest is a number (`"-1"`), zero is `notPositive`, and digits beyond the
 * token's decimals are `tooManyDecimals` (trailing zeros count: nothing is rounded away silently).
 */
export function parseAmount(value: string, decimals: number): ParsedAmount {
  const v = value.trim();
  if (v === '') return { ok: false, problem: 'empty' };
  const signed = /^[+-]/.test(v);
  const body = signed ? v.slice(1) : v;
  // An amount input (core/decimal) that holds a digit.
  if (!isAmountInput(body) || !isDecimalString(body)) return { ok: false, problem: 'notNumeric' };
  if (v.startsWith('-')) return { ok: false, problem: 'notPositive' };
  if (signed) return { ok: false, problem: 'notNumeric' };
  if (exceedsDecimals(body, decimals)) return { ok: false, problem: 'tooManyDecimals' };
  const units = decimalToUnits(body, decimals);
  if (units === 0n) return { ok: false, problem: 'notPositive' };
  return { ok: true, units };
}

export type ReceiverProblem =
  | 'empty'
  | 'invalid'
  | 'checksum'
  | 'resolving'
  | 'notFound'
  | 'lookupFailed'
  | 'invalidSolana';

/** A name for the profile service: labels of letters, digits and hyphens joined by dots (`alice.kw.id`). */
export function looksLikeName(value: string): boolean {
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(value) && !/^0x[0-9a-f]*$/i.test(value);
}

/** What is wrong with a typed EVM receiver that is meant as an address (null when it is a valid address). */
export function evmAddressProblem(value: string): 'invalid' | 'checksum' | null {
  const v = value.trim();
  if (isValidEvmAddress(v)) return null;
  return /^0x[0-9a-fA-F]{40}$/.test(v) ? 'checksum' : 'invalid';
}

export interface SendTokenInfo {
  symbol: string;
  decimals: number;
  /** Whole units, decimal string. */
  quantity: string;
  isNative: boolean;
  /** CAIP-10 token id (the contract of an ERC-20 token). */
  address?: string | undefined;
  id?: string;
}

export interface SendValidationInput {
  chain: 'evm' | 'solana' | string;
  token: SendTokenInfo | null;
  amount: string;
  receiverInput: string;
  /** The address the receiver input stands for (resolved from a name, or the address itself). */
  receiverAddress: string | null;
  /** Where the lookup of a receiver typed as a name is ('none' for an address). */
  receiverName: 'none' | 'resolving' | 'resolved' | 'not-found' | 'failed';
  /** Wei per gas (EVM), null while unknown. */
  gasPrice: bigint | null;
  gasStatus: 'idle' | 'loading' | 'ready' | 'error';
  /** The network fee of this send in the native token's smallest unit, null while unknown. */
  fee: bigint | null;
}

export interface SendValidation {
  /** True when everything needed is there and valid: Preview and Send may go ahead. */
  valid: boolean;
  /** Inline message under the amount (null when none). */
  amountError: KitMessage | null;
  /** Inline message under the receiver (null when none). */
  receiverError: KitMessage | null;
  /** Inline message about the network fee (null when none). */
  feeError: KitMessage | null;
  /** What the Preview button says: the next thing to do (`selectToken`, `enterAmount`, …), or `preview`. */
  action: KitMessage<SendCode>;
  /** Machine-readable reasons (tests, headless UIs). */
  amountProblem:
    | AmountProblem
    | 'aboveBalance'
    | 'noRoomForFee'
    | 'decimalsUnknown'
    | 'token'
    | 'tokenAddress'
    | null;
  receiverProblem: ReceiverProblem | null;
}

function amountMessage(problem: AmountProblem, token: SendTokenInfo): KitMessage | null {
  switch (problem) {
    case 'empty':
      return null;
    case 'notNumeric':
    case 'notPositive':
      return kitMessage(problem);
    case 'tooManyDecimals':
      return kitMessage('tooManyDecimals', { symbol: token.symbol, decimals: token.decimals });
  }
}

/** Checks the whole form; every message is a send code (`core/messages.ts`) with its values. */
export function validateSend(input: SendValidationInput): SendValidation {
  const { token, chain } = input;
  let amountProblem: SendValidation['amountProblem'] = null;
  let amountError: KitMessage | null = null;
  let feeError: KitMessage | null = null;

  // ---- amount (needs the token for decimals and balance)
  let units: bigint | null = null;
  if (!token) {
    amountProblem = 'token';
    // An amount typed before a token was chosen is still checked for being a number.
    const p = parseAmount(input.amount, 255);
    if (!p.ok && p.problem !== 'empty' && p.problem !== 'tooManyDecimals') {
      amountError = kitMessage(p.problem === 'notNumeric' ? 'notNumeric' : 'notPositive');
    }
  } else if (!Number.isInteger(token.decimals) || token.decimals < 0) {
    amountProblem = 'decimalsUnknown';
    amountError = kitMessage('decimalsUnknown');
  } else if (chain === 'solana' && !token.isNative) {
    amountProblem = 'token';
    amountError = kitMessage('solanaNativeOnly');
  } else if (chain === 'evm' && !evmSendAsset(token)) {
    amountProblem = 'tokenAddress';
    amountError = kitMessage('invalidTokenAddress');
  } else {
    const p = parseAmount(input.amount, token.decimals);
    if (!p.ok) {
      amountProblem = p.problem;
      amountError = amountMessage(p.problem, token);
    } else {
      units = p.units;
      let balance: bigint | null = null;
      try {
        balance = parseUnits(token.quantity, token.decimals);
      } catch {
        balance = null;
      }
      if (balance !== null && units > balance) {
        amountProblem = 'aboveBalance';
        amountError = kitMessage('aboveBalance', { symbol: token.symbol });
      } else if (token.isNative && balance !== null && input.fee !== null) {
        if (units + input.fee > balance) {
          amountProblem = 'noRoomForFee';
          amountError = kitMessage('noRoomForFee', { symbol: token.symbol });
        }
      }
    }
  }

  // ---- network fee: the native token needs a gas price (spec §5)
  const needsGas = chain === 'evm' && !!token?.isNative;
  if (needsGas && input.gasPrice === null && input.gasStatus === 'error') {
    feeError = kitMessage('gasUnavailable');
  }

  // ---- receiver
  let receiverProblem: ReceiverProblem | null = null;
  let receiverError: KitMessage | null = null;
  const r = input.receiverInput.trim();
  if (r === '') receiverProblem = 'empty';
  else if (chain === 'solana') {
    if (!isSolanaAddress(r)) {
      receiverProblem = 'invalidSolana';
      receiverError = kitMessage('invalidSolanaAddress');
    }
  } else if (chain === 'evm') {
    if (looksLikeName(r)) {
      if (input.receiverName === 'resolving') receiverProblem = 'resolving';
      else if (input.receiverName === 'not-found') {
        receiverProblem = 'notFound';
        receiverError = kitMessage('nameNotFound', { name: r });
      } else if (input.receiverName === 'failed') {
        receiverProblem = 'lookupFailed';
        receiverError = kitMessage('resolveName');
      } else if (!input.receiverAddress) receiverProblem = 'resolving';
    } else {
      const problem = evmAddressProblem(r);
      if (problem) {
        receiverProblem = problem;
        receiverError = kitMessage(problem === 'checksum' ? 'checksum' : 'invalidAddress');
      }
    }
  }
  // Any other chain: the receiver is not checked here; the send itself fails with 'Unsupported chain'.

  const gasMissing = needsGas && input.gasPrice === null;
  let next: SendCode = 'preview';
  if (!token) next = 'selectToken';
  else if (amountProblem === 'empty') next = 'enterAmount';
  else if (receiverProblem === 'empty') next = 'enterReceiver';
  else if (receiverProblem === 'resolving') next = 'resolving';
  else if (gasMissing && input.gasStatus !== 'error') next = 'gasLoading';
  const action = kitMessage(next);

  const valid =
    !!token && units !== null && amountProblem === null && receiverProblem === null && !gasMissing;
  return { valid, amountError, receiverError, feeError, action, amountProblem, receiverProblem };
}

/**
 * Max for a token: the whole balance, or for the native token the balance minus the network fee of the
 * transfer; never negative (`"0"` when the fee is larger than the balance).
 */
export function maxSendAmount(token: SendTokenInfo, fee: bigint | null): string {
  let balance: bigint;
  try {
    balance = parseUnits(token.quantity, token.decimals);
  } catch {
    return '0';
  }
  if (token.isNative && fee) balance = balance > fee ? balance - fee : 0n;
  return formatUnits(balance, token.decimals);
}
