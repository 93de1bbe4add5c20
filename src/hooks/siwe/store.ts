/**
 * Sign-in with wallet (SIWE): the host supplies getNonce, verifyMessage, getSession and signOut (and
 * optionally getMessageParams); the kit builds an EIP-4361 message with viem's `createSiweMessage`, asks
 * the wallet to sign it through wagmi, then lets the host verify it.
 *
 * The session follows the account (`syncAccount`, fed by the instance, hooks/siwe/instance.ts):
 * - an EVM account connects (a connection, or a reload's reconnect): the host's session is asked for; one for
 *   this address and chain is kept (signed in, no signature), one for another address or chain is ended with
 *   the host's signOut, and a sign-in is asked (`required`);
 * - the account or the chain changes while connected: the old session is ended and a sign-in is asked;
 * - the account disconnects: the session is ended.
 * A non-EVM account (Solana) changes nothing: the EVM session waits for the EVM account to be active again.
 * Every step reports data (statuses, codes, reasons), never a text.
 */

import type { Config } from 'wagmi';
import { signMessage } from 'wagmi/actions';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { KeywayError } from '../../core/errors';
import { type KitMessage, kitMessage } from '../../core/messages';
import type { SiweConfig, SiweSession } from '../../core/options';
import type { OutcomeOf, SiweRequiredReason } from '../../core/outcomes';
import { errorMessage, isUserRejection } from '../utils';

/** `checking`: the host is asked for its session (an account connected or reconnected). */
export type SiweStatus = 'idle' | 'checking' | 'signing' | 'verifying' | 'success' | 'error';

export type { SiweRequiredReason };

export interface SiweAccount {
  address: `0x${string}`;
  chainId: number;
}

export interface SiweState {
  enabled: boolean;
  status: SiweStatus;
  /** The message the wallet was asked to sign. */
  message: string | null;
  session: SiweSession | null;
  error: KitMessage | null;
  /** True when the last failure was the user declining to sign. */
  declined: boolean;
  /** Why a sign-in is asked now (null while signed in, or when none is asked). */
  required: SiweRequiredReason | null;
}

/** The connection as the sign-in follows it: EVM account (null on a non-EVM network) and wagmi's status. */
export interface SiweConnection {
  status: 'connected' | 'connecting' | 'reconnecting' | 'disconnected';
  account: SiweAccount | null;
}

export interface SiweActions {
  /** Runs the whole flow; resolves true when the host verified the signature. */
  signIn(): Promise<boolean>;
  /** Gives up signing in: disconnects the wallet (spec: cancel disconnects). */
  cancel(): Promise<void>;
  /** Ends the session with the host's signOut. */
  signOut(): Promise<void>;
  /** Asks the host for its current session (signed in when it is the connected account's). */
  loadSession(): Promise<SiweSession | null>;
  /** Fed by the instance with each change of the connection (see the module's comment). */
  syncAccount(connection: SiweConnection): void;
  reset(): void;
}

export type SiweStore = StoreApi<SiweState & SiweActions>;

