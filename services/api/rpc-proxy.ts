/**
 * Chain RPC proxy: POST /v1/?chainId=<caip2>&projectId=… forwards JSON-RPC to the matching local chain.
 * Only the standard read methods and the broadcast of signed transactions pass: the chains behind it are dev
 * nodes whose own methods (anvil_*, hardhat_*, evm_*, unlocked-account sending, airdrops) would let any page
 * that reaches the API mint funds or rewrite state. Requests must be `application/json` (a cross-site form
 * post cannot send that type without a CORS preflight).
 *
 * Test mode: every request the proxy forwarded is kept (its chain, project id, methods and params, the last
 * MAX_SERVED) and listed by GET /__test/rpc-proxy, so an end-to-end test can tell that the kit read through the
 * Blockchain API's RPC rather than straight from the chain.
 */
import type { Context } from 'hono';
import type { App, AppEnv } from './app-types.ts';
import { caip2Schema } from './caip.ts';
import { type ApiContext, evmChain } from './context.ts';
import { ApiError, badRequest, parseOrThrow } from './errors.ts';

const MAX_BODY = 1_000_000;
/** How many forwarded requests the test log keeps (the oldest go first). */
const MAX_SERVED = 500;

/** A request the proxy forwarded (test mode's log). */
export interface ServedRpcRequest {
  chainId: string;
  projectId: string;
  calls: { method: string; params: unknown }[];
}

/** EVM methods forwarded: reads, fee data, and `eth_sendRawTransaction` (signed elsewhere). */
export const EVM_PROXY_METHODS: ReadonlySet<string> = new Set([
  'eth_chainId',
  'net_version',
  'web3_clientVersion',
  'eth_blockNumber',
  'eth_syncing',
  'eth_call',
  'eth_estimateGas',
  'eth_createAccessList',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_blobBaseFee',
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getProof',
  'eth_getTransactionCount',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getLogs',
  'eth_sendRawTransaction',
]);

/** Solana methods forwarded: reads and `sendTransaction` of a signed transaction (no airdrop). */
export const SOLANA_PROXY_METHODS: ReadonlySet<string> = new Set([
  'getLatestBlockhash',
  'getBalance',
  'getAccountInfo',
  'getMultipleAccounts',
  'getMinimumBalanceForRentExemption',
  'getFeeForMessage',
  'getSignatureStatuses',
  'getSignaturesForAddress',
  'getTransaction',
  'getSlot',
  'getBlockHeight',
  'getTokenAccountsByOwner',
  'getTokenAccountBalance',
  'isBlockhashValid',
  'sendTransaction',
  'simulateTransaction',
]);

export function registerRpcProxy(app: App, ctx: ApiContext, opts: { testMode?: boolean } = {}): void {
  const served: ServedRpcRequest[] = [];
  const handler = async (c: Context<AppEnv>) => {
    const chainId = parseOrThrow(caip2Schema, c.req.query('chainId'), 'chainId');
    const isSolana = chainId === ctx.chains.solana.caip2;
    const target = isSolana ? ctx.chains.solana.rpcUrl : evmChain(ctx, chainId).info.rpcUrl;
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json') {
      throw new ApiError(415, 'content-type', 'JSON-RPC requests must be sent as application/json');
    }
    const text = await c.req.text();
    if (text.length > MAX_BODY) throw badRequest('body', 'Request body too large');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw badRequest('body', 'Body must be a JSON-RPC 2.0 request');
    }
    const isRequest = (v: unknown) =>
      typeof v === 'object' && v !== null && typeof (v as { method?: unknown }).method === 'string';
    if (!(Array.isArray(json) ? json.length > 0 && json.every(isRequest) : isRequest(json))) {
      throw badRequest('body', 'Body must be a JSON-RPC 2.0 request (or a batch of them)');
    }
    const allowed = isSolana ? SOLANA_PROXY_METHODS : EVM_PROXY_METHODS;
    for (const r of Array.isArray(json) ? json : [json]) {
      const method = (r as { method: string }).method;
      if (!allowed.has(method)) throw new ApiError(403, 'method', `The RPC method ${method} is not allowed`);
    }
    if (opts.testMode) {
      served.push({
        chainId,
        projectId: c.get('projectId'),
        calls: (Array.isArray(json) ? json : [json]).map((r) => ({
          method: (r as { method: string }).method,
          params: (r as { params?: unknown }).params ?? null,
        })),
      });
      if (served.length > MAX_SERVED) served.splice(0, served.length - MAX_SERVED);
    }
    let res: Response;
    try {
      res = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: text,
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw new ApiError(502, 'chainId', `The local chain ${chainId} did not answer`);
    }
    return c.body(await res.text(), res.status === 200 ? 200 : 502, { 'content-type': 'application/json' });
  };
  app.post('/v1', handler);
  app.post('/v1/', handler);
  if (opts.testMode) app.get('/__test/rpc-proxy', (c) => c.json({ served }));
}
