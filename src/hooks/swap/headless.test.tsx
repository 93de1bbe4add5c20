/**
 * useSwap in a host with its own UI (no KeywayModal): a whole swap (quote, review, sent) on a real instance,
 * the Blockchain API answered by msw and the wallet's transaction by a stand-in. The flow reports its
 * outcomes on `keyway.outcomes`; the modal store never changes.
 */
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import type { Address, Hex } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mock } from 'wagmi';
import { connect } from 'wagmi/actions';
import { balanceSchema } from '../../api/schemas';
import { mainnet } from '../../core/networks';
import type { FlowOutcome } from '../../core/outcomes';
import { createMemoryStorage } from '../../core/storage';
import { createKeyway, type Keyway } from '../../instance/createKeyway';
import {
  createBlockchainApiHandlers,
  FIXTURE_ADDRESS,
  FIXTURE_ROUTER,
  makeBalances,
} from '../../testing/msw';
import { toTokenBalance } from '../balances/store';
import { KeywayProvider } from '../KeywayProvider';
import type { EvmCall } from './store';
import { useSwap } from './useSwap';

const API = 'https://api.swap-headless.test';
const USDC = 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const server = setupServer(...createBlockchainApiHandlers({ baseUrl: API }));
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());

const instances: Keyway[] = [];
afterEach(() => {
  cleanup();
  for (const k of instances.splice(0)) k.destroy();
});

describe('useSwap in a host without KeywayModal', () => {
  it('quote, review, swap sent, in German: codes and exact values; the modal store is untouched', async () => {
    const sent: EvmCall[] = [];
    const balances = makeBalances('eip155:1').map((b) => toTokenBalance(balanceSchema.parse(b)));
    const keyway = createKeyway(
      { projectId: 'p1', networks: [mainnet], apiUrl: API, storage: createMemoryStorage(), locale: 'de' },
      {
        optionalConnectors: false,
        connectors: [mock({ accounts: [FIXTURE_ADDRESS], features: { reconnect: true } })],
        // The wallet side is a stand-in: the transaction is recorded and "mined" at once.
        partDeps: {
          swap: {
            getBalances: () => balances,
            loadBalances: async () => undefined,
            getRouters: () => [FIXTURE_ROUTER as Address],
            sendTransaction: async (call) => {
              sent.push(call);
              return `0x${'1'.padStart(64, '0')}` as Hex;
            },
            waitForTransaction: async () => undefined,
            debounceMs: 1,
          },
        },
      },
    );
    instances.push(keyway);
    const config = keyway.wagmiConfig;
    await connect(config, { connector: config.connectors.find((c) => c.id === 'mock')! });
    await waitFor(() => expect(keyway.stores.account.getState().isConnected).toBe(true));
    const outcomes: FlowOutcome[] = [];
    keyway.outcomes.subscribe((o) => outcomes.push(o));
    const modalBefore = keyway.stores.modal.getState();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <KeywayProvider keyway={keyway}>{children}</KeywayProvider>
    );

    const { result } = renderHook(() => useSwap(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('initialized'));
    const usdc = result.current.tokens.find((t) => t.address.toLowerCase() === USDC.toLowerCase())!;
    // More than the balance: the form says so as a code with the symbol.
    act(() => {
      result.current.setToToken(usdc);
      result.current.setSourceTokenAmount('500');
    });
    expect(result.current.validation).toMatchObject({
      valid: false,
      inputError: { code: 'insufficientBalance', values: { symbol: 'ETH' } },
    });
    act(() => {
      result.current.setSourceTokenAmount('0.5');
    });
    await waitFor(() => expect(result.current.swapTransaction).not.toBeNull());
    act(() => {
      expect(result.current.preview()).toEqual({ status: 'review' });
    });
    await act(async () => {
      await expect(result.current.swap()).resolves.toBe('sent');
    });
    expect(sent).toHaveLength(1);
    expect(outcomes).toEqual([
      { flow: 'swap', status: 'review' },
      {
        flow: 'swap',
        status: 'sent',
        hash: `0x${'1'.padStart(64, '0')}`,
        from: { amount: '0.5', symbol: 'ETH' },
        to: { amount: '1586.647875', symbol: 'USDC' },
      },
    ]);
    expect(keyway.stores.modal.getState()).toBe(modalBefore);
  });
});
