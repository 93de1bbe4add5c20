import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { useKeyway } from '../context';
import { embeddedLoginStores } from '../social/embeddedStores';
import type { UpdateEmailActions, UpdateEmailState } from './store';

export interface UseUpdateEmailResult extends UpdateEmailState, UpdateEmailActions {}

/**
 * Changing the embedded wallet's email: `submitEmail` → `submitPrimaryOtp` (code sent to the current
 * address) → `submitSecondaryOtp` (code sent to the new one). Code sends are limited to one per 30 s.
 */
export function useUpdateEmail(): UseUpdateEmailResult {
  const store = embeddedLoginStores(useKeyway()).updateEmail;
  const state = useStore(
    store,
    useShallow(
      (s): UpdateEmailState => ({
        step: s.step,
        currentEmail: s.currentEmail,
        newEmail: s.newEmail,
        submitting: s.submitting,
        error: s.error,
        resendAvailableAt: s.resendAvailableAt,
      }),
    ),
  );
  const a = store.getState();
  return {
    ...state,
    start: a.start,
    submitEmail: a.submitEmail,
    submitPrimaryOtp: a.submitPrimaryOtp,
    submitSecondaryOtp: a.submitSecondaryOtp,
    resendCode: a.resendCode,
    cooldownRemainingMs: a.cooldownRemainingMs,
    clearError: a.clearError,
  };
}
