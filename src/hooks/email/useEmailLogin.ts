import { useEffect, useMemo } from 'react';
import { kitMessage } from '../../core/messages';
import { useStoreBinding } from '../bind';
import { useKeyway } from '../context';
import {
  type EmailLoginActions,
  type EmailLoginResult,
  type EmailLoginState,
  type EmailLoginStore,
  getEmailLoginStore,
} from './store';

export interface UseEmailLoginResult extends EmailLoginState, Omit<EmailLoginActions, 'tick'> {
  /** False when the instance has no embedded wallet (no `secureFrameUrl`): offer no email login. */
  available: boolean;
}

const unavailable: EmailLoginStore | null = null;

/** The actions a login screen calls (`tick`, the cooldown's clock, stays the hook's). */
const EMAIL_ACTIONS = [
  'submitEmail',
  'submitOtp',
  'resend',
  'cooldownRemainingMs',
  'clearError',
  'reset',
] as const satisfies readonly (keyof EmailLoginActions)[];

/**
 * Email login (headless): submitEmail → code entry (or device approval, then code entry) → submitOtp.
 * While the cooldown message shows, it is re-evaluated every second ('Please try again after N seconds').
 */
export function useEmailLogin(): UseEmailLoginResult {
  const keyway = useKeyway();
  const store = useMemo(() => (keyway.embedded ? getEmailLoginStore(keyway) : unavailable), [keyway]);
  const state = useStoreBinding(store ?? FALLBACK, EMAIL_ACTIONS);
  const cooldown = state.cooldown;
  useEffect(() => {
    if (!store || !cooldown) return;
    const timer = setInterval(() => store.getState().tick(), 1000);
    return () => clearInterval(timer);
  }, [store, cooldown]);

  return { ...state, available: store !== null };
}

/** Stands in when there is no embedded wallet: every action does nothing and says the wallet is missing. */
const FALLBACK = (() => {
  const noop = async (): Promise<EmailLoginResult> => ({
    status: 'error',
    message: kitMessage('addressOrAuthConnectorNotFound'),
  });
  const state: EmailLoginState & EmailLoginActions = {
    step: 'email',
    status: 'idle',
    email: '',
    error: null,
    cooldown: false,
    otpResetKey: 0,
    resent: false,
    submitEmail: noop,
    submitOtp: noop,
    resend: noop,
    cooldownRemainingMs: () => 0,
    tick: () => undefined,
    clearError: () => undefined,
    reset: () => undefined,
  };
  const api: EmailLoginStore = {
    getState: () => state,
    getInitialState: () => state,
    setState: () => undefined,
    subscribe: () => () => undefined,
  };
  return api;
})();
