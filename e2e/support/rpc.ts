/** JSON-RPC from the test process to the local stack's chains (reads the chain, never the kit). */
import { type Hex, hexToBigInt } from 'viem';

export async function jsonRpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message?: string } };
  if (body.error || body.result === undefined) throw new Error(body.error?.message ?? `${method} failed`);
  return body.result;
}

/** An EVM account's native balance in wei at `block`. */
export async function evmBalance(url: string, address: string, block: Hex | 'latest' = 'latest') {
  return hexToBigInt(await jsonRpc<Hex>(url, 'eth_getBalance', [address, block]));
}

/** A Solana account's balance in lamports (commitment confirmed). */
export async function solanaLamports(url: string, address: string): Promise<bigint> {
  const r = await jsonRpc<{ value: number }>(url, 'getBalance', [address, { commitment: 'confirmed' }]);
  return BigInt(r.value);
}
