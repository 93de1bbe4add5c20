/**
 * Reference API server of the local stack: the Blockchain API (spec §7, shapes in API.md) backed by the local
 * chains, the wallet explorer API, the local on-ramp provider page, and (test mode) fault injection.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ChainsHandle } from '../chain/types.ts';
import { configuredHosts, hostGuard } from '../host-guard.ts';
import { closeGracefully, type LogLine, trackRequests } from '../http-ops.ts';
import type { AppEnv } from './app-types.ts';
import { registerBalanceRoutes } from './balance.ts';
import { projectIdSchema } from './caip.ts';
import { buildContext } from './context.ts';
import { registerConvertRoutes } from './convert.ts';
import { openStore } from './db.ts';
import { ApiError, errorBody } from './errors.ts';
import { registerExplorerRoutes } from './explorer.ts';
import { FaultInjector } from './faults.ts';
import { registerHistoryRoutes } from './history.ts';
import { HistoryIndexer } from './indexer.ts';
import { registerNameRoutes } from './names.ts';
import { registerOnrampRoutes } from './onramp.ts';
import { registerRpcProxy } from './rpc-proxy.ts';

export interface ApiServerOptions {
  port: number;
  chains: ChainsHandle;
  /** Data directory of the stack; this server persists to `<dataDir>/api` (PGlite) unless `databaseUrl` is set. */
  dataDir: string;
  /** PostgreSQL instead of PGlite (`DATABASE_URL`): every instance of the API given the same URL shares its data. */
  databaseUrl?: string | undefined;
  /** Enables fault injection (/__admin/faults, x-kw-fault) and /__test/analytics. */
  testMode?: boolean;
  /** Base URL under which browsers reach this server (default http://127.0.0.1:<port>). */
  publicUrl?: string;
  /** Interface to bind (default 127.0.0.1). */
  hostname?: string;
  /** How many wallets the explorer lists (default REGISTRY_SIZE; the scale benchmark asks for more). */
  registrySize?: number;
  /** Where the request log goes, one JSON line per request (services/http-ops.ts); none when unset. */
  log?: LogLine;
  /** How long `stop()` lets requests in flight finish before it cuts them (default 10 s). */
  graceMs?: number;
}

export interface ApiServer {
  url: string;
  /** Requests being answered now. */
  inFlight(): number;
  /** Stops accepting connections, lets the requests in flight finish, then closes the database. */
  stop(): Promise<void>;
}

const LOCAL_ORIGIN_RE = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\]|[a-z0-9-]+\.localhost)(:\d{1,5})?$/i;
const EXPLORER_PATHS = /^\/(getWallets|getWalletImage\/|public\/|getAnalyticsConfig|e$)/;

export async function startApiServer(opts: ApiServerOptions): Promise<ApiServer> {
  const app = new Hono<AppEnv>();
  const ctx = buildContext(opts.chains);
  const store = openStore(opts.dataDir, { databaseUrl: opts.databaseUrl });
  // Open the database before listening: PGlite's start runs on this thread, and blocking the event loop while
  // clients hold keep-alive connections would make them see resets.
  await store.db;
  const indexer = new HistoryIndexer(ctx);
  const faults = new FaultInjector();
  let baseUrl = opts.publicUrl ?? '';
  const publicOrigin = opts.publicUrl ? new URL(opts.publicUrl).origin : undefined;

  const requests = trackRequests('api', opts.log);
  app.use('*', requests.middleware);
  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(err.body(), err.status);
    if (err instanceof HTTPException) {
      return c.json(errorBody('request', err.message || 'Bad request'), err.status as ContentfulStatusCode);
    }
    console.error(
      '[api] unexpected error on',
      c.req.method,
      c.req.path,
      `(request ${c.get('requestId')})`,
      err,
    );
    return c.json(errorBody('server', 'Internal error of the local API server'), 500);
  });
  app.notFound((c) => c.json(errorBody('path', `No route for ${c.req.method} ${c.req.path}`), 404));
  app.use(
    '*',
    hostGuard(configuredHosts(opts), (c, message) => c.json(errorBody('host', message), 421)),
  );

  app.use(
    '*',
    cors({
      origin: (origin) => (LOCAL_ORIGIN_RE.test(origin) || origin === publicOrigin ? origin : null),
      allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
      allowHeaders: ['content-type', 'x-sdk-type', 'x-sdk-version', 'x-project-id', 'x-kw-fault'],
      maxAge: 600,
    }),
  );

  app.get('/health', (c) => c.json({ ok: true }));
  // Liveness: the process serves requests. Readiness: its database answers and its migrations are applied.
  app.get('/healthz', (c) => c.json({ ok: true }));
  app.get('/readyz', async (c) =>
    (await store.ready()) ? c.json({ ready: true }) : c.json({ ready: false }, 503),
  );

  if (opts.testMode) {
    faults.routes(app);
    app.use('*', faults.middleware());
  }

  // projectId on every Blockchain API call (query, JSON body or x-project-id) and explorer call (header or query).
  app.use('*', async (c, next) => {
    const path = c.req.path;
    const isApi = path === '/v1' || path.startsWith('/v1/');
    const isExplorer = EXPLORER_PATHS.test(path);
    if ((!isApi && !isExplorer) || c.req.method === 'OPTIONS') return next();
    let candidate: unknown = c.req.query('projectId') ?? c.req.header('x-project-id');
    if (candidate === undefined && isApi && c.req.method === 'POST' && !(path === '/v1' || path === '/v1/')) {
      const body: unknown = await c.req.json().catch(() => undefined);
      if (body && typeof body === 'object') candidate = (body as { projectId?: unknown }).projectId;
    }
    const parsed = projectIdSchema.safeParse(candidate);
    if (!parsed.success) {
      return c.json(errorBody('projectId', parsed.error.issues[0]?.message ?? 'projectId is required'), 400);
    }
    c.set('projectId', parsed.data);
    return next();
  });

  registerRpcProxy(app, ctx, { testMode: opts.testMode ?? false });
  registerBalanceRoutes(app, ctx);
  registerHistoryRoutes(app, ctx, indexer, store);
  registerConvertRoutes(app, ctx);
  registerNameRoutes(app, store);
  registerOnrampRoutes(app, { ctx, store, baseUrl: () => baseUrl });
  registerExplorerRoutes(app, {
    testMode: opts.testMode ?? false,
    ...(opts.registrySize ? { registrySize: opts.registrySize } : {}),
  });

  const server = serve({ fetch: app.fetch, port: opts.port, hostname: opts.hostname ?? '127.0.0.1' });
  requests.attach(server);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', () => resolve());
      server.once('error', reject);
    });
  } catch (err) {
    await store.close();
    throw err;
  }
  const address = server.address() as AddressInfo;
  const host = opts.hostname && opts.hostname !== '0.0.0.0' ? opts.hostname : '127.0.0.1';
  if (!baseUrl) baseUrl = `http://${host}:${address.port}`;
  indexer.start();

  let stopping: Promise<void> | undefined;
  return {
    url: baseUrl,
    inFlight: requests.inFlight,
    stop() {
      stopping ??= (async () => {
        indexer.stop();
        await closeGracefully(server, requests, opts.graceMs);
        await store.close();
      })();
      return stopping;
    },
  };
}
