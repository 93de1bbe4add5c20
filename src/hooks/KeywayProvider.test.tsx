import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { setupServer } from 'msw/node';
import { useRef } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createConfig, http, mock, WagmiProvider } from 'wagmi';
import { connect } from 'wagmi/actions';
import type { TrackedEvent } from '../core/events';
import { kitMessage } from '../core/messages';
import { keywayLocal, keywayLocalL2, toViemChain } from '../core/networks';
import { createMemoryStorage } from '../core/storage';
import { createKeyway, type Keyway } from '../instance/createKeyway';
import {
  createBlockchainApiHandlers,
  createExplorerHandlers,
  generateWallets,
  identityFixture,
  type RecordedRequest,
} from '../testing/msw';
import { createTestPairingProvider } from '../testing/pairing';
import { useAccount } from './account/useAccount';
import { useAllWallets, useConnect, usePairing } from './connect/useConnect';
import { useKeywayEvents } from './events/useKeywayEvents';
import { KeywayProvider } from './KeywayProvider';
import { useModal } from './modal/useModal';
import { useNetworks } from './networks/useNetworks';
import { useToasts } from './toasts/useToasts';

const EXPLORER = 'https://explorer.keyway.test';
const requests: RecordedRequest[] = [];
/** The second local chain's JSON-RPC, answering the one call the account makes: 1.5 ETH for everyone. */
const rpcL2 = mswHttp.post(keywayLocalL2.rpcUrls[0]!, async ({ request }) => {
  const { id, method } = (await request.json()) as { id: number; method: string };
  if (method === 'eth_getBalance')
    return HttpResponse.json({ jsonrpc: '2.0', id, result: '0x14d1120d7b160000' });
  return HttpResponse.json({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } });
});
const server = setupServer(
  ...createExplorerHandlers({
    baseUrl: EXPLORER,
    wallets: generateWallets(130),
    onRequest: (r) => requests.push(r),
  }),
  ...createBlockchainApiHandlers({ baseUrl: 'https://api.keyway.test', onRequest: (r) => requests.push(r) }),
  rpcL2,
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const instances: Keyway[] = [];
afterEach(() => {
  cleanup();
  requests.length = 0;
  for (const k of instances.splice(0)) k.destroy();
  vi.useRealTimers();
});

function make(
  extra: Partial<Parameters<typeof createKeyway>[0]> = {},
  internals: Parameters<typeof createKeyway>[1] = {},
) {
  const kw = createKeyway(
    {
      projectId: 'test-project',
      networks: [keywayLocal, keywayLocalL2],
      explorerUrl: EXPLORER,
      apiUrl: 'https://api.keyway.test',
      storage: createMemoryStorage(),
      ...extra,
    },
    { optionalConnectors: false, ...internals },
  );
  instances.push(kw);
  return kw;
}

function ModalProbe() {
  const m = useModal();
  return (
    <div>
      <p data-testid="modal">{m.isOpen ? `open:${m.history.map((h) => h.view).join('>')}` : 'closed'}</p>
      <button type="button" onClick={() => m.open()}>
        open
      </button>
      <button type="button" onClick={() => m.push('Networks')}>
        networks
      </button>
      <button type="button" onClick={() => m.back()}>
        back
      </button>
    </div>
  );
}

function ConnectProbe() {
  const c = useConnect();
  return (
    <ul aria-label="wallets">
      {c.wallets.map((w) => (
        <li key={w.id}>{w.name}</li>
      ))}
    </ul>
  );
}

function NetworkProbe({ onRender }: { onRender?: () => void }) {
  onRender?.();
  const n = useNetworks();
  return <p data-testid="network">{n.activeNetwork.name}</p>;
}

function ToastsProbe({ onEvent }: { onEvent: (e: TrackedEvent) => void }) {
  const t = useToasts();
  const m = useModal();
  useKeywayEvents(onEvent);
  return (
    <div>
      <button
        type="button"
        onClick={() => t.show({ message: kitMessage('fetchTokenBalance'), variant: 'error' })}
      >
        toast
      </button>
      <button type="button" onClick={() => m.open('Account')}>
        open
      </button>
      <ul aria-label="toasts">
        {t.toasts.map((x) => (
          <li key={x.id}>{`${x.variant}: ${x.message.code}`}</li>
        ))}
      </ul>
    </div>
  );
}

function AllWalletsProbe() {
  const w = useAllWallets();
  const ref = useRef<HTMLInputElement>(null);
  return (
    <div>
      <input aria-label="search" ref={ref} onChange={(e) => w.search(e.target.value)} />
      <button type="button" onClick={() => void w.fetchNextPage()} disabled={!w.hasMore}>
        more
      </button>
      <p data-testid="summary">{`${w.wallets.length}/${w.count} ${w.status}${w.searching ? ' searching' : ''}`}</p>
      <ul aria-label="all">
        {w.wallets.slice(0, 3).map((x) => (
          <li key={x.id}>{x.name}</li>
        ))}
      </ul>
    </div>
  );
}

function PairingProbe() {
  const c = useConnect();
  const p = usePairing();
  return (
    <div>
      <button type="button" onClick={() => void c.connect('phone-wallet')}>
        qr
      </button>
      <button type="button" onClick={() => void c.retry()}>
        retry
      </button>
      <p data-testid="pairing">{`${p.status} ${p.uri ? 'uri' : 'no-uri'} ${Math.round(p.remaining / 1000)}s ${c.attempt?.status ?? '-'}`}</p>
    </div>
  );
}

describe('KeywayProvider', () => {
  it('renders without any request, and loads the wallet list on the first open only', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const kw = make({ featuredWalletIds: ['a0000000-0000-4000-8000-000000000001'] });
    // The provider supplies its own WagmiProvider, which reconnects on mount: the one step of the render that
    // goes on after it.
    const statuses: string[] = [];
    const unwatch = kw.wagmiConfig.subscribe(
      (state) => state.status,
      (status) => statuses.push(status),
    );
    render(
      <KeywayProvider keyway={kw}>
        <ModalProbe />
        <ConnectProbe />
        <AccountProbe />
      </KeywayProvider>,
    );
    // The reconnect has ended with no wallet.
    await waitFor(() => expect(statuses).toEqual(['connecting', 'disconnected']));
    unwatch();
    // A request through the kit's explorer client, made after the mount: once it is answered, a request the
    // mount had started through that client (its code loads with the first one) has been sent before it.
    await kw.api.explorer.getAnalyticsConfig();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(requests.map((r) => r.url.pathname)).toEqual(['/getAnalyticsConfig']);
    fetchSpy.mockRestore();
    requests.length = 0;

    fireEvent.click(screen.getByText('open'));
    expect(screen.getByTestId('modal').textContent).toBe('open:Connect');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(5));
    expect(screen.getAllByRole('listitem')[0]?.textContent).toBe('MetaMask');
    expect(requests.every((r) => r.url.pathname === '/getWallets')).toBe(true);
  });

  it('navigates: push, back, close on the last back', () => {
    const kw = make();
    render(
      <KeywayProvider keyway={kw}>
        <ModalProbe />
      </KeywayProvider>,
    );
    fireEvent.click(screen.getByText('open'));
    fireEvent.click(screen.getByText('networks'));
    expect(screen.getByTestId('modal').textContent).toBe('open:Connect>Networks');
    fireEvent.click(screen.getByText('back'));
    expect(screen.getByTestId('modal').textContent).toBe('open:Connect');
    fireEvent.click(screen.getByText('back'));
    expect(screen.getByTestId('modal').textContent).toBe('closed');
  });

  it('throws a clear error when a hook is used outside the provider', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<ModalProbe />)).toThrow('inside <KeywayProvider');
    spy.mockRestore();
  });

  it('two providers with two instances do not share state', () => {
    const a = make();
    const b = make();
    render(
      <>
        <section aria-label="a">
          <KeywayProvider keyway={a}>
            <ModalProbe />
          </KeywayProvider>
        </section>
        <section aria-label="b">
          <KeywayProvider keyway={b}>
            <ModalProbe />
          </KeywayProvider>
        </section>
      </>,
    );
    fireEvent.click(screen.getAllByText('open')[0]!);
    const [first, second] = screen.getAllByTestId('modal');
    expect(first?.textContent).toBe('open:Connect');
    expect(second?.textContent).toBe('closed');
  });
});

