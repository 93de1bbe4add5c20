/**
 * MSW request handlers for the wallet explorer and the Blockchain API, in the shapes of API.md. They work
 * with `setupServer` (node tests), `setupWorker` (browser) and msw-storybook-addon (`parameters.msw.handlers`).
 *
 * Every handler family has variants for stories: 'ok' (fixtures), 'empty', 'error' (HTTP 500 with
 * `{status:'FAILED', reasons}`), 'slow' (never answers unless `delayMs` is given: loading states) and
 * 'malformed' (200 with a body that is not valid JSON).
 */
import { delay, HttpResponse, http, type PathParams, type RequestHandler } from 'msw';
import { registrationMessageSchema } from '../../hooks/names/validation';
import {
  balanceFixtures,
  fixtureApproveTransaction,
  fixtureQuote,
  fixtureSwapTransaction,
  gasPriceFixture,
  identityFixture,
  makeBalances,
  makeOnrampQuote,
  makeSwapTokens,
  nameSuggestionsFixture,
  onrampOptionsFixture,
  PRICE_FIXTURES,
  profileFixture,
  swapQuoteFixture,
  transactionFixtures,
  type WireBalance,
  type WireTransaction,
  type WireWallet,
  walletFixtures,
} from './fixtures';

export type MockVariant = 'ok' | 'empty' | 'error' | 'slow' | 'malformed';

/** A request the handlers saw (for asserting what left the page). */
export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

interface CommonOptions {
  /** Base URL to intercept; default `*` (any origin). */
  baseUrl?: string;
  /** Variant for every endpoint of the family. */
  variant?: MockVariant;
  /** Delay before answering, in ms ('slow' without it never answers). */
  delayMs?: number;
  /** Called for every intercepted request, before the answer. */
  onRequest?: (req: RecordedRequest) => void;
}

const FAILED = (description: string, field = '') => ({ status: 'FAILED', reasons: [{ field, description }] });

function base(url: string | undefined): string {
  return (url ?? '*').replace(/\/+$/, '');
}

async function record(request: Request, onRequest: CommonOptions['onRequest']): Promise<void> {
  if (!onRequest) return;
  let body: unknown;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const text = await request.clone().text();
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
  }
  onRequest({ method: request.method, url: new URL(request.url), headers: request.headers, body });
}

