/**
 * Hosts with their own UI: the embedded wallet's flow hooks (useEmailLogin, useSocialLogin, useUpdateEmail)
 * run to completion on a real instance (the secure frame is the fake frame) with no KeywayModal rendered.
 * Each flow reports its outcomes and the modal store never changes (the same state object before and after).
 * The host runs in German: what the hooks report is data (codes and values), never a sentence in any language.
 */
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keywayLocal } from '../core/networks';
import type { FlowOutcome } from '../core/outcomes';
import { createMemoryStorage as createKvStorage } from '../core/storage';
import { createLoginCache, createMemoryStorage, LOGIN_CACHE_KEYS } from '../frame/login-cache';
import { type FakeFrame, installFakeFrame } from '../frame/testing/fake-frame';
import { createKeyway, type Keyway } from '../instance/createKeyway';
import { attachModalRouter } from '../views/modalRouter';
import { useEmailLogin } from './email/useEmailLogin';
import { KeywayProvider } from './KeywayProvider';
import { setSocialLoginInternals } from './social/embeddedStores';
import { SOCIAL_RESULT_TYPE, type SocialLoginResult, type SocialPopup } from './social/store';
import { useSocialLogin } from './social/useSocialLogin';
import { useUpdateEmail } from './update-email/useUpdateEmail';

const FRAME = 'https://frame.keyway.test';
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const RESULT = `${FRAME}/auth/social/callback?provider=github&code=c0de&state=abcdefgh1234`;

let fake: FakeFrame;
let session: ReturnType<typeof createMemoryStorage>;
const instances: Keyway[] = [];

function make(): {
  keyway: Keyway;
  outcomes: FlowOutcome[];
  wrapper: (p: { children: ReactNode }) => ReactNode;
} {
  const keyway = createKeyway(
    {
      projectId: 'p1',
      networks: [keywayLocal],
      secureFrameUrl: `${FRAME}/`,
      storage: createKvStorage(),
      locale: 'de',
    },
    {
      optionalConnectors: false,
      embeddedFrame: {
        document,
        acceptSyntheticEvents: true,
        storage: createLoginCache({ persistent: createMemoryStorage(), session }),
      },
    },
  );
  instances.push(keyway);
  const outcomes: FlowOutcome[] = [];
  keyway.outcomes.subscribe((o) => outcomes.push(o));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <KeywayProvider keyway={keyway}>{children}</KeywayProvider>
  );
  return { keyway, outcomes, wrapper };
}

beforeEach(() => {
  session = createMemoryStorage();
  fake = installFakeFrame({ document, frameOrigin: FRAME });
  fake.handlers.CONNECT_EMAIL = () => ({ action: 'VERIFY_OTP' });
  fake.handlers.CONNECT_OTP = () => undefined;
  fake.handlers.GET_SOCIAL_REDIRECT_URI = () => ({
    uri: `${FRAME}/oauth/github/authorize?state=abcdefgh1234`,
  });
  fake.handlers.CONNECT_SOCIAL = () => ({ address: ADDRESS, chainId: 31337, userName: 'octocat' });
  fake.handlers.GET_USER = () => ({ email: 'ada@example.com', address: ADDRESS, chainId: 31337 });
  fake.handlers.GET_CHAIN_ID = () => ({ chainId: 31337 });
  fake.handlers.SIGN_OUT = () => undefined;
  fake.handlers.UPDATE_EMAIL = () => ({ action: 'VERIFY_PRIMARY_OTP' });
  fake.handlers.UPDATE_EMAIL_PRIMARY_OTP = () => undefined;
  fake.handlers.UPDATE_EMAIL_SECONDARY_OTP = () => ({ newEmail: 'ada@new.example' });
});

afterEach(() => {
  cleanup();
  for (const k of instances.splice(0)) k.destroy();
  fake.uninstall();
  for (const el of document.querySelectorAll('iframe')) el.remove();
});

