// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { kitMessage } from '../../core/messages';
import { keywayLocal } from '../../core/networks';
import { createMemoryStorage as createKvStorage } from '../../core/storage';
import { createLoginCache, createMemoryStorage, LOGIN_CACHE_KEYS } from '../../frame/login-cache';
import { type FakeFrame, FakeFrameError, installFakeFrame, NO_REPLY } from '../../frame/testing/fake-frame';
import { createKeyway, type Keyway } from '../../instance/createKeyway';
import { attachModalRouter } from '../../views/modalRouter';
import { getEmailLoginStore } from './store';

const FRAME = 'https://frame.keyway.test';
const ADDRESS = '0x3333333333333333333333333333333333333333';

let persistent: ReturnType<typeof createMemoryStorage>;
let now = 1_700_000_000_000;
let fake: FakeFrame;
const instances: Keyway[] = [];

function make(options: Record<string, unknown> = {}, timeouts = {}) {
  const keyway = createKeyway(
    {
      projectId: 'p1',
      networks: [keywayLocal],
      secureFrameUrl: `${FRAME}/`,
      storage: createKvStorage(),
      ...options,
    },
    {
      optionalConnectors: false,
      embeddedFrame: {
        document,
        acceptSyntheticEvents: true,
        timeouts,
        storage: createLoginCache({ persistent, session: createMemoryStorage(), now: () => now }),
      },
    },
  );
  instances.push(keyway);
  // The modal moves as in the styled modal: its router follows the login's outcomes.
  attachModalRouter(keyway);
  keyway.stores.modal.getState().open('Connect');
  return { keyway, login: getEmailLoginStore(keyway) };
}

const view = (k: Keyway) => k.stores.modal.getState().history.at(-1)?.view;

beforeEach(() => {
  persistent = createMemoryStorage();
  now = 1_700_000_000_000;
  fake = installFakeFrame({ document, frameOrigin: FRAME });
  fake.handlers.CONNECT_EMAIL = ({ email }) => ({
    action: email.startsWith('device') ? 'VERIFY_DEVICE' : 'VERIFY_OTP',
  });
  fake.handlers.CONNECT_DEVICE = () => undefined;
  fake.handlers.CONNECT_OTP = ({ otp }) => {
    if (otp !== '123456') throw new FakeFrameError({ message: 'Invalid code' });
    return undefined;
  };
  fake.handlers.GET_USER = () => ({ email: 'ada@example.com', address: ADDRESS, chainId: 31337 });
  fake.handlers.GET_CHAIN_ID = () => ({ chainId: 31337 });
  fake.handlers.SIGN_OUT = () => undefined;
});

afterEach(() => {
  for (const k of instances.splice(0)) k.destroy();
  fake.uninstall();
  for (const el of document.querySelectorAll('iframe')) el.remove();
});

