/**
 * Property-based tests of the frame-side validator (`createFrameMessageGuard`), the code the frame page
 * runs on every message from the app: it never throws, accepts the handshake only from an allowed origin
 * and the expected window, and accepts only requests in one of the event schemas.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SAFE_RPC_METHODS } from '../rpc-methods.ts';
import {
  APP_EVENT_PREFIX,
  appEventType,
  buildRequest,
  FRAME_EVENT_NAMES,
  type FrameEventName,
  HANDSHAKE_TYPE,
  PROTOCOL_VERSION,
} from './events.ts';
import { createFrameMessageGuard } from './guard.ts';

/** Thousands of runs: a generous time limit so that a loaded machine does not fail them. */
const FUZZ = { timeout: 120_000 };

const APP_ORIGIN = 'https://dapp.example';
const PARENT = { name: 'parent window' };
const OTHER = { name: 'another window' };
const ADDRESS = '0x8888888888888888888888888888888888888888';

const guard = createFrameMessageGuard({ allowedOrigins: [APP_ORIGIN, 'http://localhost:5173'] });

const digits6 = fc.stringMatching(/^\d{6}$/);
const evmChainId = fc.integer({ min: 1, max: 2 ** 40 });
const jsonParams = fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 4 });

/** Valid request payloads, generated per event. */
const payloadFor: { [E in FrameEventName]: fc.Arbitrary<unknown> } = {
  CONNECT_EMAIL: fc
    .constantFrom('ada@example.com', 'grace.hopper+kw@navy.example.org')
    .map((email) => ({ email })),
  CONNECT_DEVICE: fc.constant(undefined),
  CONNECT_OTP: digits6.map((otp) => ({ otp })),
  IS_CONNECTED: fc.constant(undefined),
  GET_CHAIN_ID: fc.constant(undefined),
  GET_SOCIAL_REDIRECT_URI: fc
    .constantFrom('google', 'github', 'apple', 'facebook', 'x', 'discord')
    .map((provider) => ({ provider })),
  UPDATE_EMAIL: fc.constant({ email: 'new@example.com' }),
  UPDATE_EMAIL_PRIMARY_OTP: digits6.map((otp) => ({ otp })),
  UPDATE_EMAIL_SECONDARY_OTP: digits6.map((otp) => ({ otp })),
  SYNC_THEME: fc.constantFrom('light', 'dark').map((themeMode) => ({ themeMode })),
  SYNC_DAPP_DATA: fc.constant({
    metadata: { name: 'Demo', description: 'd', url: 'https://dapp.example', icons: [] },
    sdkVersion: '5.1.11',
    projectId: 'p1',
  }),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: fc.constant(undefined),
  SET_PREFERRED_ACCOUNT: fc.constantFrom('eoa', 'smartAccount').map((type) => ({ type })),
  GET_USER: evmChainId.map((chainId) => ({ chainId })),
  CONNECT_SOCIAL: fc.constant({ uri: 'https://frame.example/callback?code=abc&state=xyz' }),
  GET_FARCASTER_URI: fc.constant(undefined),
  CONNECT_FARCASTER: fc.constant(undefined),
  SWITCH_NETWORK: evmChainId.map((chainId) => ({ chainId })),
  SIGN_OUT: fc.constant(undefined),
  RPC_REQUEST: fc.oneof(
    fc.record({ method: fc.constantFrom(...SAFE_RPC_METHODS), params: jsonParams }),
    fc.uint8Array({ maxLength: 64 }).map((bytes) => ({
      method: 'personal_sign',
      params: [`0x${Buffer.from(bytes).toString('hex')}`, ADDRESS],
    })),
  ),
  INIT_SMART_ACCOUNT: evmChainId.map((chainId) => ({ chainId })),
  CANCEL_REQUEST: fc.uuid({ version: 4 }).map((requestId) => ({ requestId })),
};

const validRequest = fc
  .constantFrom(...FRAME_EVENT_NAMES)
  .chain((event) =>
    fc
      .tuple(fc.constant(event), fc.uuid({ version: 4 }), payloadFor[event])
      .map(([e, id, payload]) => buildRequest(e, id, payload as never)),
  );

