/**
 * Swap stories: the send stories' chain (it takes the test wallet's signed transactions), the API's swap
 * fixtures (tokens ETH, USDC, DAI, WETH; quotes from the fixture prices less 0.85 %; real router calls to
 * FIXTURE_ROUTER, which the story instance trusts on its network), and setup helpers that fill the form as
 * a user would.
 */
import { HttpResponse, http, type RequestHandler } from 'msw';
import type { Hex } from 'viem';
import { getBalancesStore } from '../../src/hooks/balances/instance';
import { getSwapStore } from '../../src/hooks/swap/instance';
import type { SwapStore } from '../../src/hooks/swap/store';
import { type BlockchainApiHandlersOptions, FIXTURE_ROUTER, fixturePermitCall } from '../../src/testing/msw';
import type { StoryKit, StoryKitOptions } from '../_support/keyway';
import { resetSendChain, sendHandlers } from './_sendData';

export const SWAP_OPTIONS: StoryKitOptions['options'] = { swapRouters: { 'eip155:31337': [FIXTURE_ROUTER] } };

export const swapHandlers = (blockchain: BlockchainApiHandlersOptions = {}): RequestHandler[] =>
  sendHandlers({ blockchain });

/** The story network's router marked as taking EIP-2612 permits (the fixtures' USDC and DAI are eip2612). */
export const SWAP_PERMIT_OPTIONS: StoryKitOptions['options'] = {
  swapRouters: { 'eip155:31337': [{ address: FIXTURE_ROUTER, name: 'Fixture router', permit: true }] },
};

/**
 * The swap handlers plus the permit tokens' reads on the story chain: `eth_call` of name(), nonces(owner)
 * and DOMAIN_SEPARATOR() of the fixture eip2612 tokens is answered (fixturePermitCall); anything else
 * falls through to the send chain.
 */
export function swapPermitHandlers(blockchain: BlockchainApiHandlersOptions = {}): RequestHandler[] {
  return [
    http.post('https://rpc.keyway.test/:chainId', async ({ request, params }) => {
      const body = (await request.clone().json()) as {
        id?: number;
        method?: string;
        params?: [{ to?: string; data?: Hex }?];
      };
      if (Array.isArray(body) || body.method !== 'eth_call') return undefined;
      const call = body.params?.[0];
      const answer =
        call?.to && call.data ? fixturePermitCall(Number(params.chainId), call.to, call.data) : null;
      return HttpResponse.json(
        answer === null
          ? { jsonrpc: '2.0', id: body.id, error: { code: 3, message: 'execution reverted' } }
          : { jsonrpc: '2.0', id: body.id, result: answer },
      );
    }),
    ...swapHandlers(blockchain),
  ];
}

export const swapStore = (kit: StoryKit): SwapStore => getSwapStore(kit.keyway);

const bySymbol = (store: SwapStore, symbol: string) => {
  const t = store.getState().tokens.find((x) => x.symbol === symbol);
  if (!t) throw new Error(`Story setup: no swap token ${symbol}`);
  return t;
};

/** Story setup: swap initialized, then the tokens chosen and the amount typed; waits for the quote. */
export function fillSwap(
  form: { from?: string; to?: string; amount?: string } = {},
): NonNullable<StoryKitOptions['setup']> {
  return async (kit) => {
    resetSendChain();
    const store = swapStore(kit);
    await getBalancesStore(kit.keyway).getState().load();
    await store.getState().initialize();
    if (form.from) store.getState().setSourceToken(bySymbol(store, form.from));
    if (form.to) store.getState().setToToken(bySymbol(store, form.to));
    if (form.amount !== undefined) store.getState().setSourceTokenAmount(form.amount);
    if (form.to && form.amount) await store.getState().fetchQuote();
  };
}
