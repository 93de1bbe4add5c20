// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventBus } from '../../core/events';
import { type KitMessage, kitMessage } from '../../core/messages';
import type { FrameClient } from '../../frame/client/client';
import { type AuthConnectorApi, createAuthConnectorApi } from '../../frame/connector/auth-api';
import { createLoginCache, createMemoryStorage, LOGIN_CACHE_KEYS } from '../../frame/login-cache';
import {
  createFakeFrameClient,
  type FakeFrame,
  FakeFrameError,
  installFakeFrame,
} from '../../frame/testing/fake-frame';
import { routeOutcome } from '../../views/modalRouter';
import { createModalStore, type ModalStore, selectView } from '../modal/store';
import { createUpdateEmailStore, type UpdateEmailStore } from './store';

const FRAME_ORIGIN = 'https://frame.keyway.test';
const T0 = 1_700_000_000_000;
const PRIMARY = '111111';
const SECONDARY = '222222';

let now: number;
let persistent: ReturnType<typeof createMemoryStorage>;
let session: ReturnType<typeof createMemoryStorage>;
let fake: FakeFrame;
let client: FrameClient;
let auth: AuthConnectorApi;
let modal: ModalStore;
let store: UpdateEmailStore;
let showSuccess: ReturnType<typeof vi.fn<(message: KitMessage, variant: string) => void>>;

const requestsOf = (type: string) => fake.requests.filter((r) => r.type === `@keyway-app/${type}`);
const views = () => modal.getState().history.map((h) => h.view);

beforeEach(() => {
  now = T0;
  persistent = createMemoryStorage();
  session = createMemoryStorage();
  session.setItem(LOGIN_CACHE_KEYS.email, 'ada@example.com');
  fake = installFakeFrame({ document, frameOrigin: FRAME_ORIGIN });
  fake.handlers.UPDATE_EMAIL = () => ({ action: 'VERIFY_PRIMARY_OTP' });
  fake.handlers.UPDATE_EMAIL_PRIMARY_OTP = ({ otp }) => {
    if (otp !== PRIMARY) throw new FakeFrameError({ message: 'Invalid code' });
  };
  fake.handlers.UPDATE_EMAIL_SECONDARY_OTP = ({ otp }) => {
    if (otp !== SECONDARY) throw new FakeFrameError({ message: 'Invalid code' });
    return { newEmail: 'ada@new.example' };
  };
  const cache = createLoginCache({ persistent, session, now: () => now });
  client = createFakeFrameClient(FRAME_ORIGIN, cache);
  auth = createAuthConnectorApi({ client, logger: { error: () => undefined } });
  modal = createModalStore({
    bus: createEventBus(),
    isConnected: () => true,
  });
  modal.getState().open('Account');
  modal.getState().push('AccountSettings');
  modal.getState().push('UpdateEmail');
  showSuccess = vi.fn<(message: KitMessage, variant: string) => void>();
  store = createUpdateEmailStore({
    getAuth: async () => {
      await client.ensure();
      return auth;
    },
    currentEmail: () => cache.email(),
    // Routed to `modal` (and its toasts) as the styled modal does.
    emit: (outcome) =>
      routeOutcome(
        {
          modal,
          isConnected: () => true,
          isRestoring: () => false,
          siweNext: () => false,
          toast: showSuccess,
        },
        outcome,
      ),
    now: () => now,
  });
  store.getState().start();
});

afterEach(() => {
  client.destroy();
  fake.uninstall();
  document.body.innerHTML = '';
});

