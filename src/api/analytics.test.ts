import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEventBus, type EventBus } from '../core/events';
import { createExplorerHandlers, type RecordedRequest } from '../testing/msw/handlers';
import { type Analytics, createAnalytics } from './analytics';
import { createExplorerClient } from './explorer-api';

const BASE = 'https://explorer.test';
const server = setupServer();
/** The witness sinks of the current test (see witness()). */
const witnesses: Analytics[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  for (const sink of witnesses.splice(0)) sink.dispose();
  server.resetHandlers();
});
afterAll(() => server.close());

const explorer = createExplorerClient({
  baseUrl: BASE,
  projectId: 'p',
  sdkType: 'keyway',
  sdkVersion: '5.1.11',
  retryDelayMs: 1,
});

function setup(opts: { enabled: boolean; allowed?: boolean; variant?: 'error' }) {
  const requests: RecordedRequest[] = [];
  const events: unknown[] = [];
  const errors: unknown[] = [];
  server.use(
    ...createExplorerHandlers({
      baseUrl: BASE,
      analyticsEnabled: opts.allowed ?? true,
      variant: opts.variant,
      onRequest: (r) => requests.push(r),
      onEvent: (e) => events.push(e),
    }),
  );
  const bus = createEventBus(() => 1000);
  let n = 0;
  const analytics = createAnalytics({
    explorer,
    bus,
    enabled: opts.enabled,
    // A login redirect's code and a fragment: neither may reach the analytics service.
    url: () => 'https://dapp.example/swap?code=secret-login-code&x=1#access_token=abc',
    uuid: () => `id-${++n}`,
    onError: (e) => errors.push(e),
  });
  return { requests, events, errors, bus, analytics };
}

/** How long a wait may take before the test fails with what it waited for (within the test's own timeout). */
const WAIT = { timeout: 10_000, interval: 5 };

const WITNESS = 'https://witness.explorer.test';

/**
 * A second sink on the same bus, enabled, allowed and already active, with routes of its own on the mock
 * server. It takes the same steps the sink under test would, so once it has sent an event, the same event
 * sent by the sink under test would have been seen too.
 */
async function witness(bus: EventBus) {
  const sentEvents: string[] = [];
  server.use(
    ...createExplorerHandlers({
      baseUrl: WITNESS,
      analyticsEnabled: true,
      onEvent: (e) => sentEvents.push((e as { props: { event: string } }).props.event),
    }),
  );
  const sink = createAnalytics({
    explorer: createExplorerClient({
      baseUrl: WITNESS,
      projectId: 'p',
      sdkType: 'keyway',
      sdkVersion: '5.1.11',
    }),
    bus,
    enabled: true,
    url: () => 'https://dapp.example/',
    uuid: () => 'witness',
  });
  witnesses.push(sink);
  await sink.activate();
  return {
    /** Resolves once the witness has sent `event`; throws when it has not in time. */
    sent: (event: string) => vi.waitFor(() => expect(sentEvents).toContain(event), WAIT),
    dispose: () => sink.dispose(),
  };
}

describe('createAnalytics', () => {
  it('makes no request before activate(), then sends events when enabled and allowed', async () => {
    const { requests, events, bus, analytics } = setup({ enabled: true });
    // A sink created and activated after this one has had its config answered: a request this one made
    // before activate() would have been seen by now.
    (await witness(bus)).dispose();
    expect(requests).toHaveLength(0);
    bus.emit('MODAL_OPEN', { connected: false });
    await analytics.activate();
    expect(requests.map((r) => r.url.pathname)).toEqual(['/getAnalyticsConfig', '/e']);
    bus.emit('MODAL_CLOSE');
    await vi.waitFor(() => expect(events).toHaveLength(2), WAIT);
    expect(events).toEqual([
      {
        eventId: 'id-1',
        url: 'https://dapp.example/swap',
        domain: 'dapp.example',
        timestamp: 1000,
        props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
      },
      {
        eventId: 'id-2',
        url: 'https://dapp.example/swap',
        domain: 'dapp.example',
        timestamp: 1000,
        props: { type: 'track', event: 'MODAL_CLOSE' },
      },
    ]);
    expect(analytics.state).toBe('on');
    await analytics.activate();
    expect(requests.filter((r) => r.url.pathname === '/getAnalyticsConfig')).toHaveLength(1);
  });

  it('never asks anything when the host disabled analytics', async () => {
    const { requests, bus, analytics } = setup({ enabled: false });
    const active = await witness(bus);
    await analytics.activate();
    bus.emit('MODAL_OPEN');
    // An active sink on the same bus has sent the event: this one would have sent it by now.
    await active.sent('MODAL_OPEN');
    expect(requests).toHaveLength(0);
    expect(analytics.state).toBe('off');
  });

  it('sends nothing when the explorer config does not allow it', async () => {
    const { requests, events, bus, analytics } = setup({ enabled: true, allowed: false });
    const active = await witness(bus);
    await analytics.activate();
    bus.emit('SEND_SUCCESS');
    // An active sink on the same bus has sent the event: this one would have sent it by now.
    await active.sent('SEND_SUCCESS');
    expect(requests.map((r) => r.url.pathname)).toEqual(['/getAnalyticsConfig']);
    expect(events).toEqual([]);
  });

  it('swallows failures (logged) and stops after dispose', async () => {
    const { errors, analytics, bus, requests } = setup({ enabled: true, variant: 'error' });
    await expect(analytics.activate()).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
    expect(analytics.state).toBe('off');
    analytics.dispose();
    const active = await witness(bus);
    bus.emit('MODAL_OPEN');
    // An active sink on the same bus has sent the event: this one would have sent it by now.
    await active.sent('MODAL_OPEN');
    expect(requests.filter((r) => r.url.pathname === '/e')).toHaveLength(0);
  });
});
