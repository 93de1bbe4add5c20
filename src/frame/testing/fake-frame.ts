/**
 * A stand-in for the secure frame page in a DOM emulator (jsdom) or a story: it watches for the
 * client's iframe, answers the handshake with READY and a MessagePort exactly like the frame page must,
 * validates every request with the frame-side guard, and answers with the handlers the test gives.
 *
 * jsdom cannot deliver cross-window messages with an origin and a source, so the fake dispatches them
 * itself; a client driven by it must be created with `acceptSyntheticEvents: true`.
 */

import { createFrameClient, type FrameClient, type FrameClientOptions } from '../client/client.ts';
import type { LoginCache } from '../login-cache.ts';
import {
  type AppRequest,
  buildError,
  buildSuccess,
  type FrameErrorPayload,
  type FrameEventName,
  PROTOCOL_VERSION,
  READY_TYPE,
  type RequestPayload,
  type SuccessPayload,
} from '../protocol/events.ts';
import { createFrameMessageGuard } from '../protocol/guard.ts';

/** Returned by a handler to leave a request unanswered (to exercise time limits). */
export const NO_REPLY = Symbol('no reply');

/** Thrown by a handler to answer with an `_ERROR` event. */
export class FakeFrameError extends Error {
  constructor(readonly payload: FrameErrorPayload = {}) {
    super(payload.message ?? 'fake frame error');
  }
}

export type FakeFrameHandler<E extends FrameEventName> = (
  payload: RequestPayload<E>,
  request: AppRequest<E>,
) => SuccessPayload<E> | typeof NO_REPLY | Promise<SuccessPayload<E> | typeof NO_REPLY>;

export type FakeFrameHandlers = { [E in FrameEventName]?: FakeFrameHandler<E> };

export interface FakeFrameOptions {
  document: Document;
  /** The origin the fake frame claims (must match the client's frame URL to be accepted). */
  frameOrigin: string;
  /** The host page's origin, checked by the frame-side guard (default: the document's origin). */
  appOrigin?: string;
  handlers?: FakeFrameHandlers;
  /** Fire the iframe's `load` as soon as it is inserted (default true). */
  autoLoad?: boolean;
  /** Answer the handshake with READY (default true); false simulates a frame that never becomes ready. */
  answerHandshake?: boolean;
}

export interface FakeFrame {
  readonly iframe: HTMLIFrameElement | null;
  /** The frame's end of the channel, once handed over (to post raw messages at the client). */
  readonly framePort: MessagePort | null;
  /** Valid requests received, in order. */
  readonly requests: AppRequest[];
  /** Messages on the port that the frame-side guard refused. */
  readonly rejected: unknown[];
  /** Ids of the requests the client cancelled (`CANCEL_REQUEST`), in order. */
  readonly cancelled: string[];
  /** Every handshake posted to the frame window, with the targetOrigin used. */
  readonly handshakes: { data: unknown; targetOrigin: string }[];
  handlers: FakeFrameHandlers;
  /** Fires the iframe's `load` (when autoLoad is false; after READY it stands for a reload of the frame page). */
  load(): void;
  /** Resolves when the next valid request of `event` arrives. */
  nextRequest<E extends FrameEventName>(event: E): Promise<AppRequest<E>>;
  /** Answers a request that a handler left unanswered. */
  reply<E extends FrameEventName>(request: AppRequest<E>, payload: SuccessPayload<E>): void;
  replyError<E extends FrameEventName>(request: AppRequest<E>, payload?: FrameErrorPayload): void;
  uninstall(): void;
}

