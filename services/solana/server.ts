/**
 * JSON-RPC (HTTP, `port`) and PubSub (websocket, `port + 1`, the port an unmodified `@solana/web3.js`
 * `Connection` derives from the HTTP URL) in front of the litesvm runtime. It implements the subset of the
 * Solana RPC that sending, confirming and reading SOL transfers needs; other methods answer
 * `-32601 Method not found`. Response shapes follow the Solana RPC: methods that read state at a slot
 * answer `{context: {apiVersion, slot}, value}`.
 *
 * Both ports pass the stack's guard first (services/host-guard.ts): a foreign `Host` gets 421, a browser
 * `Origin` outside `allowedOrigins` 403 (websocket upgrades too); CORS names the caller's allowed origin.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { PublicKey } from '@solana/web3.js';
import { type WebSocket, WebSocketServer } from 'ws';
import { z } from 'zod';
import { answerPreflight, applyRequestGuard, guardUpgrade, type RequestGuardOptions } from '../host-guard.ts';
import { MAX_SIGNATURES_LIMIT, RpcMethodError } from './history.ts';
import {
  base58Decode,
  base58Encode,
  DEVNET_GENESIS_HASH,
  MAX_AIRDROP_LAMPORTS,
  type SignatureStatus,
  SOLANA_CAIP2,
  SolanaRuntime,
} from './runtime.ts';

/** The Solana core version this RPC subset mirrors (reported by getVersion and in every context). */
export const RPC_API_VERSION = '2.2.0';
const MAX_BODY_BYTES = 1_000_000;
const MAX_BATCH = 100;

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

const requestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]).optional(),
  method: z.string(),
  params: z.array(z.unknown()).optional(),
});

const configSchema = z
  .object({
    commitment: z.enum([
      'processed',
      'confirmed',
      'finalized',
      'recent',
      'single',
      'singleGossip',
      'root',
      'max',
    ]),
    minContextSlot: z.number().int(),
    encoding: z.enum(['base58', 'base64', 'base64+zstd', 'jsonParsed']),
    skipPreflight: z.boolean(),
    preflightCommitment: z.string(),
    maxRetries: z.number().int(),
    searchTransactionHistory: z.boolean(),
    enableReceivedNotification: z.boolean(),
    dataSlice: z.object({ offset: z.number().int().nonnegative(), length: z.number().int().nonnegative() }),
  })
  .partial()
  .passthrough()
  .optional();
type Config = z.infer<typeof configSchema>;

/** getTransaction's config: its encodings include `json`; `maxSupportedTransactionVersion` admits v0. */
const transactionConfigSchema = z
  .object({
    commitment: z.string(),
    encoding: z.enum(['json', 'jsonParsed', 'base58', 'base64']),
    maxSupportedTransactionVersion: z.number().int().nonnegative(),
  })
  .partial()
  .passthrough();

const pubkeySchema = z.string().refine((s) => {
  try {
    new PublicKey(s);
    return true;
  } catch {
    return false;
  }
}, 'not a base58 public key');
const signatureSchema = z.string().refine((s) => {
  try {
    return base58Decode(s).length === 64;
  } catch {
    return false;
  }
}, 'not a base58 signature');

