// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KeywayError } from '../../core/errors.ts';
import type { FrameClient } from '../client/client.ts';
import { FrameRequestError } from '../errors.ts';
import { createLoginCache, createMemoryStorage, LOGIN_CACHE_KEYS } from '../login-cache.ts';
import type { FrameEventName } from '../protocol/events.ts';
import {
  createFakeFrameClient,
  type FakeFrame,
  FakeFrameError,
  type FakeFrameHandlers,
  installFakeFrame,
} from '../testing/fake-frame.ts';
import { type AuthConnectorApi, createAuthConnectorApi } from './auth-api.ts';

const FRAME_ORIGIN = 'https://frame.keyway.test';
const ADDRESS = '0x5555555555555555555555555555555555555555';
const T0 = 1_700_000_000_000;

let now: number;
let persistent: ReturnType<typeof createMemoryStorage>;
let fake: FakeFrame;
let client: FrameClient;
let logger: { error: ReturnType<typeof vi.fn<(...args: unknown[]) => void>> };
let api: AuthConnectorApi;

beforeEach(() => {
  now = T0;
  persistent = createMemoryStorage();
  fake = installFakeFrame({ document, frameOrigin: FRAME_ORIGIN });
  client = createFakeFrameClient(
    FRAME_ORIGIN,
    createLoginCache({ persistent, session: createMemoryStorage(), now: () => now }),
  );
  logger = { error: vi.fn<(...args: unknown[]) => void>() };
  api = createAuthConnectorApi({ client, logger });
});

afterEach(() => {
  client.destroy();
  fake.uninstall();
  document.body.innerHTML = '';
});

describe('email login cooldown (30 s)', () => {
  beforeEach(() => {
    fake.handlers.CONNECT_EMAIL = () => ({ action: 'VERIFY_OTP' });
  });

  it('refuses a second trigger within 30 s with the cooldown and its seconds left', async () => {
    await api.connectEmail({ email: 'ada@example.com' });
    now = T0 + 12_000;
    const error = await api.connectEmail({ email: 'ada@example.com' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeywayError);
    expect(error).toMatchObject({ code: 'cooldown', values: { seconds: 18 } });
    expect(api.emailCooldownRemainingMs()).toBe(18_000);
    // The refused trigger never reached the frame and was logged.
    expect(fake.requests.filter((r) => r.type === '@keyway-app/CONNECT_EMAIL')).toHaveLength(1);
    expect(logger.error).toHaveBeenCalledOnce();
  });

  it('rounds the seconds left up', async () => {
    await api.connectEmail({ email: 'ada@example.com' });
    now = T0 + 29_500;
    await expect(api.connectEmail({ email: 'ada@example.com' })).rejects.toMatchObject({
      code: 'cooldown',
      values: { seconds: 1 },
    });
  });

  it('allows the next trigger once 30 s have passed', async () => {
    await api.connectEmail({ email: 'ada@example.com' });
    now = T0 + 30_000;
    await expect(api.connectEmail({ email: 'ada@example.com' })).resolves.toEqual({ action: 'VERIFY_OTP' });
  });

  it('a failed trigger does not start the cooldown', async () => {
    fake.handlers.CONNECT_EMAIL = () => {
      throw new FakeFrameError({ message: 'Mailbox unavailable' });
    };
    await expect(api.connectEmail({ email: 'ada@example.com' })).rejects.toThrow('Mailbox unavailable');
    expect(api.emailCooldownRemainingMs()).toBe(0);
  });

  it('a completed login lifts the cooldown (the login time is cleared)', async () => {
    fake.handlers.GET_USER = () => ({ email: 'ada@example.com', address: ADDRESS, chainId: 1 });
    await api.connectEmail({ email: 'ada@example.com' });
    await api.getUser({ chainId: 1 });
    expect(persistent.getItem(LOGIN_CACHE_KEYS.lastEmailLoginTime)).toBeNull();
    expect(api.emailCooldownRemainingMs()).toBe(0);
  });
});

describe('every method logs the error and rethrows it (spec §8)', () => {
  const calls: [FrameEventName, (a: AuthConnectorApi) => Promise<unknown>][] = [
    ['CONNECT_EMAIL', (a) => a.connectEmail({ email: 'ada@example.com' })],
    ['CONNECT_OTP', (a) => a.connectOtp({ otp: '123456' })],
    ['CONNECT_DEVICE', (a) => a.connectDevice()],
    ['GET_SOCIAL_REDIRECT_URI', (a) => a.getSocialRedirectUri({ provider: 'google' })],
    ['CONNECT_SOCIAL', (a) => a.connectSocial({ uri: 'https://frame.keyway.test/cb?code=1' })],
    ['GET_FARCASTER_URI', (a) => a.getFarcasterUri()],
    ['CONNECT_FARCASTER', (a) => a.connectFarcaster()],
    ['UPDATE_EMAIL', (a) => a.updateEmail({ email: 'new@example.com' })],
    ['UPDATE_EMAIL_PRIMARY_OTP', (a) => a.updateEmailPrimaryOtp({ otp: '123456' })],
    ['UPDATE_EMAIL_SECONDARY_OTP', (a) => a.updateEmailSecondaryOtp({ otp: '123456' })],
    ['SYNC_THEME', (a) => a.syncTheme({ themeMode: 'dark' })],
    [
      'SYNC_DAPP_DATA',
      (a) =>
        a.syncDappData({
          metadata: { name: 'Demo', description: 'A demo', url: 'https://demo.test', icons: [] },
          sdkVersion: 'react-5.1.11',
          projectId: 'p1',
        }),
    ],
    ['GET_USER', (a) => a.getUser({ chainId: 1 })],
    ['IS_CONNECTED', (a) => a.isConnected()],
    ['SIGN_OUT', (a) => a.signOut()],
  ];

  it.each(calls)('%s', async (event, call) => {
    fake.handlers = {
      [event]: () => {
        throw new FakeFrameError({ message: `${event} refused` });
      },
    } as FakeFrameHandlers;
    const error = await call(api).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FrameRequestError);
    expect((error as Error).message).toBe(`${event} refused`);
    expect(logger.error).toHaveBeenCalledOnce();
    expect(logger.error.mock.calls[0]![1]).toBe(error);
  });
});

describe('successful calls', () => {
  it('pass the frame results through', async () => {
    fake.handlers.GET_SOCIAL_REDIRECT_URI = ({ provider }) => ({ uri: `https://auth.test/${provider}` });
    fake.handlers.GET_FARCASTER_URI = () => ({ url: 'https://farcaster.test/connect?token=1' });
    fake.handlers.UPDATE_EMAIL = () => ({ action: 'VERIFY_SECONDARY_OTP' });
    await expect(api.getSocialRedirectUri({ provider: 'discord' })).resolves.toEqual({
      uri: 'https://auth.test/discord',
    });
    await expect(api.getFarcasterUri()).resolves.toEqual({ url: 'https://farcaster.test/connect?token=1' });
    await expect(api.updateEmail({ email: 'new@example.com' })).resolves.toEqual({
      action: 'VERIFY_SECONDARY_OTP',
    });
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('expose who is logged in from the login cache', async () => {
    fake.handlers.CONNECT_FARCASTER = () => ({ userName: 'ada.eth' });
    await api.connectFarcaster();
    expect(api.getSocialUsername()).toBe('ada.eth');
    expect(api.getSocialProvider()).toBe('farcaster');
    expect(api.getEmail()).toBeNull();
    expect(api.getPreferredAccountType()).toBe('eoa');
  });
});
