/** Wallet explorer API: /getWallets, images, analytics config and the analytics sink. */
import type { Context } from 'hono';
import { z } from 'zod';
import type { App } from './app-types.ts';
import { badRequest, parseOrThrow } from './errors.ts';
import { assetSvg, currencySvg, tokenSvg, walletSvg } from './svg.ts';
import { walletRegistry } from './wallet-registry.ts';

const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
const ID_RE = /^[A-Za-z0-9_.-]{1,80}$/;

const csv = z
  .string()
  .max(20_000)
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

const walletsQuery = z.object({
  page: z.coerce.number().int('page must be an integer').min(1, 'page must be ≥ 1').max(100_000).default(1),
  entries: z.coerce
    .number()
    .int('entries must be an integer')
    .min(1, 'entries must be ≥ 1')
    .max(1000)
    .default(40),
  search: z.string().max(100).optional(),
  chains: csv,
  include: csv,
  exclude: csv,
});

export const analyticsEventSchema = z.object({
  eventId: z.string().min(1).max(200),
  url: z.string().max(2000),
  domain: z.string().max(500),
  timestamp: z.number(),
  props: z.object({
    type: z.literal('track'),
    event: z.string().min(1).max(200),
    properties: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

const MAX_EVENTS = 5000;

function svgResponse(c: Context, svg: string): Response {
  return c.body(svg, 200, {
    'content-type': 'image/svg+xml',
    'content-security-policy': IMAGE_CSP,
    'x-content-type-options': 'nosniff',
    'cache-control': 'public, max-age=86400',
  });
}

function imageParam(c: Context, name: string): string {
  const v = c.req.param(name) ?? '';
  if (!ID_RE.test(v)) throw badRequest(name, `Invalid ${name}`);
  return v;
}

export function registerExplorerRoutes(
  app: App,
  opts: { testMode: boolean; registrySize?: number },
): { events: AnalyticsEvent[] } {
  const events: AnalyticsEvent[] = [];
  const registry = walletRegistry(opts.registrySize);
  const byImage = new Map(registry.map((w) => [w.image_id, w]));

  app.get('/getWallets', (c) => {
    const q = parseOrThrow(walletsQuery, c.req.query(), 'query');
    const search = q.search?.trim().toLowerCase();
    const include = new Set(q.include);
    const exclude = new Set(q.exclude);
    const chains = new Set(q.chains);
    const matching = registry.filter(
      (w) =>
        (include.size === 0 || include.has(w.id)) &&
        !exclude.has(w.id) &&
        (chains.size === 0 || w.chains.some((ch) => chains.has(ch))) &&
        (!search ||
          w.name.toLowerCase().includes(search) ||
          (w.rdns?.toLowerCase().includes(search) ?? false)),
    );
    const start = (q.page - 1) * q.entries;
    return c.json({ data: matching.slice(start, start + q.entries), count: matching.length });
  });

  app.get('/getWalletImage/:image_id', (c) => {
    const id = imageParam(c, 'image_id');
    return svgResponse(c, walletSvg(id, byImage.get(id)?.name ?? id));
  });
  app.get('/public/getAssetImage/:id', (c) => svgResponse(c, assetSvg(imageParam(c, 'id'))));
  app.get('/public/getCurrencyImage/:iso', (c) =>
    svgResponse(c, currencySvg(imageParam(c, 'iso').toUpperCase())),
  );
  app.get('/public/getTokenImage/:symbol', (c) =>
    svgResponse(c, tokenSvg(imageParam(c, 'symbol').toUpperCase())),
  );

  app.get('/getAnalyticsConfig', (c) => c.json({ isAnalyticsEnabled: true }));

  app.post('/e', async (c) => {
    const event = parseOrThrow(analyticsEventSchema, await c.req.json().catch(() => undefined));
    events.push(event);
    if (events.length > MAX_EVENTS) events.splice(0, events.length - MAX_EVENTS);
    return c.json({ ok: true }, 202);
  });

  if (opts.testMode) {
    app.get('/__test/analytics', (c) => c.json({ events }));
    app.delete('/__test/analytics', (c) => {
      events.length = 0;
      return c.json({ ok: true });
    });
  }
  return { events };
}