export function installFakeFrame(options: FakeFrameOptions): FakeFrame {
  const doc = options.document;
  const maybeWindow = doc.defaultView;
  if (!maybeWindow) throw new Error('installFakeFrame: the document has no window');
  const win: Window & typeof globalThis = maybeWindow;
  const appOrigin = options.appOrigin ?? win.location.origin;
  const guard = createFrameMessageGuard({ allowedOrigins: [appOrigin] });
  const requests: AppRequest[] = [];
  const rejected: unknown[] = [];
  const cancelled: string[] = [];
  const handshakes: { data: unknown; targetOrigin: string }[] = [];
  const waiters: { event: FrameEventName; resolve(r: AppRequest): void }[] = [];
  let iframe: HTMLIFrameElement | null = null;
  let framePort: MessagePort | null = null;

  const post = (message: unknown) => framePort?.postMessage(message);

  async function onRequest(event: MessageEvent) {
    const request = guard.parseRequest(event.data);
    if (!request) {
      rejected.push(event.data);
      return;
    }
    requests.push(request);
    const name = request.type.slice('@keyway-app/'.length) as FrameEventName;
    for (const w of waiters.filter((w) => w.event === name)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(request);
    }
    if (name === 'CANCEL_REQUEST') cancelled.push((request.payload as { requestId: string }).requestId);
    // Like the frame page, a cancel is answered even without a handler of the test's own.
    const handler =
      (fake.handlers[name] as FakeFrameHandler<FrameEventName> | undefined) ??
      (name === 'CANCEL_REQUEST' ? () => undefined as never : undefined);
    if (!handler) return;
    try {
      const result = await handler((request as { payload?: unknown }).payload as never, request as never);
      if (result === NO_REPLY) return;
      post(buildSuccess(name, request.id, result as never));
    } catch (error) {
      post(buildError(name, request.id, error instanceof FakeFrameError ? error.payload : {}));
    }
  }

  function attach(el: HTMLIFrameElement) {
    iframe = el;
    // In a real browser the iframe still navigates to the (unreachable) frame URL and fires its own trusted
    // `load` once the error page is in: that is not the fake page loading (again), so the client must not
    // see it (it would take it for a reload of the frame page and hand-shake with the error page). A capture
    // listener at the target runs before the client's; the fake's own loads are synthetic.
    el.addEventListener(
      'load',
      (event) => {
        if (event.isTrusted) event.stopImmediatePropagation();
      },
      { capture: true },
    );
    const frameWindow = el.contentWindow;
    if (!frameWindow) return;
    // The frame page's window listener: what the client posts to the iframe's window lands here.
    Object.defineProperty(frameWindow, 'postMessage', {
      configurable: true,
      value: (data: unknown, targetOrigin: string) => {
        handshakes.push({ data, targetOrigin });
        if (targetOrigin !== options.frameOrigin) return; // the browser would not deliver it
        const handshake = guard.acceptHandshake({ data, origin: appOrigin, source: win }, win);
        if (!handshake || options.answerHandshake === false) return;
        // A handshake comes from a newly loaded frame page: the previous page's port is gone with it.
        framePort?.close();
        const channel = new MessageChannel();
        framePort = channel.port1;
        framePort.addEventListener('message', (e) => void onRequest(e as MessageEvent));
        framePort.start();
        queueMicrotask(() => {
          win.dispatchEvent(
            new win.MessageEvent('message', {
              data: { type: READY_TYPE, id: handshake.id, payload: { protocolVersion: PROTOCOL_VERSION } },
              origin: options.frameOrigin,
              source: frameWindow,
              ports: [channel.port2],
            }),
          );
        });
      },
    });
    if (options.autoLoad !== false) queueMicrotask(() => el.dispatchEvent(new win.Event('load')));
  }

  const observer = new win.MutationObserver((records) => {
    for (const r of records) {
      for (const node of r.addedNodes) {
        // The client inserts the iframe inside its host element.
        if (!(node instanceof win.Element)) continue;
        const frames = node.matches('iframe[data-keyway-frame]')
          ? [node]
          : Array.from(node.querySelectorAll('iframe[data-keyway-frame]'));
        for (const el of frames) if (el instanceof win.HTMLIFrameElement) attach(el);
      }
    }
  });
  observer.observe(doc, { childList: true, subtree: true });

  const fake: FakeFrame = {
    get iframe() {
      return iframe;
    },
    get framePort() {
      return framePort;
    },
    requests,
    rejected,
    cancelled,
    handshakes,
    handlers: options.handlers ?? {},
    load() {
      if (iframe) iframe.dispatchEvent(new win.Event('load'));
    },
    nextRequest(event) {
      return new Promise((resolve) => waiters.push({ event, resolve: resolve as (r: AppRequest) => void }));
    },
    reply(request, payload) {
      const name = request.type.slice('@keyway-app/'.length) as FrameEventName;
      post(buildSuccess(name, request.id, payload as never));
    },
    replyError(request, payload = {}) {
      const name = request.type.slice('@keyway-app/'.length) as FrameEventName;
      post(buildError(name, request.id, payload));
    },
    uninstall() {
      observer.disconnect();
      framePort?.close();
    },
  };
  return fake;
}

/** Handlers that leave each of `events` unanswered. */
export function unansweredHandlers(events: readonly FrameEventName[]): FakeFrameHandlers {
  return Object.fromEntries(events.map((e) => [e, () => NO_REPLY])) as FakeFrameHandlers;
}

/**
 * A frame client driven by a fake frame at `frameOrigin` (jsdom, so synthetic events are accepted): the
 * frame page at the origin's root, project 'p1', chain 1, and the given login cache. `extra` overrides any
 * of these.
 */
export function createFakeFrameClient(
  frameOrigin: string,
  storage: LoginCache,
  extra: Partial<FrameClientOptions> = {},
): FrameClient {
  return createFrameClient({
    frameUrl: `${frameOrigin}/`,
    projectId: 'p1',
    chainId: 1,
    document,
    acceptSyntheticEvents: true,
    storage,
    ...extra,
  });
}
