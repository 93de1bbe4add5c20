/**
 * Typed client of the Blockchain API (API.md): identity, history, balances, swap, prices, gas, names and
 * on-ramp. Every response is zod-parsed; failures are `ApiError`s except where spec §8 names a fallback
 * (gas price → null; on-ramp options and quote → mock data).
 */

import {
  ACCOUNT_CURRENCY_UNIT,
  ONRAMP_FALLBACK_PAYMENT_CURRENCIES,
  ONRAMP_FALLBACK_PAYMENT_LIMITS,
  ONRAMP_FALLBACK_PURCHASE,
} from '../core/constants';
import { ApiError } from '../core/errors';
import { createHttpClient, type HttpClientConfig, loadApiSchemas, type RequestOptions } from './http';
import type {
  Allowance,
  ApproveTransaction,
  Balance,
  FungiblePrice,
  GasPrice,
  Identity,
  NameSuggestion,
  OnrampOptions,
  OnrampQuote,
  OnrampQuoteBody,
  OnrampUrlBody,
  Profile,
  RegisterNameBody,
  SwapQuote,
  SwapToken,
  SwapTransaction,
  TransactionsPage,
} from './schemas';
import { blockchainRpcUrl } from './url';

export type BlockchainApiConfig = Pick<
  HttpClientConfig,
  'baseUrl' | 'projectId' | 'sdkType' | 'sdkVersion' | 'fetch'
> &
  Partial<Pick<HttpClientConfig, 'timeoutMs' | 'retries' | 'retryDelayMs'>> & {
    /** Where failures with a fallback are reported (default console.error, spec §9 log level "error"). */
    onError?: (where: string, error: unknown) => void;
  };

const PROFILE_API_VERSION = 2;

/** Spec §9: on-ramp options shown when the service fails. */
export const ONRAMP_FALLBACK_OPTIONS: OnrampOptions = Object.freeze({
  paymentCurrencies: ONRAMP_FALLBACK_PAYMENT_CURRENCIES.map((id) => ({
    id,
    payment_method_limits: ONRAMP_FALLBACK_PAYMENT_LIMITS.map((l) => ({ id: l.id, min: l.min, max: l.max })),
  })),
  purchaseCurrencies: [
    {
      id: ONRAMP_FALLBACK_PURCHASE.symbol,
      name: ONRAMP_FALLBACK_PURCHASE.symbol,
      symbol: ONRAMP_FALLBACK_PURCHASE.symbol,
      networks: ONRAMP_FALLBACK_PURCHASE.chainIds.map((chainId) => ({
        name: chainId === 1 ? 'ethereum-mainnet' : 'polygon-mainnet',
        display_name: chainId === 1 ? 'Ethereum' : 'Polygon',
        chain_id: String(chainId),
        contract_address:
          chainId === 1
            ? '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
            : '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
      })),
    },
  ],
  fallback: true,
});

/**
 * Spec §8: a mock quote when the on-ramp quote call fails. It assumes 1:1 between the fiat amount and the
 * purchased stable coin with no fees, and is flagged `fallback: true` so views can label it an estimate.
 */
export function fallbackOnrampQuote(body: OnrampQuoteBody): OnrampQuote {
  const amount = String(body.amount);
  const money = (currency: string, value = amount) => ({ amount: value, currency });
  return {
    paymentTotal: money(body.paymentCurrency),
    paymentSubtotal: money(body.paymentCurrency),
    purchaseAmount: money(body.purchaseCurrency),
    coinbaseFee: money(body.paymentCurrency, '0'),
    networkFee: money(body.paymentCurrency, '0'),
    quoteId: 'fallback',
    fallback: true,
  };
}

const enc = encodeURIComponent;

