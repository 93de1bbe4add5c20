/**
 * The app side of the secure frame: creates the iframe lazily, performs the handshake, then talks over
 * the MessagePort the frame hands over. Every request is correlated by a `crypto.randomUUID()` id and
 * settles exactly once: with the frame's success payload, with the frame's error message, on its time
 * limit, or when it is aborted. A request given up on after it was posted (time limit, abort) is also
 * cancelled in the frame (`@keyway-app/CANCEL_REQUEST {requestId}`), which drops its approval screen.
 *
 * Handshake (decision, see docs/security.md):
 * 1. On the iframe's `load`, the app posts `@keyway-app/HANDSHAKE {id}` to `iframe.contentWindow`
 *    with targetOrigin = the frame's exact origin (never `*`).
 * 2. The frame (which checks the app's origin against its allow-list, see `createFrameMessageGuard`)
 *    answers on the window with `@keyway-frame/READY {id}` and transfers one MessagePort.
 * 3. The client accepts READY only if it is a trusted event, from the frame's exact origin, from the
 *    iframe's own window, echoes the handshake id and carries exactly one port. From then on the window
 *    listener is removed and all traffic goes over the port, which no other script holds.
 * Anything else (other origins, other windows, bad shapes, unknown ids) is ignored: no throw, no change.
 *
 * A later trusted `load` of the iframe means its page was loaded again (reloaded, or navigated and back):
 * the old port leads nowhere and nothing posted on it will be answered. The client closes it, aborts the
 * requests that were in flight ('Request was aborted'), and hand-shakes again as in steps 1-3 (with the
 * ready time limit); requests made meanwhile wait for the new port. The frame keeps its session in its
 * own storage, so a logged-in user stays logged in.
 */
import { KeywayError } from '../../core/errors.ts';
import { FrameRequestError, FrameTimeoutError, FrameValidationError } from '../errors.ts';
import { createLoginCache, type LoginCache, type LoginCacheStorageOptions } from '../login-cache.ts';
import { FRAME_ERROR_TEXTS } from '../protocol/errors.ts';
import {
  buildRequest,
  DEFAULT_REQUEST_TIME_LIMIT_MS,
  FRAME_EVENT_SCHEMAS,
  type FrameEventName,
  type FrameUser,
  HANDSHAKE_TYPE,
  type Handshake,
  PROTOCOL_VERSION,
  ReadySchema,
  type RequestPayload,
  replyKind,
  type SuccessPayload,
} from '../protocol/events.ts';
import { type FrameChainId, isWebUrl } from '../protocol/fields.ts';
import type { RpcRequestPayload } from '../protocol/rpc.ts';
import { isAllowedRpcMethod, isSafeRpcMethod, isUnsafeRpcMethod, type RpcMethod } from '../rpc-methods.ts';

export interface FrameTimeouts {
  /** From creating the iframe to the READY message. */
  readyMs: number;
  /** Login steps: connect email/otp/device/social/farcaster, update email and its codes. */
  loginMs: number;
  signOutMs: number;
  /** Every other request. */
  defaultMs: number;
}

export const DEFAULT_FRAME_TIMEOUTS: Readonly<FrameTimeouts> = {
  readyMs: 20_000,
  loginMs: 120_000,
  signOutMs: 3_000,
  defaultMs: DEFAULT_REQUEST_TIME_LIMIT_MS,
};

const LOGIN_EVENTS: ReadonlySet<FrameEventName> = new Set<FrameEventName>([
  'CONNECT_EMAIL',
  'CONNECT_OTP',
  'CONNECT_DEVICE',
  'CONNECT_SOCIAL',
  'CONNECT_FARCASTER',
  'UPDATE_EMAIL',
  'UPDATE_EMAIL_PRIMARY_OTP',
  'UPDATE_EMAIL_SECONDARY_OTP',
]);

export function timeoutFor(event: FrameEventName, timeouts: FrameTimeouts): number {
  if (event === 'SIGN_OUT') return timeouts.signOutMs;
  return LOGIN_EVENTS.has(event) ? timeouts.loginMs : timeouts.defaultMs;
}

