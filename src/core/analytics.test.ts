import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createExplorerClient } from '../api/explorer-api';
import { createExplorerHandlers, type RecordedRequest } from '../testing/msw/handlers';
import { createAnalytics } from './analytics';
import { createEventBus } from './events';

const BASE = 'https://explorer.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
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

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('createAnalytics', () => {
  it('makes no request before activate(), then sends events when enabled and allowed', async () => {
    const { requests, events, bus, analytics } = setup({ enabled: true });
    await settle();
    expect(requests).toHaveLength(0);
    bus.emit('MODAL_OPEN', { connected: false });
    await analytics.activate();
    expect(requests.map((r) => r.url.pathname)).toEqual(['/getAnalyticsConfig', '/e']);
    bus.emit('MODAL_CLOSE');
    await settle();
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
    await analytics.activate();
    bus.emit('MODAL_OPEN');
    await settle();
    expect(requests).toHaveLength(0);
    expect(analytics.state).toBe('off');
  });

  it('sends nothing when the explorer config does not allow it', async () => {
    const { requests, events, bus, analytics } = setup({ enabled: true, allowed: false });
    await analytics.activate();
    bus.emit('SEND_SUCCESS');
    await settle();
    expect(requests.map((r) => r.url.pathname)).toEqual(['/getAnalyticsConfig']);
    expect(events).toEqual([]);
  });

  it('swallows failures (logged) and stops after dispose', async () => {
    const { errors, analytics, bus, requests } = setup({ enabled: true, variant: 'error' });
    await expect(analytics.activate()).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
    expect(analytics.state).toBe('off');
    analytics.dispose();
    bus.emit('MODAL_OPEN');
    await settle();
    expect(requests.filter((r) => r.url.pathname === '/e')).toHaveLength(0);
  });
});