export function createBlockchainApiClient(cfg: BlockchainApiConfig) {
  const http = createHttpClient({ ...cfg, headers: 'blockchain' });
  const onError = cfg.onError ?? ((where, e) => console.error(`Keyway: ${where} failed`, e));

  return {
    http,

    /** `GET /v1/identity/{address}`: ENS-style name and avatar for an address. */
    getIdentity(address: string, opts: { sender?: string } & RequestOptions = {}): Promise<Identity> {
      return http.get(`/v1/identity/${enc(address)}`, { sender: opts.sender }, (s) => s.identitySchema, opts);
    },

    /** `GET /v1/account/{account}/history`: one page, newest first; `next` is the cursor of the next page. */
    getTransactions(args: {
      account: string;
      cursor?: string;
      chainId?: string;
      onramp?: string;
      signal?: AbortSignal;
    }): Promise<TransactionsPage> {
      return http.get(
        `/v1/account/${enc(args.account)}/history`,
        { cursor: args.cursor, chainId: args.chainId, onramp: args.onramp },
        (s) => s.transactionsResponseSchema,
        { signal: args.signal },
      );
    },

    /** `GET /v1/account/{address}/balance` in usd for one network; `forceUpdate` lists CAIP-10 tokens to refresh. */
    async getBalances(args: {
      address: string;
      chainId: string;
      forceUpdate?: string[];
      signal?: AbortSignal;
    }): Promise<Balance[]> {
      const r = await http.get(
        `/v1/account/${enc(args.address)}/balance`,
        {
          currency: ACCOUNT_CURRENCY_UNIT,
          chainId: args.chainId,
          forceUpdate: args.forceUpdate?.length ? args.forceUpdate : undefined,
        },
        (s) => s.balancesResponseSchema,
        { signal: args.signal },
      );
      return r.balances;
    },

    /** `GET /v1/convert/tokens` for a CAIP-2 network. */
    async getSwapTokens(chainId: string, opts: RequestOptions = {}): Promise<SwapToken[]> {
      const r = await http.get('/v1/convert/tokens', { chainId }, (s) => s.swapTokensResponseSchema, opts);
      return r.tokens;
    },

    /** `GET /v1/convert/quotes`; `amount` and `gasPrice` are integer strings in the smallest unit. */
    async getSwapQuote(
      args: { amount: string; userAddress: string; from: string; to: string; gasPrice: string },
      opts: RequestOptions = {},
    ): Promise<SwapQuote[]> {
      const r = await http.get('/v1/convert/quotes', args, (s) => s.swapQuotesResponseSchema, opts);
      return r.quotes;
    },

    /** `POST /v1/fungible/price` for CAIP-10 token ids, in usd. */
    async getTokenPrices(addresses: string[], opts: RequestOptions = {}): Promise<FungiblePrice[]> {
      const r = await http.post(
        '/v1/fungible/price',
        { projectId: cfg.projectId, currency: ACCOUNT_CURRENCY_UNIT, addresses },
        (s) => s.fungiblePriceResponseSchema,
        opts,
      );
      return r.fungibles;
    },

    /** `GET /v1/convert/allowance`. */
    getAllowance(
      args: { tokenAddress: string; userAddress: string },
      opts: RequestOptions = {},
    ): Promise<Allowance> {
      return http.get('/v1/convert/allowance', args, (s) => s.allowanceSchema, opts);
    },

    /** `GET /v1/convert/gas-price` (wei strings); `null` on any failure (spec §8). */
    async getGasPrice(chainId: string, opts: RequestOptions = {}): Promise<GasPrice | null> {
      try {
        return await http.get('/v1/convert/gas-price', { chainId }, (s) => s.gasPriceSchema, opts);
      } catch (e) {
        if (opts.signal?.aborted) throw e;
        onError('getGasPrice', e);
        return null;
      }
    },

    /**
     * `POST /v1/convert/build-transaction`; `slippage` in percent. With `permit` (an EIP-2612 signature for
     * exactly `amount`, see docs/local-stack.md) the router's `…WithPermit` call is built.
     */
    async buildSwapTransaction(
      args: {
        amount: string;
        userAddress: string;
        from: string;
        to: string;
        slippage: number | string;
        permit?: { deadline: string; signature: string };
      },
      opts: RequestOptions = {},
    ): Promise<SwapTransaction> {
      const r = await http.post(
        '/v1/convert/build-transaction',
        {
          projectId: cfg.projectId,
          userAddress: args.userAddress,
          from: args.from,
          to: args.to,
          amount: args.amount,
          eip155: {
            slippage: String(args.slippage),
            ...(args.permit
              ? { permit: { deadline: args.permit.deadline, signature: args.permit.signature } }
              : {}),
          },
        },
        (s) => s.swapTransactionSchema,
        opts,
      );
      return r.tx;
    },

    /** `GET /v1/convert/build-approve`: the approval the kit checks (spender, exact amount) before sending. */
    async buildApproveTransaction(
      args: { userAddress: string; from: string; to: string; amount?: string },
      opts: RequestOptions = {},
    ): Promise<ApproveTransaction> {
      const r = await http.get('/v1/convert/build-approve', args, (s) => s.approveTransactionSchema, opts);
      return r.tx;
    },

    /** `GET /v1/profile/account/{name}`; `null` when the name is not registered (404). */
    async getProfile(name: string, opts: RequestOptions = {}): Promise<Profile | null> {
      try {
        return await http.get(
          `/v1/profile/account/${enc(name)}`,
          { apiVersion: PROFILE_API_VERSION },
          (s) => s.profileSchema,
          opts,
        );
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }
    },

    /** `GET /v1/profile/reverse/{address}`: names registered for an address. */
    reverseProfile(address: string, sender?: string, opts: RequestOptions = {}): Promise<Profile[]> {
      return http.get(
        `/v1/profile/reverse/${enc(address)}`,
        { sender, apiVersion: PROFILE_API_VERSION },
        (s) => s.profileListSchema,
        opts,
      );
    },

    /** `GET /v1/profile/suggestions/{name}`. */
    async getNameSuggestions(name: string, opts: RequestOptions = {}): Promise<NameSuggestion[]> {
      const r = await http.get(
        `/v1/profile/suggestions/${enc(name)}`,
        {},
        (s) => s.nameSuggestionsResponseSchema,
        opts,
      );
      return r.suggestions;
    },

    /**
     * `POST /v1/profile/account`: the message is the JSON text of `{name, attributes, timestamp, coinType,
     * address, nonce, chainId}` and the signature an EIP-712 one of its typed data (hooks/names/typedData.ts).
     */
    async registerName(body: RegisterNameBody, opts: RequestOptions = {}): Promise<Profile> {
      const { registerNameBodySchema } = await loadApiSchemas();
      return http.post(
        '/v1/profile/account',
        registerNameBodySchema.parse(body),
        (s) => s.profileSchema,
        opts,
      );
    },

    /** `POST /v1/generators/onrampurl`: the provider page to open (https only). */
    async generateOnrampUrl(body: OnrampUrlBody, opts: RequestOptions = {}): Promise<{ url: string }> {
      const { onrampUrlBodySchema } = await loadApiSchemas();
      return http.post(
        '/v1/generators/onrampurl',
        onrampUrlBodySchema.parse(body),
        (s) => s.onrampUrlResponseSchema,
        opts,
      );
    },

    /** `GET /v1/onramp/options`; falls back to the spec §9 data (`fallback: true`) on failure. */
    async getOnrampOptions(opts: RequestOptions = {}): Promise<OnrampOptions> {
      try {
        return await http.get('/v1/onramp/options', {}, (s) => s.onrampOptionsSchema, opts);
      } catch (e) {
        if (opts.signal?.aborted) throw e;
        onError('getOnrampOptions', e);
        return structuredClone(ONRAMP_FALLBACK_OPTIONS);
      }
    },

    /** `POST /v1/onramp/quote`; falls back to a mock quote (`fallback: true`) on failure. */
    async getOnrampQuote(body: OnrampQuoteBody, opts: RequestOptions = {}): Promise<OnrampQuote> {
      const { onrampQuoteBodySchema } = await loadApiSchemas();
      const parsed = onrampQuoteBodySchema.parse(body);
      try {
        return await http.post('/v1/onramp/quote', parsed, (s) => s.onrampQuoteSchema, opts);
      } catch (e) {
        if (opts.signal?.aborted) throw e;
        onError('getOnrampQuote', e);
        return fallbackOnrampQuote(parsed);
      }
    },

    /** The chain RPC URL `{apiUrl}/v1/?chainId=<caip2>&projectId=…`. */
    rpcUrl(caip2: string): string {
      return blockchainRpcUrl(cfg, caip2);
    },
  };
}

export type BlockchainApiClient = ReturnType<typeof createBlockchainApiClient>;
