/**
 * EVM send (spec §4 send): the native token with `sendWalletTransaction` at the given gas price, an ERC-20 token
 * with its `transfer(to, amount)` call. Amounts arrive as decimal strings and become bigints with viem's
 * parseUnits after the caller validated them (never through a float).
 */
import { type Address, encodeFunctionData, erc20Abi, type Hex, parseUnits } from 'viem';
import type { Config } from 'wagmi';
import { waitForTransactionReceipt } from 'wagmi/actions';
import { RECEIPT_RETRY_COUNT, RECEIPT_TIMEOUT_MS } from '../../core/constants';
import { KeywayError } from '../../core/errors';
import { sendWalletTransaction } from './wallet-send';

/** Gas a plain native transfer to an account uses. */
export const NATIVE_TRANSFER_GAS = 21_000n;
/**
 * Gas assumed for an ERC-20 `transfer` when showing the network fee (the wallet estimates the real limit).
 * The spec is silent; a typical token transfer costs 35 000 to 65 000 gas, so the preview shows the upper end.
 */
export const ERC20_TRANSFER_GAS_ESTIMATE = 65_000n;

export interface EvmSendRequest {
  chainId: number;
  /** What is sent: the native coin, or an ERC-20 token by its contract. Never inferred from a missing address. */
  asset: EvmSendAsset;
  decimals: number;
  /** Whole units, a validated decimal string ("0.01"). */
  amount: string;
  to: Address;
  /** Wei per gas; used for the native token (and passed along for tokens when known). */
  gasPrice?: bigint | null | undefined;
}

export type EvmSendAsset = { type: 'native' } | { type: 'erc20'; address: Address };

/**
 * The asset of a token balance: native only when the token says so; an ERC-20 token only with a contract
 * address that parses. Null for a non-native token without one (it must not be sent: a missing address is
 * not the native coin).
 */
export function evmSendAsset(token: {
  isNative: boolean;
  address?: string;
  id?: string;
}): EvmSendAsset | null {
  if (token.isNative) return { type: 'native' };
  const address = evmTokenAddress(token.address ?? token.id);
  return address ? { type: 'erc20', address } : null;
}

/** The `transfer(to, amount)` calldata of an ERC-20 token. */
export function erc20TransferData(to: Address, units: bigint): Hex {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, units] });
}

/** Asks the connected wallet to send; resolves with the transaction hash once the wallet broadcast it. */
export async function sendEvmToken(config: Config, req: EvmSendRequest): Promise<Hex> {
  const units = parseUnits(req.amount, req.decimals);
  const gas = req.gasPrice ? { gasPrice: req.gasPrice } : {};
  if (req.asset.type === 'native') {
    return sendWalletTransaction(config, { chainId: req.chainId, to: req.to, value: units, ...gas });
  }
  return sendWalletTransaction(config, {
    chainId: req.chainId,
    to: req.asset.address,
    data: erc20TransferData(req.to, units),
    ...gas,
  });
}

/** Waits until the transaction is mined; throws when it reverted. */
export async function waitForEvmSend(config: Config, chainId: number, hash: Hex): Promise<void> {
  // Spec §9: up to 3 minutes and 6 retries of the receipt lookup.
  const receipt = await waitForTransactionReceipt(config, {
    chainId,
    hash,
    timeout: RECEIPT_TIMEOUT_MS,
    retryCount: RECEIPT_RETRY_COUNT,
  });
  if (receipt.status !== 'success') {
    // Spec §8's 'Transaction error' (the receipt is the chain's answer: no wallet words to show).
    throw KeywayError.of('transactionError');
  }
}

/** The contract address of a CAIP-10 token id (`eip155:1:0xA0b8…`), or the address itself. */
export function evmTokenAddress(id: string | undefined): Address | undefined {
  if (!id) return undefined;
  const last = id.split(':').pop() ?? '';
  return /^0x[0-9a-fA-F]{40}$/.test(last) ? (last as Address) : undefined;
}
