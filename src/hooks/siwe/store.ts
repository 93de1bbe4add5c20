/**
 * Sign-in with wallet (SIWE): the host supplies getNonce, verifyMessage, getSession and signOut (and
 * optionally getMessageParams); the kit builds an EIP-4361 message with viem's `createSiweMessage`, asks
 * the wallet to sign it through wagmi, then lets the host verify it.
 */

import type { Config } from 'wagmi';
import { signMessage } from 'wagmi/actions';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { KeywayError } from '../../core/errors';
import { type KitMessage, kitMessage } from '../../core/messages';
import type { SiweConfig, SiweSession } from '../../core/options';
import { errorMessage, isUserRejection } from '../utils';

export type SiweStatus = 'idle' | 'signing' | 'verifying' | 'success' | 'error';

export interface SiweState {
  enabled: boolean;
  status: SiweStatus;
  /** The message the wallet was asked to sign. */
  message: string | null;
  session: SiweSession | null;
  error: KitMessage | null;
  /** True when the last failure was the user declining to sign. */
  declined: boolean;
}

export interface SiweActions {
  /** Runs the whole flow; resolves true when the host verified the signature. */
  signIn(): Promise<boolean>;
  /** Gives up signing in: disconnects the wallet (spec: cancel disconnects). */
  cancel(): Promise<void>;
  /** Ends the session with the host's signOut. */
  signOut(): Promise<void>;
  /** Asks the host for its current session. */
  loadSession(): Promise<SiweSession | null>;
  reset(): void;
}

export type SiweStore = StoreApi<SiweState & SiweActions>;

export interface SiweStoreDeps {
  siwe: SiweConfig | undefined;
  enabled: boolean;
  getWagmiConfig: () => Config;
  getAccount: () => { address: `0x${string}`; chainId: number } | null;
  /** The app's URL (metadata.url); the page location is used when absent. */
  appUrl?: string;
  disconnect: () => Promise<void>;
  onSuccess?: () => void;
  onError?: (message: KitMessage) => void;
}

function appLocation(appUrl: string | undefined): { domain: string; uri: string } | null {
  try {
    if (typeof window !== 'undefined' && window.location?.host) {
      return { domain: window.location.host, uri: window.location.origin };
    }
    if (appUrl) {
      const u = new URL(appUrl);
      return { domain: u.host, uri: u.origin };
    }
  } catch {
    // fall through
  }
  return null;
}

export function createSiweStore(deps: SiweStoreDeps): SiweStore {
  let seq = 0;
  return createStore<SiweState & SiweActions>()((set, get) => {
    const fail = (message: KitMessage, declined = false) => {
      set({ status: 'error', error: message, declined });
      deps.onError?.(message);
      return false;
    };
    return {
      enabled: deps.enabled && !!deps.siwe,
      status: 'idle',
      message: null,
      session: null,
      error: null,
      declined: false,

      async signIn() {
        const siwe = deps.siwe;
        if (!deps.enabled || !siwe) return fail(kitMessage('notEnabled'));
        const account = deps.getAccount();
        if (!account) return fail(kitMessage('siweNotConnected'));
        const mine = ++seq;
        set({ status: 'signing', error: null, declined: false, message: null });
        try {
          const nonce = await siwe.getNonce(account.address);
          const params = (await siwe.getMessageParams?.()) ?? {};
          const loc = appLocation(deps.appUrl);
          const domain = params.domain ?? loc?.domain;
          const uri = params.uri ?? loc?.uri;
          // A host's configuration mistake: the user reads `siweFailed`, the console the cause.
          if (!domain || !uri)
            throw KeywayError.of(
              'siweFailed',
              new Error('SIWE needs a domain and uri (getMessageParams or metadata.url)'),
            );
          // viem's message builder loads with the first sign-in (not in a host's initial JS).
          const { createSiweMessage } = await import('viem/siwe');
          if (mine !== seq) return false;
          const now = new Date();
          const message = createSiweMessage({
            address: account.address,
            chainId: account.chainId,
            domain,
            uri,
            nonce,
            version: '1',
            issuedAt: now,
            ...(params.statement ? { statement: params.statement } : {}),
            ...(params.expiry ? { expirationTime: new Date(now.getTime() + params.expiry * 1000) } : {}),
            ...(params.resources?.length ? { resources: params.resources } : {}),
          });
          if (mine !== seq) return false;
          set({ message });
          const signature = await signMessage(deps.getWagmiConfig(), { account: account.address, message });
          if (mine !== seq) return false;
          set({ status: 'verifying' });
          const ok = await siwe.verifyMessage({ message, signature });
          if (mine !== seq) return false;
          if (!ok) return fail(kitMessage('verificationFailed'));
          const session = await siwe.getSession();
          if (mine !== seq) return false;
          set({ status: 'success', session, error: null });
          deps.onSuccess?.();
          return true;
        } catch (error) {
          if (mine !== seq) return false;
          const declined = isUserRejection(error);
          return fail(errorMessage(error, 'siweFailed'), declined);
        }
      },

      async cancel() {
        ++seq;
        set({ status: 'idle', error: null, declined: false, message: null });
        await deps.disconnect();
      },

      async signOut() {
        ++seq;
        try {
          await deps.siwe?.signOut();
        } finally {
          set({ status: 'idle', session: null, message: null, error: null, declined: false });
        }
      },

      async loadSession() {
        if (!deps.siwe) return null;
        const session = await deps.siwe.getSession();
        set({ session, ...(session && get().status === 'idle' ? { status: 'success' as const } : {}) });
        return session;
      },

      reset() {
        ++seq;
        set({ status: 'idle', message: null, error: null, declined: false });
      },
    };
  });
}