function AccountProbe() {
  const a = useAccount();
  return (
    <div>
      <p data-testid="account">{a.isConnected ? `${a.address} on ${a.chainId}` : 'disconnected'}</p>
      <p data-testid="details">{`${a.balance ?? '-'} ${a.balanceSymbol ?? ''} ${a.profileName ?? '-'}`}</p>
    </div>
  );
}

describe('inside a host WagmiProvider and QueryClientProvider', () => {
  it('uses the host config: its connection feeds the account and networks', async () => {
    const chains = [toViemChain(keywayLocal), toViemChain(keywayLocalL2)] as const;
    const host = createConfig({
      chains,
      connectors: [mock({ accounts: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] })],
      transports: { [chains[0].id]: http(), [chains[1].id]: http() },
      storage: null,
    });
    const kw = make();
    render(
      <WagmiProvider config={host} reconnectOnMount={false}>
        <QueryClientProvider client={new QueryClient()}>
          <KeywayProvider keyway={kw}>
            <AccountProbe />
            <NetworkProbe />
          </KeywayProvider>
        </QueryClientProvider>
      </WagmiProvider>,
    );
    await waitFor(() => expect(kw.getWagmiConfig()).toBe(host));
    expect(screen.getByTestId('account').textContent).toBe('disconnected');
    await act(async () => {
      await connect(host, { connector: host.connectors[0]!, chainId: 31338 });
    });
    expect(screen.getByTestId('account').textContent).toBe(
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8 on 31338',
    );
    expect(screen.getByTestId('network').textContent).toBe('Keyway Local L2');
    // Reading the account asks for its details: balance from the network RPC, name from the identity call.
    await waitFor(() =>
      expect(screen.getByTestId('details').textContent).toBe(`1.5 ETH ${identityFixture.name}`),
    );
    cleanup();
    // Unmounted: the instance is back on its own config.
    expect(kw.getWagmiConfig()).toBe(kw.wagmiConfig);
  });
});

