import { useStoreBinding } from '../bind';
import { useKeyway } from '../context';
import { getSiweStore } from './instance';
import type { SiweActions, SiweState } from './store';

export interface UseSiweResult extends SiweState, Omit<SiweActions, 'syncAccount'> {}

const SIWE_ACTIONS = [
  'signIn',
  'cancel',
  'signOut',
  'loadSession',
  'reset',
] as const satisfies readonly (keyof SiweActions)[];

/**
 * Sign-in with wallet: status idle → signing → verifying → success | error; cancel disconnects. With sign-in on,
 * the session follows the account (`checking` when one connects; `required` says why a sign-in is asked).
 */
export function useSiwe(): UseSiweResult {
  return useStoreBinding(getSiweStore(useKeyway()), SIWE_ACTIONS);
}
