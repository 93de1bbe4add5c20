// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KeywayError } from '../../core/errors.ts';
import { FrameRequestError, FrameTimeoutError, FrameValidationError } from '../errors.ts';
import { createLoginCache, createMemoryStorage } from '../login-cache.ts';
import { FRAME_ERROR_TEXTS } from '../protocol/errors.ts';
import { FRAME_EVENT_NAMES, HANDSHAKE_TYPE, READY_TYPE } from '../protocol/events.ts';
import {
  type FakeFrame,
  FakeFrameError,
  installFakeFrame,
  NO_REPLY,
  unansweredHandlers,
} from '../testing/fake-frame.ts';
import {
  createFrameClient,
  DEFAULT_FRAME_TIMEOUTS,
  type FrameClient,
  type FrameClientOptions,
  timeoutFor,
} from './client.ts';

const FRAME_URL = 'https://frame.keyway.test/secure';
const FRAME_ORIGIN = 'https://frame.keyway.test';
const ADDRESS = '0x1111111111111111111111111111111111111111';

let fake: FakeFrame;
let client: FrameClient;

function makeClient(extra: Partial<FrameClientOptions> = {}) {
  return createFrameClient({
    frameUrl: FRAME_URL,
    projectId: 'project-1',
    chainId: 1,
    document,
    acceptSyntheticEvents: true,
    storage: createLoginCache({ persistent: createMemoryStorage(), session: createMemoryStorage() }),
    ...extra,
  });
}

beforeEach(() => {
  fake = installFakeFrame({ document, frameOrigin: FRAME_ORIGIN });
});

