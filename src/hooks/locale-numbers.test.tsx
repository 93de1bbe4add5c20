/**
 * The numbers `useSwap` and `useSend` return as text follow the active locale (a host's own UI in German gets
 * German digits), and the raw values beside them stay exact decimals.
 */
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatTokenAmount, formatUsd } from '../core/format';
import { keywayLocal } from '../core/networks';
import { createMemoryStorage } from '../core/storage';
import { createKeyway, type Keyway } from '../instance/createKeyway';
import { createBlockchainApiHandlers, createExplorerHandlers } from '../testing/msw';
import { KeywayProvider } from './KeywayProvider';
import { getSendStore } from './send/instance';
import { useSend } from './send/useSend';
import { getSwapStore } from './swap/instance';
import type { SwapTokenItem } from './swap/store';
import { useSwap } from './swap/useSwap';

const API = 'https://api.locale.test';
const EXPLORER = 'https://explorer.locale.test';
const server = setupServer(
  ...createBlockchainApiHandlers({ baseUrl: API }),
  ...createExplorerHandlers({ baseUrl: EXPLORER }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const instances: Keyway[] = [];
afterEach(() => {
  cleanup();
  for (const k of instances.splice(0)) k.destroy();
});

function kit(locale: string) {
  const keyway = createKeyway(
    {
      projectId: 'test-project',
      networks: [keywayLocal],
      storage: createMemoryStorage(),
      apiUrl: API,
      explorerUrl: EXPLORER,
      locale,
    },
    { optionalConnectors: false, connectors: [] },
  );
  instances.push(keyway);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <KeywayProvider keyway={keyway}>{children}</KeywayProvider>
  );
  return { keyway, wrapper };
}

const token = (symbol: string, price: number): SwapTokenItem => ({
  address: `eip155:31337:0x${symbol === 'ETH' ? 'e'.repeat(40) : '1'.repeat(40)}`,
  symbol,
  name: symbol,
  decimals: 18,
  logoUri: '',
  eip2612: false,
  isNative: symbol === 'ETH',
  quantity: { decimals: '18', numeric: '0' },
  price,
  value: 0,
});

describe.each(['de', 'ar'])('numbers as text follow the locale (%s)', (locale) => {
  it('useSwap: the rate, the fee and the USD values; the rate is also an exact decimal', async () => {
    const { keyway, wrapper } = kit(locale);
    getSwapStore(keyway).setState({
      sourceToken: token('ETH', 3173.29),
      toToken: token('USDC', 1),
      sourceTokenAmount: '0.5',
      toTokenAmount: '1586.647875',
      quoteToAmount: '1586.647875',
      sourceTokenPriceInUSD: 3173.29,
      toTokenPriceInUSD: 1,
      gasPriceInUSD: 1234.5,
    });
    const { result } = renderHook(() => useSwap({ initialize: false }), { wrapper });
    // The catalogue (and with it the locale) arrives lazily.
    await waitFor(() => expect(result.current.formattedFee).toBe(formatUsd('1234.5', { locale })));
    expect(result.current.rate).toBe(
      `1 ETH = ${formatTokenAmount('3173.29575', { maxDecimals: 6, locale })} USDC`,
    );
    expect(result.current.rateDecimal).toBe('3173.29575');
    expect(result.current.formattedSourceUsd).toBe(formatUsd('1586.645', { locale }));
    // Where the locale writes numbers otherwise than en-US (German: 3.173,29575), none is written the en-US way
    // (Arabic in this ICU writes plain numbers as en-US does, and currency otherwise).
    const inLocale = formatTokenAmount('3173.29575', { maxDecimals: 6, locale });
    if (inLocale !== formatTokenAmount('3173.29575', { maxDecimals: 6, locale: 'en-US' })) {
      expect(result.current.rate).not.toContain('3,173.29575');
    }
    expect(result.current.formattedFee).not.toBe('$1,234.50');
  });

  it('useSend: the fee in USD', async () => {
    const { keyway, wrapper } = kit(locale);
    getSendStore(keyway).setState({ gasPriceInUSD: '1234.5' });
    const { result } = renderHook(() => useSend(), { wrapper });
    await waitFor(() => expect(result.current.formattedFee).toBe(formatUsd('1234.5', { locale })));
    expect(result.current.formattedFee).not.toBe('$1,234.50');
  });
});
