/**
 * Analytics opted in (`enableAnalytics`, the playground's `?analytics=1`): nothing goes to the explorer before
 * the modal is first opened (no config request, no event), not even once the page has loaded and gone quiet;
 * the first open asks `/getAnalyticsConfig` and sends MODAL_OPEN, closing sends MODAL_CLOSE, and a connection
 * made in between is in the next event's properties. The events are read from the stack's explorer sink
 * (test mode: GET /__test/analytics), each with the page's origin and path only (no query: it can hold tokens).
 */
import { describe, expect, inject, it } from 'vitest';
import { browserForFile } from './support/browser';
import { WAIT } from './support/embedded';

const stack = inject('keywayStack');

const { open } = browserForFile();

interface SinkEvent {
  eventId: string;
  url: string;
  domain: string;
  timestamp: number;
  props: { type: 'track'; event: string; properties?: Record<string, unknown> };
}

/** The sink's events sent from the playground page since `since` (ms), oldest first. */
async function sinkEvents(since: number): Promise<SinkEvent[]> {
  const res = await fetch(`${stack.apiUrl}/__test/analytics`);
  const { events } = (await res.json()) as { events: SinkEvent[] };
  const page = new URL(stack.playgroundUrl);
  return events
    .filter((e) => e.url === `${page.origin}${page.pathname}` && e.timestamp >= since)
    .sort((a, b) => a.timestamp - b.timestamp);
}

describe('analytics opted in', () => {
  it('sends nothing before the first open, then the modal events with the page origin only', async () => {
    const since = Date.now();
    /** Every request the page sent to the explorer's analytics endpoints. */
    const analyticsRequests: string[] = [];
    const { page, consoleErrors } = await open(`${stack.playgroundUrl}?analytics=1&devAccount=9`, {
      beforeGoto: (p) => {
        p.on('request', (r) => {
          const path = new URL(r.url()).pathname;
          if (path === '/getAnalyticsConfig' || path === '/e')
            analyticsRequests.push(`${r.method()} ${path}`);
        });
      },
    });
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor(WAIT);
    // Loaded and quiet (the idle preload of the modal's code included): still nothing sent.
    await page.waitForLoadState('networkidle');
    expect(analyticsRequests).toEqual([]);
    expect(await sinkEvents(since)).toEqual([]);

    await page.getByRole('button', { name: 'Connect wallet' }).click();
    const connect = page.getByRole('dialog', { name: 'Connect wallet' });
    await expect
      .poll(async () => (await sinkEvents(since)).map((e) => e.props.event), WAIT)
      .toEqual(['MODAL_OPEN']);
    // The page's request events reach this process over the browser's protocol, possibly after the server has
    // recorded the event: waited for, not read at once.
    await expect
      .poll(() => analyticsRequests.slice(0, 2), WAIT)
      .toEqual(['GET /getAnalyticsConfig', 'POST /e']);

    // Connected with the dev wallet (the modal closes): MODAL_CLOSE says so.
    await connect.getByRole('button', { name: /Keyway Dev Wallet/ }).click();
    await connect.waitFor({ state: 'detached', ...WAIT });
    await expect
      .poll(async () => (await sinkEvents(since)).map((e) => e.props.event), WAIT)
      .toEqual(['MODAL_OPEN', 'MODAL_CLOSE']);
    const [opened, closed] = await sinkEvents(since);
    expect(opened?.props.properties).toEqual({ connected: false });
    expect(closed?.props.properties).toEqual({ connected: true });
    const origin = new URL(stack.playgroundUrl);
    for (const e of [opened, closed]) {
      expect(e?.domain).toBe(origin.hostname);
      expect(e?.url).not.toContain('?');
    }
    expect(new Set([opened?.eventId, closed?.eventId]).size).toBe(2);
    expect(consoleErrors).toEqual([]);
  });
});
