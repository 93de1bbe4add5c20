import { useStoreBinding } from '../bind';
import { useKeyway } from '../context';
import { embeddedLoginStores, embeddedOf } from './embeddedStores';
import type { SocialActions, SocialState } from './store';

export interface UseSocialLoginResult extends SocialState, Omit<SocialActions, 'dispose'> {
  /** False when the host has not configured the embedded wallet (no `secureFrameUrl`). */
  available: boolean;
}

const SOCIAL_ACTIONS = [
  'connectSocial',
  'focusWindow',
  'cancel',
  'connectFarcaster',
  'cancelFarcaster',
  'reset',
] as const satisfies readonly (keyof SocialActions)[];

/**
 * Social login (google, github, apple, facebook, x, discord) in a popup window, and Farcaster by QR code.
 * Call `connectSocial(provider)` directly in a click handler: it opens the popup synchronously.
 */
export function useSocialLogin(): UseSocialLoginResult {
  const keyway = useKeyway();
  const store = embeddedLoginStores(keyway).social;
  const bound = useStoreBinding(store, SOCIAL_ACTIONS);
  return { ...bound, available: embeddedOf(keyway) !== null };
}
