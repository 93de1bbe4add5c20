/**
 * Sign-in with wallet (SIWE): the host supplies getNonce, verifyMessage, getSession and signOut (and
 * optionally getMessageParams); the kit builds an EIP-4361 message with viem's `createSiweMessage`, asks
 * the wallet to sign it through wagmi, then lets the host verify it.
 */

import type { Config } from 'wagmi';
import { signMessage } from 'wagmi/actions';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SiweConfig, SiweSession } from '../../core/options';
import { errorText, isUserRejection } from '../utils';

export type SiweStatus = 'idle' | 'signing' | 'verifying' | 'success' | 'error';

/** Texts of this flow (not in the spec's catalogue). */
export const SIWE_MESSAGES = {
  notConnected: 'Connect a wallet first',
  verificationFailed: 'Signature verification failed',
  failed: 'Sign-in failed',
  notEnabled: 'Sign-in with wallet is not enabled',
} as const;

export interface SiweState {
  enabled: boolean;
  status: SiweStatus;
  /** The message the wallet was asked to sign. */
  message: string | null;
  session: SiweSession | null;
  error: string | null;
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
  onError?: (message: string) => void;
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
    const fail = (message: string, declined = false) => {
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
        if (!deps.enabled || !siwe) return fail(SIWE_MESSAGES.notEnabled);
        const account = deps.getAccount();
        if (!account) return fail(SIWE_MESSAGES.notConnected);
        const mine = ++seq;
        set({ status: 'signing', error: null, declined: false, message: null });
        try {
          const nonce = await siwe.getNonce(account.address);
          const params = (await siwe.getMessageParams?.()) ?? {};
          const loc = appLocation(deps.appUrl);
          const domain = params.domain ?? loc?.domain;
          const uri = params.uri ?? loc?.uri;
          if (!domain || !uri)
            throw new Error('SIWE needs a domain and uri (getMessageParams or metadata.url)');
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
          if (!ok) return fail(SIWE_MESSAGES.verificationFailed);
          const session = await siwe.getSession();
          if (mine !== seq) return false;
          set({ status: 'success', session, error: null });
          deps.onSuccess?.();
          return true;
        } catch (error) {
          if (mine !== seq) return false;
          const declined = isUserRejection(error);
          return fail(errorText(error, SIWE_MESSAGES.failed), declined);
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
