/**
 * The kit's one HTTP client: projectId on every call, x-sdk-type/x-sdk-version headers, a timeout per
 * attempt, bounded exponential back-off for idempotent GETs, zod-parsed responses. Every failure becomes an
 * `ApiError` (status, reasons); an abort by the caller is rethrown as the caller's abort reason.
 */

import { HTTP_RETRY_COUNT, HTTP_RETRY_DELAY_MS, HTTP_TIMEOUT_MS } from '../core/constants';
import { ApiError } from '../core/errors';
import type { z } from '../core/zod-mini';
import { apiUrl, type Query } from './url';

/** The API schemas module (zod), loaded with the first request instead of with the page. */
export type ApiSchemas = typeof import('./schemas');

let schemasModule: Promise<ApiSchemas> | undefined;

/** Loads the API schemas once; a failed load (a dropped chunk request) is tried again on the next call. */
export function loadApiSchemas(): Promise<ApiSchemas> {
  schemasModule ??= import('./schemas').catch((e: unknown) => {
    schemasModule = undefined;
    throw e;
  });
  return schemasModule;
}

/**
 * What a response is parsed with: a zod schema, or a pick from the API schemas module (`(s) => s.profileSchema`),
 * so that a client's module does not import the schemas and every response is still parsed before it is returned.
 */
export type ResponseSchema<T> = z.ZodMiniType<T> | ((schemas: ApiSchemas) => z.ZodMiniType<T>);

export type { Query, QueryValue } from './url';

