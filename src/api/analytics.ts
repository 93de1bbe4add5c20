/**
 * The analytics sink: forwards tracked events (spec §4) to the explorer's `/e` endpoint. It makes no request
 * at all until `activate()` (called on the first modal open), then only if the host enabled analytics and
 * `/getAnalyticsConfig` allows it. Failures are logged at error level and swallowed.
 */
import type { EventBus, TrackedEvent } from '../core/events';
import type { ExplorerClient } from './explorer-api';

export interface AnalyticsOptions {
  explorer: Pick<ExplorerClient, 'getAnalyticsConfig' | 'sendEvent'>;
  bus: EventBus;
  /** The host's `enableAnalytics`. */
  enabled: boolean;
  /** The page URL (default: `location.href`); each event reports its origin and path only. */
  url?: () => string;
  /** Error sink (default console.error: spec §9 log level "error"). */
  onError?: (error: unknown) => void;
  /** Event ids (default crypto.randomUUID). */
  uuid?: () => string;
}

export interface Analytics {
  /** Starts the sink (idempotent). Returns once the config is known and buffered events are sent. */
  activate(): Promise<void>;
  /** Stops listening; nothing is sent afterwards. */
  dispose(): void;
  /** `'idle'` before activate, then `'checking'`, `'on'`, `'off'` (disabled, not allowed, or config failed). */
  readonly state: 'idle' | 'checking' | 'on' | 'off' | 'disposed';
}

/** Events kept while the config is being checked (the MODAL_OPEN that triggered activation among them). */
const MAX_BUFFER = 50;

export function createAnalytics(opts: AnalyticsOptions): Analytics {
  const onError = opts.onError ?? ((e: unknown) => console.error('Keyway: analytics failed', e));
  const uuid = opts.uuid ?? (() => crypto.randomUUID());
  const pageUrl = opts.url ?? (() => (typeof location !== 'undefined' ? location.href : ''));
  let state: Analytics['state'] = 'idle';
  let buffer: TrackedEvent[] = [];
  let activation: Promise<void> | null = null;

  // Listening is local and free; it lets an event emitted in the same tick as activate() be sent.
  const unsubscribe = opts.enabled
    ? opts.bus.subscribe((e) => {
        if (state === 'on') void send(e);
        else if ((state === 'idle' || state === 'checking') && buffer.length < MAX_BUFFER) buffer.push(e);
      })
    : () => {};

  async function send(e: TrackedEvent): Promise<void> {
    try {
      // Origin and path only: a query or fragment can hold a user's tokens, codes or addresses (a login
      // redirect's `?code=`, a wallet link's `#…`), which must never leave for the analytics service.
      let url = '';
      let domain = '';
      try {
        const page = new URL(pageUrl());
        url = `${page.origin}${page.pathname}`;
        domain = page.hostname;
      } catch {
        url = '';
      }
      await opts.explorer.sendEvent({
        eventId: uuid(),
        url,
        domain,
        timestamp: e.timestamp,
        props: {
          type: 'track',
          event: e.event,
          ...(e.properties ? { properties: e.properties } : {}),
        },
      });
    } catch (err) {
      onError(err);
    }
  }

  async function check(): Promise<void> {
    if (!opts.enabled) {
      state = 'off';
      buffer = [];
      return;
    }
    state = 'checking';
    let allowed = false;
    try {
      allowed = (await opts.explorer.getAnalyticsConfig()).isAnalyticsEnabled;
    } catch (err) {
      onError(err);
    }
    // dispose() may have run while the config was loading.
    if ((state as Analytics['state']) === 'disposed') return;
    state = allowed ? 'on' : 'off';
    const pending = buffer;
    buffer = [];
    if (allowed) await Promise.all(pending.map(send));
  }

  return {
    activate() {
      if (state === 'disposed') return Promise.resolve();
      activation ??= check();
      return activation;
    },
    dispose() {
      state = 'disposed';
      buffer = [];
      unsubscribe();
    },
    get state() {
      return state;
    },
  };
}