describe('flow hooks in a host without KeywayModal', () => {
  it('useEmailLogin: email, code, connected; the modal store is untouched', async () => {
    const { keyway, outcomes, wrapper } = make();
    const modalBefore = keyway.stores.modal.getState();
    const { result } = renderHook(() => useEmailLogin(), { wrapper });
    // A malformed address: the hook says so as a code (nothing is sent).
    await act(async () => {
      await expect(result.current.submitEmail('ada@')).resolves.toEqual({ status: 'invalid' });
    });
    expect(result.current.error).toEqual({ code: 'invalidEmail' });
    await act(async () => {
      await expect(result.current.submitEmail('ada@example.com')).resolves.toEqual({
        status: 'otp-required',
      });
    });
    expect(result.current).toMatchObject({ step: 'otp', status: 'waiting' });
    await act(async () => {
      await expect(result.current.submitOtp('123456')).resolves.toEqual({ status: 'connected' });
    });
    expect(result.current.status).toBe('connected');
    expect(keyway.stores.account.getState()).toMatchObject({ isConnected: true, address: ADDRESS });
    expect(outcomes).toEqual([
      { flow: 'email', status: 'otp-required' },
      { flow: 'connect', status: 'connected', via: 'email' },
    ]);
    expect(keyway.stores.modal.getState()).toBe(modalBefore);
  });

  it('useSocialLogin: popup, result, connected; the modal store is untouched', async () => {
    const { keyway, outcomes, wrapper } = make();
    // The popup stand-in is a same-document window, so the result message can name it as its source.
    const frame = document.body.appendChild(document.createElement('iframe'));
    const popupWindow = frame.contentWindow as Window;
    const popup = {
      closed: false as boolean,
      navigate: () => undefined,
      close() {
        popup.closed = true;
      },
      focus: () => undefined,
      source: popupWindow as unknown,
    } satisfies SocialPopup;
    setSocialLoginInternals(keyway, {
      openPopup: () => popup,
      messages: window,
      acceptSyntheticEvents: true,
    });
    const modalBefore = keyway.stores.modal.getState();
    const { result } = renderHook(() => useSocialLogin(), { wrapper });
    let ended: Promise<SocialLoginResult> | undefined;
    act(() => {
      ended = result.current.connectSocial('github');
    });
    await waitFor(() => expect(result.current.status).toBe('waiting'));
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: SOCIAL_RESULT_TYPE, resultUri: RESULT },
          origin: FRAME,
          source: popupWindow,
        }),
      );
    });
    await act(async () => {
      await expect(ended).resolves.toEqual({ status: 'connected' });
    });
    expect(result.current.status).toBe('connected');
    expect(keyway.stores.account.getState()).toMatchObject({ isConnected: true, address: ADDRESS });
    expect(outcomes).toEqual([
      { flow: 'social', status: 'started' },
      { flow: 'connect', status: 'connected', via: 'social' },
    ]);
    expect(keyway.stores.modal.getState()).toBe(modalBefore);
  });

  it('useUpdateEmail: new address, both codes, updated; the modal store is untouched', async () => {
    session.setItem(LOGIN_CACHE_KEYS.email, 'ada@example.com');
    const { keyway, outcomes, wrapper } = make();
    const modalBefore = keyway.stores.modal.getState();
    const { result } = renderHook(() => useUpdateEmail(), { wrapper });
    act(() => result.current.start());
    expect(result.current.currentEmail).toBe('ada@example.com');
    // The same address again: refused with a code.
    await act(async () => {
      await expect(result.current.submitEmail('ada@example.com')).resolves.toEqual({
        status: 'invalid',
        reason: 'same-email',
        message: { code: 'sameEmail' },
      });
    });
    await act(async () => {
      await expect(result.current.submitEmail('ada@new.example')).resolves.toEqual({
        status: 'primary-otp-required',
      });
    });
    expect(result.current.step).toBe('primaryOtp');
    await act(async () => {
      await expect(result.current.submitPrimaryOtp('111111')).resolves.toEqual({
        status: 'secondary-otp-required',
      });
    });
    await act(async () => {
      await expect(result.current.submitSecondaryOtp('222222')).resolves.toEqual({
        status: 'updated',
        email: 'ada@new.example',
      });
    });
    expect(result.current).toMatchObject({ step: 'done', currentEmail: 'ada@new.example' });
    expect(outcomes).toEqual([
      { flow: 'update-email', status: 'primary-otp-required' },
      { flow: 'update-email', status: 'secondary-otp-required' },
      { flow: 'update-email', status: 'updated', email: 'ada@new.example' },
    ]);
    expect(keyway.stores.modal.getState()).toBe(modalBefore);
  });

  it('control: with the styled modal router attached, the same outcomes move the modal', async () => {
    const { keyway, wrapper } = make();
    const detach = attachModalRouter(keyway);
    keyway.stores.modal.getState().open('Connect');
    const { result } = renderHook(() => useEmailLogin(), { wrapper });
    await act(() => result.current.submitEmail('ada@example.com'));
    expect(keyway.stores.modal.getState().history.map((h) => h.view)).toEqual(['Connect', 'EmailVerifyOtp']);
    await act(() => result.current.submitOtp('123456'));
    expect(keyway.stores.modal.getState().history.map((h) => h.view)).toEqual(['Account']);
    detach();
  });
});
