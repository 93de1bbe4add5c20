import { useStoreBinding } from '../bind';
import { useKeyway } from '../context';
import { embeddedLoginStores } from '../social/embeddedStores';
import type { UpdateEmailActions, UpdateEmailState } from './store';

export interface UseUpdateEmailResult extends UpdateEmailState, UpdateEmailActions {}

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
 * address) → `submitSecondaryOtp` (code sent to the new one). Code sends are limited to one per 30 s.
 */
export function useUpdateEmail(): UseUpdateEmailResult {
  const store = embeddedLoginStores(useKeyway()).updateEmail;
  return useStoreBinding(store, UPDATE_EMAIL_ACTIONS);
}
