/**
 * Social and Farcaster login through the embedded wallet (spec §1, §3 socialProvider / socialWindow /
 * farcasterUrl, §7 GET_SOCIAL_REDIRECT_URI, CONNECT_SOCIAL, GET_FARCASTER_URI, CONNECT_FARCASTER).
 *
 * Social (google, github, apple, facebook, x, discord):
 * 1. `connectSocial(provider)` runs inside the click handler: it opens the popup synchronously (about:blank),
 *    so browsers count it as a user-initiated window; a `null` window means the browser blocked it.
 * 2. It asks the frame for the provider's redirect URI and navigates the popup there.
 * 3. The provider page ends on the frame's callback page, which posts `{type: SOCIAL_RESULT_TYPE, resultUri}`
 *    to its opener. The result is accepted only from the frame's exact origin, only from the popup's own
 *    window, only with a result URI on the frame's origin, and only while this attempt is the current one.
 * 4. CONNECT_SOCIAL with the result URI, then the wallet connection (`connect`), then `onConnected`.
 * The popup is polled: closed before a result → back to the previous view. No result within `timeoutMs`
 * → the popup is closed and the view shows a timeout error.
 *
 * Farcaster: GET_FARCASTER_URI gives the URL shown as a QR code and a link; CONNECT_FARCASTER waits for the
 * approval (the frame's login-step time limit), then `connect`.
 *
 * The login cache (username, social marker) is written by the frame client on CONNECT_SOCIAL and
 * CONNECT_FARCASTER (spec §4); this store does not write it again.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { type KitMessage, kitMessage } from '../../core/messages';
import type { OutcomeOf } from '../../core/outcomes';
import { z } from '../../core/zod-mini';
import type { AuthConnectorApi } from '../../frame/connector/auth-api';
import { errorMessage } from '../utils';

export const SOCIAL_LOGIN_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const;
export type SocialLoginProvider = (typeof SOCIAL_LOGIN_PROVIDERS)[number];

export const SOCIAL_PROVIDER_NAMES: Record<SocialLoginProvider | 'farcaster', string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
};

/** The message type the frame's social callback page posts to its opener. */
export const SOCIAL_RESULT_TYPE = '@keyway-frame/SOCIAL_RESULT';
/** How long the popup may stay open without a result (the frame's login-step time limit). */
export const SOCIAL_LOGIN_TIMEOUT_MS = 120_000;
/** How often the popup is checked for having been closed. */
export const SOCIAL_POPUP_POLL_MS = 500;
/** Name and size of the login popup window. */
export const SOCIAL_POPUP_NAME = 'keyway-social-login';
export const SOCIAL_POPUP_FEATURES = 'popup=yes,width=480,height=680';

const SocialResultSchema = z.object({
  type: z.literal(SOCIAL_RESULT_TYPE),
  resultUri: z.string().check(z.minLength(1), z.maxLength(4096)),
});

/** The popup window, as the store uses it (a `Window` in a browser; a stand-in in tests). */
export interface SocialPopup {
  readonly closed: boolean;
  /** Sends the popup to the provider page. */
  navigate(url: string): void;
  close(): void;
  focus(): void;
  /** What `MessageEvent.source` is for messages from this popup (the popup's WindowProxy). */
  readonly source: unknown;
}

export type OpenSocialPopup = () => SocialPopup | null;

/** Opens about:blank in a popup window, with `window.opener` kept so the frame's callback can answer. */
export function openBrowserPopup(win: Window | undefined = globalThis.window): SocialPopup | null {
  if (!win) return null;
  let popup: Window | null = null;
  try {
    popup = win.open('about:blank', SOCIAL_POPUP_NAME, SOCIAL_POPUP_FEATURES);
  } catch {
    return null;
  }
  if (!popup) return null;
  const p = popup;
  return {
    get closed() {
      try {
        return p.closed;
      } catch {
        return true;
      }
    },
    navigate(url) {
      p.location.href = url;
    },
    close() {
      try {
        p.close();
      } catch {
        /* already gone */
      }
    },
    focus() {
      try {
        p.focus();
      } catch {
        /* ignored */
      }
    },
    source: p,
  };
}