export interface SiweStoreDeps {
  siwe: SiweConfig | undefined;
  enabled: boolean;
  getWagmiConfig: () => Config;
  getAccount: () => SiweAccount | null;
  /** The app's URL (metadata.url); the page location is used when absent. */
  appUrl?: string;
  disconnect: () => Promise<void>;
  /** The flow's outcomes (signed in, restored, required, error). */
  emit?: (outcome: OutcomeOf<'siwe'>) => void;
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

/** Whether a host's session is the one of `account` (EVM addresses compare without regard to case). */
export function sessionMatches(session: SiweSession | null, account: SiweAccount | null): boolean {
  return (
    !!session &&
    !!account &&
    typeof session.address === 'string' &&
    session.address.toLowerCase() === account.address.toLowerCase() &&
    session.chainId === account.chainId
  );
}

function sameAccount(a: SiweAccount, b: SiweAccount): boolean {
  return a.address.toLowerCase() === b.address.toLowerCase() && a.chainId === b.chainId;
}

/** Why a session stands for someone else than `account`: another address, else another chain. */
function mismatch(session: SiweSession, account: SiweAccount): SiweRequiredReason {
  return session.address.toLowerCase() === account.address.toLowerCase() ? 'chainChanged' : 'accountChanged';
}

export function createSiweStore(deps: SiweStoreDeps): SiweStore {
  /** Each flow (sign-in, check, account change) takes a number; a later one makes an earlier one stale. */
  let seq = 0;
  /** The account the state belongs to (null before the first connection and after a disconnect). */
  let followed: SiweAccount | null = null;
  /** The account a sign-in under way signs for (null when none is). */
  let signingFor: SiweAccount | null = null;
  const enabled = deps.enabled && !!deps.siwe;
  return createStore<SiweState & SiweActions>()((set, get) => {
    const fail = (message: KitMessage, declined = false) => {
      set({ status: 'error', error: message, declined });
      deps.emit?.({ flow: 'siwe', status: 'error', message });
      return false;
    };
    const cleared = {
      status: 'idle' as const,
      session: null,
      message: null,
      error: null,
      declined: false,
      required: null,
    };
    /** Ends the host's session when one is known (a failed signOut still forgets it here). */
    const endSession = async (): Promise<void> => {
      const had = get().session !== null || get().status === 'success';
      set(cleared);
      if (had) await deps.siwe?.signOut().catch(() => undefined);
    };
    const ask = (reason: SiweRequiredReason) => {
      set({ ...cleared, required: reason });
      deps.emit?.({ flow: 'siwe', status: 'required', reason });
    };
    /** An account connected (or came back): its session is kept, or a sign-in is asked. */
    const check = async (account: SiweAccount, mine: number): Promise<void> => {
      const siwe = deps.siwe;
      if (!siwe) return;
      set({ ...cleared, status: 'checking' });
      try {
        const session = await siwe.getSession();
        if (mine !== seq) return;
        if (sessionMatches(session, account)) {
          set({ ...cleared, status: 'success', session });
          deps.emit?.({ flow: 'siwe', status: 'restored' });
          return;
        }
        if (session) {
          // Someone else's session (another account or chain): ended before this account signs in.
          await siwe.signOut().catch(() => undefined);
          if (mine !== seq) return;
          ask(mismatch(session, account));
          return;
        }
        ask('noSession');
      } catch (error) {
        if (mine !== seq) return;
        fail(errorMessage(error, 'siweFailed'));
      }
    };
    /** The account or chain changed: the old session ends, then the new account is asked to sign in. */
    const change = async (reason: SiweRequiredReason, mine: number): Promise<void> => {
      await endSession();
      if (mine === seq) ask(reason);
    };
    return {
      enabled,
      status: 'idle',
      message: null,
      session: null,
      error: null,
      declined: false,
      required: null,

      async signIn() {
        const siwe = deps.siwe;
        if (!deps.enabled || !siwe) return fail(kitMessage('notEnabled'));
        const account = deps.getAccount();
        if (!account) return fail(kitMessage('siweNotConnected'));
        const mine = ++seq;
        set({ status: 'signing', error: null, declined: false, message: null });
        signingFor = account;
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
          set({ status: 'success', session, error: null, required: null });
          deps.emit?.({ flow: 'siwe', status: 'signed-in' });
          return true;
        } catch (error) {
          if (mine !== seq) return false;
          const declined = isUserRejection(error);
          return fail(errorMessage(error, 'siweFailed'), declined);
        } finally {
          if (mine === seq) signingFor = null;
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
          set(cleared);
        }
      },

      async loadSession() {
        if (!deps.siwe) return null;
        const session = await deps.siwe.getSession();
        const mine = sessionMatches(session, deps.getAccount());
        set({
          session,
          ...(mine && (get().status === 'idle' || get().status === 'checking')
            ? { status: 'success' as const, required: null }
            : {}),
        });
        return session;
      },

      syncAccount({ status, account }) {
        if (!enabled) return;
        if (status === 'connecting' || status === 'reconnecting') return;
        if (status === 'disconnected') {
          if (!followed) return;
          followed = null;
          ++seq;
          void endSession();
          return;
        }
        // Connected on a non-EVM network: the EVM session waits for its account.
        if (!account) return;
        const previous = followed;
        if (previous && sameAccount(previous, account)) return;
        followed = account;
        // A sign-in already under way for this very account (started while its connection was being restored)
        // goes on: it is what a check would ask for.
        if (!previous && signingFor && sameAccount(signingFor, account)) return;
        const mine = ++seq;
        if (!previous) {
          void check(account, mine);
          return;
        }
        void change(
          previous.address.toLowerCase() === account.address.toLowerCase()
            ? 'chainChanged'
            : 'accountChanged',
          mine,
        );
      },

      reset() {
        ++seq;
        set({ status: 'idle', message: null, error: null, declined: false, required: null });
      },
    };
  });
}
