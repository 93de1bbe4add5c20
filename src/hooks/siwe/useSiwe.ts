import { useKeyway, useKeywayStore } from '../context';
import type { SiweActions, SiweState } from './store';

export interface UseSiweResult extends SiweState, SiweActions {}

/** Sign-in with wallet: status idle → signing → verifying → success | error; cancel disconnects. */
export function useSiwe(): UseSiweResult {
  const { stores } = useKeyway();
  const state = useKeywayStore(
    'siwe',
    (s): SiweState => ({
      enabled: s.enabled,
      status: s.status,
      message: s.message,
      session: s.session,
      error: s.error,
      declined: s.declined,
    }),
  );
  const a = stores.siwe.getState();
  return {
    ...state,
    signIn: a.signIn,
    cancel: a.cancel,
    signOut: a.signOut,
    loadSession: a.loadSession,
    reset: a.reset,
  };
}