afterEach(() => {
  client?.destroy();
  fake.uninstall();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('lazy creation and handshake', () => {
  it('creates no iframe until the first call', async () => {
    client = makeClient();
    expect(document.querySelector('iframe')).toBeNull();
    expect(client.state).toBe('idle');
    fake.handlers.IS_CONNECTED = () => ({ isConnected: true });
    await expect(client.isConnected()).resolves.toEqual({ isConnected: true });
    const iframe = document.querySelector('iframe');
    expect(iframe).not.toBeNull();
    expect(client.state).toBe('ready');
  });

  it('loads the frame URL with projectId and chainId', async () => {
    client = makeClient({ chainId: 137 });
    await client.ensure();
    const src = new URL(client.iframe!.src);
    expect(src.origin).toBe(FRAME_ORIGIN);
    expect(src.pathname).toBe('/secure');
    expect(src.searchParams.get('projectId')).toBe('project-1');
    expect(src.searchParams.get('chainId')).toBe('137');
  });

  it("posts the handshake only with the frame's exact origin", async () => {
    client = makeClient();
    await client.ensure();
    expect(fake.handshakes).toHaveLength(1);
    expect(fake.handshakes[0]!.targetOrigin).toBe(FRAME_ORIGIN);
    expect((fake.handshakes[0]!.data as { type: string }).type).toBe(HANDSHAKE_TYPE);
  });

  it('creates one iframe for concurrent calls', async () => {
    client = makeClient();
    await Promise.all([client.ensure(), client.ensure(), client.ensure()]);
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('ignores a READY that was not dispatched by the browser unless told to accept synthetic events', async () => {
    vi.useFakeTimers();
    client = makeClient({ acceptSyntheticEvents: false });
    const ready = client.ensure();
    const settled = vi.fn();
    ready.then(settled, settled);
    await vi.advanceTimersByTimeAsync(0);
    // The fake frame's load and READY are synthetic events (a host-page script could forge them).
    expect(client.state).toBe('loading');
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(DEFAULT_FRAME_TIMEOUTS.readyMs);
    await expect(ready).rejects.toThrow('emailLoginDependency');
  });
});

describe('requests', () => {
  it('resolves with the validated success payload', async () => {
    client = makeClient();
    fake.handlers.CONNECT_EMAIL = ({ email }) => {
      expect(email).toBe('ada@example.com');
      return { action: 'VERIFY_OTP' };
    };
    await expect(client.connectEmail({ email: 'ada@example.com' })).resolves.toEqual({
      action: 'VERIFY_OTP',
    });
  });

  it('correlates replies by id even when answered out of order', async () => {
    client = makeClient();
    fake.handlers.RPC_REQUEST = () => NO_REPLY;
    const first = fake.nextRequest('RPC_REQUEST');
    const a = client.rpc({ method: 'eth_blockNumber' });
    const ra = await first;
    const second = fake.nextRequest('RPC_REQUEST');
    const b = client.rpc({ method: 'eth_gasPrice' });
    const rb = await second;
    expect(ra.id).not.toBe(rb.id);
    fake.reply(rb, { result: '0x2' });
    fake.reply(ra, { result: '0x1' });
    await expect(a).resolves.toBe('0x1');
    await expect(b).resolves.toBe('0x2');
  });

  it('uses crypto.randomUUID ids', async () => {
    client = makeClient();
    fake.handlers.GET_CHAIN_ID = () => ({ chainId: 1 });
    await client.getChainId();
    expect(fake.requests.at(-1)!.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('rejects a request that fails its schema before posting it', async () => {
    client = makeClient();
    await expect(client.connectEmail({ email: 'not-an-email' })).rejects.toBeInstanceOf(FrameValidationError);
    await expect(client.connectOtp({ otp: '12a456' })).rejects.toBeInstanceOf(FrameValidationError);
    await expect(client.syncTheme({ themeMode: 'sepia' as 'dark' })).rejects.toBeInstanceOf(
      FrameValidationError,
    );
    expect(fake.requests).toHaveLength(0);
  });
});

describe('time limits', () => {
  it('are 20 s for ready, 120 s for login steps, 3 s for sign out and 30 s for the rest', () => {
    expect(DEFAULT_FRAME_TIMEOUTS).toEqual({
      readyMs: 20_000,
      loginMs: 120_000,
      signOutMs: 3_000,
      defaultMs: 30_000,
    });
    const login = [
      'CONNECT_EMAIL',
      'CONNECT_OTP',
      'CONNECT_DEVICE',
      'CONNECT_SOCIAL',
      'CONNECT_FARCASTER',
      'UPDATE_EMAIL',
      'UPDATE_EMAIL_PRIMARY_OTP',
      'UPDATE_EMAIL_SECONDARY_OTP',
    ];
    for (const event of FRAME_EVENT_NAMES) {
      const expected = event === 'SIGN_OUT' ? 3_000 : login.includes(event) ? 120_000 : 30_000;
      expect([event, timeoutFor(event, DEFAULT_FRAME_TIMEOUTS)]).toEqual([event, expected]);
    }
  });
});

describe('error paths', () => {
  it('a frame error rejects with its payload message', async () => {
    client = makeClient();
    fake.handlers.CONNECT_OTP = () => {
      throw new FakeFrameError({ message: 'Invalid code' });
    };
    const error = await client.connectOtp({ otp: '123456' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FrameRequestError);
    expect((error as Error).message).toBe('Invalid code');
  });

  it("a frame error without a message rejects with 'An error occurred'", async () => {
    client = makeClient();
    fake.handlers.CONNECT_OTP = () => {
      throw new FakeFrameError({});
    };
    await expect(client.connectOtp({ otp: '123456' })).rejects.toThrow(FRAME_ERROR_TEXTS.frameError);
  });

  it('keeps the EIP-1193 code the frame gives (user rejection in the frame)', async () => {
    client = makeClient();
    fake.handlers.RPC_REQUEST = () => {
      throw new FakeFrameError({ message: 'User rejected the request.', code: 4001 });
    };
    const error = await client
      .rpc({ method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'User rejected the request.', code: 4001 });
  });

  it.each([
    ['GET_CHAIN_ID', 30_000, (c: FrameClient) => c.getChainId()],
    ['CONNECT_OTP', 120_000, (c: FrameClient) => c.connectOtp({ otp: '123456' })],
    ['CONNECT_DEVICE', 120_000, (c: FrameClient) => c.connectDevice()],
    ['UPDATE_EMAIL', 120_000, (c: FrameClient) => c.updateEmail({ email: 'new@example.com' })],
    ['SIGN_OUT', 3_000, (c: FrameClient) => c.signOut()],
  ] as const)('%s times out after its limit with an error naming the event', async (event, ms, call) => {
    vi.useFakeTimers();
    client = makeClient();
    fake.handlers = unansweredHandlers([
      'GET_CHAIN_ID',
      'CONNECT_OTP',
      'CONNECT_DEVICE',
      'UPDATE_EMAIL',
      'SIGN_OUT',
    ]);
    await client.ensure();
    const settled = vi.fn();
    const promise = call(client);
    promise.then(settled, settled);
    await vi.advanceTimersByTimeAsync(ms - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FrameTimeoutError);
    expect((error as Error).message).toContain(event);
    expect(client.pendingCount).toBe(0);
  });

  it('a late answer after the time limit changes nothing', async () => {
    vi.useFakeTimers();
    client = makeClient();
    fake.handlers.GET_CHAIN_ID = () => NO_REPLY;
    const req = fake.nextRequest('GET_CHAIN_ID');
    const promise = client.getChainId().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(DEFAULT_FRAME_TIMEOUTS.defaultMs);
    fake.reply(await req, { chainId: 10 });
    await vi.advanceTimersByTimeAsync(10);
    expect(await promise).toBeInstanceOf(FrameTimeoutError);
    expect(client.loginCache.lastUsedChainId()).toBeNull();
  });

  it("the frame not becoming ready within 20 s rejects with 'Unable to load email login dependency'", async () => {
    vi.useFakeTimers();
    fake.uninstall();
    fake = installFakeFrame({ document, frameOrigin: FRAME_ORIGIN, answerHandshake: false });
    client = makeClient();
    const onFailed = vi.fn();
    client.on('load-failed', onFailed);
    const settled = vi.fn();
    const promise = client.getChainId();
    promise.then(settled, settled);
    await vi.advanceTimersByTimeAsync(20_000 - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(promise).rejects.toThrow('emailLoginDependency');
    expect(onFailed).toHaveBeenCalledOnce();
    // The failed iframe is removed; a later call tries again.
    expect(document.querySelector('iframe')).toBeNull();
    expect(client.state).toBe('idle');
  });

  it("an iframe error event rejects with 'Unable to load email login dependency'", async () => {
    fake.uninstall();
    fake = installFakeFrame({ document, frameOrigin: FRAME_ORIGIN, autoLoad: false });
    client = makeClient();
    const promise = client.isConnected();
    await Promise.resolve();
    client.iframe!.dispatchEvent(new Event('error'));
    await expect(promise).rejects.toThrow('emailLoginDependency');
  });

  it('retries loading after a failed load', async () => {
    fake.uninstall();
    fake = installFakeFrame({ document, frameOrigin: FRAME_ORIGIN, autoLoad: false });
    client = makeClient();
    const first = client.ensure();
    await Promise.resolve();
    client.iframe!.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow('emailLoginDependency');
    const second = client.ensure();
    await Promise.resolve();
    fake.load();
    await expect(second).resolves.toBeUndefined();
  });

  it("a call after destroy rejects with 'W3mFrame: iframe is not set'", async () => {
    client = makeClient();
    await client.ensure();
    client.destroy();
    expect(document.querySelector('iframe')).toBeNull();
    const error = await client.getChainId().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeywayError);
    expect((error as Error).message).toBe('iframeNotSet');
  });

  it("a call without a document rejects with 'W3mFrame: iframe is not set'", async () => {
    client = makeClient({ document: null });
    await expect(client.getChainId()).rejects.toThrow('iframeNotSet');
  });

  it('destroy aborts pending requests', async () => {
    client = makeClient();
    fake.handlers.GET_CHAIN_ID = () => NO_REPLY;
    const req = fake.nextRequest('GET_CHAIN_ID');
    const promise = client.getChainId();
    await req;
    client.destroy();
    await expect(promise).rejects.toThrow('requestAborted');
  });

  it("an unknown RPC method is rejected before posting with 'Requested RPC call is not allowed'", async () => {
    client = makeClient();
    await expect(client.rpc({ method: 'eth_sign', params: [] })).rejects.toThrow('rpcNotAllowed');
    await expect(client.rpc({ method: 'wallet_addEthereumChain' })).rejects.toThrow('rpcNotAllowed');
    // Not even the iframe was created for it.
    expect(document.querySelector('iframe')).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });

  it("reports each refused method ('request-refused'): refused here, or by the frame; no other failure", async () => {
    client = makeClient();
    const refused: string[] = [];
    client.on('request-refused', ({ method }) => refused.push(method));
    await expect(client.rpc({ method: 'wallet_watchAsset', params: [] })).rejects.toThrow('rpcNotAllowed');
    // A method on the lists that the frame's backend refuses all the same.
    fake.handlers.RPC_REQUEST = ({ method }) => {
      if (method === 'eth_getLogs') throw new FakeFrameError({ message: FRAME_ERROR_TEXTS.rpcNotAllowed });
      throw new FakeFrameError({ message: 'User rejected the request.', code: 4001 });
    };
    await expect(client.rpc({ method: 'eth_getLogs', params: [] })).rejects.toThrow(
      FRAME_ERROR_TEXTS.rpcNotAllowed,
    );
    await expect(client.rpc({ method: 'eth_chainId' })).rejects.toThrow('User rejected');
    // The requester's method is its data: capped, and '' for none.
    await expect(client.rpc({ method: 'x'.repeat(200) })).rejects.toThrow('rpcNotAllowed');
    expect(refused).toEqual(['wallet_watchAsset', 'eth_getLogs', 'x'.repeat(64)]);
  });
});

describe('abortPending', () => {
  it("rejects pending requests with 'Request was aborted' except safe-list RPC methods", async () => {
    client = makeClient();
    fake.handlers.RPC_REQUEST = () => NO_REPLY;
    fake.handlers.CONNECT_OTP = () => NO_REPLY;
    await client.ensure();
    const safeReq = fake.nextRequest('RPC_REQUEST');
    const safe = client.rpc({ method: 'eth_getBalance', params: [ADDRESS, 'latest'] });
    const safeRequest = await safeReq;
    const unsafeReq = fake.nextRequest('RPC_REQUEST');
    const unsafe = client.rpc({ method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] });
    const unsafeRequest = await unsafeReq;
    const otp = client.connectOtp({ otp: '123456' });
    await fake.nextRequest('CONNECT_OTP');

    expect(client.abortPending({ exceptSafe: true })).toBe(2);
    await expect(unsafe).rejects.toThrow('requestAborted');
    await expect(otp).rejects.toThrow('requestAborted');
    // The frame's late answer to the aborted request is ignored; the safe one still completes.
    fake.reply(unsafeRequest, { result: `0x${'ab'.repeat(65)}` });
    fake.reply(safeRequest, { result: '0x10' });
    await expect(safe).resolves.toBe('0x10');
  });

  it("keeps the connection's own session requests: a remembered login being confirmed survives the modal closing", async () => {
    client = makeClient();
    fake.handlers.IS_CONNECTED = () => NO_REPLY;
    fake.handlers.GET_USER = () => NO_REPLY;
    await client.ensure();
    const checkReq = fake.nextRequest('IS_CONNECTED');
    const check = client.isConnected();
    const checkRequest = await checkReq;
    const userReq = fake.nextRequest('GET_USER');
    const user = client.request('GET_USER', { chainId: 1 });
    await userReq;
    expect(client.abortPending()).toBe(0);
    expect(fake.cancelled).toEqual([]);
    fake.reply(checkRequest, { isConnected: true });
    await expect(check).resolves.toEqual({ isConnected: true });
    // Sign-out or teardown still aborts them.
    client.abortPending({ exceptSafe: false });
    await expect(user).rejects.toThrow('requestAborted');
  });

  it('with exceptSafe false aborts safe methods too', async () => {
    client = makeClient();
    fake.handlers.RPC_REQUEST = () => NO_REPLY;
    await client.ensure();
    const req = fake.nextRequest('RPC_REQUEST');
    const safe = client.rpc({ method: 'eth_blockNumber' });
    await req;
    client.abortPending({ exceptSafe: false });
    await expect(safe).rejects.toThrow('requestAborted');
  });

  it('aborts a request still waiting for the frame to be ready', async () => {
    fake.uninstall();
    fake = installFakeFrame({ document, frameOrigin: FRAME_ORIGIN, autoLoad: false });
    client = makeClient();
    fake.handlers.CONNECT_EMAIL = () => ({ action: 'VERIFY_OTP' });
    const promise = client.connectEmail({ email: 'ada@example.com' });
    await Promise.resolve();
    client.abortPending();
    await expect(promise).rejects.toThrow('requestAborted');
    fake.load();
    await client.ensure();
    // A later request, posted once the frame is ready: the port delivers in order, so once it is answered an
    // earlier post (the aborted request going out after all) would have arrived before it.
    fake.handlers.IS_CONNECTED = () => ({ isConnected: true });
    await expect(client.isConnected()).resolves.toEqual({ isConnected: true });
    expect(fake.requests.map((r) => r.type)).toEqual(['@keyway-app/IS_CONNECTED']);
  });
});

describe('cancelling in the frame what the kit gave up on', () => {
  const SIGN = { method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] };

  it('an abort (the modal closed) cancels each posted request by its id; the kept safe read is not cancelled', async () => {
    client = makeClient();
    fake.handlers.RPC_REQUEST = () => NO_REPLY;
    await client.ensure();
    const safeReq = fake.nextRequest('RPC_REQUEST');
    const safe = client.rpc({ method: 'eth_blockNumber' });
    await safeReq;
    const unsafeReq = fake.nextRequest('RPC_REQUEST');
    const unsafe = client.rpc(SIGN).catch((e: unknown) => e);
    const unsafeRequest = await unsafeReq;
    const cancel = fake.nextRequest('CANCEL_REQUEST');
    client.abortPending();
    expect(await cancel).toMatchObject({
      type: '@keyway-app/CANCEL_REQUEST',
      payload: { requestId: unsafeRequest.id },
    });
    expect((await unsafe) as Error).toHaveProperty('message', 'requestAborted');
    expect(fake.cancelled).toEqual([unsafeRequest.id]);
    // The cancel is not a request of the client's: nothing waits for its answer.
    expect(client.pendingCount).toBe(1);
    client.abortPending({ exceptSafe: false });
    await expect(safe).rejects.toThrow('requestAborted');
  });

  it('the time limit cancels the request in the frame', async () => {
    vi.useFakeTimers();
    client = makeClient();
    fake.handlers.RPC_REQUEST = () => NO_REPLY;
    const req = fake.nextRequest('RPC_REQUEST');
    const promise = client.rpc(SIGN).catch((e: unknown) => e);
    const posted = await req;
    await vi.advanceTimersByTimeAsync(DEFAULT_FRAME_TIMEOUTS.defaultMs - 1);
    expect(fake.cancelled).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await promise).toBeInstanceOf(FrameTimeoutError);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.cancelled).toEqual([posted.id]);
  });

  it('an answered request, or one aborted before it was posted, is not cancelled', async () => {
    client = makeClient();
    fake.handlers.RPC_REQUEST = () => ({ result: `0x${'ab'.repeat(65)}` });
    await client.rpc(SIGN);
    client.abortPending();
    client.destroy();
    fake.uninstall();
    fake = installFakeFrame({ document, frameOrigin: FRAME_ORIGIN, autoLoad: false });
    client = makeClient();
    const waiting = client.rpc(SIGN);
    await Promise.resolve();
    client.abortPending();
    await expect(waiting).rejects.toThrow('requestAborted');
    fake.load();
    await client.ensure();
    // A later request, posted once the frame is ready: the port delivers in order, so once it is answered an
    // earlier post (the aborted request or a cancel of it) would have arrived before it.
    fake.handlers.IS_CONNECTED = () => ({ isConnected: true });
    await expect(client.isConnected()).resolves.toEqual({ isConnected: true });
    expect(fake.requests.map((r) => r.type)).toEqual(['@keyway-app/IS_CONNECTED']);
    expect(fake.cancelled).toEqual([]);
  });
});

describe('a reload of the frame page', () => {
  it('hand-shakes again: requests in flight are aborted, the next ones go over the new port', async () => {
    client = makeClient();
    await client.ensure();
    fake.handlers.RPC_REQUEST = () => NO_REPLY;
    const posted = fake.nextRequest('RPC_REQUEST');
    const inFlight = client.rpc({ method: 'eth_blockNumber' });
    await posted;
    const readyEvents = vi.fn();
    client.on('ready', readyEvents);

    fake.load();
    expect(client.state).toBe('loading');
    await expect(inFlight).rejects.toThrow('requestAborted');
    await client.ensure();
    expect(client.state).toBe('ready');
    expect(readyEvents).toHaveBeenCalledTimes(1);
    expect(fake.handshakes).toHaveLength(2);
    const [first, second] = fake.handshakes.map((h) => (h.data as { id: string }).id);
    expect(second).not.toBe(first);
    expect(document.querySelectorAll('iframe')).toHaveLength(1);

    fake.handlers.GET_CHAIN_ID = () => ({ chainId: 1 });
    await expect(client.getChainId()).resolves.toEqual({ chainId: 1 });
    expect(client.pendingCount).toBe(0);
  });

  it('a request made while the reloaded page hand-shakes waits for the new port', async () => {
    client = makeClient();
    await client.ensure();
    fake.handlers.IS_CONNECTED = () => ({ isConnected: true });
    fake.load();
    expect(client.state).toBe('loading');
    // Made before the new READY arrives: posted once the new port is there, not lost on the old one.
    const waiting = client.isConnected();
    await expect(waiting).resolves.toEqual({ isConnected: true });
    expect(fake.handshakes).toHaveLength(2);
  });

  it('a reloaded page that never answers fails like a first load, and the next call starts over', async () => {
    vi.useFakeTimers();
    client = makeClient();
    await client.ensure();
    const failed = vi.fn();
    client.on('load-failed', failed);
    const handshakes = fake.handshakes.length;
    // The reloaded page is not the frame (it does not answer the handshake).
    Object.defineProperty(client.iframe!.contentWindow!, 'postMessage', {
      configurable: true,
      value: () => undefined,
    });
    fake.load();
    const waiting = client.getChainId().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(DEFAULT_FRAME_TIMEOUTS.readyMs);
    expect(((await waiting) as Error).message).toBe('emailLoginDependency');
    expect(failed).toHaveBeenCalledTimes(1);
    expect(client.state).toBe('idle');
    expect(document.querySelector('iframe')).toBeNull();
    expect(fake.handshakes).toHaveLength(handshakes);
    vi.useRealTimers();

    fake.handlers.GET_CHAIN_ID = () => ({ chainId: 1 });
    await expect(client.getChainId()).resolves.toEqual({ chainId: 1 });
    expect(client.state).toBe('ready');
  });
});

describe('approval events', () => {
  it("emits 'approval-needed' for a posted unsafe method and 'approval-done' when it settles", async () => {
    client = makeClient();
    fake.handlers.RPC_REQUEST = () => NO_REPLY;
    const needed = vi.fn();
    const done = vi.fn();
    client.on('approval-needed', needed);
    client.on('approval-done', done);
    const req = fake.nextRequest('RPC_REQUEST');
    const promise = client.rpc({ method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] });
    const request = await req;
    expect(needed).toHaveBeenCalledWith({ id: request.id, method: 'personal_sign' });
    // A modal dialog of the host hid the rest of the page from assistive technology, the frame included.
    const host = document.getElementById(client.hostId!)!;
    expect(host.contains(client.iframe)).toBe(true);
    host.setAttribute('aria-hidden', 'true');
    expect(client.showApproval('Secure wallet approval')).toBe(true);
    expect(client.iframe!.style.visibility).toBe('visible');
    // Shown: a named region that assistive technology sees.
    expect(host.getAttribute('role')).toBe('region');
    expect(host.getAttribute('aria-label')).toBe('Secure wallet approval');
    expect(host.hasAttribute('aria-hidden')).toBe(false);
    const signature = `0x${'cd'.repeat(65)}`;
    fake.reply(request, { result: signature });
    await expect(promise).resolves.toBe(signature);
    expect(done).toHaveBeenCalledWith({ id: request.id, method: 'personal_sign', ok: true });
    client.hideApproval();
    expect(client.iframe!.style.visibility).toBe('hidden');
    // Hidden again as the dialog left it, and no longer a region.
    expect(host.getAttribute('aria-hidden')).toBe('true');
    expect(host.hasAttribute('role')).toBe(false);
    expect(host.hasAttribute('aria-label')).toBe(false);
  });

  it('emits nothing for safe methods', async () => {
    client = makeClient();
    fake.handlers.RPC_REQUEST = () => ({ result: '0x1' });
    const needed = vi.fn();
    client.on('approval-needed', needed);
    await client.rpc({ method: 'eth_chainId' });
    expect(needed).not.toHaveBeenCalled();
  });

  it('showApproval is refused before the frame exists', () => {
    client = makeClient();
    expect(client.showApproval()).toBe(false);
  });
});

describe('READY acceptance', () => {
  it('only accepts READY from the iframe window, the exact origin and the handshake id', async () => {
    vi.useFakeTimers();
    fake.uninstall();
    fake = installFakeFrame({ document, frameOrigin: FRAME_ORIGIN, answerHandshake: false });
    client = makeClient();
    const ready = client.ensure();
    const settled = vi.fn();
    ready.then(settled, settled);
    await vi.advanceTimersByTimeAsync(0);
    const handshakeId = (fake.handshakes[0]!.data as { id: string }).id;
    const good = { type: READY_TYPE, id: handshakeId, payload: { protocolVersion: 1 } };
    const send = (init: MessageEventInit) => window.dispatchEvent(new MessageEvent('message', init));
    const port = () => new MessageChannel().port2;
    send({ data: good, origin: 'https://evil.test', source: client.iframe!.contentWindow, ports: [port()] });
    send({ data: good, origin: FRAME_ORIGIN, source: window, ports: [port()] });
    send({
      data: good,
      origin: `${FRAME_ORIGIN}:444`,
      source: client.iframe!.contentWindow,
      ports: [port()],
    });
    send({
      data: { ...good, id: crypto.randomUUID() },
      origin: FRAME_ORIGIN,
      source: client.iframe!.contentWindow,
      ports: [port()],
    });
    send({ data: good, origin: FRAME_ORIGIN, source: client.iframe!.contentWindow, ports: [] });
    send({ data: good, origin: FRAME_ORIGIN, source: client.iframe!.contentWindow, ports: [port(), port()] });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).not.toHaveBeenCalled();
    expect(client.state).toBe('loading');
    send({ data: good, origin: FRAME_ORIGIN, source: client.iframe!.contentWindow, ports: [port()] });
    await vi.advanceTimersByTimeAsync(0);
    expect(client.state).toBe('ready');
  });
});