export interface HttpClientConfig {
  baseUrl: string;
  projectId: string;
  sdkType: string;
  sdkVersion: string;
  fetch?: typeof fetch;
  /** Per attempt. */
  timeoutMs?: number;
  /** Extra attempts for GETs on network errors, 5xx and 429. */
  retries?: number;
  /** First back-off delay; doubled on every retry. */
  retryDelayMs?: number;
  /**
   * 'blockchain' (default): projectId as a `projectId` query parameter on every call.
   * 'explorer': projectId in the `x-project-id` header.
   */
  headers?: 'blockchain' | 'explorer';
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface HttpClient {
  readonly baseUrl: string;
  get<T>(
    path: string,
    query: Query | undefined,
    schema: ResponseSchema<T>,
    opts?: RequestOptions,
  ): Promise<T>;
  post<T>(
    path: string,
    body: unknown,
    schema: ResponseSchema<T>,
    opts?: RequestOptions & { query?: Query },
  ): Promise<T>;
  /** The absolute URL of a GET (with projectId for the blockchain API), for `<img src>` and RPC URLs. */
  url(path: string, query?: Query): string;
}

/** Upper bound for a server's Retry-After that we honour. */
const MAX_RETRY_AFTER_MS = 5_000;

class RetryableError extends Error {
  constructor(
    readonly apiError: ApiError,
    readonly retryAfterMs?: number,
  ) {
    super(apiError.message);
  }
}

function isAbortError(e: unknown): boolean {
  return e instanceof Error && (e.name === 'AbortError' || e.name === 'TimeoutError');
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function describeIssues(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'unexpected shape';
  const where = issue.path.length ? issue.path.join('.') : '(root)';
  const more = error.issues.length > 1 ? ` (+${error.issues.length - 1} more)` : '';
  return `${where}: ${issue.message}${more}`;
}

export function createHttpClient(cfg: HttpClientConfig): HttpClient {
  const {
    projectId,
    sdkType,
    sdkVersion,
    timeoutMs = HTTP_TIMEOUT_MS,
    retries = HTTP_RETRY_COUNT,
    retryDelayMs = HTTP_RETRY_DELAY_MS,
    headers: mode = 'blockchain',
  } = cfg;
  const baseUrl = cfg.baseUrl.replace(/\/+$/, '');

  function buildUrl(path: string, query: Query | undefined): string {
    return apiUrl(baseUrl, path, mode === 'blockchain' ? { ...query, projectId } : query);
  }

  function requestHeaders(json: boolean): Record<string, string> {
    const h: Record<string, string> = { 'x-sdk-type': sdkType, 'x-sdk-version': sdkVersion };
    if (mode === 'explorer') h['x-project-id'] = projectId;
    if (json) h['content-type'] = 'application/json';
    return h;
  }

  async function attempt<T>(
    method: 'GET' | 'POST',
    url: string,
    label: string,
    body: string | undefined,
    schema: ResponseSchema<T>,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    // Loads while the request is in flight (a no-op once loaded). Failing to load is a network error.
    const schemas = loadApiSchemas().catch((e: unknown) => {
      throw new RetryableError(new ApiError(`${label} failed: network error`, null, [], { cause: e }));
    });
    schemas.catch(() => {});
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    let res: Response;
    let raw: string;
    try {
      const doFetch = cfg.fetch ?? globalThis.fetch;
      res = await doFetch(url, {
        method,
        headers: requestHeaders(body !== undefined),
        body,
        signal: controller.signal,
      });
      raw = await res.text();
    } catch (e) {
      if (signal?.aborted) throw signal.reason ?? e;
      if (timedOut || isAbortError(e)) {
        // A timeout is not retried: the caller already waited the full time.
        throw new ApiError(`${label} timed out after ${timeoutMs} ms`, null, [], { cause: e });
      }
      throw new RetryableError(new ApiError(`${label} failed: network error`, null, [], { cause: e }));
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }

    let json: unknown;
    let jsonOk = true;
    if (raw.trim() === '') json = undefined;
    else {
      try {
        json = JSON.parse(raw);
      } catch {
        jsonOk = false;
      }
    }

    const { apiErrorBodySchema } = await schemas;
    if (!res.ok) {
      const parsed = jsonOk ? apiErrorBodySchema.safeParse(json) : undefined;
      const reasons = parsed?.success ? parsed.data.reasons : [];
      const message = reasons[0]?.description || `${label} failed with HTTP ${res.status}`;
      const err = new ApiError(message, res.status, reasons);
      if (res.status >= 500 || res.status === 429) {
        const ra = Number(res.headers.get('retry-after'));
        throw new RetryableError(
          err,
          Number.isFinite(ra) && ra > 0 ? Math.min(ra * 1000, MAX_RETRY_AFTER_MS) : undefined,
        );
      }
      throw err;
    }
    if (!jsonOk) throw new ApiError(`Malformed response from ${label}: not JSON`, res.status);
    const result = (typeof schema === 'function' ? schema(await schemas) : schema).safeParse(json);
    if (!result.success) {
      throw new ApiError(
        `Unexpected response from ${label}: ${describeIssues(result.error)}`,
        res.status,
        [],
        {
          cause: result.error,
        },
      );
    }
    return result.data;
  }

  async function run<T>(
    method: 'GET' | 'POST',
    path: string,
    query: Query | undefined,
    body: unknown,
    schema: ResponseSchema<T>,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    if (signal?.aborted) throw signal.reason;
    const url = buildUrl(path, query);
    const label = `${method} ${path}`;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const maxAttempts = method === 'GET' ? 1 + Math.max(0, retries) : 1;
    for (let i = 0; ; i++) {
      try {
        return await attempt(method, url, label, payload, schema, signal);
      } catch (e) {
        if (!(e instanceof RetryableError)) throw e;
        if (i + 1 >= maxAttempts) throw e.apiError;
        await sleep(Math.max(retryDelayMs * 2 ** i, e.retryAfterMs ?? 0), signal);
      }
    }
  }

  return {
    baseUrl,
    get: (path, query, schema, opts) => run('GET', path, query, undefined, schema, opts?.signal),
    post: (path, body, schema, opts) => run('POST', path, opts?.query, body, schema, opts?.signal),
    url: (path, query) => buildUrl(path, query),
  };
}
