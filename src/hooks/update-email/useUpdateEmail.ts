import { useEffect } from 'react';
import { useStoreBinding } from '../bind';
import { useKeyway } from '../context';
import { embeddedLoginStores } from '../social/embeddedStores';
import type { UpdateEmailActions, UpdateEmailState } from './store';

export interface UseUpdateEmailResult extends UpdateEmailState, Omit<UpdateEmailActions, 'tick'> {}

/** The actions a settings screen calls (`tick`, the cooldown's clock, stays the hook's). */
const UPDATE_EMAIL_ACTIONS = [
  'start',
  'submitEmail',
  'submitPrimaryOtp',
  'submitSecondaryOtp',
  'resendCode',
  'cooldownRemainingMs',
  'clearError',
] as const satisfies readonly (keyof UpdateEmailActions)[];

/**
 * Changing the embedded wallet's email: `submitEmail` → `submitPrimaryOtp` (code sent to the current
 * address) → `submitSecondaryOtp` (code sent to the new one); `resendCode` on either code step. Code sends
 * are limited to one per 30 s; while the cooldown message shows (`cooldown`), it is re-evaluated every
 * second ('Please try again after N seconds') and goes away when a code may be sent again.
 */
export function useUpdateEmail(): UseUpdateEmailResult {
  const store = embeddedLoginStores(useKeyway()).updateEmail;
  const state = useStoreBinding(store, UPDATE_EMAIL_ACTIONS);
  const cooldown = state.cooldown;
  useEffect(() => {
    if (!cooldown) return;
    const timer = setInterval(() => store.getState().tick(), 1000);
    return () => clearInterval(timer);
  }, [store, cooldown]);
  return state;
}