describe('update email', () => {
  it('new address → code to the current one → code to the new one → settings show the new email', async () => {
    expect(store.getState().currentEmail).toBe('ada@example.com');
    await expect(store.getState().submitEmail('  ada@new.example ')).resolves.toEqual({
      status: 'primary-otp-required',
    });
    expect(requestsOf('UPDATE_EMAIL').map((r) => r.payload)).toEqual([{ email: 'ada@new.example' }]);
    expect(views()).toEqual(['Account', 'AccountSettings', 'UpdateEmail', 'UpdateEmailPrimaryOtp']);
    expect(store.getState()).toMatchObject({ step: 'primaryOtp', newEmail: 'ada@new.example' });

    await expect(store.getState().submitPrimaryOtp(PRIMARY)).resolves.toEqual({
      status: 'secondary-otp-required',
    });
    expect(views()).toEqual(['Account', 'AccountSettings', 'UpdateEmail', 'UpdateEmailSecondaryOtp']);

    await expect(store.getState().submitSecondaryOtp(SECONDARY)).resolves.toEqual({
      status: 'updated',
      email: 'ada@new.example',
    });
    expect(views()).toEqual(['Account', 'AccountSettings']);
    expect(store.getState()).toMatchObject({ step: 'done', currentEmail: 'ada@new.example', error: null });
    expect(showSuccess).toHaveBeenCalledWith(kitMessage('emailUpdated'), 'success');
    // The frame client's rule (spec §4: completing login by the secondary code) stored the new email.
    expect(session.getItem(LOGIN_CACHE_KEYS.email)).toBe('ada@new.example');
    expect(persistent.getItem(LOGIN_CACHE_KEYS.emailLoginUsed)).toBe('true');
  });

  it('goes straight to the new address code when the frame asks for it', async () => {
    fake.handlers.UPDATE_EMAIL = () => ({ action: 'VERIFY_SECONDARY_OTP' });
    await expect(store.getState().submitEmail('ada@new.example')).resolves.toEqual({
      status: 'secondary-otp-required',
    });
    expect(selectView(modal.getState())).toBe('UpdateEmailSecondaryOtp');
    expect(store.getState().step).toBe('secondaryOtp');
  });

  it('refuses an invalid address and the current one without asking the frame', async () => {
    await expect(store.getState().submitEmail('not-an-email')).resolves.toEqual({
      status: 'invalid',
      reason: 'email',
      message: kitMessage('invalidEmail'),
    });
    expect(store.getState().error).toEqual(kitMessage('invalidEmail'));
    await expect(store.getState().submitEmail('ADA@example.com')).resolves.toEqual({
      status: 'invalid',
      reason: 'same-email',
      message: kitMessage('sameEmail'),
    });
    expect(store.getState().error).toEqual(kitMessage('sameEmail'));
    expect(requestsOf('UPDATE_EMAIL')).toHaveLength(0);
  });

  it('a wrong code shows the frame message and stays on the step', async () => {
    await store.getState().submitEmail('ada@new.example');
    // A code of the next step before its step: nothing is sent.
    await expect(store.getState().submitSecondaryOtp(SECONDARY)).resolves.toEqual({ status: 'out-of-step' });
    await expect(store.getState().submitPrimaryOtp('999999')).resolves.toEqual({
      status: 'error',
      message: expect.objectContaining({ reason: 'Invalid code' }),
    });
    expect(store.getState()).toMatchObject({
      step: 'primaryOtp',
      error: expect.objectContaining({ reason: 'Invalid code' }),
      submitting: false,
    });
    expect(selectView(modal.getState())).toBe('UpdateEmailPrimaryOtp');
    await store.getState().submitPrimaryOtp(PRIMARY);
    await expect(store.getState().submitSecondaryOtp('000000')).resolves.toEqual({
      status: 'error',
      message: expect.objectContaining({ reason: 'Invalid code' }),
    });
    expect(store.getState()).toMatchObject({
      step: 'secondaryOtp',
      error: expect.objectContaining({ reason: 'Invalid code' }),
    });
    // The email in the login cache is unchanged until the second code is right.
    expect(session.getItem(LOGIN_CACHE_KEYS.email)).toBe('ada@example.com');
  });

  it('a code that is not six digits is refused before the frame sees it', async () => {
    await store.getState().submitEmail('ada@new.example');
    await expect(store.getState().submitPrimaryOtp('12a')).resolves.toEqual({
      status: 'invalid',
      reason: 'code',
      message: kitMessage('invalidCode'),
    });
    expect(store.getState().error).toEqual(kitMessage('invalidCode'));
    expect(requestsOf('UPDATE_EMAIL_PRIMARY_OTP')).toHaveLength(0);
  });

  it("resending within 30 s is refused with 'Please try again after N seconds'", async () => {
    await store.getState().submitEmail('ada@new.example');
    now = T0 + 8_000;
    await expect(store.getState().resendCode()).resolves.toEqual({
      status: 'cooldown',
      message: kitMessage('cooldown', { seconds: 22 }),
    });
    expect(store.getState().error).toEqual(kitMessage('cooldown', { seconds: 22 }));
    expect(store.getState().cooldownRemainingMs()).toBe(22_000);
    expect(requestsOf('UPDATE_EMAIL')).toHaveLength(1);
    now = T0 + 30_000;
    await expect(store.getState().resendCode()).resolves.toEqual({ status: 'primary-otp-required' });
    expect(requestsOf('UPDATE_EMAIL')).toHaveLength(2);
    expect(store.getState().error).toBeNull();
  });

  it('the new-email step sends its code again: 30 s from that code, the same address, the step stays', async () => {
    await store.getState().submitEmail('ada@new.example');
    now = T0 + 20_000;
    await store.getState().submitPrimaryOtp(PRIMARY);
    // The frame mailed the new address's code just now: a resend 5 s later is refused, counted from here.
    now = T0 + 25_000;
    await expect(store.getState().resendCode()).resolves.toEqual({
      status: 'cooldown',
      message: kitMessage('cooldown', { seconds: 25 }),
    });
    expect(store.getState()).toMatchObject({ cooldown: true, step: 'secondaryOtp' });
    expect(requestsOf('UPDATE_EMAIL')).toHaveLength(1);
    // The message counts down, then goes away by itself.
    now = T0 + 41_000;
    store.getState().tick();
    expect(store.getState().error).toEqual(kitMessage('cooldown', { seconds: 9 }));
    now = T0 + 50_000;
    store.getState().tick();
    expect(store.getState()).toMatchObject({ cooldown: false, error: null });

    // The frame sends a new code to the new address (the current one confirmed this change already).
    fake.handlers.UPDATE_EMAIL = () => ({ action: 'VERIFY_SECONDARY_OTP' });
    await expect(store.getState().resendCode()).resolves.toEqual({ status: 'secondary-otp-required' });
    expect(requestsOf('UPDATE_EMAIL').map((r) => r.payload)).toEqual([
      { email: 'ada@new.example' },
      { email: 'ada@new.example' },
    ]);
    expect(store.getState()).toMatchObject({
      step: 'secondaryOtp',
      newEmail: 'ada@new.example',
      error: null,
    });
    expect(views()).toEqual(['Account', 'AccountSettings', 'UpdateEmail', 'UpdateEmailSecondaryOtp']);
    await expect(store.getState().submitSecondaryOtp(SECONDARY)).resolves.toEqual({
      status: 'updated',
      email: 'ada@new.example',
    });
  });

  it('a resend on the new-email step that the frame starts over goes back to the current address step', async () => {
    await store.getState().submitEmail('ada@new.example');
    await store.getState().submitPrimaryOtp(PRIMARY);
    now = T0 + 30_000;
    await expect(store.getState().resendCode()).resolves.toEqual({ status: 'primary-otp-required' });
    expect(store.getState().step).toBe('primaryOtp');
    expect(views()).toEqual(['Account', 'AccountSettings', 'UpdateEmail', 'UpdateEmailPrimaryOtp']);
  });

  it('a frame error on the new address is shown and starts no cooldown', async () => {
    fake.handlers.UPDATE_EMAIL = () => {
      throw new FakeFrameError({ message: 'This email is already in use' });
    };
    await expect(store.getState().submitEmail('taken@example.com')).resolves.toEqual({
      status: 'error',
      message: expect.objectContaining({ reason: 'This email is already in use' }),
    });
    expect(store.getState().error).toMatchObject({ reason: 'This email is already in use' });
    expect(store.getState().cooldownRemainingMs()).toBe(0);
    expect(selectView(modal.getState())).toBe('UpdateEmail');
  });
});
