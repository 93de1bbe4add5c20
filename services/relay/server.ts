/**
 * A local WalletConnect relay: the websocket JSON-RPC that `@walletconnect/core` 2.2x speaks to its relay,
 * so that a dapp (the kit) and a wallet pair and talk on this machine, with nothing leaving it.
 *
 * What a client sees:
 * - It connects to `ws://host:port/?auth=<JWT>&projectId=…&ua=…`. The JWT (auth.ts) is checked; its issuer
 *   is the client id. A missing or bad token or project id is refused before the socket opens (401), a
 *   foreign `Host` or browser `Origin` by the stack's guard (services/host-guard.ts).
 * - `irn_subscribe {topic}` answers the subscription id `sha256(topic + clientId)` (hex), as the client
 *   computes it itself, then pushes the topic's stored messages the client has not acknowledged yet.
 *   `irn_batchSubscribe {topics}` does the same for each and answers the ids. `irn_unsubscribe {topic, id}`
 *   and `irn_batchUnsubscribe {subscriptions}` answer `true`.
 * - `irn_publish {topic, message, ttl, tag, …}` stores the message on its topic until its TTL and pushes it
 *   to every other client subscribed to the topic; `irn_batchPublish {messages}` publishes each.
 *   `wc_proposeSession {pairingTopic, sessionProposal, ttl}` and `wc_approveSession {pairingTopic,
 *   sessionTopic, sessionProposalResponse, sessionSettlementRequest, ttl}`, the composite publishes of
 *   sign-client 2.25, store and push their parts as the messages they stand for: the proposal on the pairing
 *   topic (tag 1100), the response on the pairing topic (1101) and the settlement on the session topic (1102).
 *   They also subscribe their sender: the proposer to the pairing topic, the approver to the session topic
 *   (the client records those subscriptions without sending `irn_subscribe`).
 * - A push is `irn_subscription {id: subscriptionId, data: {topic, message, publishedAt, tag, attestation?}}`;
 *   the client acknowledges it (`result: true`) and is not sent that message again. A message the client
 *   did not acknowledge (its socket closed first) is pushed again when it subscribes again.
 *   `irn_batchFetchMessages {topics}` answers the unacknowledged messages at once (`{messages, hasMore}`).
 * - The relay pings every socket (`pingIntervalMs`) and drops one that did not answer the previous ping
 *   (the Node client drops a socket itself after about 35 s without a ping).
 *
 * Bounds: a websocket frame of at most MAX_FRAME_BYTES, a message of at most MAX_MESSAGE_CHARS, TTLs from
 * MIN_TTL_S to MAX_TTL_S, at most MAX_MESSAGES_PER_TOPIC stored per topic, MAX_TOPICS topics with stored
 * messages, MAX_BATCH entries in a batch and MAX_SUBSCRIPTIONS per socket. Every request is checked with zod
 * and a bad one answers a JSON-RPC error; nothing a client sends can crash the relay. State is in memory:
 * a restarted relay starts empty, and clients subscribe again when they reconnect.
 *
 * Request ids: the clients use integer ids beyond 2^53, so the relay reads and echoes them as their digits.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { z } from 'zod';
import { applyRequestGuard, guardUpgrade, type RequestGuardOptions } from '../host-guard.ts';
import { RelayAuthError, verifyRelayJwt } from './auth.ts';

export const MAX_FRAME_BYTES = 512 * 1024;
export const MAX_MESSAGE_CHARS = 256 * 1024;
export const MIN_TTL_S = 10;
export const MAX_TTL_S = 30 * 24 * 60 * 60;
export const MAX_MESSAGES_PER_TOPIC = 200;
export const MAX_TOPICS = 10_000;
export const MAX_BATCH = 500;
export const MAX_SUBSCRIPTIONS = 5_000;
export const DEFAULT_PING_INTERVAL_MS = 15_000;

/** The tags sign-client gives the parts of its composite publishes (its wc_sessionPropose/Settle requests and response). */
export const TAG_SESSION_PROPOSE = 1100;
export const TAG_SESSION_PROPOSE_RESPONSE = 1101;
export const TAG_SESSION_SETTLE = 1102;