describe('parseRequest', FUZZ, () => {
  it('accepts every valid request of every event unchanged', () => {
    fc.assert(
      fc.property(validRequest, (request) => {
        expect(guard.parseRequest(request)).toEqual(request);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws and refuses random data', () => {
    fc.assert(
      fc.property(fc.anything(), (data) => {
        expect(guard.parseRequest(data)).toBeNull();
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses a valid request with a wrong id, an unknown type, an extra key or an oversized payload', () => {
    const mutation = fc.oneof(
      fc
        .string()
        .filter((s) => !/^[0-9a-f-]{36}$/i.test(s))
        .map((id) => ({ id })),
      fc.string().map((s) => ({ type: `${APP_EVENT_PREFIX}${s.toUpperCase()}X` })),
      fc.constantFrom(...FRAME_EVENT_NAMES).map((e) => ({ type: `@keyway-frame/${e}_SUCCESS` })),
      fc.anything().map((extra) => ({ extra })),
      fc.constant({ payload: { email: `${'a'.repeat(300)}@example.com` } }),
      fc.constant({ payload: { method: 'eth_call', params: ['f'.repeat(600 * 1024)] } }),
      fc.constantFrom('eth_sign', 'eth_signTransaction', 'wallet_addEthereumChain').map((method) => ({
        type: appEventType('RPC_REQUEST'),
        payload: { method, params: [] },
      })),
    );
    fc.assert(
      fc.property(validRequest, mutation, (request, change) => {
        const mutated = { ...request, ...change };
        expect(guard.parseRequest(mutated)).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it('survives hostile objects (throwing getters, proxies)', () => {
    const trap = () => {
      throw new Error('trap');
    };
    const hostile: unknown[] = [
      new Proxy(
        {},
        { get: trap, has: trap, ownKeys: trap, getPrototypeOf: trap, getOwnPropertyDescriptor: trap },
      ),
      Object.defineProperty({ id: crypto.randomUUID() }, 'type', { enumerable: true, get: trap }),
      Object.defineProperty({ type: appEventType('SIGN_OUT'), id: crypto.randomUUID() }, 'payload', {
        enumerable: true,
        get: trap,
      }),
    ];
    for (const value of hostile) expect(guard.parseRequest(value)).toBeNull();
  });
});

describe('acceptHandshake', FUZZ, () => {
  const handshake = fc.uuid({ version: 4 }).map((id) => ({
    type: HANDSHAKE_TYPE,
    id,
    payload: { protocolVersion: PROTOCOL_VERSION },
  }));

  it('accepts the handshake from an allowed origin and the parent window', () => {
    fc.assert(
      fc.property(handshake, fc.constantFrom(APP_ORIGIN, 'http://localhost:5173'), (data, origin) => {
        expect(guard.acceptHandshake({ data, origin, source: PARENT }, PARENT)).toEqual(data);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses anything else and never throws', () => {
    const origin = fc.oneof(
      fc.constant(APP_ORIGIN),
      fc.webUrl().map((u) => new URL(u).origin),
      fc.constantFrom(
        'null',
        '',
        'https://dapp.example.evil',
        'http://dapp.example',
        'https://dapp.example:444',
      ),
      fc.string(),
    );
    const source = fc.constantFrom<unknown>(PARENT, OTHER, null, undefined);
    const data = fc.oneof(
      handshake,
      fc.anything(),
      handshake.map((h) => ({ ...h, payload: { protocolVersion: 2 } })),
      handshake.map((h) => ({ ...h, extra: true })),
      handshake.map((h) => ({ ...h, id: `${h.id}x` })),
    );
    fc.assert(
      fc.property(data, origin, source, (d, o, s) => {
        const accepted = guard.acceptHandshake({ data: d, origin: o, source: s }, PARENT);
        const valid =
          o === APP_ORIGIN &&
          s === PARENT &&
          typeof d === 'object' &&
          d !== null &&
          (d as { type?: unknown }).type === HANDSHAKE_TYPE &&
          Object.keys(d).length === 3 &&
          (d as { payload?: { protocolVersion?: unknown } }).payload?.protocolVersion === PROTOCOL_VERSION &&
          /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(
            String((d as { id?: unknown }).id),
          );
        expect(accepted === null).toBe(!valid);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses everything when no source is expected', () => {
    const data = { type: HANDSHAKE_TYPE, id: crypto.randomUUID(), payload: { protocolVersion: 1 } };
    expect(guard.acceptHandshake({ data, origin: APP_ORIGIN, source: null }, null)).toBeNull();
  });

  it('refuses an allow-list entry that is not an http(s) origin', () => {
    expect(() => createFrameMessageGuard({ allowedOrigins: ['javascript:alert(1)'] })).toThrow();
    expect(() => createFrameMessageGuard({ allowedOrigins: ['not a url'] })).toThrow();
  });

  it('normalizes allow-list entries to origins', () => {
    const g = createFrameMessageGuard({ allowedOrigins: ['https://Dapp.Example/some/path'] });
    expect(g.isAllowedOrigin('https://dapp.example')).toBe(true);
    expect(g.isAllowedOrigin('https://dapp.example/some/path')).toBe(false);
  });
});
