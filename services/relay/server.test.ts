import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { publicKeyOfIssuer, RelayAuthError, verifyRelayJwt } from './auth.ts';
import {
  MAX_MESSAGE_CHARS,
  MAX_MESSAGES_PER_TOPIC,
  type RelayServer,
  startRelayServer,
  subscriptionId,
  TAG_SESSION_PROPOSE,
  TAG_SESSION_PROPOSE_RESPONSE,
  TAG_SESSION_SETTLE,
} from './server.ts';
import {
  connectRelayClient,
  createRelayIdentity,
  RelayRpcError,
  type RelayTestClient,
} from './test-client.ts';

const topic = (label: string) => createHash('sha256').update(label).digest('hex');
const T1 = topic('one');
const T2 = topic('two');

let clock = Date.now();
let relay: RelayServer;
const clients: RelayTestClient[] = [];
const connect = async (opts?: Parameters<typeof connectRelayClient>[1]) => {
  const c = await connectRelayClient(relay.url, opts);
  clients.push(c);
  return c;
};

/** Resolves with the status line of a websocket upgrade the relay refused (or 101). */
function upgradeStatus(path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${relay.url}${path}`, { headers });
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
    });
    ws.once('error', (e) => {
      if (!/Unexpected server response/.test(e.message)) reject(e);
    });
  });
}

beforeEach(async () => {
  clock = Date.now();
  relay = await startRelayServer({ port: 0, allowedOrigins: ['http://127.0.0.1:4300'], now: () => clock });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await relay.stop();
});

describe('relay authentication', () => {
  it('reads the client id from a signed did:key JWT and refuses a token that is not its own', () => {
    const id = createRelayIdentity();
    const now = Math.floor(Date.now() / 1000);
    expect(verifyRelayJwt(id.jwt({ iat: now }), now).iss).toBe(id.clientId);
    expect(publicKeyOfIssuer(id.clientId)).toHaveLength(32);

    const other = createRelayIdentity();
    const [h, , s] = other.jwt().split('.');
    const [, p] = id.jwt().split('.');
    expect(() => verifyRelayJwt(`${h}.${p}.${s}`, now)).toThrow('not signed by its issuer');
    expect(() => verifyRelayJwt(id.jwt({ iat: now - 100, ttlSeconds: 50 }), now)).toThrow('expired');
    expect(() => verifyRelayJwt('a.b', now)).toThrow(RelayAuthError);
  });

  it('opens the socket for a valid token and project id; refuses the rest with 401, foreign hosts with 421', async () => {
    const id = createRelayIdentity();
    const token = id.jwt();
    expect(await upgradeStatus(`/?auth=${token}&projectId=p&ua=x`)).toBe(101);
    expect(await upgradeStatus(`/?auth=${token}`)).toBe(401);
    expect(await upgradeStatus('/?projectId=p')).toBe(401);
    expect(await upgradeStatus(`/?auth=${token.slice(0, -4)}AAAA&projectId=p`)).toBe(401);
    expect(await upgradeStatus(`/?auth=${token}&projectId=p`, { host: 'evil.example' })).toBe(421);
    expect(await upgradeStatus(`/?auth=${token}&projectId=p`, { origin: 'https://evil.example' })).toBe(403);
    expect(await upgradeStatus(`/?auth=${token}&projectId=p`, { origin: 'http://127.0.0.1:4300' })).toBe(101);
  });

  it('answers its health over HTTP', async () => {
    const body = await new Promise<string>((resolve, reject) => {
      httpRequest(`${relay.url.replace('ws:', 'http:')}/health`, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve(text));
      })
        .on('error', reject)
        .end();
    });
    expect(JSON.parse(body)).toEqual({ ok: true, clients: 0, subscriptions: 0, topics: 0, messages: 0 });
  });
});

describe('subscribe and publish', () => {
  it('answers the subscription id the client computes and pushes what another client publishes', async () => {
    const a = await connect();
    const b = await connect();
    const id = await a.request<string>('irn_subscribe', { topic: T1 });
    expect(id).toBe(
      createHash('sha256')
        .update(T1 + a.identity.clientId)
        .digest('hex'),
    );
    expect(id).toBe(subscriptionId(T1, a.identity.clientId));

    expect(await b.request('irn_publish', { topic: T1, message: 'hello', ttl: 300, tag: 1108 })).toBe(true);
    await expect.poll(() => a.pushes).toHaveLength(1);
    expect(a.pushes[0]).toMatchObject({
      subscriptionId: id,
      topic: T1,
      message: 'hello',
      tag: 1108,
      publishedAt: clock,
    });
    // The publisher is not sent its own message, even when subscribed.
    await b.request('irn_subscribe', { topic: T1 });
    expect(b.pushes).toHaveLength(0);
  });

  it('keeps a message until its TTL and delivers it on a later subscribe, once', async () => {
    const b = await connect();
    await b.request('irn_publish', { topic: T1, message: 'early', ttl: 60, tag: 1 });
    const a = await connect();
    await a.request('irn_subscribe', { topic: T1 });
    await expect.poll(() => a.pushes.map((p) => p.message)).toEqual(['early']);
    // Acknowledged: a second subscribe (as after a reconnect) does not send it again.
    await a.request('irn_subscribe', { topic: T1 });
    await a.request('irn_subscribe', { topic: T2 });
    expect(a.pushes).toHaveLength(1);

    await b.request('irn_publish', { topic: T2, message: 'late', ttl: 60, tag: 1 });
    await expect.poll(() => a.pushes.map((p) => p.message)).toEqual(['early', 'late']);
    clock += 61_000;
    const c = await connect();
    await c.request('irn_subscribe', { topic: T1 });
    const fetched = await c.request<{ messages: unknown[] }>('irn_batchFetchMessages', { topics: [T1, T2] });
    expect(fetched.messages).toEqual([]);
    expect(c.pushes).toHaveLength(0);
  });

  it('sends again a push the client did not acknowledge, when the same client subscribes again', async () => {
    const identity = createRelayIdentity();
    const a = await connect({ identity });
    a.autoAck = false;
    await a.request('irn_subscribe', { topic: T1 });
    const b = await connect();
    await b.request('irn_publish', { topic: T1, message: 'm1', ttl: 300, tag: 1 });
    await expect.poll(() => a.pushes).toHaveLength(1);
    await a.close();

    const again = await connect({ identity });
    await again.request('irn_subscribe', { topic: T1 });
    await expect.poll(() => again.pushes.map((p) => p.message)).toEqual(['m1']);
  });

  it('batch subscribes, unsubscribes and batch unsubscribes', async () => {
    const a = await connect();
    const b = await connect();
    const ids = await a.request<string[]>('irn_batchSubscribe', { topics: [T1, T2] });
    expect(ids).toEqual([subscriptionId(T1, a.identity.clientId), subscriptionId(T2, a.identity.clientId)]);
    expect(relay.stats().subscriptions).toBe(2);

    expect(await a.request('irn_unsubscribe', { topic: T1, id: ids[0] })).toBe(true);
    await b.request('irn_publish', { topic: T1, message: 'not for a', ttl: 60, tag: 1 });
    await b.request('irn_publish', { topic: T2, message: 'for a', ttl: 60, tag: 1 });
    await expect.poll(() => a.pushes.map((p) => p.message)).toEqual(['for a']);

    expect(await a.request('irn_batchUnsubscribe', { subscriptions: [{ topic: T2, id: ids[1] }] })).toBe(
      true,
    );
    expect(relay.stats().subscriptions).toBe(0);
  });

  it('batch publishes, and batch fetches what the client has not received yet', async () => {
    const b = await connect();
    expect(
      await b.request('irn_batchPublish', {
        messages: [
          { topic: T1, message: 'x1', ttl: 60, tag: 2 },
          { topic: T2, message: 'x2', ttl: 60, tag: 3, attestation: 'att' },
        ],
      }),
    ).toBe(true);
    const a = await connect();
    const fetched = await a.request<{ messages: Array<Record<string, unknown>>; hasMore: boolean }>(
      'irn_batchFetchMessages',
      { topics: [T1, T2] },
    );
    expect(fetched.hasMore).toBe(false);
    expect(fetched.messages).toEqual([
      { topic: T1, message: 'x1', publishedAt: clock, tag: 2 },
      { topic: T2, message: 'x2', publishedAt: clock, tag: 3, attestation: 'att' },
    ]);
    const again = await a.request<{ messages: unknown[] }>('irn_batchFetchMessages', { topics: [T1, T2] });
    expect(again.messages).toEqual([]);
  });

  it("stores the composite session publishes as the messages they stand for, with sign-client's tags", async () => {
    const dapp = await connect();
    const wallet = await connect();
    await wallet.request('irn_subscribe', { topic: T1 });
    expect(
      await dapp.request('wc_proposeSession', { pairingTopic: T1, sessionProposal: 'proposal', ttl: 300 }),
    ).toBe(true);
    await expect
      .poll(() => wallet.pushes.map((p) => [p.topic, p.message, p.tag]))
      .toEqual([[T1, 'proposal', TAG_SESSION_PROPOSE]]);
    await wallet.request('wc_approveSession', {
      pairingTopic: T1,
      sessionTopic: T2,
      sessionProposalResponse: 'response',
      sessionSettlementRequest: 'settle',
      ttl: 300,
    });
    await expect
      .poll(() => dapp.pushes.map((p) => [p.topic, p.message, p.tag]))
      .toEqual([[T1, 'response', TAG_SESSION_PROPOSE_RESPONSE]]);
    // The composite publishes subscribed their senders: the dapp to the pairing topic (it got the response
    // without subscribing), the wallet to the session topic.
    expect(relay.stats().subscriptions).toBe(3);
    await dapp.request('irn_subscribe', { topic: T2 });
    await expect
      .poll(() => dapp.pushes.map((p) => [p.topic, p.message, p.tag]))
      .toContainEqual([T2, 'settle', TAG_SESSION_SETTLE]);
  });
});

describe('bad requests and bounds', () => {
  it('answers JSON-RPC errors and stays up', async () => {
    const a = await connect();
    await expect(a.request('irn_subscribe', { topic: 'nothex' })).rejects.toMatchObject({ code: -32602 });
    await expect(a.request('irn_publish', { topic: T1, message: 'm', ttl: 1 })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('ttl'),
    });
    await expect(a.request('eth_call', [])).rejects.toBeInstanceOf(RelayRpcError);
    await expect(a.request('eth_call', [])).rejects.toMatchObject({ code: -32601 });
    await expect(a.request('__proto__', {})).rejects.toMatchObject({ code: -32601 });
    expect(JSON.parse(await a.raw('{not json', 'null'))).toMatchObject({ error: { code: -32700 } });
    await expect(
      a.request('irn_publish', { topic: T1, message: 'x'.repeat(MAX_MESSAGE_CHARS + 1), ttl: 60 }),
    ).rejects.toMatchObject({ code: -32602 });
    expect(await a.request('irn_subscribe', { topic: T1 })).toMatch(/^[0-9a-f]{64}$/);
  });

  it('echoes an integer id beyond 2^53 digit for digit', async () => {
    const a = await connect();
    const id = '1732712345678901234';
    const text = await a.raw(
      `{"id":${id},"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"${T1}"}}`,
      id,
    );
    expect(text.startsWith(`{"id":${id},`)).toBe(true);
  });

  it(`stores at most ${MAX_MESSAGES_PER_TOPIC} messages per topic`, async () => {
    const b = await connect();
    await b.request('irn_batchPublish', {
      messages: Array.from({ length: MAX_MESSAGES_PER_TOPIC }, (_, i) => ({
        topic: T1,
        message: `m${i}`,
        ttl: 60,
        tag: 1,
      })),
    });
    await expect(b.request('irn_publish', { topic: T1, message: 'one more', ttl: 60 })).rejects.toMatchObject(
      {
        code: -32000,
      },
    );
    expect(relay.stats().messages).toBe(MAX_MESSAGES_PER_TOPIC);
  });

  it('pings its sockets and drops one that does not answer', async () => {
    await relay.stop();
    relay = await startRelayServer({ port: 0, allowedOrigins: [], pingIntervalMs: 50 });
    const answering = await connect();
    let pings = 0;
    answering.ws.on('ping', () => pings++);
    const silent = await connect({ autoPong: false });
    const closed = new Promise<void>((resolve) => silent.ws.once('close', () => resolve()));
    await closed;
    await expect.poll(() => pings).toBeGreaterThan(2);
    expect(answering.ws.readyState).toBe(WebSocket.OPEN);
  });
});