export interface FrameClientOptions {
  /** The secure frame page (https:, or http: on a local host). */
  frameUrl: string;
  projectId: string;
  /** Initial chain, passed to the frame as the `chainId` query parameter. */
  chainId: FrameChainId;
  /** Where the iframe is created. Default: `globalThis.document`; without one every call fails. */
  document?: Document | null;
  timeouts?: Partial<FrameTimeouts>;
  /** The login cache, or the storages to build one on (default: localStorage + sessionStorage). */
  storage?: LoginCache | LoginCacheStorageOptions;
  /**
   * Accept READY / load events that were not dispatched by the browser (`isTrusted === false`).
   * Only for DOM emulators (jsdom) that cannot deliver cross-window messages; never set it in a page:
   * it would let any script on the host page impersonate the frame.
   */
  acceptSyntheticEvents?: boolean;
}

export type FrameClientState = 'idle' | 'loading' | 'ready' | 'destroyed';

export interface ApprovalEvent {
  id: string;
  method: RpcMethod;
}

export interface FrameClientEvents {
  /** An unsafe RPC request was posted: the frame shows its approval screen; reveal it (`showApproval`). */
  'approval-needed': ApprovalEvent;
  /** That request settled (approved, rejected, failed, timed out or aborted). */
  'approval-done': ApprovalEvent & { ok: boolean };
  /**
   * An RPC request was refused as a method the embedded wallet does not offer: one on neither list (refused
   * here, before it is posted) or one the frame answered with 'Requested RPC call is not allowed'. `method` is
   * the requester's (a string of at most 64 characters, '' for none).
   */
  'request-refused': { method: string };
  ready: undefined;
  'load-failed': { error: Error };
}

type Listener<T> = (payload: T) => void;

/** A refused request's method as the requester gave it: a string, capped (it is the host page's data). */
const refusedMethod = (method: unknown): string => (typeof method === 'string' ? method.slice(0, 64) : '');

interface Pending {
  event: FrameEventName;
  method?: string;
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer?: ReturnType<typeof setTimeout>;
  /** 'approval-needed' was emitted for it (an unsafe RPC method that was posted). */
  approval?: boolean;
}

/**
 * What the connection itself asks the frame, not a step the visitor took in the modal: checking the session
 * after a reload, reading the user and the chain, syncing the theme and the app's data, signing out. Closing
 * the modal aborts the modal's own requests (unsafe RPC methods, login steps); these carry on like the
 * safe-list reads, or a remembered login that is still being confirmed when the visitor closes the modal would
 * fail and be forgotten (spec §4 clears the login cache when the check fails).
 */
const SESSION_EVENTS: ReadonlySet<FrameEventName> = new Set<FrameEventName>([
  'IS_CONNECTED',
  'GET_USER',
  'GET_CHAIN_ID',
  'GET_SMART_ACCOUNT_ENABLED_NETWORKS',
  'SYNC_THEME',
  'SYNC_DAPP_DATA',
  'SIGN_OUT',
]);

export interface AbortOptions {
  /** Keep requests for safe-list RPC methods and the connection's own session requests (default true). */
  exceptSafe?: boolean;
}

export interface FrameClient {
  readonly frameOrigin: string;
  readonly frameSrc: string;
  readonly loginCache: LoginCache;
  readonly state: FrameClientState;
  /** The iframe element once created (for views that position it), else null. */
  readonly iframe: HTMLIFrameElement | null;
  /** Number of requests waiting for an answer. */
  readonly pendingCount: number;
  /** Creates the iframe if needed and resolves once the frame is ready. */
  ensure(): Promise<void>;
  /** Low-level: posts one event and resolves with its validated success payload. No login-cache rules. */
  request<E extends FrameEventName>(event: E, payload: RequestPayload<E>): Promise<SuccessPayload<E>>;
  /** Rejects pending requests with 'Request was aborted' (by default except safe-list RPC methods). */
  abortPending(options?: AbortOptions): number;
  /**
   * The id of the element that holds the iframe. While the approval screen shows it is a region named
   * `label` and visible to assistive technology (a modal dialog of the host hides the rest of the page), so a
   * dialog can point at it (`aria-controls`) and let focus into it.
   */
  readonly hostId: string | null;
  /** Reveals the frame's own approval UI (the iframe) over the page; `label` names its region. */
  showApproval(label?: string): boolean;
  hideApproval(): void;
  on<K extends keyof FrameClientEvents>(type: K, listener: Listener<FrameClientEvents[K]>): () => void;
  destroy(): void;

