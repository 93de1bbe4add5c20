/**
 * The instance's API clients with their code loaded on the first request. Creating an instance makes no
 * request, and most visitors never make one before they open the modal: the HTTP client (timeouts, retries,
 * error mapping), the endpoints and their fallbacks stay out of a host's initial JS. The URL builders (images,
 * the RPC proxy) are synchronous and answer at once.
 *
 * Every request method delegates to the real client (`blockchain-api.ts`, `explorer-api.ts`), so the
 * behaviour is theirs; a failure to load the code is an `ApiError` "network error", like a failed request.
 */
import { ApiError } from '../core/errors';
import type { BlockchainApiClient, BlockchainApiConfig } from './blockchain-api';
import type { ExplorerClient, ExplorerClientConfig } from './explorer-api';
import { blockchainRpcUrl, explorerImageUrls } from './url';

/** The names of the methods of T that return a promise (the requests). */
type RequestKeys<T> = {
  [K in keyof T]: T[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof T];

/** The Blockchain API as the kit uses it (the real client without its `http` internals). */
export type BlockchainApi = Omit<BlockchainApiClient, 'http'>;
/** The wallet explorer as the kit uses it (the real client without its `http` internals). */
export type ExplorerApi = Omit<ExplorerClient, 'http'>;

const BLOCKCHAIN_REQUESTS = [
  'getIdentity',
  'getTransactions',
  'getBalances',
  'getSwapTokens',
  'getSwapQuote',
  'getTokenPrices',
  'getAllowance',
  'getGasPrice',
  'buildSwapTransaction',
  'buildApproveTransaction',
  'getProfile',
  'reverseProfile',
  'getNameSuggestions',
  'registerName',
  'generateOnrampUrl',
  'getOnrampOptions',
  'getOnrampQuote',
] as const satisfies readonly RequestKeys<BlockchainApi>[];

const EXPLORER_REQUESTS = [
  'getWallets',
  'getAnalyticsConfig',
  'sendEvent',
] as const satisfies readonly RequestKeys<ExplorerApi>[];

// Every request method is listed (a method added to a client and not here fails to compile).
type Unlisted<T, L extends readonly unknown[]> = Exclude<RequestKeys<T>, L[number]>;
const everyRequestListed: [
  Unlisted<BlockchainApi, typeof BLOCKCHAIN_REQUESTS>,
  Unlisted<ExplorerApi, typeof EXPLORER_REQUESTS>,
] extends [never, never]
  ? true
  : never = true;
void everyRequestListed;

/** Methods that call `load()`'s client once it is there; a failed load rejects like a network error. */
export function delegate<T, K extends keyof T>(
  label: string,
  load: () => Promise<T>,
  keys: readonly K[],
): Pick<T, K> {
  let client: Promise<T> | null = null;
  const get = () => {
    client ??= load().catch((cause: unknown) => {
      client = null; // the next request tries again
      throw new ApiError(`${label} failed: network error`, null, [], { cause });
    });
    return client;
  };
  const methods = {} as Pick<T, K>;
  for (const key of keys) {
    const call = async (...args: unknown[]) => {
      const c = await get();
      return (c[key] as (...a: unknown[]) => unknown)(...args);
    };
    methods[key] = call as T[K];
  }
  return methods;
}

/**
 * Loads the clients' code ahead of the first request (`keyway.preload()`: the styled modal calls it when the
 * page is idle, with the dialog): the first open then asks the APIs at once.
 */
export function preloadApiClients(): Promise<void> {
  return Promise.all([import('./blockchain-api'), import('./explorer-api')]).then(() => undefined);
}

export function createLazyBlockchainApi(cfg: BlockchainApiConfig): BlockchainApi {
  const load = () => import('./blockchain-api').then((m) => m.createBlockchainApiClient(cfg));
  return {
    ...delegate<BlockchainApi, (typeof BLOCKCHAIN_REQUESTS)[number]>(
      'Blockchain API',
      load,
      BLOCKCHAIN_REQUESTS,
    ),
    rpcUrl: (caip2) => blockchainRpcUrl(cfg, caip2),
  };
}

export function createLazyExplorerApi(cfg: ExplorerClientConfig): ExplorerApi {
  const load = () => import('./explorer-api').then((m) => m.createExplorerClient(cfg));
  return {
    ...delegate<ExplorerApi, (typeof EXPLORER_REQUESTS)[number]>('Wallet explorer', load, EXPLORER_REQUESTS),
    ...explorerImageUrls(cfg),
  };
}
