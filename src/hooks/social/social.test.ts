// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventBus } from '../../core/events';
import { kitMessage } from '../../core/messages';
import type { FlowOutcome } from '../../core/outcomes';
import type { FrameClient } from '../../frame/client/client';
import { type AuthConnectorApi, createAuthConnectorApi } from '../../frame/connector/auth-api';
import { createLoginCache, createMemoryStorage, LOGIN_CACHE_KEYS } from '../../frame/login-cache';
import {
  createFakeFrameClient,
  type FakeFrame,
  FakeFrameError,
  installFakeFrame,
  NO_REPLY,
} from '../../frame/testing/fake-frame';
import { routeOutcome } from '../../views/modalRouter';
import { createModalStore, type ModalStore, selectView } from '../modal/store';
import {
  createSocialStore,
  SOCIAL_RESULT_TYPE,
  type SocialLoginProvider,
  type SocialLoginResult,
  type SocialPopup,
  type SocialStore,
  type SocialStoreDeps,
} from './store';

const FRAME_ORIGIN = 'https://frame.keyway.test';
const ADDRESS = '0x5555555555555555555555555555555555555555';
const REDIRECT = `${FRAME_ORIGIN}/oauth/github/authorize?state=abcdefgh1234`;
const RESULT = `${FRAME_ORIGIN}/auth/social/callback?provider=github&code=c0de&state=abcdefgh1234`;

/** A popup stand-in whose window is a real (same-document) window, so messages can name it as source. */
function createPopup() {
  const iframe = document.createElement('iframe');
  document.body.appendChild(iframe);
  const win = iframe.contentWindow as Window;
  const popup = {
    closed: false,
    urls: [] as string[],
    navigate(url: string) {
      popup.urls.push(url);
    },
    close() {
      popup.closed = true;
    },
    focus() {},
    source: win as unknown,
  };
  return popup satisfies SocialPopup;
}

function postFromPopup(data: unknown, opts: { origin?: string; source?: Window | null } = {}) {
  window.dispatchEvent(
    new MessageEvent('message', {
      data,
      origin: opts.origin ?? FRAME_ORIGIN,
      source: opts.source === undefined ? (popup.source as Window) : opts.source,
    }),
  );
}

let persistent: ReturnType<typeof createMemoryStorage>;
let session: ReturnType<typeof createMemoryStorage>;
let fake: FakeFrame;
let client: FrameClient;
let auth: AuthConnectorApi;
let modal: ModalStore;
let popup: ReturnType<typeof createPopup>;
let connect: ReturnType<typeof vi.fn<() => Promise<void>>>;
/** The store's outcomes, in order; each is also routed to `modal` as the styled modal does. */
let outcomes: FlowOutcome[];
let store: SocialStore;

function setup(overrides: Partial<SocialStoreDeps> = {}) {
  store = createSocialStore({
    getAuth: async () => {
      await client.ensure();
      return auth;
    },
    frameOrigin: () => FRAME_ORIGIN,
    connect,
    emit: (outcome) => {
      outcomes.push(outcome);
      routeOutcome(
        {
          modal,
          isConnected: () => false,
          isRestoring: () => false,
          siweNext: () => false,
          toast: () => undefined,
        },
        outcome,
      );
    },
    openPopup: () => popup,
    messages: window,
    acceptSyntheticEvents: true,
    pollMs: 5,
    ...overrides,
  });
  return store;
}

/** Starts a social login and waits until the popup shows the provider's page (the attempt runs on). */
async function startWaiting(provider: SocialLoginProvider): Promise<{ ended: Promise<SocialLoginResult> }> {
  const ended = store.getState().connectSocial(provider);
  await vi.waitFor(() => expect(store.getState().status).toBe('waiting'));
  return { ended };
}

const requestsOf = (type: string) => fake.requests.filter((r) => r.type === `@keyway-app/${type}`);
const view = () => selectView(modal.getState());

beforeEach(() => {
  persistent = createMemoryStorage();
  session = createMemoryStorage();
  fake = installFakeFrame({ document, frameOrigin: FRAME_ORIGIN });
  fake.handlers.GET_SOCIAL_REDIRECT_URI = () => ({ uri: REDIRECT });
  fake.handlers.CONNECT_SOCIAL = () => ({ address: ADDRESS, chainId: 1, userName: 'octocat' });
  client = createFakeFrameClient(FRAME_ORIGIN, createLoginCache({ persistent, session }));
  auth = createAuthConnectorApi({ client, logger: { error: () => undefined } });
  modal = createModalStore({
    bus: createEventBus(),
    isConnected: () => false,
  });
  modal.getState().open('Connect');
  popup = createPopup();
  connect = vi.fn<() => Promise<void>>(async () => undefined);
  outcomes = [];
});

afterEach(() => {
  store?.getState().dispose();
  client.destroy();
  fake.uninstall();
  document.body.innerHTML = '';
});