describe('email login store', () => {
  it('refuses an invalid email without loading the frame', async () => {
    const { login } = make();
    await expect(login.getState().submitEmail('not-an-email')).resolves.toEqual({ status: 'invalid' });
    expect(login.getState()).toMatchObject({ status: 'error', error: kitMessage('invalidEmail') });
    expect(document.querySelectorAll('iframe').length).toBe(0);
  });

  it('email → code view → wrong code (frame message, boxes reset) → right code → Account', async () => {
    const { keyway, login } = make();
    await login.getState().submitEmail('  ada@example.com ');
    expect(login.getState()).toMatchObject({ step: 'otp', status: 'waiting', email: 'ada@example.com' });
    expect(view(keyway)).toBe('EmailVerifyOtp');
    expect(persistent.getItem(LOGIN_CACHE_KEYS.lastEmailLoginTime)).toBe(String(now));

    await expect(login.getState().submitOtp('000000')).resolves.toEqual({
      status: 'error',
      message: expect.objectContaining({ reason: 'Invalid code' }),
    });
    expect(login.getState()).toMatchObject({
      status: 'error',
      error: expect.objectContaining({ reason: 'Invalid code' }),
      otpResetKey: 1,
    });
    expect(keyway.stores.modal.getState().shaking).toBe(true);

    await login.getState().submitOtp('123456');
    expect(login.getState().status).toBe('connected');
    expect(view(keyway)).toBe('Account');
    expect(keyway.stores.modal.getState().history).toHaveLength(1);
    expect(keyway.stores.account.getState().address).toBe(ADDRESS);
  });

  it('with sign-in with wallet on, a login goes to ConnectingSiwe', async () => {
    const siwe = {
      getNonce: async () => 'nonce1234',
      verifyMessage: async () => true,
      getSession: async () => null,
      signOut: async () => true,
    };
    const { keyway, login } = make({ isSiweEnabled: true, siwe });
    await login.getState().submitEmail('ada@example.com');
    await login.getState().submitOtp('123456');
    expect(view(keyway)).toBe('ConnectingSiwe');
  });

  it("applies the 30 s cooldown with 'Please try again after N seconds' and lets it run out", async () => {
    const { login } = make();
    await login.getState().submitEmail('ada@example.com');
    now += 12_000;
    await login.getState().resend();
    expect(login.getState()).toMatchObject({
      error: kitMessage('cooldown', { seconds: 18 }),
      cooldown: true,
    });
    now += 17_500;
    login.getState().tick();
    expect(login.getState().error).toEqual(kitMessage('cooldown', { seconds: 1 }));
    now += 600;
    login.getState().tick();
    expect(login.getState()).toMatchObject({ error: null, cooldown: false });
    expect(fake.requests.filter((r) => r.type === '@keyway-app/CONNECT_EMAIL')).toHaveLength(1);
    await login.getState().resend();
    expect(login.getState()).toMatchObject({ resent: true, status: 'waiting' });
    expect(fake.requests.filter((r) => r.type === '@keyway-app/CONNECT_EMAIL')).toHaveLength(2);
  });

  it('device path: waits for the approval, then continues to the code view (replacing the device view)', async () => {
    let release: () => void = () => undefined;
    fake.handlers.CONNECT_DEVICE = () =>
      new Promise((resolve) => {
        release = () => resolve(undefined);
      });
    const { keyway, login } = make();
    await login.getState().submitEmail('device@example.com');
    expect(login.getState()).toMatchObject({ step: 'device', status: 'waiting' });
    expect(view(keyway)).toBe('EmailVerifyDevice');
    await fake.nextRequest('CONNECT_DEVICE');
    release();
    await vi.waitFor(() => expect(login.getState().step).toBe('otp'));
    expect(view(keyway)).toBe('EmailVerifyOtp');
    expect(keyway.stores.modal.getState().history.map((h) => h.view)).toEqual(['Connect', 'EmailVerifyOtp']);
  });

  it("closing the modal mid-step aborts it: 'Request was aborted', back on the email step", async () => {
    fake.handlers.CONNECT_EMAIL = () => NO_REPLY;
    const { keyway, login } = make();
    const pending = login.getState().submitEmail('ada@example.com');
    await fake.nextRequest('CONNECT_EMAIL');
    keyway.stores.modal.getState().close();
    await pending;
    expect(login.getState()).toMatchObject({
      step: 'email',
      status: 'error',
      error: kitMessage('requestAborted'),
    });
  });

  it('a frame that never gets ready: the catalogue message', async () => {
    fake.uninstall();
    fake = installFakeFrame({ document, frameOrigin: FRAME, answerHandshake: false });
    const { login } = make({}, { readyMs: 50 });
    await login.getState().submitEmail('ada@example.com');
    expect(login.getState()).toMatchObject({
      status: 'error',
      error: kitMessage('emailLoginDependency'),
    });
  });

  it('a frame that does not answer in time: a readable timeout message', async () => {
    fake.handlers.CONNECT_OTP = () => NO_REPLY;
    const { login } = make({}, { loginMs: 50 });
    await login.getState().submitEmail('ada@example.com');
    await login.getState().submitOtp('123456');
    expect(login.getState().error).toEqual(kitMessage('frameTimeout'));
  });
});