describe('hooks', () => {
  it('useToasts shows a toast that dismisses itself; useKeywayEvents hears MODAL_OPEN', async () => {
    vi.useFakeTimers();
    const kw = make();
    const heard: TrackedEvent[] = [];
    render(
      <KeywayProvider keyway={kw}>
        <ToastsProbe onEvent={(e) => heard.push(e)} />
      </KeywayProvider>,
    );
    fireEvent.click(screen.getByText('toast'));
    expect(screen.getByRole('listitem').textContent).toBe('error: fetchTokenBalance');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(screen.queryByRole('listitem')).toBeNull();
    fireEvent.click(screen.getByText('open'));
    expect(heard.map((e) => e.event)).toEqual(['MODAL_OPEN']);
  });

  it('a component re-renders only for its own slice', () => {
    const kw = make();
    let networkRenders = 0;
    render(
      <KeywayProvider keyway={kw}>
        <NetworkProbe onRender={() => networkRenders++} />
      </KeywayProvider>,
    );
    const before = networkRenders;
    act(() => {
      kw.stores.toasts.getState().show({ message: kitMessage('transactionError'), variant: 'error' });
      kw.stores.modal.getState().open();
    });
    expect(networkRenders).toBe(before);
  });

  it('useAllWallets pages 40 at a time and search replaces the list', async () => {
    const kw = make();
    render(
      <KeywayProvider keyway={kw}>
        <AllWalletsProbe />
      </KeywayProvider>,
    );
    fireEvent.click(screen.getByText('more'));
    await waitFor(() => expect(screen.getByTestId('summary').textContent).toBe('40/130 success'));
    fireEvent.click(screen.getByText('more'));
    await waitFor(() => expect(screen.getByTestId('summary').textContent).toBe('80/130 success'));
    fireEvent.change(screen.getByLabelText('search'), { target: { value: 'Rainbow' } });
    expect(screen.getByTestId('summary').textContent).toContain('searching');
    await waitFor(() => expect(screen.getByTestId('summary').textContent).toBe('1/1 success'));
    expect(screen.getByRole('listitem').textContent).toBe('Rainbow');
    const search = requests.find((r) => r.url.searchParams.get('search') === 'Rainbow')!;
    expect(search.url.searchParams.get('page')).toBe('1');
    expect(search.url.searchParams.get('entries')).toBe('100');
    fireEvent.change(screen.getByLabelText('search'), { target: { value: '' } });
    expect(screen.getByTestId('summary').textContent).toBe('80/130 success');
  });

  it('usePairing shows the URI with its countdown, and the declined state with retry', async () => {
    const pairing = createTestPairingProvider();
    // A pairing-only wallet (no connector): the host's custom wallet.
    const kw = make(
      { customWallets: [{ id: 'phone-wallet', name: 'Phone wallet', mobile_link: 'phone://' }] },
      { pairingProvider: pairing },
    );
    render(
      <KeywayProvider keyway={kw}>
        <PairingProbe />
      </KeywayProvider>,
    );
    fireEvent.click(screen.getByText('qr'));
    await waitFor(() =>
      expect(screen.getByTestId('pairing').textContent).toBe('pairing uri 230s connecting'),
    );
    act(() => pairing.decline());
    await waitFor(() =>
      expect(screen.getByTestId('pairing').textContent).toBe('declined no-uri 0s declined'),
    );
    fireEvent.click(screen.getByText('retry'));
    await waitFor(() =>
      expect(screen.getByTestId('pairing').textContent).toBe('pairing uri 230s connecting'),
    );
    await act(async () => {
      await pairing.approve();
    });
    await waitFor(() =>
      expect(screen.getByTestId('pairing').textContent).toBe('connected no-uri 0s connected'),
    );
  });
});
