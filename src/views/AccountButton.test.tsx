/**
 * "Nothing before the first open": a wallet that reconnects on page load (wagmi's reconnect of the wallet
 * the visitor connected last time) shows its address in the AccountButton, and no request leaves the page
 * until the modal is opened for the first time. Every request the page makes goes through msw here, so the
 * listener below sees the kit's API/explorer/analytics calls, its RPC reads and the wallet's own RPC.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { numberToHex, parseEther } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { shortenAddress } from '../core/format';
import { keywayLocal, keywayLocalL2 } from '../core/networks';
import { createMemoryStorage, type KeyValueStorage } from '../core/storage';
import { getConnectStore } from '../hooks/connect/instance';
import { KeywayProvider } from '../hooks/KeywayProvider';
import { useModal } from '../hooks/modal/useModal';
import { createKeyway, type Keyway } from '../instance/createKeyway';
import { createBlockchainApiHandlers, createExplorerHandlers, identityFixture } from '../testing/msw';
import { createTestWallet } from '../testing/test-wallet';
import { ConnectButton } from './ConnectButton';
import { KeywayModal } from './KeywayModal';
import { NetworkButton } from './NetworkButton';
import { isViewLoaded } from './registry';

const EXPLORER = 'https://explorer.keyway.test';
const API = 'https://api.keyway.test';
/** Anvil dev account 0 (`test test … junk`): a well-known test key. */
const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/** Every request seen by msw, as `METHOD url [rpc method]`. */
const seen: string[] = [];
const rpc = http.post(keywayLocal.rpcUrls[0]!, async ({ request }) => {
  const { id, method } = (await request.json()) as { id: number; method: string };
  if (method === 'eth_getBalance')
    return HttpResponse.json({ jsonrpc: '2.0', id, result: numberToHex(parseEther('2.5')) });
  if (method === 'eth_chainId') return HttpResponse.json({ jsonrpc: '2.0', id, result: numberToHex(31337) });
  return HttpResponse.json({
    jsonrpc: '2.0',
    id,
    error: { code: -32601, message: `${method} is not mocked` },
  });
});
const server = setupServer(
  ...createExplorerHandlers({ baseUrl: EXPLORER }),
  ...createBlockchainApiHandlers({ baseUrl: API }),
  rpc,
);
server.events.on('request:start', async ({ request }) => {
  let rpcMethod = '';
  if (request.method === 'POST' && request.url.startsWith(keywayLocal.rpcUrls[0]!)) {
    const body = (await request.clone().json()) as { method?: string };
    rpcMethod = ` ${body.method ?? ''}`;
  }
  seen.push(`${request.method} ${request.url}${rpcMethod}`);
});
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const instances: Keyway[] = [];
const stops: (() => void)[] = [];
afterEach(() => {
  cleanup();
  seen.length = 0;
  for (const k of instances.splice(0)) k.destroy();
  for (const s of stops.splice(0)) s();
  vi.restoreAllMocks();
});

function make(storage: KeyValueStorage) {
  const kw = createKeyway(
    {
      projectId: 'test-project',
      networks: [keywayLocal, keywayLocalL2],
      explorerUrl: EXPLORER,
      apiUrl: API,
      enableAnalytics: true,
      storage,
    },
    { optionalConnectors: false },
  );
  instances.push(kw);
  return kw;
}

function ModalState() {
  const m = useModal();
  return <p data-testid="modal">{m.isOpen ? `open:${m.view}` : 'closed'}</p>;
}

/** A visitor connected the dev wallet on an earlier visit: the wallet and wagmi's storage remember it. */
async function earlierVisit() {
  const wallet = createTestWallet({ privateKey: KEY, rpcUrl: keywayLocal.rpcUrls[0]!, chainId: 31337 });
  stops.push(wallet.announce(window));
  const storage = createMemoryStorage();
  const first = make(storage);
  const outcome = await getConnectStore(first).getState().connect(wallet.info.rdns);
  expect(outcome).toBe('connected');
  first.destroy();
  return storage;
}

describe('AccountButton after a reconnect on page load', () => {
  it('shows the address with no request before the first open; name and balance come after it', {
    timeout: 60_000,
  }, async () => {
    const storage = await earlierVisit();
    seen.length = 0;
    const fetchSpy = vi.spyOn(globalThis, 'fetch');

    // The page loads again (the host's header: network and connect/account buttons, the modal): a new
    // instance, and wagmi reconnects the remembered wallet on mount.
    const kw = make(storage);
    render(
      <KeywayProvider keyway={kw}>
        <NetworkButton />
        <ConnectButton />
        <ModalState />
        <KeywayModal />
      </KeywayProvider>,
    );
    const button = await screen.findByRole('button', { name: new RegExp(shortenAddress(ADDRESS)) });
    expect(kw.stores.account.getState().address).toBe(ADDRESS);
    // The page goes idle (jsdom has no requestIdleCallback: the modal's 200 ms fallback) and the idle preload
    // loads the dialog's code, the API clients' and the first view's: the Account view's when the reconnect
    // had ended by then, else the Connect view's (on a loaded machine the reconnect can end later). Once that
    // view's code is in, the preload is over.
    await waitFor(() => expect(isViewLoaded('Account') || isViewLoaded('Connect')).toBe(true), {
      timeout: 30_000,
    });
    // A request of the test's own through each of the kit's API clients: once both are answered, an eager
    // request (identity, wallet lists, analytics config) the page had started through them has been sent
    // before them. The account's details (identity and balance) were not even asked for.
    await kw.api.explorer.getAnalyticsConfig();
    await kw.api.blockchain.getGasPrice('eip155:31337');
    expect(seen.map((r) => r.split('?')[0])).toEqual([
      `GET ${EXPLORER}/getAnalyticsConfig`,
      `GET ${API}/v1/convert/gas-price`,
    ]);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(kw.stores.account.getState()).toMatchObject({ profileStatus: 'idle', balanceStatus: 'idle' });
    seen.length = 0;
    expect(button.textContent).toBe(shortenAddress(ADDRESS));
    expect(screen.getByTestId('modal').textContent).toBe('closed');

    // The first open asks for the account's details: the name and the balance appear on the button.
    fireEvent.click(button);
    expect(screen.getByTestId('modal').textContent).toBe('open:Account');
    // The identity answer is parsed once the API schemas' module has loaded (on the first request): a first
    // load of that module in a busy test run can take longer than waitFor's default second.
    await waitFor(() => expect(button.textContent).toBe(`${identityFixture.name}2.5 ETH`), {
      timeout: 30_000,
    });
    expect(seen.some((r) => r.startsWith(`GET ${API}/v1/identity/${ADDRESS}`))).toBe(true);
    expect(seen.some((r) => r.endsWith('eth_getBalance'))).toBe(true);
    expect(seen.some((r) => r.startsWith(`GET ${EXPLORER}/getAnalyticsConfig`))).toBe(true);
  });
});