/** Applies a variant; returns a response for non-'ok' variants, or undefined to continue with the real answer. */
async function applyVariant(variant: MockVariant, delayMs: number | undefined, empty: () => unknown) {
  if (variant === 'slow') {
    await delay(delayMs ?? 'infinite');
  } else if (delayMs) {
    await delay(delayMs);
  }
  switch (variant) {
    case 'error':
      return HttpResponse.json(FAILED('Internal server error'), { status: 500 });
    case 'malformed':
      return new HttpResponse('{"data": [ this is not json', {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    case 'empty':
      return HttpResponse.json(empty() as Record<string, unknown>);
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------- explorer

export interface ExplorerHandlersOptions extends CommonOptions {
  /** The catalogue served by /getWallets (wire shape; may contain hostile entries). Default: 60 fixtures. */
  wallets?: readonly (WireWallet | unknown)[];
  /** Answer of /getAnalyticsConfig. Default false. */
  analyticsEnabled?: boolean;
  /** Receives every analytics event posted to /e. */
  onEvent?: (event: unknown) => void;
  /** Require the x-project-id header (401 without it). Default true. */
  requireProjectId?: boolean;
}

function walletMatches(w: unknown, search: string): boolean {
  const name = (w as { name?: unknown })?.name;
  return typeof name === 'string' && name.toLowerCase().includes(search.toLowerCase());
}
function walletId(w: unknown): unknown {
  return (w as { id?: unknown })?.id;
}

const IMAGE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="16" fill="#7b61ff"/></svg>';

export function createExplorerHandlers(opts: ExplorerHandlersOptions = {}): RequestHandler[] {
  const b = base(opts.baseUrl);
  const variant = opts.variant ?? 'ok';
  const wallets = opts.wallets ?? walletFixtures;
  const requireProjectId = opts.requireProjectId ?? true;

  const guard = async (request: Request) => {
    await record(request, opts.onRequest);
    if (requireProjectId && !request.headers.get('x-project-id')) {
      return HttpResponse.json(FAILED('x-project-id header is required', 'projectId'), { status: 401 });
    }
    return undefined;
  };

  return [
    http.get(`${b}/getWallets`, async ({ request }) => {
      const denied = await guard(request);
      if (denied) return denied;
      const v = await applyVariant(variant, opts.delayMs, () => ({ data: [], count: 0 }));
      if (v) return v;
      const q = new URL(request.url).searchParams;
      const page = Math.max(1, Number(q.get('page') ?? 1) || 1);
      const entries = Math.min(1000, Math.max(1, Number(q.get('entries') ?? 40) || 40));
      const search = q.get('search')?.trim() ?? '';
      const include = q.get('include')?.split(',').filter(Boolean);
      const exclude = new Set(q.get('exclude')?.split(',').filter(Boolean) ?? []);
      let list = wallets.filter((w) => !exclude.has(String(walletId(w))));
      if (include?.length) list = list.filter((w) => include.includes(String(walletId(w))));
      if (search) list = list.filter((w) => walletMatches(w, search));
      const data = list.slice((page - 1) * entries, page * entries);
      return HttpResponse.json({ data, count: list.length });
    }),
    http.get(`${b}/getAnalyticsConfig`, async ({ request }) => {
      const denied = await guard(request);
      if (denied) return denied;
      const v = await applyVariant(variant, opts.delayMs, () => ({ isAnalyticsEnabled: false }));
      if (v) return v;
      return HttpResponse.json({ isAnalyticsEnabled: opts.analyticsEnabled ?? false });
    }),
    http.post(`${b}/e`, async ({ request }) => {
      const denied = await guard(request);
      if (denied) return denied;
      const v = await applyVariant(variant === 'empty' ? 'ok' : variant, opts.delayMs, () => ({}));
      if (v) return v;
      opts.onEvent?.(await request.json().catch(() => null));
      return new HttpResponse(null, { status: 202 });
    }),
    ...[
      '/getWalletImage/:id',
      '/public/getAssetImage/:id',
      '/public/getTokenImage/:id',
      '/public/getCurrencyImage/:id',
    ].map((p) =>
      http.get(`${b}${p}`, async ({ request }) => {
        await record(request, opts.onRequest);
        if (variant === 'error') return new HttpResponse(null, { status: 404 });
        return new HttpResponse(IMAGE_SVG, { headers: { 'content-type': 'image/svg+xml' } });
      }),
    ),
  ];
}

// ---------------------------------------------------------------- Blockchain API

export type BlockchainEndpoint =
  | 'identity'
  | 'history'
  | 'balance'
  | 'tokens'
  | 'quotes'
  | 'price'
  | 'allowance'
  | 'gasPrice'
  | 'buildTransaction'
  | 'buildApprove'
  | 'profile'
  | 'reverseProfile'
  | 'suggestions'
  | 'registerName'
  | 'onrampUrl'
  | 'onrampOptions'
  | 'onrampQuote';

export interface BlockchainApiHandlersOptions extends CommonOptions {
  /** Per-endpoint variants, overriding `variant`. */
  variants?: Partial<Record<BlockchainEndpoint, MockVariant>>;
  /** Balances served for every address (wire shape). Default: ETH, USDC, DAI on the requested chain. */
  balances?: readonly WireBalance[] | ((chainId: string, address: string) => readonly WireBalance[]);
  /** History served newest first, `pageSize` per page, cursor = offset. Default: transactionFixtures. */
  transactions?: readonly WireTransaction[];
  pageSize?: number;
  identity?: { name: string | null; avatar: string | null };
  /** Registered names (profile objects). Default: `alice.kw.id`. Unknown names answer 404. */
  profiles?: readonly (typeof profileFixture)[];
  allowance?: string;
  /** Require the projectId query parameter (400 without it). Default true. */
  requireProjectId?: boolean;
}

export function createBlockchainApiHandlers(opts: BlockchainApiHandlersOptions = {}): RequestHandler[] {
  const b = base(opts.baseUrl);
  const requireProjectId = opts.requireProjectId ?? true;
  const profiles = [...(opts.profiles ?? [profileFixture])];
  /** `address|nonce` of the registrations accepted by these handlers. */
  const usedNonces = new Set<string>();
  const pageSize = opts.pageSize ?? 20;

  const route = <P extends Record<string, string>>(
    endpoint: BlockchainEndpoint,
    empty: () => unknown,
    answer: (ctx: { request: Request; url: URL; params: P; body: unknown }) => Response | Promise<Response>,
  ) => {
    return async ({ request, params: raw }: { request: Request; params: PathParams }) => {
      const params = raw as unknown as P;
      await record(request, opts.onRequest);
      const url = new URL(request.url);
      let body: unknown;
      if (request.method === 'POST') body = await request.json().catch(() => undefined);
      const projectId =
        url.searchParams.get('projectId') ?? (body as { projectId?: unknown } | undefined)?.projectId;
      if (requireProjectId && !projectId) {
        return HttpResponse.json(FAILED('projectId is required', 'projectId'), { status: 400 });
      }
      const variant = opts.variants?.[endpoint] ?? opts.variant ?? 'ok';
      const v = await applyVariant(variant, opts.delayMs, empty);
      if (v) return v;
      return answer({ request, url, params, body });
    };
  };

  const balancesFor = (chainId: string, address: string) => {
    if (typeof opts.balances === 'function') return opts.balances(chainId, address);
    return opts.balances ?? (chainId ? makeBalances(chainId) : balanceFixtures);
  };

  return [
    http.get(
      `${b}/v1/identity/:address`,
      route(
        'identity',
        () => ({ name: null, avatar: null }),
        () => HttpResponse.json(opts.identity ?? identityFixture),
      ),
    ),
    http.get(
      `${b}/v1/account/:address/history`,
      route(
        'history',
        () => ({ data: [], next: null }),
        ({ url }) => {
          const all = opts.transactions ?? transactionFixtures;
          const chainId = url.searchParams.get('chainId');
          const list = chainId ? all.filter((t) => t.metadata.chain === chainId) : all;
          const offset = Number(url.searchParams.get('cursor') ?? 0) || 0;
          const data = list.slice(offset, offset + pageSize);
          const next = offset + pageSize < list.length ? String(offset + pageSize) : null;
          return HttpResponse.json({ data, next });
        },
      ),
    ),
    http.get(
      `${b}/v1/account/:address/balance`,
      route<{ address: string }>(
        'balance',
        () => ({ balances: [] }),
        ({ url, params }) => {
          const chainId = url.searchParams.get('chainId') ?? '';
          return HttpResponse.json({ balances: balancesFor(chainId, params.address) });
        },
      ),
    ),
    http.get(
      `${b}/v1/convert/tokens`,
      route(
        'tokens',
        () => ({ tokens: [] }),
        ({ url }) =>
          HttpResponse.json({ tokens: makeSwapTokens(url.searchParams.get('chainId') ?? undefined) }),
      ),
    ),
    http.get(
      `${b}/v1/convert/quotes`,
      route(
        'quotes',
        () => ({ quotes: [] }),
        ({ url }) => {
          const q = swapQuoteFixture.quotes[0]!;
          const from = url.searchParams.get('from') ?? q.fromAccount;
          const to = url.searchParams.get('to') ?? q.toAccount;
          const amount = url.searchParams.get('amount') ?? q.fromAmount;
          return HttpResponse.json({
            quotes: [
              {
                ...q,
                fromAmount: amount,
                fromAccount: from,
                toAmount: fixtureQuote(from, to, amount),
                toAccount: to,
              },
            ],
          });
        },
      ),
    ),
    http.post(
      `${b}/v1/fungible/price`,
      route(
        'price',
        () => ({ fungibles: [] }),
        ({ body }) => {
          const addresses = ((body as { addresses?: unknown })?.addresses as string[] | undefined) ?? [];
          const tokens = makeSwapTokens();
          const fungibles = addresses.map((a) => {
            const addr = a.split(':').pop()?.toLowerCase();
            const t = tokens.find((x) => x.address.split(':').pop()?.toLowerCase() === addr) ?? tokens[0]!;
            return {
              name: t.name,
              symbol: t.symbol,
              iconUrl: t.logoUri,
              price: PRICE_FIXTURES[t.symbol] ?? 0,
            };
          });
          return HttpResponse.json({ fungibles });
        },
      ),
    ),
    http.get(
      `${b}/v1/convert/allowance`,
      route(
        'allowance',
        () => ({ allowance: '0' }),
        () => HttpResponse.json({ allowance: opts.allowance ?? '0' }),
      ),
    ),
    http.get(
      `${b}/v1/convert/gas-price`,
      route(
        'gasPrice',
        () => ({}),
        () => HttpResponse.json(gasPriceFixture),
      ),
    ),
    http.post(
      `${b}/v1/convert/build-transaction`,
      route(
        'buildTransaction',
        () => ({}),
        ({ body }) => HttpResponse.json(fixtureSwapTransaction(body)),
      ),
    ),
    http.get(
      `${b}/v1/convert/build-approve`,
      route(
        'buildApprove',
        () => ({}),
        ({ url }) => HttpResponse.json(fixtureApproveTransaction(url)),
      ),
    ),
    http.get(
      `${b}/v1/profile/account/:name`,
      route<{ name: string }>(
        'profile',
        () => ({}),
        ({ params }) => {
          const p = profiles.find((x) => x.name === params.name);
          return p
            ? HttpResponse.json(p)
            : HttpResponse.json(FAILED(`Name ${params.name} not found`, 'name'), { status: 404 });
        },
      ),
    ),
    http.get(
      `${b}/v1/profile/reverse/:address`,
      route<{ address: string }>(
        'reverseProfile',
        () => [],
        ({ params }) =>
          HttpResponse.json(
            profiles.filter((p) =>
              Object.values(p.addresses).some(
                (a) => a.address.toLowerCase() === params.address.toLowerCase(),
              ),
            ),
          ),
      ),
    ),
    http.get(
      `${b}/v1/profile/suggestions/:name`,
      route(
        'suggestions',
        () => ({ suggestions: [] }),
        () => HttpResponse.json(nameSuggestionsFixture),
      ),
    ),
    http.post(
      `${b}/v1/profile/account`,
      route(
        'registerName',
        () => ({}),
        ({ body }) => {
          // The reference API's checks (services/api/names.ts) except the signature's, since stories answer
          // for the embedded wallet with a made-up one: the message must name the body's coin type and
          // address, and a nonce is accepted once.
          const b2 = body as { coin_type?: number; address?: string; message?: string };
          let json: unknown;
          try {
            json = JSON.parse(b2.message ?? '');
          } catch {
            return HttpResponse.json(FAILED('message must be JSON', 'message'), { status: 400 });
          }
          const parsed = registrationMessageSchema.safeParse(json);
          if (!parsed.success) {
            const legacy = !!json && typeof json === 'object' && !('nonce' in json);
            return HttpResponse.json(
              FAILED(
                legacy
                  ? 'personal_sign registrations are not accepted: sign the EIP-712 typed data (eth_signTypedData_v4)'
                  : 'message is not a RegisterName message',
                'message',
              ),
              { status: 400 },
            );
          }
          const message = parsed.data;
          if (message.coinType !== b2.coin_type) {
            return HttpResponse.json(
              FAILED("The signed coinType is not the body's coin_type", 'message.coinType'),
              {
                status: 400,
              },
            );
          }
          if (message.address.toLowerCase() !== b2.address?.toLowerCase()) {
            return HttpResponse.json(
              FAILED("The signed address is not the body's address", 'message.address'),
              {
                status: 400,
              },
            );
          }
          const spent = `${message.address.toLowerCase()}|${message.nonce}`;
          if (usedNonces.has(spent)) {
            return HttpResponse.json(
              FAILED(
                'This signed registration was already used (its nonce is spent); sign a new one',
                'message.nonce',
              ),
              { status: 409 },
            );
          }
          const name = message.name;
          if (profiles.some((p) => p.name === name)) {
            return HttpResponse.json(FAILED(`Name ${name} is already registered`, 'name'), { status: 409 });
          }
          usedNonces.add(spent);
          const now = 1736942400;
          const profile = {
            name,
            registered: now,
            updated: now,
            addresses: { [String(b2.coin_type ?? 60)]: { address: b2.address ?? '', created: String(now) } },
            attributes: [],
          };
          profiles.push(profile as unknown as typeof profileFixture);
          return HttpResponse.json(profile);
        },
      ),
    ),
    http.post(
      `${b}/v1/generators/onrampurl`,
      route(
        'onrampUrl',
        () => ({}),
        () => HttpResponse.json({ url: 'https://pay.coinbase.com/buy?session=fixture' }),
      ),
    ),
    http.get(
      `${b}/v1/onramp/options`,
      route(
        'onrampOptions',
        () => ({ paymentCurrencies: [], purchaseCurrencies: [] }),
        () => HttpResponse.json(onrampOptionsFixture),
      ),
    ),
    http.post(
      `${b}/v1/onramp/quote`,
      route(
        'onrampQuote',
        () => ({}),
        ({ body }) => {
          const q = body as { amount?: unknown; paymentCurrency?: string; purchaseCurrency?: string };
          return HttpResponse.json(
            makeOnrampQuote(String(q?.amount ?? '0'), q?.paymentCurrency, q?.purchaseCurrency),
          );
        },
      ),
    ),
  ];
}

/** Both families at once (the usual story setup). */
export function createApiHandlers(
  opts: { explorer?: ExplorerHandlersOptions; blockchain?: BlockchainApiHandlersOptions } = {},
): RequestHandler[] {
  return [...createExplorerHandlers(opts.explorer), ...createBlockchainApiHandlers(opts.blockchain)];
}
