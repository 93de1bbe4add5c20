// @vitest-environment jsdom
/**
 * Property-based tests: thousands of random and malformed messages thrown at the client's window
 * listener (before the frame is ready) and at its MessagePort (after), including messages from a foreign
 * origin or window, with wrong ids, wrong types and oversized payloads. None may throw, settle a pending
 * request, change the client's state or touch the login cache.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoginCache, createMemoryStorage } from '../login-cache.ts';
import { errorEventType, FRAME_EVENT_NAMES, READY_TYPE, successEventType } from '../protocol/events.ts';
import { type FakeFrame, installFakeFrame, NO_REPLY } from '../testing/fake-frame.ts';
import { createFrameClient, type FrameClient } from './client.ts';

/** Thousands of runs: a generous time limit so that a loaded machine does not fail them. */
const FUZZ = { timeout: 120_000 };

const FRAME_ORIGIN = 'https://frame.keyway.test';
const ADDRESS = '0x7777777777777777777777777777777777777777';
const HOUR = 60 * 60 * 1000;

let persistent: ReturnType<typeof createMemoryStorage>;
let session: ReturnType<typeof createMemoryStorage>;
let fake: FakeFrame;
let client: FrameClient;
let windowErrors: unknown[];
const onWindowError = (e: ErrorEvent) => windowErrors.push(e.error ?? e.message);

function snapshot() {
  return JSON.stringify([persistent.entries(), session.entries()]);
}

/** A spy on a promise: whether (and how) it settled so far. */
function track(promise: Promise<unknown>) {
  const t = { settled: false as boolean, value: undefined as unknown };
  promise.then(
    (v) => Object.assign(t, { settled: true, value: v }),
    (e) => Object.assign(t, { settled: true, value: e }),
  );
  return t;
}

/**
 * Values a hostile same-page script could hand over: throwing getters and proxies. fast-check itself
 * inspects generated values, so it generates a token and the property swaps in the hostile value.
 */
const HOSTILE_VALUES: unknown[] = [
  new Proxy(
    {},
    {
      get() {
        throw new Error('trap');
      },
      has() {
        throw new Error('trap');
      },
      ownKeys() {
        throw new Error('trap');
      },
      getPrototypeOf() {
        throw new Error('trap');
      },
    },
  ),
  Object.defineProperty({}, 'type', {
    enumerable: true,
    get() {
      throw new Error('getter');
    },
  }),
  Object.defineProperty({ type: READY_TYPE }, 'id', {
    enumerable: true,
    get() {
      throw new Error('getter');
    },
  }),
];
const hostile = fc.integer({ min: 0, max: HOSTILE_VALUES.length - 1 }).map((i) => ({ hostileValue: i }));
const materialize = (data: unknown) =>
  typeof data === 'object' && data !== null && 'hostileValue' in data && Object.keys(data).length === 1
    ? HOSTILE_VALUES[(data as { hostileValue: number }).hostileValue]
    : data;

/** Independent oracle: the one READY the client may accept (strict shape, the handshake id). */
function isExactReady(data: unknown, handshakeId: string): boolean {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  const d = data as Record<string, unknown>;
  const payload = d.payload as Record<string, unknown> | undefined;
  return (
    Object.keys(d).sort().join() === 'id,payload,type' &&
    d.type === READY_TYPE &&
    d.id === handshakeId &&
    typeof payload === 'object' &&
    payload !== null &&
    Object.keys(payload).join() === 'protocolVersion' &&
    payload.protocolVersion === 1
  );
}

const oversized = fc.string({ minLength: 1001, maxLength: 4000 });
const foreignOrigin = fc.oneof(
  fc.webUrl().map((u) => new URL(u).origin),
  fc.constantFrom(
    'null',
    '',
    'http://frame.keyway.test',
    'https://frame.keyway.test:8443',
    'https://frame.keyway.test.evil.test',
    'https://evil.test',
    'https://FRAME.keyway.test',
    `${FRAME_ORIGIN}/`,
  ),
);

beforeEach(() => {
  persistent = createMemoryStorage();
  session = createMemoryStorage();
  persistent.setItem('kw:auth:email-login-used', 'true');
  session.setItem('kw:auth:email', 'ada@example.com');
  windowErrors = [];
  window.addEventListener('error', onWindowError);
});

afterEach(() => {
  window.removeEventListener('error', onWindowError);
  client.destroy();
  fake.uninstall();
  document.body.innerHTML = '';
});

function makeClient() {
  return createFrameClient({
    frameUrl: `${FRAME_ORIGIN}/wallet`,
    projectId: 'p1',
    chainId: 1,
    document,
    acceptSyntheticEvents: true,
    timeouts: { readyMs: HOUR, loginMs: HOUR, defaultMs: HOUR, signOutMs: HOUR },
    storage: createLoginCache({ persistent, session }),
  });
}