const ERROR = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  /** A bound of the relay was reached (too many messages or topics). */
  limit: -32000,
} as const;

const topicSchema = z.string().regex(/^[0-9a-f]{64}$/i, 'a topic is 64 hex characters');
const messageSchema = z.string().min(1).max(MAX_MESSAGE_CHARS);
const ttlSchema = z.number().int().min(MIN_TTL_S).max(MAX_TTL_S);
const tagSchema = z
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1);
const attestationSchema = z.string().max(8_000).optional();

const publishSchema = z.object({
  topic: topicSchema,
  message: messageSchema,
  ttl: ttlSchema,
  tag: tagSchema.optional(),
  prompt: z.boolean().optional(),
  attestation: attestationSchema,
});
const proposeSessionSchema = z.object({
  pairingTopic: topicSchema,
  sessionProposal: messageSchema,
  ttl: ttlSchema,
  attestation: attestationSchema,
});
const approveSessionSchema = z.object({
  pairingTopic: topicSchema,
  sessionTopic: topicSchema,
  sessionProposalResponse: messageSchema,
  sessionSettlementRequest: messageSchema,
  ttl: ttlSchema,
  attestation: attestationSchema,
});
const requestSchema = z.object({
  jsonrpc: z.literal('2.0').optional(),
  id: z.union([z.number().int(), z.string().max(40)]),
  method: z.string().max(100),
  params: z.unknown().optional(),
});
const ackSchema = z.object({
  id: z.union([z.number().int(), z.string().max(40)]),
  result: z.unknown().optional(),
  error: z.unknown().optional(),
});

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function parseParams<T>(schema: z.ZodType<T>, params: unknown): T {
  const parsed = schema.safeParse(params);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new RpcError(ERROR.invalidParams, `Invalid params: ${where}${issue?.message ?? 'malformed'}`);
  }
  return parsed.data;
}

/** The subscription id a client computes for itself: sha256 of the topic followed by its id, in hex. */
export function subscriptionId(topic: string, clientId: string): string {
  return createHash('sha256')
    .update(topic + clientId)
    .digest('hex');
}

/** Marks integer ids too long for a double so that they travel as their digits (see the file's head). */
const BIG_ID = /("id"\s*:\s*)(-?\d{16,})/g;
const BIG_ID_MARK = 'big:';
const parseRaw = (text: string): unknown => JSON.parse(text.replace(BIG_ID, `$1"${BIG_ID_MARK}$2"`));
const stringifyRaw = (value: unknown): string =>
  JSON.stringify(value).replace(/("id":)"big:(-?\d+)"/g, '$1$2');

interface StoredMessage {
  seq: number;
  topic: string;
  message: string;
  tag: number;
  publishedAt: number;
  expiresAt: number;
  attestation: string | undefined;
  /** The publishing client: it is not sent its own messages. */
  from: string;
}

interface Connection {
  ws: WebSocket;
  clientId: string;
  /** topic -> subscription id */
  subscriptions: Map<string, string>;
  /** push id -> stored message seq, until acknowledged */
  inFlight: Map<number, number>;
  alive: boolean;
}

export interface RelayServerOptions {
  port: number;
  hostname?: string;
  /** Browser origins whose pages may open the relay (none needed for Node clients). */
  allowedOrigins: readonly string[];
  extraHosts?: readonly string[];
  pingIntervalMs?: number;
  now?: () => number;
}

export interface RelayStats {
  clients: number;
  subscriptions: number;
  topics: number;
  messages: number;
}

export interface RelayServer {
  url: string;
  port: number;
  stats(): RelayStats;
  stop(): Promise<void>;
}