describe('social login in a popup', () => {
  it('opens the popup before anything else, then navigates it to the frame redirect URI', async () => {
    const openPopup = vi.fn(() => popup);
    setup({ openPopup });
    const running = store.getState().connectSocial('github');
    // Synchronously, inside the click handler: the window exists before any frame call.
    expect(openPopup).toHaveBeenCalledOnce();
    expect(fake.requests).toHaveLength(0);
    expect(view()).toBe('ConnectingSocial');
    await vi.waitFor(() => expect(store.getState().status).toBe('waiting'));
    expect(requestsOf('GET_SOCIAL_REDIRECT_URI').map((r) => r.payload)).toEqual([{ provider: 'github' }]);
    expect(popup.urls).toEqual([REDIRECT]);
    expect(store.getState()).toMatchObject({ status: 'waiting', provider: 'github', hasWindow: true });
    // The promise resolves when the attempt ends, with how it ended.
    store.getState().cancel();
    await expect(running).resolves.toEqual({ status: 'cancelled' });
  });

  it('a result from the frame origin and the popup connects and shows the account', async () => {
    setup();
    const { ended } = await startWaiting('github');
    postFromPopup({ type: SOCIAL_RESULT_TYPE, resultUri: RESULT });
    await expect(ended).resolves.toEqual({ status: 'connected' });
    expect(store.getState().status).toBe('connected');
    expect(requestsOf('CONNECT_SOCIAL').map((r) => r.payload)).toEqual([{ uri: RESULT }]);
    expect(connect).toHaveBeenCalledOnce();
    expect(outcomes.filter((o) => o.flow === 'connect')).toEqual([
      { flow: 'connect', status: 'connected', via: 'social' },
    ]);
    expect(view()).toBe('Account');
    // The login cache rules ran once, in the frame client: username and social marker.
    expect(session.getItem(LOGIN_CACHE_KEYS.socialUsername)).toBe('octocat');
    expect(persistent.getItem(LOGIN_CACHE_KEYS.social)).toBe('github');
  });

  it.each([
    ['another origin', { origin: 'https://evil.example' }, { type: SOCIAL_RESULT_TYPE, resultUri: RESULT }],
    ['another window', { source: window }, { type: SOCIAL_RESULT_TYPE, resultUri: RESULT }],
    ['no window', { source: null }, { type: SOCIAL_RESULT_TYPE, resultUri: RESULT }],
    ['another type', {}, { type: '@keyway-frame/OTHER', resultUri: RESULT }],
    ['a result URI elsewhere', {}, { type: SOCIAL_RESULT_TYPE, resultUri: 'https://evil.example/cb?code=1' }],
    ['no result URI', {}, { type: SOCIAL_RESULT_TYPE }],
    ['a string', {}, 'hello'],
  ] as const)('ignores a message from %s', async (_name, opts, data) => {
    setup();
    await startWaiting('github');
    postFromPopup(data, opts as { origin?: string; source?: Window | null });
    // A valid result afterwards still works: the invalid one changed nothing.
    expect(store.getState().status).toBe('waiting');
    expect(requestsOf('CONNECT_SOCIAL')).toHaveLength(0);
    postFromPopup({ type: SOCIAL_RESULT_TYPE, resultUri: RESULT });
    await vi.waitFor(() => expect(store.getState().status).toBe('connected'));
    expect(requestsOf('CONNECT_SOCIAL')).toHaveLength(1);
  });

  it('ignores a message the browser did not dispatch when synthetic events are not accepted', async () => {
    setup({ acceptSyntheticEvents: false });
    await startWaiting('github');
    postFromPopup({ type: SOCIAL_RESULT_TYPE, resultUri: RESULT });
    expect(store.getState().status).toBe('waiting');
    expect(requestsOf('CONNECT_SOCIAL')).toHaveLength(0);
  });

  it('a blocked popup shows a clear error and asks nothing of the frame', async () => {
    setup({ openPopup: () => null });
    await expect(store.getState().connectSocial('google')).resolves.toEqual({
      status: 'error',
      kind: 'popupBlocked',
      message: kitMessage('popupBlocked'),
    });
    expect(store.getState()).toMatchObject({
      status: 'error',
      errorKind: 'popupBlocked',
      error: kitMessage('popupBlocked'),
      provider: 'google',
    });
    expect(view()).toBe('ConnectingSocial');
    expect(fake.requests).toHaveLength(0);
  });

  it('a popup closed by the user goes back to the previous view', async () => {
    setup();
    const { ended } = await startWaiting('github');
    expect(view()).toBe('ConnectingSocial');
    popup.closed = true;
    await expect(ended).resolves.toEqual({ status: 'cancelled' });
    expect(view()).toBe('Connect');
    expect(store.getState()).toMatchObject({ status: 'idle', hasWindow: false });
    // A late result is no longer accepted.
    postFromPopup({ type: SOCIAL_RESULT_TYPE, resultUri: RESULT });
    expect(requestsOf('CONNECT_SOCIAL')).toHaveLength(0);
  });

  it('times out: the popup is closed and the view shows the timeout', async () => {
    setup({ timeoutMs: 20 });
    await expect(store.getState().connectSocial('discord')).resolves.toEqual({
      status: 'error',
      kind: 'timeout',
      message: kitMessage('loginTimeout'),
    });
    expect(store.getState()).toMatchObject({ status: 'error', error: kitMessage('loginTimeout') });
    expect(popup.closed).toBe(true);
    expect(view()).toBe('ConnectingSocial');
  });

  it('a frame error on connect shows its message and does not connect the wallet', async () => {
    fake.handlers.CONNECT_SOCIAL = () => {
      throw new FakeFrameError({ message: 'The login code has expired' });
    };
    setup();
    const { ended } = await startWaiting('github');
    postFromPopup({ type: SOCIAL_RESULT_TYPE, resultUri: RESULT });
    await expect(ended).resolves.toEqual({
      status: 'error',
      kind: 'failed',
      message: expect.objectContaining({ reason: 'The login code has expired' }),
    });
    expect(store.getState()).toMatchObject({
      errorKind: 'failed',
      error: expect.objectContaining({ reason: 'The login code has expired' }),
    });
    expect(connect).not.toHaveBeenCalled();
    expect(session.getItem(LOGIN_CACHE_KEYS.socialUsername)).toBeNull();
  });

  it('a failed redirect request closes the popup and shows the error', async () => {
    fake.handlers.GET_SOCIAL_REDIRECT_URI = () => {
      throw new FakeFrameError({});
    };
    setup();
    await expect(store.getState().connectSocial('apple')).resolves.toEqual({
      status: 'error',
      kind: 'failed',
      message: kitMessage('frameError'),
    });
    expect(store.getState()).toMatchObject({ status: 'error', error: kitMessage('frameError') });
    expect(popup.closed).toBe(true);
  });

  it('cancel closes the popup, goes back and ignores a late result', async () => {
    setup();
    const { ended } = await startWaiting('x');
    store.getState().cancel();
    await expect(ended).resolves.toEqual({ status: 'cancelled' });
    expect(popup.closed).toBe(true);
    expect(view()).toBe('Connect');
    postFromPopup({ type: SOCIAL_RESULT_TYPE, resultUri: RESULT });
    expect(requestsOf('CONNECT_SOCIAL')).toHaveLength(0);
  });

  it('without a configured frame every attempt fails clearly', async () => {
    setup({ frameOrigin: () => null });
    await expect(store.getState().connectSocial('github')).resolves.toMatchObject({
      status: 'error',
      message: kitMessage('socialUnavailable'),
    });
    expect(store.getState()).toMatchObject({ status: 'error', error: kitMessage('socialUnavailable') });
  });
});