describe('the window listener before READY', FUZZ, () => {
  it('ignores every message that is not the frame’s READY', async () => {
    fake = installFakeFrame({ document, frameOrigin: FRAME_ORIGIN, answerHandshake: false });
    client = makeClient();
    const waiting = track(client.isConnected());
    // The iframe has loaded and the client has posted its handshake (which the frame leaves unanswered).
    await vi.waitFor(() => expect(fake.handshakes).toHaveLength(1));
    expect(client.state).toBe('loading');
    const frameWindow = client.iframe!.contentWindow!;
    const handshakeId = (fake.handshakes[0]!.data as { id: string }).id;
    const other = document.createElement('iframe');
    document.body.appendChild(other);
    const before = snapshot();

    const goodReady = { type: READY_TYPE, id: handshakeId, payload: { protocolVersion: 1 } };
    const data = fc.oneof(
      fc.anything(),
      hostile,
      fc.constant(goodReady),
      fc.record({
        type: fc.oneof(fc.constant(READY_TYPE), fc.string(), fc.constant('@keyway-frame/ready')),
        id: fc.oneof(fc.uuid(), fc.constant(handshakeId), fc.string(), oversized),
        payload: fc.oneof(
          fc.anything(),
          fc.constant({ protocolVersion: 1 }),
          fc.record({ protocolVersion: fc.integer() }),
        ),
      }),
      fc.anything().map((extra) => ({ ...goodReady, extra })),
      oversized.map((s) => ({ type: READY_TYPE, id: handshakeId, payload: { protocolVersion: 1, s } })),
    );
    const message = fc.record({
      data,
      origin: fc.oneof(fc.constant(FRAME_ORIGIN), foreignOrigin),
      source: fc.constantFrom<'frame' | 'self' | 'other' | 'none'>('frame', 'self', 'other', 'none'),
      ports: fc.integer({ min: 0, max: 2 }),
    });

    const channels: MessageChannel[] = [];
    fc.assert(
      fc.property(message, (m) => {
        const exactlyValid =
          isExactReady(m.data, handshakeId) &&
          m.origin === FRAME_ORIGIN &&
          m.source === 'frame' &&
          m.ports === 1;
        fc.pre(!exactlyValid);
        const ports = Array.from({ length: m.ports }, () => {
          const c = new MessageChannel();
          channels.push(c);
          return c.port2;
        });
        const source = { frame: frameWindow, self: window, other: other.contentWindow, none: null }[m.source];
        expect(() =>
          window.dispatchEvent(
            new MessageEvent('message', { data: materialize(m.data), origin: m.origin, source, ports }),
          ),
        ).not.toThrow();
        expect(client.state).toBe('loading');
      }),
      { numRuns: 3000 },
    );
    for (const c of channels) c.port1.close();

    // A later message, the frame's genuine READY: once the waiting request arrives on its port, the client has
    // handled every message before it, and what they queued has run.
    const genuine = new MessageChannel();
    const posted = new Promise<unknown>((resolve) =>
      genuine.port1.addEventListener('message', (e) => resolve((e as MessageEvent).data), { once: true }),
    );
    genuine.port1.start();
    window.dispatchEvent(
      new MessageEvent('message', {
        data: goodReady,
        origin: FRAME_ORIGIN,
        source: frameWindow,
        ports: [genuine.port2],
      }),
    );
    expect(client.state).toBe('ready');
    expect(await posted).toMatchObject({ type: '@keyway-app/IS_CONNECTED' });
    genuine.port1.close();
    expect(windowErrors).toEqual([]);
    expect(waiting.settled).toBe(false);
    expect(client.pendingCount).toBe(1);
    expect(snapshot()).toBe(before);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('the MessagePort after READY', FUZZ, () => {
  it('ignores every message that is not a valid answer to a pending request', async () => {
    fake = installFakeFrame({ document, frameOrigin: FRAME_ORIGIN });
    fake.handlers.RPC_REQUEST = (payload) =>
      payload.method === 'eth_blockNumber' ? { result: '0x1' } : NO_REPLY;
    fake.handlers.CONNECT_OTP = () => NO_REPLY;
    fake.handlers.IS_CONNECTED = () => NO_REPLY;
    client = makeClient();
    await client.ensure();

    const signRequest = fake.nextRequest('RPC_REQUEST');
    const sign = track(client.rpc({ method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] }));
    const signId = (await signRequest).id;
    const otpRequest = fake.nextRequest('CONNECT_OTP');
    const otp = track(client.connectOtp({ otp: '123456' }));
    const otpId = (await otpRequest).id;
    const checkRequest = fake.nextRequest('IS_CONNECTED');
    const check = track(client.isConnected());
    const checkId = (await checkRequest).id;
    const before = snapshot();
    const framePort = fake.framePort!;

    const replyType = fc.constantFrom(
      ...FRAME_EVENT_NAMES.flatMap((e) => [successEventType(e), errorEventType(e)]),
      '@keyway-app/RPC_REQUEST',
      READY_TYPE,
      '@keyway-frame/RPC_REQUEST',
      '@keyway-frame/rpc_request_success',
    );
    const pendingId = fc.constantFrom(signId, otpId, checkId);
    // Replies that carry a pending id with its own event's type, but an invalid payload.
    const nearMisses = fc.oneof(
      fc.record({
        type: fc.constant(successEventType('RPC_REQUEST')),
        id: fc.constant(signId),
        payload: fc.oneof(
          fc.constant(undefined),
          fc.constant({}),
          fc.record({ result: fc.anything(), extra: fc.anything() }),
          fc.anything().filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)),
          fc.constant({ result: 'x'.repeat(600 * 1024) }),
        ),
      }),
      fc.record({
        type: fc.constant(errorEventType('CONNECT_OTP')),
        id: fc.constant(otpId),
        payload: fc.oneof(
          fc.record({ message: oversized }),
          fc.record({ message: fc.oneof(fc.integer(), fc.boolean(), fc.object()) }),
          fc.record({ message: fc.string(), code: fc.oneof(fc.string(), fc.double({ noInteger: true })) }),
          fc.record({ message: fc.string(), more: fc.anything() }),
        ),
      }),
      fc.record({
        type: fc.constant(successEventType('IS_CONNECTED')),
        id: fc.constant(checkId),
        payload: fc.oneof(
          fc.record({ isConnected: fc.oneof(fc.string(), fc.integer(), fc.constant(null)) }),
          fc.record({ isConnected: fc.boolean(), extra: fc.anything() }),
          fc.constant(undefined),
        ),
      }),
      fc
        .record({
          type: fc.constant(successEventType('CONNECT_OTP')),
          id: fc.constant(otpId),
          payload: fc.anything(),
        })
        .filter((m) => m.payload !== undefined),
    );
    const message = fc.oneof(
      fc.anything(),
      nearMisses,
      // A known reply type with someone else's or a random id.
      fc.record({ type: replyType, id: fc.oneof(fc.uuid(), fc.string(), oversized), payload: fc.anything() }),
      // A pending id with the type of another event.
      fc
        .record({ type: replyType, id: pendingId, payload: fc.anything() })
        .filter(
          (m) =>
            !(m.id === signId && m.type.includes('/RPC_REQUEST_')) &&
            !(m.id === otpId && m.type.includes('/CONNECT_OTP_')) &&
            !(m.id === checkId && m.type.includes('/IS_CONNECTED_')),
        ),
      fc.array(fc.anything(), { maxLength: 5 }),
      oversized,
    );

    let sentinelRound = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(message, { minLength: 1, maxLength: 60 }), async (batch) => {
        for (const m of batch) {
          try {
            framePort.postMessage(m);
          } catch {
            // not cloneable: the browser would not deliver it either
          }
        }
        // Port delivery is ordered: once this answer arrives, the batch has been handled.
        sentinelRound++;
        await expect(client.rpc({ method: 'eth_blockNumber' })).resolves.toBe('0x1');
        expect(sign.settled || otp.settled || check.settled).toBe(false);
        expect(client.state).toBe('ready');
      }),
      { numRuns: 80 },
    );

    expect(sentinelRound).toBe(80);
    expect(windowErrors).toEqual([]);
    expect(client.pendingCount).toBe(3);
    expect(snapshot()).toBe(before);

    // The genuine answers still work afterwards.
    fake.reply(await Promise.resolve(fake.requests.find((r) => r.id === checkId)!), {
      isConnected: true,
    } as never);
    await vi.waitFor(() => expect(check).toEqual({ settled: true, value: { isConnected: true } }));
  });

  it('ignores a forged second READY on the window after the handshake', async () => {
    fake = installFakeFrame({ document, frameOrigin: FRAME_ORIGIN });
    fake.handlers.RPC_REQUEST = () => ({ result: '0x2' });
    client = makeClient();
    await client.ensure();
    const rogue = new MessageChannel();
    const rogueSeen: unknown[] = [];
    rogue.port1.addEventListener('message', (e) => rogueSeen.push((e as MessageEvent).data));
    rogue.port1.start();
    const handshakeId = (fake.handshakes[0]!.data as { id: string }).id;
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: READY_TYPE, id: handshakeId, payload: { protocolVersion: 1 } },
        origin: FRAME_ORIGIN,
        source: client.iframe!.contentWindow,
        ports: [rogue.port2],
      }),
    );
    await expect(client.rpc({ method: 'eth_gasPrice' })).resolves.toBe('0x2');
    // A message of the test's own on the rogue channel: the port delivers in order, so once it has arrived,
    // anything the client had posted there would have arrived before it.
    const end = { end: true };
    rogue.port2.postMessage(end);
    await vi.waitFor(() => expect(rogueSeen.at(-1)).toEqual(end));
    expect(rogueSeen).toEqual([end]);
    rogue.port1.close();
  });
});
