/** Chain RPC proxy: POST /v1/?chainId=<caip2>&projectId=… forwards JSON-RPC to the matching local chain. */
import type { Context } from 'hono';
import type { App, AppEnv } from './app-types.ts';
import { caip2Schema } from './caip.ts';
import { type ApiContext, evmChain } from './context.ts';
import { ApiError, badRequest, parseOrThrow } from './errors.ts';

const MAX_BODY = 1_000_000;

export function registerRpcProxy(app: App, ctx: ApiContext): void {
  const handler = async (c: Context<AppEnv>) => {
    const chainId = parseOrThrow(caip2Schema, c.req.query('chainId'), 'chainId');
    const target =
      chainId === ctx.chains.solana.caip2 ? ctx.chains.solana.rpcUrl : evmChain(ctx, chainId).info.rpcUrl;
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
}