export async function startRelayServer(opts: RelayServerOptions): Promise<RelayServer> {
  const now = opts.now ?? (() => Date.now());
  const hostname = opts.hostname ?? '127.0.0.1';
  const guard: RequestGuardOptions = {
    allowedOrigins: opts.allowedOrigins,
    ...(opts.extraHosts ? { extraHosts: opts.extraHosts } : {}),
  };

  const topics = new Map<string, StoredMessage[]>();
  /** client id -> seqs of the messages it acknowledged (dropped with the message). */
  const acked = new Map<string, Set<number>>();
  const connections = new Set<Connection>();
  let nextSeq = 1;
  let nextPushId = now() * 1000;

  const live = (list: StoredMessage[] | undefined): StoredMessage[] => {
    if (!list) return [];
    const at = now();
    return list.filter((m) => m.expiresAt > at);
  };
  const sweep = () => {
    const at = now();
    for (const [topic, list] of topics) {
      const kept = list.filter((m) => m.expiresAt > at);
      const dropped = list.filter((m) => m.expiresAt <= at);
      for (const m of dropped) for (const set of acked.values()) set.delete(m.seq);
      if (kept.length) topics.set(topic, kept);
      else topics.delete(topic);
    }
    for (const [client, set] of acked) if (set.size === 0) acked.delete(client);
  };

  const send = (conn: Connection, payload: unknown) => {
    if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(stringifyRaw(payload));
  };
  const isPending = (conn: Connection, m: StoredMessage) =>
    m.from !== conn.clientId &&
    !acked.get(conn.clientId)?.has(m.seq) &&
    ![...conn.inFlight.values()].includes(m.seq);
  const push = (conn: Connection, m: StoredMessage) => {
    const subId = conn.subscriptions.get(m.topic);
    if (subId === undefined || !isPending(conn, m)) return;
    const id = nextPushId++;
    conn.inFlight.set(id, m.seq);
    send(conn, {
      id,
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: {
        id: subId,
        data: {
          topic: m.topic,
          message: m.message,
          publishedAt: m.publishedAt,
          tag: m.tag,
          ...(m.attestation ? { attestation: m.attestation } : {}),
        },
      },
    });
  };
  const deliverStored = (conn: Connection, topic: string) => {
    for (const m of live(topics.get(topic))) push(conn, m);
  };

  const store = (
    from: string,
    topic: string,
    message: string,
    ttl: number,
    tag: number,
    attestation?: string,
  ) => {
    const list = live(topics.get(topic));
    // The same payload published twice (a client retrying after a lost answer) is one message.
    if (list.some((m) => m.message === message && m.from === from)) return;
    if (list.length >= MAX_MESSAGES_PER_TOPIC) {
      throw new RpcError(ERROR.limit, `Too many messages waiting on this topic (${MAX_MESSAGES_PER_TOPIC})`);
    }
    if (list.length === 0 && !topics.has(topic) && topics.size >= MAX_TOPICS) {
      sweep();
      if (topics.size >= MAX_TOPICS) throw new RpcError(ERROR.limit, 'The relay holds too many topics');
    }
    const publishedAt = now();
    const stored: StoredMessage = {
      seq: nextSeq++,
      topic,
      message,
      tag,
      publishedAt,
      expiresAt: publishedAt + ttl * 1000,
      attestation,
      from,
    };
    list.push(stored);
    topics.set(topic, list);
    for (const conn of connections) push(conn, stored);
  };

  const subscribe = (conn: Connection, topic: string): string => {
    const id = subscriptionId(topic, conn.clientId);
    if (!conn.subscriptions.has(topic) && conn.subscriptions.size >= MAX_SUBSCRIPTIONS) {
      throw new RpcError(ERROR.limit, `Too many subscriptions on one connection (${MAX_SUBSCRIPTIONS})`);
    }
    conn.subscriptions.set(topic, id);
    return id;
  };

  type Handler = (conn: Connection, params: unknown) => { result: unknown; after?: () => void };
  const handlers: Record<string, Handler> = {
    irn_subscribe: (conn, params) => {
      const { topic } = parseParams(z.object({ topic: topicSchema }), params);
      return { result: subscribe(conn, topic), after: () => deliverStored(conn, topic) };
    },
    irn_batchSubscribe: (conn, params) => {
      const { topics: list } = parseParams(
        z.object({ topics: z.array(topicSchema).min(1).max(MAX_BATCH) }),
        params,
      );
      const ids = list.map((topic) => subscribe(conn, topic));
      return {
        result: ids,
        after: () => {
          for (const topic of list) deliverStored(conn, topic);
        },
      };
    },
    irn_unsubscribe: (conn, params) => {
      const { topic } = parseParams(z.object({ topic: topicSchema, id: z.string().max(100) }), params);
      conn.subscriptions.delete(topic);
      return { result: true };
    },
    irn_batchUnsubscribe: (conn, params) => {
      const { subscriptions } = parseParams(
        z.object({
          subscriptions: z
            .array(z.object({ topic: topicSchema, id: z.string().max(100) }))
            .min(1)
            .max(MAX_BATCH),
        }),
        params,
      );
      for (const s of subscriptions) conn.subscriptions.delete(s.topic);
      return { result: true };
    },
    irn_publish: (conn, params) => {
      const p = parseParams(publishSchema, params);
      store(conn.clientId, p.topic, p.message, p.ttl, p.tag ?? 0, p.attestation);
      return { result: true };
    },
    irn_batchPublish: (conn, params) => {
      const { messages } = parseParams(
        z.object({ messages: z.array(publishSchema).min(1).max(MAX_BATCH) }),
        params,
      );
      for (const p of messages) store(conn.clientId, p.topic, p.message, p.ttl, p.tag ?? 0, p.attestation);
      return { result: true };
    },
    irn_batchFetchMessages: (conn, params) => {
      const { topics: list } = parseParams(
        z.object({ topics: z.array(topicSchema).min(1).max(MAX_BATCH) }),
        params,
      );
      const messages = list.flatMap((topic) => live(topics.get(topic)).filter((m) => isPending(conn, m)));
      // Fetched is delivered: the answer itself is the acknowledgement.
      const mine = acked.get(conn.clientId) ?? new Set<number>();
      for (const m of messages) mine.add(m.seq);
      if (messages.length) acked.set(conn.clientId, mine);
      return {
        result: {
          messages: messages.map((m) => ({
            topic: m.topic,
            message: m.message,
            publishedAt: m.publishedAt,
            tag: m.tag,
            ...(m.attestation ? { attestation: m.attestation } : {}),
          })),
          hasMore: false,
        },
      };
    },
    wc_proposeSession: (conn, params) => {
      const p = parseParams(proposeSessionSchema, params);
      // The proposer does not subscribe to the pairing topic itself: the composite publish subscribes it.
      subscribe(conn, p.pairingTopic);
      store(conn.clientId, p.pairingTopic, p.sessionProposal, p.ttl, TAG_SESSION_PROPOSE, p.attestation);
      return { result: true };
    },
    wc_approveSession: (conn, params) => {
      const p = parseParams(approveSessionSchema, params);
      // Likewise the approver, to the new session topic.
      subscribe(conn, p.sessionTopic);
      store(conn.clientId, p.pairingTopic, p.sessionProposalResponse, p.ttl, TAG_SESSION_PROPOSE_RESPONSE);
      store(conn.clientId, p.sessionTopic, p.sessionSettlementRequest, p.ttl, TAG_SESSION_SETTLE);
      return { result: true };
    },
  };

  const onMessage = (conn: Connection, data: RawData) => {
    let payload: unknown;
    try {
      payload = parseRaw(data.toString());
    } catch {
      send(conn, { id: null, jsonrpc: '2.0', error: { code: ERROR.parse, message: 'Parse error' } });
      return;
    }
    if (payload && typeof payload === 'object' && !('method' in payload)) {
      // An answer to one of our pushes: the acknowledgement.
      const ack = ackSchema.safeParse(payload);
      if (!ack.success || typeof ack.data.id !== 'number') return;
      const seq = conn.inFlight.get(ack.data.id);
      conn.inFlight.delete(ack.data.id);
      if (seq !== undefined && ack.data.error === undefined) {
        const mine = acked.get(conn.clientId) ?? new Set<number>();
        mine.add(seq);
        acked.set(conn.clientId, mine);
      }
      return;
    }
    const request = requestSchema.safeParse(payload);
    if (!request.success) {
      const id = (payload as { id?: unknown })?.id;
      send(conn, {
        id: typeof id === 'number' || typeof id === 'string' ? id : null,
        jsonrpc: '2.0',
        error: { code: ERROR.invalidRequest, message: 'Invalid request' },
      });
      return;
    }
    const { id, method, params } = request.data;
    const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined;
    if (!handler) {
      send(conn, {
        id,
        jsonrpc: '2.0',
        error: { code: ERROR.methodNotFound, message: `Method not found: ${method}` },
      });
      return;
    }
    try {
      const { result, after } = handler(conn, params);
      send(conn, { id, jsonrpc: '2.0', result });
      after?.();
    } catch (error) {
      const e = error instanceof RpcError ? error : new RpcError(ERROR.invalidParams, 'Invalid params');
      send(conn, { id, jsonrpc: '2.0', error: { code: e.code, message: e.message } });
    }
  };

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  wss.on('connection', (ws: WebSocket, _req: IncomingMessage, clientId: string) => {
    const conn: Connection = { ws, clientId, subscriptions: new Map(), inFlight: new Map(), alive: true };
    connections.add(conn);
    ws.on('pong', () => {
      conn.alive = true;
    });
    ws.on('message', (data) => onMessage(conn, data));
    ws.on('error', () => ws.terminate());
    ws.on('close', () => connections.delete(conn));
  });

  const refuseUpgrade = (socket: Socket | import('node:stream').Duplex, status: number, message: string) => {
    const reason = status === 401 ? 'Unauthorized' : 'Bad Request';
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nconnection: close\r\ncontent-type: text/plain; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(message)}\r\n\r\n${message}`,
      () => socket.destroy(),
    );
  };

  const http: Server = createServer((req, res) => {
    if (!applyRequestGuard(req.headers, res, guard)) return;
    const path = new URL(req.url ?? '/', 'http://relay').pathname;
    if (req.method === 'GET' && path === '/health') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ ok: true, ...stats() }));
      return;
    }
    res.writeHead(426, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('This is a WalletConnect relay: open it as a websocket');
  });
  http.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    if (!guardUpgrade(req.headers, socket, guard)) return;
    const query = new URL(req.url ?? '/', 'http://relay').searchParams;
    const token = query.get('auth');
    if (!query.get('projectId')) {
      refuseUpgrade(socket, 401, 'A project id is required (projectId)');
      return;
    }
    if (!token) {
      refuseUpgrade(socket, 401, 'An auth token is required (auth)');
      return;
    }
    let clientId: string;
    try {
      clientId = verifyRelayJwt(token, Math.floor(now() / 1000)).iss;
    } catch (error) {
      refuseUpgrade(socket, 401, error instanceof RelayAuthError ? error.message : 'Invalid auth token');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req, clientId));
  });

  const sockets = new Set<Socket>();
  http.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  const pingTimer = setInterval(() => {
    for (const conn of connections) {
      if (!conn.alive) {
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      conn.ws.ping();
    }
    sweep();
  }, opts.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS);
  pingTimer.unref();

  function stats(): RelayStats {
    let subscriptions = 0;
    for (const c of connections) subscriptions += c.subscriptions.size;
    let messages = 0;
    for (const list of topics.values()) messages += live(list).length;
    return { clients: connections.size, subscriptions, topics: topics.size, messages };
  }

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(opts.port, hostname, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const port = (http.address() as AddressInfo).port;
  const url = `ws://${hostname}:${port}`;

  return {
    url,
    port,
    stats,
    async stop() {
      clearInterval(pingTimer);
      for (const conn of connections) conn.ws.terminate();
      connections.clear();
      wss.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