describe('Farcaster', () => {
  const FARCASTER_URL = `${FRAME_ORIGIN}/farcaster/connect?channel=abc`;

  it('shows the QR URL, waits for the approval, connects and stores the username', async () => {
    fake.handlers.GET_FARCASTER_URI = () => ({ url: FARCASTER_URL });
    fake.handlers.CONNECT_FARCASTER = () => NO_REPLY;
    setup();
    const running = store.getState().connectFarcaster();
    expect(view()).toBe('ConnectingFarcaster');
    const request = await fake.nextRequest('CONNECT_FARCASTER');
    expect(store.getState().farcaster).toEqual({ status: 'waiting', url: FARCASTER_URL, error: null });
    fake.reply(request, { userName: 'dwr' });
    await expect(running).resolves.toEqual({ status: 'connected' });
    expect(store.getState().farcaster.status).toBe('connected');
    expect(connect).toHaveBeenCalledOnce();
    expect(view()).toBe('Account');
    expect(session.getItem(LOGIN_CACHE_KEYS.socialUsername)).toBe('dwr');
    expect(persistent.getItem(LOGIN_CACHE_KEYS.social)).toBe('farcaster');
  });

  it('an error while waiting shows the frame message', async () => {
    fake.handlers.GET_FARCASTER_URI = () => ({ url: FARCASTER_URL });
    fake.handlers.CONNECT_FARCASTER = () => {
      throw new FakeFrameError({ message: 'This Farcaster request has expired.' });
    };
    setup();
    await expect(store.getState().connectFarcaster()).resolves.toEqual({
      status: 'error',
      kind: 'failed',
      message: expect.objectContaining({ reason: 'This Farcaster request has expired.' }),
    });
    expect(store.getState().farcaster).toMatchObject({
      status: 'error',
      error: expect.objectContaining({ reason: 'This Farcaster request has expired.' }),
    });
    expect(connect).not.toHaveBeenCalled();
  });

  it('cancel goes back and ignores the approval that comes later', async () => {
    fake.handlers.GET_FARCASTER_URI = () => ({ url: FARCASTER_URL });
    fake.handlers.CONNECT_FARCASTER = () => NO_REPLY;
    setup();
    const running = store.getState().connectFarcaster();
    const request = await fake.nextRequest('CONNECT_FARCASTER');
    store.getState().cancelFarcaster();
    expect(view()).toBe('Connect');
    await expect(running).resolves.toEqual({ status: 'cancelled' });
    fake.reply(request, { userName: 'dwr' });
    // A later round trip through the frame: by its answer the late approval has been delivered and handled.
    await auth.getFarcasterUri();
    expect(connect).not.toHaveBeenCalled();
    expect(store.getState().farcaster.status).toBe('idle');
  });
});
