/**
 * The embedded wallet's RPC method lists (spec §6).
 *
 * - Safe methods are answered by the frame without asking the user: read-only chain queries,
 *   broadcasting an already signed transaction, capability / call-status reads and user-operation reads.
 *   They are not aborted when the modal closes.
 * - Unsafe methods need the user's approval inside the frame's own approval screen.
 * - Anything else is rejected before it is posted: 'Requested RPC call is not allowed'
 *   (shown in the UI as 'Action not allowed').
 */
import { KeywayError } from '../core/errors.ts';
import { type KitMessage, kitMessage } from '../core/messages.ts';
import { frameErrorDetail } from './protocol/errors.ts';

export const SAFE_RPC_METHODS = [
  'eth_accounts',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getAccount',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_syncing',
  'eth_uninstallFilter',
  'eth_sendRawTransaction',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  // user-operation reads (ERC-4337 bundler methods that only read)
  'eth_getUserOperationReceipt',
  'eth_getUserOperationByHash',
  'eth_estimateUserOperationGas',
  'eth_supportedEntryPoints',
] as const;

export const UNSAFE_RPC_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'eth_sendUserOperation',
] as const;

export type SafeRpcMethod = (typeof SAFE_RPC_METHODS)[number];
export type UnsafeRpcMethod = (typeof UNSAFE_RPC_METHODS)[number];
export type RpcMethod = SafeRpcMethod | UnsafeRpcMethod;

const SAFE = new Set<string>(SAFE_RPC_METHODS);
const UNSAFE = new Set<string>(UNSAFE_RPC_METHODS);

export function isSafeRpcMethod(method: unknown): method is SafeRpcMethod {
  return typeof method === 'string' && SAFE.has(method);
}

export function isUnsafeRpcMethod(method: unknown): method is UnsafeRpcMethod {
  return typeof method === 'string' && UNSAFE.has(method);
}

export function isAllowedRpcMethod(method: unknown): method is RpcMethod {
  return isSafeRpcMethod(method) || isUnsafeRpcMethod(method);
}

/**
 * What a view shows for a failed request: a method on neither list (`rpcNotAllowed`) reads as
 * `actionNotAllowed` ('Action not allowed'); any other error says why as its own message.
 */
export function rpcErrorDetail(error: unknown): KitMessage {
  if (error instanceof KeywayError)
    return error.code === 'rpcNotAllowed' ? kitMessage('actionNotAllowed') : error.detail;
  const text = error instanceof Error ? error.message : String(error);
  const detail = frameErrorDetail(text);
  return detail.code === 'rpcNotAllowed' ? kitMessage('actionNotAllowed') : detail;
}