interface MessageSource {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export type SocialStatus = 'idle' | 'preparing' | 'waiting' | 'connecting' | 'connected' | 'error';
export type SocialErrorKind = 'popupBlocked' | 'timeout' | 'failed';
export type FarcasterStatus = 'idle' | 'loading' | 'waiting' | 'connecting' | 'connected' | 'error';

export interface SocialState {
  /** The provider of the current (or last) social attempt: the account's socialProvider. */
  provider: SocialLoginProvider | null;
  status: SocialStatus;
  errorKind: SocialErrorKind | null;
  error: KitMessage | null;
  /** A popup window is open for the current attempt (spec §3 socialWindow). */
  hasWindow: boolean;
  farcaster: {
    status: FarcasterStatus;
    /** The URL to scan or open (spec §3 farcasterUrl). */
    url: string | null;
    error: KitMessage | null;
  };
}

/**
 * How a social or Farcaster login attempt ended: connected, cancelled by the user (the popup closed, or
 * `cancel()`), abandoned (a newer attempt, a reset or the instance's end made it moot) or an error (with its
 * kind for a social login, and the message shown).
 */
export type SocialLoginResult =
  | { status: 'connected' }
  | { status: 'cancelled' }
  | { status: 'abandoned' }
  | { status: 'error'; kind: SocialErrorKind; message: KitMessage };

export interface SocialActions {
  /**
   * Call it synchronously from a click handler: it opens the popup before anything else. Resolves when the
   * attempt ends, with how it ended.
   */
  connectSocial(provider: SocialLoginProvider): Promise<SocialLoginResult>;
  /** Brings the open popup to the front. */
  focusWindow(): void;
  /** Abandons the social attempt (closes the popup) and goes back. */
  cancel(): void;
  /** Starts a Farcaster login: the QR code URL, then waits for the approval. Resolves with how it ended. */
  connectFarcaster(): Promise<SocialLoginResult>;
  /** Abandons the Farcaster attempt and goes back. */
  cancelFarcaster(): void;
  reset(): void;
  dispose(): void;
}

export type SocialStore = StoreApi<SocialState & SocialActions>;

export interface SocialStoreDeps {
  getAuth: () => Promise<AuthConnectorApi>;
  /** The secure frame's origin: social results are accepted from it alone. Null when not configured. */
  frameOrigin: () => string | null;
  /** Connects the wallet (wagmi, the w3mAuth connector) once the frame has logged the user in. */
  connect: () => Promise<void>;
  /**
   * Reports the flow's outcomes: a login started or was abandoned, and the connection once it is made
   * (the styled modal shows the matching views).
   */
  emit: (outcome: OutcomeOf<'social' | 'farcaster' | 'connect'>) => void;
  openPopup?: OpenSocialPopup;
  /** Where the callback page's message arrives (default: the page's window). */
  messages?: MessageSource | null;
  /**
   * Accept result messages that were not dispatched by the browser (`isTrusted === false`). Only for
   * tests and stories that simulate the popup; never in a page.
   */
  acceptSyntheticEvents?: boolean;
  timeoutMs?: number;
  pollMs?: number;
}

const initialState = (): SocialState => ({
  provider: null,
  status: 'idle',
  errorKind: null,
  error: null,
  hasWindow: false,
  farcaster: { status: 'idle', url: null, error: null },
});

export function createSocialStore(deps: SocialStoreDeps): SocialStore {
  const openPopup = deps.openPopup ?? (() => openBrowserPopup());
  const messages =
    deps.messages === undefined
      ? typeof window !== 'undefined'
        ? (window as MessageSource)
        : null
      : deps.messages;
  const timeoutMs = deps.timeoutMs ?? SOCIAL_LOGIN_TIMEOUT_MS;
  const pollMs = deps.pollMs ?? SOCIAL_POPUP_POLL_MS;

  /** Each attempt has a number; anything that arrives for an older attempt is ignored. */
  let attempt = 0;
  let farcasterAttempt = 0;
  let popup: SocialPopup | null = null;
  let pollTimer: ReturnType<typeof setInterval> | undefined;
  let deadline: ReturnType<typeof setTimeout> | undefined;
  let listener: ((event: MessageEvent) => void) | null = null;
  /** Resolve the running attempts' promises (`connectSocial()`, `connectFarcaster()`); null once ended. */
  const settle: Record<'social' | 'farcaster', ((result: SocialLoginResult) => void) | null> = {
    social: null,
    farcaster: null,
  };
  /** Ends the running attempt's promise with this result (once). */
  function endAttempt(result: SocialLoginResult, flow: 'social' | 'farcaster' = 'social') {
    const resolve = settle[flow];
    settle[flow] = null;
    resolve?.(result);
  }
  /** The promise of the attempt that starts now (the previous one, if still running, is abandoned). */
  function nextAttempt(flow: 'social' | 'farcaster'): Promise<SocialLoginResult> {
    endAttempt({ status: 'abandoned' }, flow);
    return new Promise<SocialLoginResult>((resolve) => {
      settle[flow] = resolve;
    });
  }

  const started = (flow: 'social' | 'farcaster') => deps.emit({ flow, status: 'started' });
  const cancelled = (flow: 'social' | 'farcaster') => deps.emit({ flow, status: 'cancelled' });
  const connected = (via: 'social' | 'farcaster') => deps.emit({ flow: 'connect', status: 'connected', via });

  /** Stops watching the popup and its messages; closes it unless told to keep it. */
  function stopWatching(closePopup: boolean) {
    if (pollTimer !== undefined) clearInterval(pollTimer);
    if (deadline !== undefined) clearTimeout(deadline);
    pollTimer = undefined;
    deadline = undefined;
    if (listener) messages?.removeEventListener('message', listener);
    listener = null;
    if (closePopup && popup && !popup.closed) popup.close();
    popup = null;
  }

  return createStore<SocialState & SocialActions>()((set, get) => {
    const fail = (id: number, kind: SocialErrorKind, message: KitMessage) => {
      if (id !== attempt) return;
      stopWatching(true);
      set({ status: 'error', errorKind: kind, error: message, hasWindow: false });
      endAttempt({ status: 'error', kind, message });
    };

    async function finish(id: number, auth: AuthConnectorApi, resultUri: string) {
      set({ status: 'connecting', hasWindow: false });
      try {
        await auth.connectSocial({ uri: resultUri });
        if (id !== attempt) return;
        await deps.connect();
      } catch (error) {
        fail(id, 'failed', errorMessage(error, 'loginFailed'));
        return;
      }
      if (id !== attempt) return;
      set({ status: 'connected', errorKind: null, error: null });
      connected('social');
      endAttempt({ status: 'connected' });
    }

    /** The popup of attempt `id` is open: prepares the login in the frame and waits for its result. */
    async function watch(id: number, provider: SocialLoginProvider, opened: SocialPopup) {
      popup = opened;
      set({ status: 'preparing', hasWindow: true });
      const frameOrigin = deps.frameOrigin();
      if (!frameOrigin) {
        fail(id, 'failed', kitMessage('socialUnavailable'));
        return;
      }

      let auth: AuthConnectorApi | null = null;
      let pendingResult: string | null = null;
      listener = (event: MessageEvent) => {
        if (id !== attempt || !popup) return;
        if (!deps.acceptSyntheticEvents && !event.isTrusted) return;
        if (event.origin !== frameOrigin || event.source !== popup.source) return;
        const parsed = SocialResultSchema.safeParse(event.data);
        if (!parsed.success) return;
        let resultOrigin: string;
        try {
          resultOrigin = new URL(parsed.data.resultUri).origin;
        } catch {
          return;
        }
        if (resultOrigin !== frameOrigin) return;
        const uri = parsed.data.resultUri;
        stopWatching(false);
        if (auth) void finish(id, auth, uri);
        else pendingResult = uri;
      };
      messages?.addEventListener('message', listener);
      pollTimer = setInterval(() => {
        if (id !== attempt || !popup || !popup.closed) return;
        // Closed by the user before any result: back to where the login started.
        stopWatching(false);
        set({ status: 'idle', hasWindow: false });
        cancelled('social');
        endAttempt({ status: 'cancelled' });
      }, pollMs);
      deadline = setTimeout(() => fail(id, 'timeout', kitMessage('loginTimeout')), timeoutMs);

      try {
        auth = await deps.getAuth();
        if (id !== attempt) return;
        const { uri } = await auth.getSocialRedirectUri({ provider });
        if (id !== attempt) return;
        if (pendingResult !== null) {
          void finish(id, auth, pendingResult);
          return;
        }
        popup?.navigate(uri);
        if (get().status === 'preparing') set({ status: 'waiting' });
      } catch (error) {
        fail(id, 'failed', errorMessage(error, 'loginFailed'));
      }
    }

    return {
      ...initialState(),

      connectSocial(provider) {
        // Open first, synchronously: any await before window.open loses the user activation.
        stopWatching(true);
        const id = ++attempt;
        const opened = openPopup();
        const ended = nextAttempt('social');
        set({ provider, errorKind: null, error: null });
        started('social');
        if (!opened) {
          set({
            status: 'error',
            errorKind: 'popupBlocked',
            error: kitMessage('popupBlocked'),
            hasWindow: false,
          });
          endAttempt({ status: 'error', kind: 'popupBlocked', message: kitMessage('popupBlocked') });
          return ended;
        }
        void watch(id, provider, opened);
        return ended;
      },

      focusWindow() {
        popup?.focus();
      },

      cancel() {
        attempt++;
        stopWatching(true);
        set({ status: 'idle', errorKind: null, error: null, hasWindow: false });
        cancelled('social');
        endAttempt({ status: 'cancelled' });
      },

      connectFarcaster() {
        const id = ++farcasterAttempt;
        const ended = nextAttempt('farcaster');
        const end = (result: SocialLoginResult) => {
          if (id === farcasterAttempt) endAttempt(result, 'farcaster');
        };
        const setFarcaster = (patch: Partial<SocialState['farcaster']>) => {
          if (id === farcasterAttempt) set({ farcaster: { ...get().farcaster, ...patch } });
        };
        set({ farcaster: { status: 'loading', url: null, error: null } });
        started('farcaster');
        void (async () => {
          try {
            const auth = await deps.getAuth();
            if (id !== farcasterAttempt) return;
            const { url } = await auth.getFarcasterUri();
            if (id !== farcasterAttempt) return;
            setFarcaster({ status: 'waiting', url });
            await auth.connectFarcaster();
            if (id !== farcasterAttempt) return;
            setFarcaster({ status: 'connecting' });
            await deps.connect();
          } catch (error) {
            const message = errorMessage(error, 'loginFailed');
            setFarcaster({ status: 'error', error: message });
            end({ status: 'error', kind: 'failed', message });
            return;
          }
          if (id !== farcasterAttempt) return;
          setFarcaster({ status: 'connected', error: null });
          connected('farcaster');
          end({ status: 'connected' });
        })();
        return ended;
      },

      cancelFarcaster() {
        farcasterAttempt++;
        set({ farcaster: { status: 'idle', url: null, error: null } });
        cancelled('farcaster');
        endAttempt({ status: 'cancelled' }, 'farcaster');
      },

      reset() {
        attempt++;
        farcasterAttempt++;
        stopWatching(true);
        set(initialState());
        endAttempt({ status: 'abandoned' });
        endAttempt({ status: 'abandoned' }, 'farcaster');
      },

      dispose() {
        attempt++;
        farcasterAttempt++;
        stopWatching(true);
        endAttempt({ status: 'abandoned' });
        endAttempt({ status: 'abandoned' }, 'farcaster');
      },
    };
  });
}
