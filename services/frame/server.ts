/**
 * The secure frame service: serves the frame page (built with Vite from services/frame/app) on its own
 * origin, and the auth backend it talks to (email one-time codes delivered to a dev mailbox, device
 * approval links, local social-login provider pages, a Farcaster stand-in, sessions) plus JSON-RPC proxies
 * to the configured local chains (EVM: `/rpc/:chainId`; Solana: `/rpc/solana/:reference`), so the page never
 * needs to connect to another origin.
 */
import { readdir, readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { FRAME_ERROR_TEXTS } from '../../src/frame/protocol/errors.ts';
import { SolanaChainIdSchema } from '../../src/frame/protocol/fields.ts';
import { isSafeRpcMethod } from '../../src/frame/rpc-methods.ts';
import { configuredHosts, hostGuard } from '../host-guard.ts';
import { closeGracefully, type LogLine, trackRequests } from '../http-ops.ts';
import { RouterSchema } from './app/config.ts';
import {
  AuthError,
  AuthStore,
  type AuthUser,
  challengeSchema,
  DEFAULT_GUESS_LIMIT,
  DEFAULT_RATE_LIMIT,
  deviceIdSchema,
  emailSchema,
  type GuessLimit,
  type MailMessage,
  otpSchema,
  publicUser,
  type RateLimit,
  SOCIAL_PROVIDERS,
  type SocialProvider,
  verifierSchema,
} from './auth-store.ts';
import { buildFrameApp } from './build.ts';
import {
  deviceApprovePage,
  mailboxPage,
  messagePage,
  PAGES_CSS,
  PROVIDER_NAMES,
  providerPage,
} from './pages.ts';
import { AuthLimiter, type AuthLimits, DEFAULT_AUTH_LIMITS } from './rate-limit.ts';

export interface FrameServerOptions {
  port: number;
  /**
   * Root data directory of the stack; the frame keeps its state in `<dataDir>/frame` (PGlite in
   * `<dataDir>/frame/db` unless `databaseUrl` is set).
   */
  dataDir: string;
  /**
   * PostgreSQL instead of PGlite (`DATABASE_URL`): every instance of the frame backend given the same URL
   * shares its users, sessions, codes and login limits.
   */
  databaseUrl?: string | undefined;
  /** Origins allowed to embed the frame (`frame-ancestors` and the page's own origin check). */
  allowedOrigins: string[];
  /** Chains the frame can use; its RPC goes through this server's `/rpc/:chainId` proxy. */
  chains: { chainId: number; rpcUrl: string }[];
  /**
   * Solana networks the frame can use, by reference (the part after `solana:` in CAIP-2); their RPC goes
   * through this server's `/rpc/solana/:reference` proxy. Default none.
   */
  solanaChains?: { reference: string; rpcUrl: string }[];
  /**
   * Swap routers on these chains the approval screen names (e.g. the local stack's router as 'Keyway Local
   * Router'); the 1inch router on public chains is built in. Any other spender is shown as unknown.
   */
  routers?: { chainId: number; address: string; name: string }[];
  /** Raises the login limits so test suites that log in many times do not trip them. */
  testMode?: boolean;
  /** Codes and links sent per (email address, device) (default DEFAULT_RATE_LIMIT; raised in test mode). */
  rateLimit?: RateLimit;
  /** Wrong guesses at an address's untrusted codes (default DEFAULT_GUESS_LIMIT; raised in test mode). */
  guessLimit?: GuessLimit;
  /**
   * Limits of login starts and code checks per device, per client address, and the load above which every
   * request is slowed down (default DEFAULT_AUTH_LIMITS; raised in test mode). See rate-limit.ts.
   */
  limits?: AuthLimits;
  /** How a request is slowed down under load (default: a timer of that many milliseconds). */
  slowdown?: (ms: number) => Promise<unknown>;
  /** The client address a request is counted against (default: the connection's remote address). */
  clientAddress?: (c: Context) => string;
  /**
   * Behind a proxy or load balancer that appends the client's address to `X-Forwarded-For`: the login limits
   * count the last address of that header (the one the proxy saw), not the proxy's own. Only for an instance
   * that nothing but the proxy can reach: otherwise a client could name any address it likes.
   */
  trustProxy?: boolean;
  /** Base URL under which browsers reach this service (links in mails); default http://<hostname>:<port>. */
  publicUrl?: string;
  /** Delivers login codes and links through an email provider (AuthStore's `sendMail`). */
  sendMail?: (mail: MailMessage) => Promise<void>;
  /**
   * Serve the development mailbox (`/mailbox`, `/mailbox.json`), where every code and link sent can be read.
   * Default true (the local stack); a server for real users sets false and delivers with `sendMail`.
   */
  devMailbox?: boolean;
  /** Where the request log goes, one JSON line per request (services/http-ops.ts); none when unset. */
  log?: LogLine;
  /** How long `stop()` lets requests in flight finish before it cuts them (default 10 s). */
  graceMs?: number;
  /** Where built pages are cached (default node_modules/.cache/keyway-frame). */
  cacheDir?: string;
  hostname?: string;
}

export interface FrameServer {
  url: string;
  /** Requests being answered now. */
  inFlight(): number;
  /** Stops accepting connections, lets the requests in flight finish, then closes the database. */
  stop(): Promise<void>;
}

export const SOCIAL_CALLBACK_PATH = '/auth/social/callback';

/**
 * What the Solana proxy forwards: the reads the frame and an unmodified @solana/web3.js `Connection` need,
 * and `sendTransaction` (the page signs locally and broadcasts a signed transaction). Everything else, the
 * local runtime's `requestAirdrop` first of all, is refused.
 */
export const SOLANA_PROXY_METHODS: ReadonlySet<string> = new Set([
  'getLatestBlockhash',
  'getBalance',
  'getAccountInfo',
  'getMultipleAccounts',
  'getSignatureStatuses',
  'getBlockHeight',
  'getSlot',
  'getFeeForMessage',
  'getMinimumBalanceForRentExemption',
  'isBlockhashValid',
  'getGenesisHash',
  'getHealth',
  'getVersion',
  'getEpochInfo',
  'sendTransaction',
]);

const ORIGIN_RE = /^https?:\/\/(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;

/** Normalised origin, or an error naming the bad entry (they go into a response header). */
export function parseAllowedOrigins(origins: string[]): string[] {
  return origins.map((o) => {
    if (!ORIGIN_RE.test(o)) throw new Error(`allowedOrigins: "${o}" is not an origin (scheme://host[:port])`);
    return new URL(o).origin;
  });
}

export function frameCsp(allowedOrigins: string[]): string {
  const ancestors = allowedOrigins.length ? allowedOrigins.join(' ') : "'none'";
  return [
    "default-src 'self'",
    `frame-ancestors ${ancestors}`,
    "script-src 'self'",
    "style-src 'self'",
    // The app's icon on the approval screen, from the embedding origin only (app/main.ts sameOriginIcon).
    `img-src 'self' data:${allowedOrigins.length ? ` ${allowedOrigins.join(' ')}` : ''}`,
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** Pages other than the frame itself (mailbox, approvals, provider pages) must never be framed. */
const PAGE_CSP = [
  "default-src 'self'",
  "frame-ancestors 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page reads its configuration from a meta tag (data, not an inline script). */
function withConfig(page: string, config: unknown): string {
  const meta = `<meta name="kw-frame-config" content="${escapeAttr(JSON.stringify(config))}" />`;
  if (!page.includes('</head>')) throw new Error('built page has no </head>');
  return page.replace('</head>', `    ${meta}\n  </head>`);
}

const jsonBody = async <T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> => {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('application/json')) {
    throw new AuthError(400, 'Expected a JSON body');
  }
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new AuthError(400, 'Malformed JSON');
  }
  return schema.parse(raw);
};

const startSchema = z.object({ email: z.string(), deviceId: deviceIdSchema });
const verifySchema = z.object({ email: z.string(), otp: otpSchema, deviceId: deviceIdSchema });
const providerSchema = z.enum(SOCIAL_PROVIDERS);
const tokenSchema = z.string().min(16).max(200);

export async function startFrameServer(opts: FrameServerOptions): Promise<FrameServer> {
  const allowedOrigins = parseAllowedOrigins(opts.allowedOrigins);
  const chains = new Map(opts.chains.map((ch) => [ch.chainId, ch.rpcUrl]));
  const solanaChains = new Map(
    (opts.solanaChains ?? []).map((ch) => {
      if (!SolanaChainIdSchema.safeParse(ch.reference).success) {
        throw new Error(`solanaChains: "${ch.reference}" is not a Solana network reference`);
      }
      return [ch.reference, ch.rpcUrl] as const;
    }),
  );
  const hostname = opts.hostname ?? '127.0.0.1';
  const url = `http://${hostname}:${opts.port}`;
  const buildDir = await buildFrameApp(opts.cacheDir);
  const pageConfig = {
    allowedOrigins,
    chains: [...chains.keys()].map((chainId) => ({ chainId })),
    solanaChains: [...solanaChains.keys()].map((reference) => ({ reference })),
    socialProviders: SOCIAL_PROVIDERS,
    testMode: Boolean(opts.testMode),
    routers: (opts.routers ?? []).map((r) => {
      const parsed = RouterSchema.safeParse(r);
      if (!parsed.success)
        throw new Error(`routers: ${JSON.stringify(r)} is not a router (chainId, address, name)`);
      return parsed.data;
    }),
  };
  const readPage = async (name: string) =>
    withConfig(await readFile(join(buildDir, name), 'utf8'), pageConfig);
  const [indexHtml, callbackHtml] = await Promise.all([readPage('index.html'), readPage('callback.html')]);
  // Held in memory: a later build may prune this cache directory while the server runs.
  const assets = new Map<string, Buffer>();
  for (const name of await readdir(join(buildDir, 'assets'))) {
    if (/^[A-Za-z0-9_.-]+$/.test(name) && CONTENT_TYPES[extname(name)]) {
      assets.set(name, await readFile(join(buildDir, 'assets', name)));
    }
  }
  const store = await AuthStore.open({
    dir: join(opts.dataDir, 'frame'),
    databaseUrl: opts.databaseUrl,
    publicUrl: opts.publicUrl ?? url,
    rateLimit: opts.rateLimit ?? (opts.testMode ? { ...DEFAULT_RATE_LIMIT, max: 50 } : DEFAULT_RATE_LIMIT),
    guessLimit:
      opts.guessLimit ?? (opts.testMode ? { ...DEFAULT_GUESS_LIMIT, perEmail: 50 } : DEFAULT_GUESS_LIMIT),
    ...(opts.sendMail ? { sendMail: opts.sendMail } : {}),
  });
  const csp = frameCsp(allowedOrigins);
  const limiter = new AuthLimiter(
    opts.limits ??
      (opts.testMode
        ? {
            ...DEFAULT_AUTH_LIMITS,
            checksPerDevice: 50,
            checksPerAddress: 2000,
            startsPerAddress: 2000,
            global: 5000,
            perAddressUnderLoad: 2000,
          }
        : DEFAULT_AUTH_LIMITS),
    store.rateHits,
    opts.slowdown ? { sleep: opts.slowdown } : {},
  );
  const connectionAddress = (c: Context) => getConnInfo(c).remote.address ?? 'unknown';
  const clientAddress =
    opts.clientAddress ??
    (opts.trustProxy
      ? (c: Context) => c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim() || connectionAddress(c)
      : connectionAddress);

  const app = new Hono<{ Variables: { user: AuthUser; token: string; requestId: string } }>();
  const requests = trackRequests('frame', opts.log);
  app.use('*', requests.middleware);

  app.onError((error, c) => {
    if (error instanceof AuthError) return c.json({ message: error.message }, error.status);
    if (error instanceof z.ZodError) {
      return c.json({ message: error.issues[0]?.message ?? 'Invalid request' }, 400);
    }
    console.error('[frame]', error);
    return c.json({ message: 'Internal error' }, 500);
  });

  app.use(
    '*',
    hostGuard(configuredHosts({ hostname }), (c, message) => c.json({ message }, 421)),
  );
  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (!c.res.headers.has('Content-Security-Policy')) c.header('Content-Security-Policy', PAGE_CSP);
  });

  /** Form posts from our own pages only (a cross-site form cannot approve a device or a login). */
  const sameOriginForm = async (c: Context) => {
    const origin = c.req.header('origin');
    if (origin && origin !== 'null') {
      let host: string | null = null;
      try {
        host = new URL(origin).host;
      } catch {}
      if (host !== c.req.header('host')) throw new AuthError(400, 'Cross-origin form rejected');
    }
    const form = await c.req.parseBody();
    const get = (k: string) => (typeof form[k] === 'string' ? (form[k] as string) : '');
    return get;
  };

  const requireSession = async (c: Context, next: () => Promise<void>) => {
    const auth = c.req.header('authorization') ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    const user = token ? await store.sessionUser(token) : undefined;
    if (!user) return c.json({ message: 'Not logged in' }, 401);
    c.set('user', user);
    c.set('token', token);
    await next();
  };

  // ---- the frame page ----------------------------------------------------------------------------
  const framePage = (c: Context) => {
    c.header('Content-Security-Policy', csp);
    c.header('Cache-Control', 'no-store');
    return c.html(indexHtml);
  };
  app.get('/', framePage);
  app.get('/index.html', framePage);
  app.get(SOCIAL_CALLBACK_PATH, (c) => {
    c.header('Cache-Control', 'no-store');
    return c.html(callbackHtml);
  });
  app.get('/assets/:file', (c) => {
    const file = c.req.param('file');
    const body = assets.get(file);
    const type = CONTENT_TYPES[extname(file)];
    if (!body || !type) return c.notFound();
    c.header('Content-Type', type);
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('Content-Security-Policy', csp);
    return c.body(new Uint8Array(body));
  });
  app.get('/config.json', (c) => c.json(pageConfig));
  app.get('/pages.css', (c) => {
    c.header('Content-Type', 'text/css; charset=utf-8');
    return c.body(PAGES_CSS);
  });
  app.get('/health', (c) => c.json({ ok: true }));
  // Liveness: the process serves requests. Readiness: its database answers and its migrations are applied.
  app.get('/healthz', (c) => c.json({ ok: true }));
  app.get('/readyz', async (c) =>
    (await store.ready()) ? c.json({ ready: true }) : c.json({ ready: false }, 503),
  );

  // ---- email login -------------------------------------------------------------------------------
  app.post('/auth/email/start', async (c) => {
    const { email, deviceId } = await jsonBody(c, startSchema);
    await limiter.start({ address: clientAddress(c) });
    return c.json(await store.startEmail(email, deviceId));
  });
  app.post('/auth/email/verify', async (c) => {
    const { email, otp, deviceId } = await jsonBody(c, verifySchema);
    await limiter.check({ email, deviceId, address: clientAddress(c) });
    return c.json(await store.verifyEmail(email, otp, deviceId));
  });

  // ---- device approval ---------------------------------------------------------------------------
  app.post('/auth/device/status', async (c) => {
    const { requestId } = await jsonBody(c, z.object({ requestId: z.uuid() }));
    return c.json(await store.deviceStatus(requestId));
  });
  app.get('/auth/device/approve', async (c) => {
    const token = c.req.query('token') ?? '';
    const req = token ? await store.deviceRequestByToken(token) : undefined;
    if (!req) return c.html(deviceApprovePage('expired'), 404);
    if (req.approved) return c.html(deviceApprovePage('approved'));
    return c.html(deviceApprovePage({ token, email: req.email }));
  });
  app.post('/auth/device/approve', async (c) => {
    const get = await sameOriginForm(c);
    try {
      await store.approveDevice(get('token'));
    } catch (error) {
      if (error instanceof AuthError) return c.html(deviceApprovePage('expired'), 404);
      throw error;
    }
    return c.html(deviceApprovePage('approved'));
  });

  // ---- local social provider -----------------------------------------------------------------------
  const stateSchema = z.string().regex(/^[A-Za-z0-9_-]{8,128}$/);
  /**
   * The frame registers each social login itself (provider, its `state`, its PKCE S256 challenge) and gets
   * an opaque id; the provider URL the host page opens carries that id only. The provider page takes
   * neither a challenge, a state nor a redirect from the URL: a host that rewrites the URL cannot bind the
   * code to a challenge of its own, and the redirect is always this origin's callback page.
   */
  app.post('/auth/social/begin', async (c) => {
    const { provider, state, challenge } = await jsonBody(
      c,
      z.object({ provider: providerSchema, state: stateSchema, challenge: challengeSchema }),
    );
    return c.json({ request: await store.beginSocialLogin(provider as SocialProvider, state, challenge) });
  });
  const requestOf = async (provider: SocialProvider, id: string | undefined) => {
    const parsed = tokenSchema.safeParse(id);
    const request = parsed.success ? await store.socialRequest(provider, parsed.data) : undefined;
    if (!parsed.success || !request) throw new AuthError(400, 'This sign-in has expired. Start again.');
    return parsed.data;
  };
  const callbackUrl = (c: Context) => new URL(SOCIAL_CALLBACK_PATH, c.req.url);
  app.get('/oauth/:provider/authorize', async (c) => {
    const provider = providerSchema.safeParse(c.req.param('provider'));
    if (!provider.success) return c.html(messagePage('Sign in', 'Unknown provider.'), 404);
    const request = await requestOf(provider.data as SocialProvider, c.req.query('request'));
    return c.html(
      providerPage({
        provider: provider.data,
        action: `/oauth/${provider.data}/authorize`,
        hidden: { request },
        submitLabel: 'Continue',
        intro: `Local ${PROVIDER_NAMES[provider.data]} stand-in: pick any username; the same username is the same account.`,
      }),
    );
  });
  app.post('/oauth/:provider/authorize', async (c) => {
    const provider = providerSchema.parse(c.req.param('provider')) as SocialProvider;
    const get = await sameOriginForm(c);
    const request = await requestOf(provider, get('request'));
    let done: { code: string; state: string };
    try {
      done = await store.completeSocialLogin(provider, request, get('username'));
    } catch (error) {
      if (!(error instanceof z.ZodError)) throw error;
      return c.html(
        providerPage({
          provider,
          action: `/oauth/${provider}/authorize`,
          hidden: { request },
          submitLabel: 'Continue',
          intro: `Local ${PROVIDER_NAMES[provider]} stand-in.`,
          error: error.issues[0]?.message ?? 'Invalid username',
        }),
        400,
      );
    }
    const target = callbackUrl(c);
    target.searchParams.set('provider', provider);
    target.searchParams.set('code', done.code);
    target.searchParams.set('state', done.state);
    return c.redirect(target.href, 303);
  });
  app.post('/auth/social/token', async (c) => {
    const { provider, code, codeVerifier } = await jsonBody(
      c,
      z.object({ provider: providerSchema, code: tokenSchema, codeVerifier: verifierSchema }),
    );
    return c.json(await store.exchangeSocialCode(provider as SocialProvider, code, codeVerifier));
  });

  // ---- Farcaster stand-in ------------------------------------------------------------------------
  app.post('/auth/farcaster/start', async (c) => {
    const { nonceHash } = await jsonBody(c, z.object({ nonceHash: challengeSchema }));
    return c.json(await store.startFarcaster(nonceHash));
  });
  app.post('/auth/farcaster/status', async (c) => {
    const { channelToken, nonce } = await jsonBody(
      c,
      z.object({ channelToken: tokenSchema, nonce: verifierSchema }),
    );
    return c.json(await store.farcasterStatus(channelToken, nonce));
  });
  const farcasterForm = (channel: string, error?: string) =>
    providerPage({
      provider: 'farcaster',
      action: '/farcaster/connect',
      hidden: { channel },
      submitLabel: 'Approve',
      intro: 'Local Farcaster stand-in: approve the sign-in request with any username.',
      ...(error ? { error } : {}),
    });
  app.get('/farcaster/connect', async (c) => {
    const channel = c.req.query('channel') ?? '';
    const state = channel ? await store.farcasterChannel(channel) : undefined;
    if (!state || state.consumed || state.username) {
      return c.html(messagePage('Farcaster', 'This sign-in request has expired or was already used.'), 404);
    }
    return c.html(farcasterForm(channel));
  });
  app.post('/farcaster/connect', async (c) => {
    const get = await sameOriginForm(c);
    const channel = get('channel');
    try {
      await store.approveFarcaster(channel, get('username'));
    } catch (error) {
      if (error instanceof z.ZodError) return c.html(farcasterForm(channel, error.issues[0]?.message), 400);
      if (error instanceof AuthError) return c.html(messagePage('Farcaster', error.message), error.status);
      throw error;
    }
    return c.html(messagePage('Farcaster', 'Approved. You can return to the app.'));
  });

  // ---- sessions and account ----------------------------------------------------------------------
  app.get('/auth/session', requireSession, (c) => c.json({ user: publicUser(c.get('user')) }));
  app.post('/auth/signout', requireSession, async (c) => {
    await store.signOut(c.get('token'));
    return c.json({ ok: true });
  });
  // The email-change codes are checked on a session, which names no device: counted per client address.
  const checkUpdateCode = (c: Context) => {
    const user = c.get('user') as AuthUser;
    return limiter.check({ email: user.email ?? user.id, deviceId: null, address: clientAddress(c) });
  };
  app.post('/auth/email/update', requireSession, async (c) => {
    const { email } = await jsonBody(c, z.object({ email: z.string() }));
    await limiter.start({ address: clientAddress(c) });
    return c.json(await store.startEmailUpdate(c.get('user'), email));
  });
  app.post('/auth/email/update/primary', requireSession, async (c) => {
    const { otp } = await jsonBody(c, z.object({ otp: otpSchema }));
    await checkUpdateCode(c);
    return c.json(await store.verifyEmailUpdatePrimary(c.get('user'), otp));
  });
  app.post('/auth/email/update/secondary', requireSession, async (c) => {
    const { otp } = await jsonBody(c, z.object({ otp: otpSchema }));
    await checkUpdateCode(c);
    return c.json(await store.verifyEmailUpdateSecondary(c.get('user'), otp));
  });

  // ---- dev mailbox -------------------------------------------------------------------------------
  const mailboxFilter = (c: Context) => {
    const q = c.req.query('email');
    if (!q) return null;
    const parsed = emailSchema.safeParse(q);
    return parsed.success ? parsed.data : '';
  };
  if (opts.devMailbox ?? true) {
    app.get('/mailbox', async (c) => c.html(mailboxPage(await store.mailbox(), mailboxFilter(c))));
    app.get('/mailbox.json', async (c) => {
      const filter = mailboxFilter(c);
      return c.json({
        messages: (await store.mailbox()).filter((m) => filter === null || m.to === filter),
      });
    });
  }

  // ---- JSON-RPC proxy to the local chains --------------------------------------------------------
  // viem's wallet client asks the node to fill a transaction (nonce, gas, fees) before the page signs it;
  // it only reads. Refused, viem falls back to single reads, but the browser logs the 403 on every send.
  const PROXY_READ_METHODS = new Set(['eth_fillTransaction']);
  // Only the safe-list methods (reads, broadcasting a signed transaction): the page signs locally, and the
  // local chains' unlocked accounts and anvil_* cheat methods stay out of reach of this origin.
  const rpcBodySchema = z.object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.number(), z.string(), z.null()]),
    method: z.string(),
    params: z.unknown().optional(),
  });
  /**
   * One JSON-RPC proxy route: the network from the path (404 when not configured), the body checked with
   * `schema` (400), the method against `allowed` (403 'Requested RPC call is not allowed'), then forwarded
   * as is (502 when the local node does not answer within 30 s).
   */
  const rpcProxy =
    (opts: {
      rpcUrl: (c: Context) => string | undefined;
      schema: z.ZodType<{ id: string | number | null; method: string }>;
      allowed: (method: string) => boolean;
      unreachable: string;
    }) =>
    async (c: Context) => {
      const rpcUrl = opts.rpcUrl(c);
      if (!rpcUrl) return c.json({ message: 'Unsupported chain' }, 404);
      let parsed: { id: string | number | null; method: string };
      try {
        parsed = opts.schema.parse(JSON.parse(await c.req.text()));
      } catch {
        return c.json({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request' } }, 400);
      }
      if (!opts.allowed(parsed.method)) {
        return c.json(
          {
            jsonrpc: '2.0',
            id: parsed.id,
            error: { code: -32601, message: FRAME_ERROR_TEXTS.rpcNotAllowed },
          },
          403,
        );
      }
      try {
        const upstream = await fetch(rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(parsed),
          signal: AbortSignal.timeout(30_000),
        });
        c.header('Content-Type', 'application/json');
        return c.body(await upstream.text(), upstream.status as 200);
      } catch {
        return c.json(
          { jsonrpc: '2.0', id: parsed.id, error: { code: -32603, message: opts.unreachable } },
          502,
        );
      }
    };

  app.post(
    '/rpc/:chainId',
    bodyLimit({ maxSize: 1024 * 1024 }),
    rpcProxy({
      rpcUrl: (c) => chains.get(Number(c.req.param('chainId'))),
      schema: rpcBodySchema,
      allowed: (method) => isSafeRpcMethod(method) || PROXY_READ_METHODS.has(method),
      unreachable: 'The local chain is not reachable',
    }),
  );

  // ---- JSON-RPC proxy to the local Solana networks -----------------------------------------------
  const solanaBodySchema = z.strictObject({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.number(), z.string().max(128), z.null()]),
    method: z.string().max(64),
    params: z.array(z.unknown()).max(8).optional(),
  });
  app.post(
    '/rpc/solana/:reference',
    bodyLimit({ maxSize: 64 * 1024 }),
    rpcProxy({
      rpcUrl: (c) => solanaChains.get(c.req.param('reference') ?? ''),
      schema: solanaBodySchema,
      allowed: (method) => SOLANA_PROXY_METHODS.has(method),
      unreachable: 'The local Solana network is not reachable',
    }),
  );

  const server = serve({ fetch: app.fetch, port: opts.port, hostname });
  requests.attach(server);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', () => resolve());
      server.once('error', reject);
    });
  } catch (error) {
    await store.close();
    throw error;
  }
  let stopping: Promise<void> | undefined;
  return {
    url,
    inFlight: requests.inFlight,
    stop() {
      stopping ??= (async () => {
        // No new connection; the requests in flight are answered (up to graceMs), then the database closes.
        await closeGracefully(server, requests, opts.graceMs);
        await store.close();
      })();
      return stopping;
    },
  };
}
