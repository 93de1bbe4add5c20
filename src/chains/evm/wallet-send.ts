/**
 * A transaction sent through the connected wallet (EIP-1193 `eth_sendTransaction`), for send and swap.
 *
 * Every account the kit sends from belongs to a wallet (a browser wallet, WalletConnect, Coinbase, the
 * embedded wallet's frame): the wallet fills in what it is not given (nonce, fees, gas) and signs. So the kit
 * takes only that path, built from viem's own parts: the request is checked (`assertRequest`), the wallet
 * must be on the transaction's chain (`ChainMismatchError`, with the chain's name), the fields are encoded
 * with the chain's formatter, and a failure becomes viem's `TransactionExecutionError` with the node's reason
 * (`getTransactionError`), as viem's `sendTransaction` gives it.
 *
 * viem's `sendTransaction` also carries the path of a local account (fee estimation, signing, serializing)
 * and the recovery of an EIP-7702 authorization's address (secp256k1, 9.5 KiB gzip); the kit never takes
 * either, and this keeps them out of the code a send loads. Not supported, as nothing in the kit sends them:
 * contract deployments (no `to`), authorization lists, blobs.
 */
import {
  type Address,
  assertCurrentChain,
  assertRequest,
  type Chain,
  formatTransactionRequest,
  type Hex,
} from 'viem';
import { getChainId } from 'viem/actions';
import { getTransactionError } from 'viem/utils';
import type { Config } from 'wagmi';
import { getConnectorClient } from 'wagmi/actions';

export interface WalletTransaction {
  chainId: number;
  to: Address;
  value?: bigint | undefined;
  data?: Hex | undefined;
  gas?: bigint | undefined;
  gasPrice?: bigint | undefined;
}

/** Asks the connected wallet to sign and broadcast; resolves with the transaction hash. */
export async function sendWalletTransaction(config: Config, tx: WalletTransaction): Promise<Hex> {
  const client = await getConnectorClient(config, { chainId: tx.chainId, assertChainId: false });
  const chain: Chain = client.chain;
  const fields = {
    account: client.account,
    chain,
    to: tx.to,
    ...(tx.value !== undefined ? { value: tx.value } : {}),
    ...(tx.data !== undefined ? { data: tx.data } : {}),
    ...(tx.gas !== undefined ? { gas: tx.gas } : {}),
    ...(tx.gasPrice !== undefined ? { gasPrice: tx.gasPrice } : {}),
  };
  try {
    assertRequest(fields);
    assertCurrentChain({ chain, currentChainId: await getChainId(client) });
    const format = chain.formatters?.transactionRequest?.format ?? formatTransactionRequest;
    const request = format(fields, 'sendTransaction');
    return await client.request({ method: 'eth_sendTransaction', params: [request] }, { retryCount: 0 });
  } catch (error) {
    throw getTransactionError(error as Parameters<typeof getTransactionError>[0], {
      ...fields,
      docsPath: '/docs/actions/wallet/sendTransaction',
    });
  }
}
