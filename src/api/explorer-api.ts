/**
 * Typed client of the wallet explorer API (API.md): wallet listing and search, analytics config and events,
 * image URLs. Headers x-project-id, x-sdk-type and x-sdk-version on every call.
 */
import { createHttpClient, type HttpClientConfig, loadApiSchemas, type RequestOptions } from './http';
import type { AnalyticsConfig, AnalyticsEvent, ExplorerWallet } from './schemas';
import { explorerImageUrls } from './url';

export type ExplorerClientConfig = Pick<
  HttpClientConfig,
  'baseUrl' | 'projectId' | 'sdkType' | 'sdkVersion' | 'fetch'
> &
  Partial<Pick<HttpClientConfig, 'timeoutMs' | 'retries' | 'retryDelayMs'>>;

export interface GetWalletsArgs {
  page: number;
  entries: number;
  search?: string;
  /** CAIP-2 ids. */
  chains?: string[] | string;
  /** Wallet ids. */
  include?: string[] | string;
  exclude?: string[] | string;
  signal?: AbortSignal;
}

const list = (v: string[] | string | undefined) =>
  Array.isArray(v) ? (v.length ? v.join(',') : undefined) : v || undefined;

export function createExplorerClient(cfg: ExplorerClientConfig) {
  const http = createHttpClient({ ...cfg, headers: 'explorer' });

  return {
    http,

    /** `GET /getWallets`: one page; unsafe links are dropped and malformed entries skipped, never the whole page. */
    getWallets(args: GetWalletsArgs): Promise<{ data: ExplorerWallet[]; count: number }> {
      const search = args.search?.trim();
      return http.get(
        '/getWallets',
        {
          page: args.page,
          entries: args.entries,
          search: search ? search.slice(0, 100) : undefined,
          chains: list(args.chains),
          include: list(args.include),
          exclude: list(args.exclude),
        },
        (s) => s.walletListResponseSchema,
        { signal: args.signal },
      );
    },

    /** `GET /getAnalyticsConfig`. */
    getAnalyticsConfig(opts: RequestOptions = {}): Promise<AnalyticsConfig> {
      return http.get('/getAnalyticsConfig', {}, (s) => s.analyticsConfigSchema, opts);
    },

    /** `POST /e`: one tracked event. */
    async sendEvent(event: AnalyticsEvent, opts: RequestOptions = {}): Promise<void> {
      const { analyticsEventSchema } = await loadApiSchemas();
      await http.post('/e', analyticsEventSchema.parse(event), (s) => s.anyResponseSchema, opts);
    },

    ...explorerImageUrls(cfg),
  };
}

export type ExplorerClient = ReturnType<typeof createExplorerClient>;
