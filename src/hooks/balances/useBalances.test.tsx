import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createConfig, http, mock, WagmiProvider } from 'wagmi';
import { connect } from 'wagmi/actions';
import { loadApiSchemas } from '../../api/http';
import { BALANCES_MAX_AGE_MS } from '../../core/constants';
import { keywayLocal, keywayLocalL2, toViemChain } from '../../core/networks';
import { createMemoryStorage } from '../../core/storage';
import { createKeyway } from '../../instance/createKeyway';
import { createBlockchainApiHandlers, type RecordedRequest } from '../../testing/msw';
import { KeywayProvider } from '../KeywayProvider';
import { useBalances } from './useBalances';

const API = 'https://api.balances.test';
/** Each answer takes this long, as a real API does: the balances are a little younger than the request. */
const ANSWER_MS = 300;
const requests: RecordedRequest[] = [];
const server = setupServer(
  ...createBlockchainApiHandlers({ baseUrl: API, delayMs: ANSWER_MS, onRequest: (r) => requests.push(r) }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  cleanup();
  requests.length = 0;
  vi.useRealTimers();
});
afterAll(() => server.close());

function Watcher() {
  const { balances } = useBalances({ watch: true });
  return <p>{balances.length}</p>;
}

describe('useBalances({ watch: true })', () => {
  it('reads the balances again every BALANCES_MAX_AGE_MS while shown, not every other time', async () => {
    // The API client's code and schemas load with the first request (module loads the fake clock does not
    // drive): loaded before the clock is faked, so the answers arrive at the fake times the ticks expect.
    await Promise.all([loadApiSchemas(), import('../../api/blockchain-api')]);
    vi.useFakeTimers();
    const chains = [toViemChain(keywayLocal), toViemChain(keywayLocalL2)] as const;
    const host = createConfig({
      chains,
      connectors: [mock({ accounts: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] })],
      transports: { [chains[0].id]: http(), [chains[1].id]: http() },
      storage: null,
    });
    const kw = createKeyway(
      {
        projectId: 'test-project',
        networks: [keywayLocal, keywayLocalL2],
        apiUrl: API,
        storage: createMemoryStorage(),
      },
      { optionalConnectors: false },
    );
    try {
      await act(async () => {
        await connect(host, { connector: host.connectors[0]!, chainId: 31337 });
      });
      render(
        <WagmiProvider config={host} reconnectOnMount={false}>
          <QueryClientProvider client={new QueryClient()}>
            <KeywayProvider keyway={kw}>
              <Watcher />
            </KeywayProvider>
          </QueryClientProvider>
        </WagmiProvider>,
      );
      const reads = () => requests.filter((r) => r.url.pathname.endsWith('/balance')).length;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(ANSWER_MS + 50);
      });
      expect(reads()).toBe(1);
      for (let tick = 1; tick <= 3; tick++) {
        await act(async () => {
          await vi.advanceTimersByTimeAsync(BALANCES_MAX_AGE_MS);
        });
        expect(reads()).toBe(1 + tick);
      }
    } finally {
      // Unmounted first: a hook that reads a part of a destroyed instance throws.
      cleanup();
      kw.destroy();
    }
  });
});
