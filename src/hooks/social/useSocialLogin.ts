import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { useKeyway } from '../context';
import { embeddedLoginStores, embeddedOf } from './embeddedStores';
import type { SocialActions, SocialState } from './store';

export interface UseSocialLoginResult extends SocialState, Omit<SocialActions, 'dispose'> {
  /** False when the host has not configured the embedded wallet (no `secureFrameUrl`). */
  available: boolean;
}

/**
 * Social login (google, github, apple, facebook, x, discord) in a popup window, and Farcaster by QR code.
 * Call `connectSocial(provider)` directly in a click handler: it opens the popup synchronously.
 */
export function useSocialLogin(): UseSocialLoginResult {
  const keyway = useKeyway();
  const store = embeddedLoginStores(keyway).social;
  const state = useStore(
    store,
    useShallow(
      (s): SocialState => ({
        provider: s.provider,
        status: s.status,
        errorKind: s.errorKind,
        error: s.error,
        hasWindow: s.hasWindow,
        farcaster: s.farcaster,
      }),
    ),
  );
  const a = store.getState();
  return {
    ...state,
    available: embeddedOf(keyway) !== null,
    connectSocial: a.connectSocial,
    focusWindow: a.focusWindow,
    cancel: a.cancel,
    connectFarcaster: a.connectFarcaster,
    cancelFarcaster: a.cancelFarcaster,
    reset: a.reset,
  };
}