  // Events with the login-cache rules of spec §4 applied.
  connectEmail(payload: RequestPayload<'CONNECT_EMAIL'>): Promise<SuccessPayload<'CONNECT_EMAIL'>>;
  connectDevice(): Promise<void>;
  connectOtp(payload: RequestPayload<'CONNECT_OTP'>): Promise<void>;
  isConnected(): Promise<SuccessPayload<'IS_CONNECTED'>>;
  getChainId(): Promise<SuccessPayload<'GET_CHAIN_ID'>>;
  getSocialRedirectUri(
    payload: RequestPayload<'GET_SOCIAL_REDIRECT_URI'>,
  ): Promise<SuccessPayload<'GET_SOCIAL_REDIRECT_URI'>>;
  updateEmail(payload: RequestPayload<'UPDATE_EMAIL'>): Promise<SuccessPayload<'UPDATE_EMAIL'>>;
  updateEmailPrimaryOtp(payload: RequestPayload<'UPDATE_EMAIL_PRIMARY_OTP'>): Promise<void>;
  updateEmailSecondaryOtp(
    payload: RequestPayload<'UPDATE_EMAIL_SECONDARY_OTP'>,
  ): Promise<SuccessPayload<'UPDATE_EMAIL_SECONDARY_OTP'>>;
  syncTheme(payload: RequestPayload<'SYNC_THEME'>): Promise<void>;
  syncDappData(payload: RequestPayload<'SYNC_DAPP_DATA'>): Promise<void>;
  getSmartAccountEnabledNetworks(): Promise<SuccessPayload<'GET_SMART_ACCOUNT_ENABLED_NETWORKS'>>;
  setPreferredAccount(
    payload: RequestPayload<'SET_PREFERRED_ACCOUNT'>,
  ): Promise<SuccessPayload<'SET_PREFERRED_ACCOUNT'>>;
  getUser(payload: RequestPayload<'GET_USER'>): Promise<FrameUser>;
  connectSocial(payload: RequestPayload<'CONNECT_SOCIAL'>): Promise<FrameUser>;
  getFarcasterUri(): Promise<SuccessPayload<'GET_FARCASTER_URI'>>;
  connectFarcaster(): Promise<SuccessPayload<'CONNECT_FARCASTER'>>;
  switchNetwork(payload: RequestPayload<'SWITCH_NETWORK'>): Promise<SuccessPayload<'SWITCH_NETWORK'>>;
  signOut(): Promise<void>;
  rpc(payload: RpcRequestPayload | { method: string; params?: unknown }): Promise<unknown>;
  initSmartAccount(
    payload: RequestPayload<'INIT_SMART_ACCOUNT'>,
  ): Promise<SuccessPayload<'INIT_SMART_ACCOUNT'>>;
}

const HIDDEN_STYLE: Partial<CSSStyleDeclaration> = {
  position: 'fixed',
  top: '0',
  left: '0',
  width: '0',
  height: '0',
  border: 'none',
  opacity: '0',
  pointerEvents: 'none',
  visibility: 'hidden',
};

const APPROVAL_STYLE: Partial<CSSStyleDeclaration> = {
  position: 'fixed',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'min(360px, 100vw)',
  height: 'min(600px, 100vh)',
  border: 'none',
  opacity: '1',
  pointerEvents: 'auto',
  visibility: 'visible',
  zIndex: '2147483647',
};

function applyStyle(el: HTMLElement, style: Partial<CSSStyleDeclaration>) {
  Object.assign(el.style, style);
}

function isMessagePort(value: unknown): value is MessagePort {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as MessagePort).postMessage === 'function' &&
    typeof (value as MessagePort).addEventListener === 'function'
  );
}

