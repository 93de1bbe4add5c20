import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createConfig, http, mock, WagmiProvider } from 'wagmi';
import { connect } from 'wagmi/actions';
import type { Transaction } from '../../api/schemas';
import { keywayLocal, keywayLocalL2, toViemChain } from '../../core/networks';
import { createMemoryStorage } from '../../core/storage';
import { createKeyway } from '../../instance/createKeyway';
import { createBlockchainApiHandlers, type RecordedRequest } from '../../testing/msw';
import { KeywayProvider } from '../KeywayProvider';
import { type UseOnrampResult, useOnramp } from './useOnramp';

const API = 'https://api.onramp.test';
const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const requests: RecordedRequest[] = [];
const server = setupServer(
  ...createBlockchainApiHandlers({ baseUrl: API, onRequest: (r) => requests.push(r) }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  cleanup();
  requests.length = 0;
});
afterAll(() => server.close());

const purchase = (id: string): Transaction => ({
  id,
  metadata: {
    operationType: 'buy',
    hash: id,
    chain: 'eip155:31337',
    minedAt: '2026-01-01T00:00:00Z',
    sentFrom: '0x0000000000000000000000000000000000000001',
    sentTo: ACCOUNT,
    status: 'confirmed',
    nonce: undefined,
  },
  transfers: [
    {
      fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: { url: '' } },
      direction: 'in',
      quantity: { numeric: '46.51' },
    } as Transaction['transfers'][number],
  ],
});

const seen: { result: UseOnrampResult | null } = { result: null };
function Host() {
  seen.result = useOnramp();
  return <p>{seen.result.purchase.status}</p>;
}

describe('useOnramp in a headless host (no KeywayModal)', () => {
  it('fetches nothing before it is used; the whole purchase leaves the modal untouched', {
    timeout: 60_000,
  }, async () => {
    const chains = [toViemChain(keywayLocal), toViemChain(keywayLocalL2)] as const;
    const host = createConfig({
      chains,
      connectors: [mock({ accounts: [ACCOUNT] })],
      transports: { [chains[0].id]: http(), [chains[1].id]: http() },
      storage: null,
    });
    let history: Transaction[] = [];
    const kw = createKeyway(
      {
        projectId: 'test-project',
        networks: [keywayLocal, keywayLocalL2],
        apiUrl: API,
        storage: createMemoryStorage(),
        locale: 'de',
      },
      {
        optionalConnectors: false,
        partDeps: {
          onramp: (keyway) => ({
            api: {
              ...keyway.api.blockchain,
              getTransactions: async () => ({ data: history, next: null }),
            },
            openWindow: () => ({
              closed: false,
              opener: null,
              location: { replace: () => undefined },
              close: () => {},
            }),
            debounceMs: 10,
            pollMs: 20,
          }),
        },
      },
    );
    try {
      await act(async () => {
        await connect(host, { connector: host.connectors[0]!, chainId: 31337 });
      });
      const onramp = () => requests.filter((r) => r.url.pathname.includes('onramp')).length;
      expect(onramp()).toBe(0);
      const modalBefore = kw.stores.modal.getState();
      const modalChanges: unknown[] = [];
      kw.stores.modal.subscribe((s) => modalChanges.push(s));

      render(
        <WagmiProvider config={host} reconnectOnMount={false}>
          <QueryClientProvider client={new QueryClient()}>
            <KeywayProvider keyway={kw}>
              <Host />
            </KeywayProvider>
          </QueryClientProvider>
        </WagmiProvider>,
      );
      const current = () => seen.result as UseOnrampResult;
      // The options come through the API client, whose code loads with the first request: on a busy machine
      // that first load can take longer than waitFor's default second.
      await waitFor(() => expect(current().status).toBe('ready'), { timeout: 30_000 });
      expect(onramp()).toBeGreaterThan(0);
      // Below the minimum: a code with the limit as the API wrote it (exact decimal string), in German too.
      act(() => current().setPaymentAmount('1'));
      expect(current().error).toMatchObject({ code: 'belowMinimum', values: { currency: 'USD' } });
      act(() => current().setPaymentAmount('50'));
      // The quote (after the debounce) fills in the crypto amount.
      await waitFor(() => expect(current().purchaseAmount).toBe('46.51'));
      let outcome: unknown;
      await act(async () => {
        outcome = await current().buy();
      });
      expect(outcome).toEqual({ outcome: 'opened' });
      history = [purchase('new')];
      // The next poll of the history finds the purchase.
      await waitFor(() =>
        expect(current().purchase).toMatchObject({ status: 'success', received: { amount: '46.51' } }),
      );
      expect(modalChanges).toEqual([]);
      expect(kw.stores.modal.getState().isOpen).toBe(modalBefore.isOpen);
      expect(kw.stores.modal.getState().history).toEqual(modalBefore.history);
    } finally {
      // Unmount before destroying: a mounted host would render again against the destroyed instance.
      cleanup();
      kw.destroy();
    }
  });
});
