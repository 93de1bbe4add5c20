/**
 * The URLs of the APIs' GETs that are not fetched by the client (`<img src>`, the RPC proxy), and the query
 * rule every request follows. Small and synchronous: the views need image URLs before any request, while the
 * clients' code loads with the first request (api/lazy.ts).
 */
import { ApiError } from '../core/errors';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

const EMAIL_RE = /[^\s@/?#]+@[^\s@/?#]+\.[^\s@/?#]+/;

/**
 * `baseUrl` + `path` with the query's set values (arrays comma-joined). Throws an ApiError for a value that
 * looks like an email address: a server must never receive a user identifier in a query string (API.md).
 */
export function apiUrl(baseUrl: string, path: string, query: Query | undefined): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`));
  for (const [key, raw] of Object.entries(query ?? {})) {
    if (raw === undefined || raw === null) continue;
    const value = Array.isArray(raw) ? raw.join(',') : String(raw);
    if (EMAIL_RE.test(value)) {
      throw new ApiError(`Refusing to put a user identifier in the query string ("${key}")`, null);
    }
    url.searchParams.set(key, value);
  }
  return url.toString();
}

export interface ApiUrlConfig {
  baseUrl: string;
  projectId: string;
  sdkType: string;
  sdkVersion: string;
}

const enc = encodeURIComponent;

/** The explorer's image URLs. `<img>` cannot send headers: they carry the project and SDK as query parameters. */
export function explorerImageUrls(cfg: ApiUrlConfig) {
  const query = { projectId: cfg.projectId, st: cfg.sdkType, sv: cfg.sdkVersion };
  return {
    walletImageUrl(imageId: string): string {
      return apiUrl(cfg.baseUrl, `/getWalletImage/${enc(imageId)}`, query);
    },
    /** Network and connector images. */
    assetImageUrl(id: string): string {
      return apiUrl(cfg.baseUrl, `/public/getAssetImage/${enc(id)}`, query);
    },
    tokenImageUrl(symbol: string): string {
      return apiUrl(cfg.baseUrl, `/public/getTokenImage/${enc(symbol.toUpperCase())}`, query);
    },
    currencyImageUrl(iso: string): string {
      return apiUrl(cfg.baseUrl, `/public/getCurrencyImage/${enc(iso.toUpperCase())}`, query);
    },
  };
}

/** The Blockchain API's RPC proxy URL of a chain (CAIP-2 id), with the project id. */
export function blockchainRpcUrl(cfg: Pick<ApiUrlConfig, 'baseUrl' | 'projectId'>, caip2: string): string {
  return apiUrl(cfg.baseUrl, '/v1/', { chainId: caip2, projectId: cfg.projectId });
}