export function createFrameClient(options: FrameClientOptions): FrameClient {
  if (!isWebUrl(options.frameUrl)) {
    throw new Error('Invalid secure frame URL: expected https: (or http: on a local host)');
  }
  const url = new URL(options.frameUrl);
  url.searchParams.set('projectId', options.projectId);
  url.searchParams.set('chainId', String(options.chainId));
  const frameSrc = url.toString();
  const frameOrigin = url.origin;
  const timeouts: FrameTimeouts = { ...DEFAULT_FRAME_TIMEOUTS, ...options.timeouts };
  const cache: LoginCache =
    options.storage && 'onEmailConnect' in options.storage
      ? options.storage
      : createLoginCache(options.storage as LoginCacheStorageOptions | undefined);
  const acceptSynthetic = options.acceptSyntheticEvents === true;

  let state: FrameClientState = 'idle';
  let iframe: HTMLIFrameElement | null = null;
  /** Holds the iframe (a named region while the approval screen shows). */
  let host: HTMLDivElement | null = null;
  /** showApproval took an aria-hidden="true" off the host (a modal dialog put it there): hideApproval restores it. */
  let unhidden = false;
  let view: Window | null = null;
  let port: MessagePort | null = null;
  let handshakeId: string | null = null;
  let readyTimer: ReturnType<typeof setTimeout> | undefined;
  let readyPromise: Promise<void> | null = null;
  let resolveReady: (() => void) | null = null;
  let rejectReady: ((error: Error) => void) | null = null;
  /** Provider chosen by the last social redirect request; becomes the social marker on success. */
  let lastSocialProvider: RequestPayload<'GET_SOCIAL_REDIRECT_URI'>['provider'] | null = null;

  const pending = new Map<string, Pending>();
  const listeners = new Map<keyof FrameClientEvents, Set<Listener<never>>>();

  function emit<K extends keyof FrameClientEvents>(type: K, payload: FrameClientEvents[K]) {
    for (const l of [...(listeners.get(type) ?? [])]) {
      try {
        (l as Listener<FrameClientEvents[K]>)(payload);
      } catch (error) {
        console.error('Keyway: a frame client listener threw', error);
      }
    }
  }

  /**
   * Tells the frame that the app gave up on a posted request (time limit, abort): the frame drops its
   * approval screen, so a click on it can no longer approve a request the app stopped waiting for.
   */
  function postCancel(requestId: string) {
    if (!port) return;
    const parsed = FRAME_EVENT_SCHEMAS.CANCEL_REQUEST.request.safeParse(
      buildRequest('CANCEL_REQUEST', crypto.randomUUID(), { requestId }),
    );
    if (!parsed.success) return;
    try {
      port.postMessage(parsed.data);
    } catch {
      // A port that cannot take it leads nowhere; the frame's own time limit still ends the screen.
    }
  }

  function settle(
    id: string,
    outcome: { ok: true; value: unknown } | { ok: false; error: Error },
    { cancel = false }: { cancel?: boolean } = {},
  ) {
    const entry = pending.get(id);
    if (!entry) return;
    pending.delete(id);
    if (entry.timer !== undefined) {
      clearTimeout(entry.timer);
      // Posted and not answered by the frame: it may still show the request.
      if (cancel) postCancel(id);
    }
    if (entry.approval && isUnsafeRpcMethod(entry.method)) {
      emit('approval-done', { id, method: entry.method, ok: outcome.ok });
    }
    if (outcome.ok) entry.resolve(outcome.value);
    else entry.reject(outcome.error);
  }

  function onPortMessage(event: MessageEvent) {
    try {
      const data: unknown = event.data;
      if (typeof data !== 'object' || data === null) return;
      const { type, id } = data as { type?: unknown; id?: unknown };
      const kind = replyKind(type);
      if (!kind || typeof id !== 'string') return;
      const entry = pending.get(id);
      if (!entry || entry.event !== kind.event || entry.timer === undefined) return;
      const schemas = FRAME_EVENT_SCHEMAS[kind.event];
      if (kind.ok) {
        const parsed = schemas.success.safeParse(data);
        if (!parsed.success) return;
        settle(id, { ok: true, value: (parsed.data as { payload?: unknown }).payload });
      } else {
        const parsed = schemas.error.safeParse(data);
        if (!parsed.success) return;
        const { message, code } = parsed.data.payload;
        if (kind.event === 'RPC_REQUEST' && message?.trim() === FRAME_ERROR_TEXTS.rpcNotAllowed)
          emit('request-refused', { method: refusedMethod(entry.method) });
        settle(id, { ok: false, error: new FrameRequestError(kind.event, message, code) });
      }
    } catch {
      // A message we cannot read is ignored like any other invalid message.
    }
  }

  function onWindowMessage(event: MessageEvent) {
    try {
      if (state !== 'loading' || !iframe || handshakeId === null) return;
      if (!acceptSynthetic && !event.isTrusted) return;
      if (event.origin !== frameOrigin) return;
      if (event.source === null || event.source !== iframe.contentWindow) return;
      const parsed = ReadySchema.safeParse(event.data);
      if (!parsed.success || parsed.data.id !== handshakeId) return;
      const ports = event.ports;
      if (ports?.length !== 1 || !isMessagePort(ports[0])) return;
      port = ports[0];
      port.addEventListener('message', onPortMessage);
      port.start();
      view?.removeEventListener('message', onWindowMessage);
      if (readyTimer !== undefined) clearTimeout(readyTimer);
      readyTimer = undefined;
      state = 'ready';
      resolveReady?.();
      emit('ready', undefined);
    } catch {
      // ignored: see onPortMessage
    }
  }

  /** The frame page was loaded again after READY: drop the dead port and wait for a new handshake. */
  function expectNewHandshake() {
    if (port) {
      port.removeEventListener('message', onPortMessage);
      port.close();
      port = null;
    }
    // Posted on the old port (they have a timer): never answered. Those still waiting for ready go out on
    // the new port.
    for (const [id, entry] of [...pending]) {
      if (entry.timer !== undefined) settle(id, { ok: false, error: KeywayError.of('requestAborted') });
    }
    state = 'loading';
    readyPromise = new Promise<void>((resolve, reject) => {
      resolveReady = resolve;
      rejectReady = reject;
    });
    readyPromise.catch(() => {});
    view?.addEventListener('message', onWindowMessage);
    readyTimer = setTimeout(failLoad, timeouts.readyMs);
  }

  function onIframeLoad(event: Event) {
    try {
      if (!acceptSynthetic && !event.isTrusted) return;
      if (state === 'ready' && iframe?.contentWindow) expectNewHandshake();
      if (state !== 'loading' || !iframe?.contentWindow) return;
      handshakeId = crypto.randomUUID();
      const handshake: Handshake = {
        type: HANDSHAKE_TYPE,
        id: handshakeId,
        payload: { protocolVersion: PROTOCOL_VERSION },
      };
      iframe.contentWindow.postMessage(handshake, frameOrigin);
    } catch {
      // The ready timeout reports a frame that cannot be reached.
    }
  }

  function onIframeError() {
    if (state === 'loading') failLoad();
  }

  function teardownFrame() {
    if (readyTimer !== undefined) clearTimeout(readyTimer);
    readyTimer = undefined;
    view?.removeEventListener('message', onWindowMessage);
    if (iframe) {
      iframe.removeEventListener('load', onIframeLoad);
      iframe.removeEventListener('error', onIframeError);
      iframe.remove();
    }
    host?.remove();
    host = null;
    unhidden = false;
    if (port) {
      port.removeEventListener('message', onPortMessage);
      port.close();
    }
    iframe = null;
    view = null;
    port = null;
    handshakeId = null;
    readyPromise = null;
    resolveReady = null;
  }

  function failLoad() {
    const error = KeywayError.of('emailLoginDependency');
    const reject = rejectReady;
    teardownFrame();
    rejectReady = null;
    state = 'idle';
    reject?.(error);
    emit('load-failed', { error });
  }

  function ensure(): Promise<void> {
    if (state === 'destroyed') return Promise.reject(KeywayError.of('iframeNotSet'));
    if (state === 'ready') return Promise.resolve();
    if (readyPromise) return readyPromise;
    const doc = options.document === undefined ? globalThis.document : options.document;
    const win = doc?.defaultView;
    const parent = doc?.body ?? doc?.documentElement;
    if (!doc || !win || !parent) return Promise.reject(KeywayError.of('iframeNotSet'));

    state = 'loading';
    readyPromise = new Promise<void>((resolve, reject) => {
      resolveReady = resolve;
      rejectReady = reject;
    });
    // A failed load is reported to callers of ensure(); keep it from being an unhandled rejection.
    readyPromise.catch(() => {});
    view = win;
    view.addEventListener('message', onWindowMessage);
    const el = doc.createElement('iframe');
    el.title = 'Secure wallet';
    el.setAttribute('data-keyway-frame', '');
    el.referrerPolicy = 'strict-origin';
    applyStyle(el, HIDDEN_STYLE);
    el.addEventListener('load', onIframeLoad);
    el.addEventListener('error', onIframeError);
    el.src = frameSrc;
    iframe = el;
    readyTimer = setTimeout(failLoad, timeouts.readyMs);
    const box = doc.createElement('div');
    box.id = `keyway-frame-${crypto.randomUUID()}`;
    box.setAttribute('data-keyway-frame-host', '');
    box.appendChild(el);
    host = box;
    parent.appendChild(box);
    return readyPromise;
  }

  function request<E extends FrameEventName>(
    event: E,
    payload: RequestPayload<E>,
  ): Promise<SuccessPayload<E>> {
    if (state === 'destroyed') return Promise.reject(KeywayError.of('iframeNotSet'));
    const method = event === 'RPC_REQUEST' ? (payload as { method?: unknown }).method : undefined;
    if (event === 'RPC_REQUEST' && !isAllowedRpcMethod(method)) {
      emit('request-refused', { method: refusedMethod(method) });
      return Promise.reject(KeywayError.of('rpcNotAllowed'));
    }
    const id = crypto.randomUUID();
    const parsed = FRAME_EVENT_SCHEMAS[event].request.safeParse(buildRequest(event, id, payload));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.filter((p) => p !== 'payload').join('.') || 'payload';
      return Promise.reject(new FrameValidationError(event, `${where}: ${issue?.message ?? 'invalid'}`));
    }

    return new Promise<SuccessPayload<E>>((resolve, reject) => {
      const entry: Pending = {
        event,
        method: typeof method === 'string' ? method : undefined,
        resolve: resolve as (v: unknown) => void,
        reject,
      };
      // Registered before the frame is ready so that abortPending also reaches waiting requests.
      pending.set(id, entry);
      const failed = (error: Error) => {
        if (pending.get(id) !== entry) return;
        pending.delete(id);
        reject(error);
      };
      const post = () => {
        if (pending.get(id) !== entry) return; // aborted while waiting
        // The frame page was loaded again between ready and now: wait for the new handshake.
        if (state === 'loading') {
          ensure().then(post, failed);
          return;
        }
        if (state !== 'ready' || !port) {
          settle(id, { ok: false, error: KeywayError.of('iframeNotSet') });
          return;
        }
        const ms = timeoutFor(event, timeouts);
        entry.timer = setTimeout(
          () => settle(id, { ok: false, error: new FrameTimeoutError(event, ms) }, { cancel: true }),
          ms,
        );
        try {
          port.postMessage(parsed.data);
        } catch (error) {
          settle(id, { ok: false, error: error instanceof Error ? error : new Error(String(error)) });
          return;
        }
        if (event === 'RPC_REQUEST' && isUnsafeRpcMethod(method)) {
          entry.approval = true;
          emit('approval-needed', { id, method });
        }
      };
      ensure().then(post, failed);
    });
  }

  function abortPending({ exceptSafe = true }: AbortOptions = {}): number {
    let count = 0;
    for (const [id, entry] of [...pending]) {
      if (exceptSafe && entry.event === 'RPC_REQUEST' && isSafeRpcMethod(entry.method)) continue;
      if (exceptSafe && SESSION_EVENTS.has(entry.event)) continue;
      settle(id, { ok: false, error: KeywayError.of('requestAborted') }, { cancel: true });
      count++;
    }
    return count;
  }

  async function withRules<T>(run: () => Promise<T>, rules: { ok?(v: T): void; fail?(): void }): Promise<T> {
    let value: T;
    try {
      value = await run();
    } catch (error) {
      rules.fail?.();
      throw error;
    }
    rules.ok?.(value);
    return value;
  }

  const client: FrameClient = {
    frameOrigin,
    frameSrc,
    loginCache: cache,
    get state() {
      return state;
    },
    get iframe() {
      return iframe;
    },
    get pendingCount() {
      return pending.size;
    },
    ensure,
    request,
    abortPending,
    get hostId() {
      return host?.id ?? null;
    },
    showApproval(label = 'Secure wallet approval') {
      if (!iframe || state !== 'ready') return false;
      applyStyle(iframe, APPROVAL_STYLE);
      iframe.setAttribute('data-state', 'approval');
      if (host) {
        host.setAttribute('role', 'region');
        host.setAttribute('aria-label', label);
        if (host.getAttribute('aria-hidden') === 'true') {
          host.removeAttribute('aria-hidden');
          unhidden = true;
        }
      }
      return true;
    },
    hideApproval() {
      if (!iframe) return;
      applyStyle(iframe, { ...HIDDEN_STYLE, transform: '', zIndex: '' });
      iframe.removeAttribute('data-state');
      host?.removeAttribute('role');
      host?.removeAttribute('aria-label');
      if (unhidden) host?.setAttribute('aria-hidden', 'true');
      unhidden = false;
    },
    on(type, listener) {
      let set = listeners.get(type);
      if (!set) {
        set = new Set();
        listeners.set(type, set);
      }
      set.add(listener as Listener<never>);
      return () => {
        set.delete(listener as Listener<never>);
      };
    },
    destroy() {
      if (state === 'destroyed') return;
      const reject = rejectReady;
      rejectReady = null;
      state = 'destroyed';
      // Cancelled while the port is still open: the frame drops a screen it shows for one of them.
      for (const id of [...pending.keys()])
        settle(id, { ok: false, error: KeywayError.of('requestAborted') }, { cancel: true });
      teardownFrame();
      reject?.(KeywayError.of('iframeNotSet'));
      listeners.clear();
    },

    connectEmail: (payload) =>
      withRules(() => request('CONNECT_EMAIL', payload), { ok: () => cache.onEmailConnect() }),
    connectDevice: async () => {
      await request('CONNECT_DEVICE', undefined);
    },
    connectOtp: async (payload) => {
      await request('CONNECT_OTP', payload);
    },
    isConnected: () =>
      withRules(() => request('IS_CONNECTED', undefined), {
        ok: (r) => {
          if (!r.isConnected) cache.clear();
        },
        fail: () => cache.clear(),
      }),
    getChainId: () =>
      withRules(() => request('GET_CHAIN_ID', undefined), { ok: (r) => cache.setLastUsedChainId(r.chainId) }),
    getSocialRedirectUri: (payload) =>
      withRules(() => request('GET_SOCIAL_REDIRECT_URI', payload), {
        ok: () => {
          lastSocialProvider = payload.provider;
        },
      }),
    updateEmail: (payload) => request('UPDATE_EMAIL', payload),
    updateEmailPrimaryOtp: async (payload) => {
      await request('UPDATE_EMAIL_PRIMARY_OTP', payload);
    },
    updateEmailSecondaryOtp: (payload) =>
      withRules(() => request('UPDATE_EMAIL_SECONDARY_OTP', payload), {
        ok: (r) => cache.onLoginComplete(r.newEmail),
      }),
    syncTheme: async (payload) => {
      await request('SYNC_THEME', payload);
    },
    syncDappData: async (payload) => {
      await request('SYNC_DAPP_DATA', payload);
    },
    getSmartAccountEnabledNetworks: () =>
      withRules(() => request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', undefined), {
        ok: (r) => {
          cache.setSmartAccountEnabledNetworks(r.smartAccountEnabledNetworks);
          const chainId = cache.lastUsedChainId() ?? options.chainId;
          cache.setSmartAccountEnabled(r.smartAccountEnabledNetworks.includes(chainId as number));
        },
        fail: () => {
          cache.setSmartAccountEnabledNetworks([]);
          cache.setSmartAccountEnabled(false);
        },
      }),
    setPreferredAccount: (payload) =>
      withRules(() => request('SET_PREFERRED_ACCOUNT', payload), {
        ok: (r) => cache.setPreferredAccountType(r.type),
      }),
    getUser: (payload) =>
      withRules(() => request('GET_USER', payload), {
        ok: (user) => {
          cache.onLoginComplete(user.email);
          if (user.preferredAccountType) cache.setPreferredAccountType(user.preferredAccountType);
        },
      }),
    connectSocial: (payload) =>
      withRules(() => request('CONNECT_SOCIAL', payload), {
        ok: (user) => {
          cache.onSocialConnect(user.userName);
          if (lastSocialProvider) cache.setSocialProvider(lastSocialProvider);
        },
      }),
    getFarcasterUri: () => request('GET_FARCASTER_URI', undefined),
    connectFarcaster: () =>
      withRules(() => request('CONNECT_FARCASTER', undefined), {
        ok: (r) => {
          cache.onSocialConnect(r.userName);
          cache.setSocialProvider('farcaster');
        },
      }),
    switchNetwork: (payload) =>
      withRules(() => request('SWITCH_NETWORK', payload), { ok: (r) => cache.setLastUsedChainId(r.chainId) }),
    signOut: async () => {
      try {
        await request('SIGN_OUT', undefined);
      } finally {
        // The host forgets the login even when the frame cannot be reached (spec §4: sign out clears it).
        cache.clear();
      }
    },
    rpc: async (payload) => {
      const r = await request('RPC_REQUEST', payload as RpcRequestPayload);
      return r.result;
    },
    initSmartAccount: (payload) => request('INIT_SMART_ACCOUNT', payload),
  };
  return client;
}