function parseParams<T extends z.ZodTypeAny>(schema: T, params: unknown[]): z.infer<T> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) {
    throw new RpcError(-32602, `Invalid params: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  }
  return parsed.data;
}

function decodeBytes(text: string, encoding: string | undefined): Uint8Array {
  try {
    if (encoding === 'base64') return new Uint8Array(Buffer.from(text, 'base64'));
    return base58Decode(text);
  } catch {
    throw new RpcError(-32602, `Invalid params: not valid ${encoding ?? 'base58'}`);
  }
}

/** Lamports as a JSON number (the RPC's u64 fields are numbers on the wire). */
const n = (value: bigint): number => Number(value);
/**
 * u64::MAX, which the RPC reports as the rent epoch of rent-exempt accounts; a JSON reader gets the same
 * double from this as from the exact integer.
 */
const RENT_EXEMPT_EPOCH = Number(2n ** 64n - 1n);

function statusJson(status: SignatureStatus) {
  return {
    slot: status.slot,
    confirmations: null,
    err: status.err,
    status: status.err === null ? { Ok: null } : { Err: status.err },
    confirmationStatus: 'finalized' as const,
  };
}

export function createRpcHandlers(runtime: SolanaRuntime) {
  const context = () => ({ apiVersion: RPC_API_VERSION, slot: runtime.currentSlot() });
  const withContext = <T>(value: T) => ({ context: context(), value });

  const accountJson = (address: string, config: Config) => {
    const account = runtime.getAccount(address);
    if (!account) return null;
    let data = account.data;
    if (config?.dataSlice)
      data = data.subarray(config.dataSlice.offset, config.dataSlice.offset + config.dataSlice.length);
    const encoding = config?.encoding === 'base58' ? 'base58' : 'base64';
    return {
      data: [encoding === 'base58' ? base58Encode(data) : Buffer.from(data).toString('base64'), encoding],
      executable: account.executable,
      lamports: n(account.lamports),
      owner: account.owner,
      rentEpoch: RENT_EXEMPT_EPOCH,
      space: account.data.length,
    };
  };

  const handlers: Record<string, (params: unknown[]) => unknown> = {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': RPC_API_VERSION, 'feature-set': 0 }),
    getGenesisHash: () => DEVNET_GENESIS_HASH,
    getSlot: () => runtime.currentSlot(),
    getBlockHeight: () => runtime.currentSlot(),
    getTransactionCount: () => runtime.getTransactionCount(),
    getEpochInfo: () => {
      const slot = runtime.currentSlot();
      return {
        absoluteSlot: slot,
        blockHeight: slot,
        epoch: Math.floor(slot / 432000),
        slotIndex: slot % 432000,
        slotsInEpoch: 432000,
        transactionCount: runtime.getTransactionCount(),
      };
    },
    getLatestBlockhash: (params) => {
      parseParams(z.tuple([configSchema]).or(z.tuple([])), params);
      const { blockhash, lastValidBlockHeight } = runtime.latestBlockhash();
      return withContext({ blockhash, lastValidBlockHeight });
    },
    isBlockhashValid: (params) => {
      const [blockhash] = parseParams(z.tuple([z.string(), configSchema]).or(z.tuple([z.string()])), params);
      return withContext(runtime.isBlockhashValid(blockhash));
    },
    getBalance: (params) => {
      const [address] = parseParams(
        z.tuple([pubkeySchema, configSchema]).or(z.tuple([pubkeySchema])),
        params,
      );
      return withContext(n(runtime.getBalance(address)));
    },
    getAccountInfo: (params) => {
      const [address, config] = parseParams(
        z.tuple([pubkeySchema, configSchema]).or(z.tuple([pubkeySchema])),
        params,
      );
      return withContext(accountJson(address, config));
    },
    getMultipleAccounts: (params) => {
      const [addresses, config] = parseParams(
        z.tuple([z.array(pubkeySchema).max(100), configSchema]).or(z.tuple([z.array(pubkeySchema).max(100)])),
        params,
      );
      return withContext(addresses.map((a) => accountJson(a, config)));
    },
    getMinimumBalanceForRentExemption: (params) => {
      const [length] = parseParams(
        z
          .tuple([z.number().int().nonnegative().max(10_485_760), configSchema])
          .or(z.tuple([z.number().int().nonnegative().max(10_485_760)])),
        params,
      );
      return n(runtime.minimumBalanceForRentExemption(length));
    },
    getFeeForMessage: (params) => {
      const [message] = parseParams(z.tuple([z.string(), configSchema]).or(z.tuple([z.string()])), params);
      let fee: bigint | null;
      try {
        fee = runtime.feeForMessage(decodeBytes(message, 'base64'));
      } catch (error) {
        if (error instanceof RpcError) throw error;
        throw new RpcError(-32602, `Invalid params: invalid message (${String(error)})`);
      }
      return withContext(fee === null ? null : n(fee));
    },
    requestAirdrop: (params) => {
      const [address, lamports] = parseParams(
        z
          .tuple([pubkeySchema, z.number().int().positive(), configSchema])
          .or(z.tuple([pubkeySchema, z.number().int().positive()])),
        params,
      );
      if (BigInt(lamports) > MAX_AIRDROP_LAMPORTS) {
        throw new RpcError(-32602, `Invalid params: at most ${MAX_AIRDROP_LAMPORTS} lamports per airdrop`);
      }
      return runtime.airdrop(address, BigInt(lamports));
    },
    sendTransaction: (params) => {
      const [encoded, config] = parseParams(
        z.tuple([z.string(), configSchema]).or(z.tuple([z.string()])),
        params,
      );
      // The RPC's default encoding for sendTransaction is base58.
      const encoding = config?.encoding ?? 'base58';
      if (encoding !== 'base58' && encoding !== 'base64') {
        throw new RpcError(-32602, `Invalid params: unsupported encoding ${encoding}`);
      }
      const outcome = runtime.sendTransaction(decodeBytes(encoded, encoding), {
        skipPreflight: config?.skipPreflight === true,
      });
      if (!outcome.ok) throw new RpcError(outcome.code, outcome.message, outcome.data);
      return outcome.signature;
    },
    getSignaturesForAddress: (params) => {
      const optionsSchema = z
        .object({
          limit: z.number().int().min(1).max(MAX_SIGNATURES_LIMIT),
          before: signatureSchema,
          until: signatureSchema,
          commitment: z.string(),
          minContextSlot: z.number().int(),
        })
        .partial()
        .passthrough();
      const [address, options] = parseParams(
        z.tuple([pubkeySchema, optionsSchema]).or(z.tuple([pubkeySchema])),
        params,
      );
      return runtime.history
        .signaturesForAddress(address, {
          ...(options?.limit === undefined ? {} : { limit: options.limit }),
          ...(options?.before === undefined ? {} : { before: options.before }),
          ...(options?.until === undefined ? {} : { until: options.until }),
        })
        .map((s) => ({ ...s, memo: null, confirmationStatus: 'finalized' as const }));
    },
    getTransaction: (params) => {
      const [signature, config] = parseParams(
        z
          .tuple([signatureSchema, transactionConfigSchema])
          .or(z.tuple([signatureSchema, z.enum(['json', 'jsonParsed', 'base58', 'base64'])]))
          .or(z.tuple([signatureSchema])),
        params,
      );
      // The RPC also takes the encoding alone as the second parameter (the deprecated form).
      const options = typeof config === 'string' ? { encoding: config } : config;
      const encoding = options?.encoding ?? 'json';
      try {
        return runtime.history.transactionJson(signature, {
          encoding,
          ...(options &&
          'maxSupportedTransactionVersion' in options &&
          options.maxSupportedTransactionVersion !== undefined
            ? { maxSupportedTransactionVersion: options.maxSupportedTransactionVersion }
            : {}),
        });
      } catch (error) {
        if (error instanceof RpcMethodError) throw new RpcError(error.code, error.message);
        throw error;
      }
    },
    getSignatureStatuses: (params) => {
      const [signatures] = parseParams(
        z
          .tuple([z.array(signatureSchema).max(256), configSchema])
          .or(z.tuple([z.array(signatureSchema).max(256)])),
        params,
      );
      return withContext(
        signatures.map((sig) => {
          const status = runtime.getSignatureStatus(sig);
          return status ? statusJson(status) : null;
        }),
      );
    },
  };
  return handlers;
}

type JsonRpcResponse =
  | { jsonrpc: '2.0'; id: string | number | null; result: unknown }
  | { jsonrpc: '2.0'; id: string | number | null; error: { code: number; message: string; data?: unknown } };

function errorResponse(id: string | number | null, error: unknown): JsonRpcResponse {
  if (error instanceof RpcError) {
    return {
      jsonrpc: '2.0',
      id,
      error: {
        code: error.code,
        message: error.message,
        ...(error.data === undefined ? {} : { data: error.data }),
      },
    };
  }
  return { jsonrpc: '2.0', id, error: { code: -32603, message: `Internal error: ${String(error)}` } };
}

/** Handles one parsed JSON-RPC message (object or batch array) and returns the response body. */
export function dispatch(
  handlers: Record<string, (params: unknown[]) => unknown>,
  message: unknown,
): JsonRpcResponse | JsonRpcResponse[] {
  if (Array.isArray(message)) {
    if (message.length === 0 || message.length > MAX_BATCH) {
      return errorResponse(null, new RpcError(-32600, 'Invalid request'));
    }
    return message.map((m) => dispatchOne(handlers, m));
  }
  return dispatchOne(handlers, message);
}

function dispatchOne(
  handlers: Record<string, (params: unknown[]) => unknown>,
  message: unknown,
): JsonRpcResponse {
  const parsed = requestSchema.safeParse(message);
  const rawId =
    typeof message === 'object' && message !== null ? (message as { id?: unknown }).id : undefined;
  const fallbackId = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
  if (!parsed.success) return errorResponse(fallbackId, new RpcError(-32600, 'Invalid request'));
  const { id = null, method, params = [] } = parsed.data;
  const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined;
  if (!handler) return errorResponse(id, new RpcError(-32601, 'Method not found'));
  try {
    return { jsonrpc: '2.0', id, result: handler(params) };
  } catch (error) {
    return errorResponse(id, error);
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new RpcError(-32600, 'Request too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Half-closes a socket and resolves when the peer has closed its side too (or after a second). */
function closeGracefully(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    if (socket.destroyed) {
      resolve();
      return;
    }
    const timer = setTimeout(() => {
      socket.destroy();
      resolve();
    }, 1000);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.end();
  });
}

export interface SolanaServerOptions {
  /**
   * HTTP JSON-RPC port; the websocket listens on `port + 1` (where web3.js's `Connection` looks for it).
   * 0: a pair the OS leaves free (read them from `rpcUrl` and `wsUrl`).
   */
  port: number;
  dataDir?: string;
  log?: (line: string) => void;
  /**
   * Origins whose pages may call the RPC from a browser (services/stack.ts: `stackOrigins`). Default none:
   * only callers without `Origin` (Node, curl).
   */
  allowedOrigins?: readonly string[];
}

export interface SolanaServer {
  rpcUrl: string;
  wsUrl: string;
  caip2: string;
  runtime: SolanaRuntime;
  stop(): Promise<void>;
}

function listen(
  server: { listen(port: number, host: string): unknown; once(e: string, f: (x: unknown) => void): unknown },
  port: number,
) {
  return new Promise<void>((resolve, reject) => {
    server.once('error', (e) => reject(e));
    server.once('listening', () => resolve());
    server.listen(port, '127.0.0.1');
  });
}

/** How often port 0 tries another port when the one after the OS's pick is taken. */
const PAIR_ATTEMPTS = 20;

/**
 * `http` on `port` and `ws` on `port + 1`. With port 0, `http` takes the port the OS picks and `ws` the next
 * one; when that one is taken, `http` lets its port go and both try again. Each bind either holds its port
 * or fails, so no other process can take one in between.
 */
async function listenPair(http: Server, ws: Server, port: number): Promise<void> {
  if (port !== 0) {
    await listen(http, port);
    await listen(ws, port + 1);
    return;
  }
  for (let attempt = 1; ; attempt++) {
    await listen(http, 0);
    const picked = (http.address() as AddressInfo).port;
    try {
      if (picked >= 65535) throw new Error(`no port after ${picked}`);
      await listen(ws, picked + 1);
      return;
    } catch (error) {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      if (attempt >= PAIR_ATTEMPTS) throw error;
    }
  }
}

export async function startSolana(opts: SolanaServerOptions): Promise<SolanaServer> {
  const log = opts.log ?? (() => {});
  const runtime = new SolanaRuntime({ dataDir: opts.dataDir, log });
  const handlers = createRpcHandlers(runtime);
  const guard: RequestGuardOptions = { allowedOrigins: opts.allowedOrigins ?? [] };
  const refuse = (res: ServerResponse, status: number, message: string) =>
    send(res, status, errorResponse(null, new RpcError(-32000, message)));

  const http: Server = createServer(async (req, res) => {
    if (!applyRequestGuard(req.headers, res, guard, refuse)) {
      req.resume();
      return;
    }
    if (answerPreflight(req, res)) return;
    if (req.method === 'GET' && req.url === '/health') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
      return;
    }
    if (req.method !== 'POST') {
      send(res, 405, errorResponse(null, new RpcError(-32600, 'Use POST with a JSON-RPC body')));
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch (error) {
      const rpcError = error instanceof RpcError ? error : new RpcError(-32700, 'Parse error');
      send(res, 200, errorResponse(null, rpcError));
      return;
    }
    send(res, 200, dispatch(handlers, body));
  });
  http.keepAliveTimeout = 5000;
  const httpSockets = new Set<Socket>();
  http.on('connection', (socket: Socket) => {
    httpSockets.add(socket);
    socket.once('close', () => httpSockets.delete(socket));
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_BODY_BYTES });
  const wsHttp: Server = createServer((req, res) => {
    if (!applyRequestGuard(req.headers, res, guard, refuse)) return;
    res.writeHead(426, { 'content-type': 'text/plain' });
    res.end('websocket only');
  });
  wsHttp.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    if (!guardUpgrade(req.headers, socket, guard)) return;
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  let nextSubscription = 1;
  /** Open signature subscriptions: id -> {socket, signature}. */
  const subscriptions = new Map<number, { ws: WebSocket; signature: string }>();
  const notify = (id: number, ws: WebSocket, status: SignatureStatus) => {
    subscriptions.delete(id);
    if (ws.readyState !== ws.OPEN) return;
    ws.send(
      JSON.stringify({
        jsonrpc: '2.0',
        method: 'signatureNotification',
        params: { result: { context: { slot: status.slot }, value: { err: status.err } }, subscription: id },
      }),
    );
  };
  const unsubscribeRuntime = runtime.onSignature((signature, status) => {
    for (const [id, sub] of subscriptions) if (sub.signature === signature) notify(id, sub.ws, status);
  });

  const wsHandlers: Record<
    string,
    (params: unknown[], ws: WebSocket) => { result: unknown; after?: () => void }
  > = {
    signatureSubscribe: (params, ws) => {
      const [signature] = parseParams(
        z.tuple([signatureSchema, configSchema]).or(z.tuple([signatureSchema])),
        params,
      );
      const id = nextSubscription++;
      subscriptions.set(id, { ws, signature });
      const status = runtime.getSignatureStatus(signature);
      return { result: id, after: status ? () => notify(id, ws, status) : undefined };
    },
    signatureUnsubscribe: (params, ws) => {
      const [id] = parseParams(z.tuple([z.number().int()]), params);
      const sub = subscriptions.get(id);
      if (!sub || sub.ws !== ws) return { result: false };
      subscriptions.delete(id);
      return { result: true };
    },
  };

  wss.on('connection', (ws) => {
    ws.on('error', () => {});
    ws.on('message', (raw) => {
      let message: unknown;
      try {
        message = JSON.parse(raw.toString());
      } catch {
        ws.send(JSON.stringify(errorResponse(null, new RpcError(-32700, 'Parse error'))));
        return;
      }
      const parsed = requestSchema.safeParse(message);
      if (!parsed.success) {
        ws.send(JSON.stringify(errorResponse(null, new RpcError(-32600, 'Invalid request'))));
        return;
      }
      const { id, method, params = [] } = parsed.data;
      // Notifications (no id), such as the client's keep-alive `ping`, get no answer.
      if (id === undefined) return;
      const handler = Object.hasOwn(wsHandlers, method) ? wsHandlers[method] : undefined;
      if (!handler) {
        ws.send(JSON.stringify(errorResponse(id, new RpcError(-32601, 'Method not found'))));
        return;
      }
      try {
        const { result, after } = handler(params, ws);
        ws.send(JSON.stringify({ jsonrpc: '2.0', id, result }));
        after?.();
      } catch (error) {
        ws.send(JSON.stringify(errorResponse(id, error)));
      }
    });
    ws.on('close', () => {
      for (const [id, sub] of subscriptions) if (sub.ws === ws) subscriptions.delete(id);
    });
  });

  try {
    await listenPair(http, wsHttp, opts.port);
  } catch (error) {
    http.close();
    wsHttp.close();
    runtime.close();
    throw error;
  }
  const port = (http.address() as AddressInfo).port;
  const wsPort = (wsHttp.address() as AddressInfo).port;
  log(
    `[solana] litesvm RPC on http://127.0.0.1:${port} (ws ${wsPort})${runtime.restored ? ', state restored' : ''}`,
  );

  let stopping: Promise<void> | undefined;
  return {
    rpcUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${wsPort}`,
    caip2: SOLANA_CAIP2,
    runtime,
    stop: () => {
      stopping ??= (async () => {
        unsubscribeRuntime();
        // Close code 1000 (normal closure) tells web3.js's websocket client not to reconnect.
        const closing = [...wss.clients].map(
          (client) =>
            new Promise<void>((resolve) => {
              const timer = setTimeout(() => {
                client.terminate();
                resolve();
              }, 1000);
              client.once('close', () => {
                clearTimeout(timer);
                resolve();
              });
              client.close(1000, 'server shutting down');
            }),
        );
        await Promise.all(closing);
        await new Promise<void>((resolve) => wss.close(() => resolve()));
        // Close keep-alive connections gracefully and wait for the client's side of the close: an
        // in-process HTTP client (undici's pool) has then seen the end of the socket and will not reuse it
        // against the next server on this port.
        await Promise.all([...httpSockets].map(closeGracefully));
        http.closeAllConnections();
        wsHttp.closeAllConnections();
        await Promise.all([
          new Promise<void>((resolve) => http.close(() => resolve())),
          new Promise<void>((resolve) => wsHttp.close(() => resolve())),
        ]);
        runtime.close();
      })();
      return stopping;
    },
  };
}
