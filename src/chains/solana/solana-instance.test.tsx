/**
 * keyway.solana wired into an instance (jsdom: a real `window` for the Wallet Standard events): discovery
 * on first open, the Connect list on a Solana network, connecting, the account store's Solana address and
 * balance, namespace switches, disconnect and the remembered reconnect.
 */
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { keywayLocal, solanaLocal } from '../../core/networks';
import { createMemoryStorage, STORAGE_KEYS } from '../../core/storage';
import { getBalancesStore } from '../../hooks/balances/instance';
import { getConnectStore } from '../../hooks/connect/instance';
import { selectConnectList, selectShowAllWallets } from '../../hooks/connect/store';
import { createKeyway, type Keyway } from '../../instance/createKeyway';
import { createExplorerHandlers } from '../../testing/msw';
import { createSolanaTestWallet, type SolanaTestWallet } from '../../testing/solana-wallet';
import { attachModalRouter } from '../../views/modalRouter';

const EXPLORER = 'https://explorer.keyway.test';
const API = 'https://api.keyway.test';
const RPC = 'http://127.0.0.1:18899';
const SECRET = new Uint8Array(64);
SECRET.set(new TextEncoder().encode('keyway-dom-test-solana-seed-32by'));
SECRET.set(
  Uint8Array.from({ length: 32 }, (_, i) => 100 + i),
  32,
);
const LAMPORTS = 2_500_000_000;

const server = setupServer(
  ...createExplorerHandlers({ baseUrl: EXPLORER }),
  http.post(RPC, async ({ request }) => {
    const body = (await request.json()) as { id: number; method: string };
    if (body.method === 'getBalance') {
      return HttpResponse.json({
        jsonrpc: '2.0',
        id: body.id,
        result: { context: { slot: 1 }, value: LAMPORTS },
      });
    }
    return HttpResponse.json({ jsonrpc: '2.0', id: body.id, error: { code: -32601, message: 'nope' } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

const localSolana = { ...solanaLocal, rpcUrls: [RPC], blockExplorerUrl: 'https://explorer.solana.com' };

function instance(storage = createMemoryStorage(), networks = [keywayLocal, localSolana]): Keyway {
  const kw = createKeyway(
    { projectId: 'p', networks, explorerUrl: EXPLORER, apiUrl: API, storage },
    { optionalConnectors: false },
  );
  cleanups.push(() => kw.destroy());
  // The modal moves as in the styled modal: its router follows the flows' outcomes.
  cleanups.push(attachModalRouter(kw));
  return kw;
}

function wallet(opts: { trusted?: boolean } = {}): SolanaTestWallet {
  const w = createSolanaTestWallet({ secretKey: SECRET, rpcUrl: RPC, name: 'Dom Solana Wallet', ...opts });
  cleanups.push(w.register(window));
  return w;
}

/** A wait on the instance's state: the Solana code is a dynamic import, slow on a busy machine (10 s at most). */
const SOLANA_CODE = { timeout: 30_000, interval: 5 };

describe('keyway.solana in an instance', () => {
  it('is null without a Solana network', () => {
    expect(instance(createMemoryStorage(), [keywayLocal]).solana).toBeNull();
  });

  it('lists no Solana wallet before the modal is first opened; then only Solana wallets on a Solana network', async () => {
    const kw = instance();
    wallet();
    expect(getConnectStore(kw).getState().solanaWallets).toEqual([]);
    kw.stores.modal.getState().open();
    const names = () =>
      getConnectStore(kw)
        .getState()
        .solanaWallets.map((w) => w.name);
    // Discovery runs once the Solana code is loaded (a dynamic import started with the instance).
    await vi.waitFor(() => expect(names().length).toBeGreaterThan(0), SOLANA_CODE);
    expect(names()).toEqual(['Dom Solana Wallet']);
    // On the EVM network the Connect list is the EVM one.
    expect(selectConnectList(getConnectStore(kw).getState()).map((w) => w.name)).not.toContain(
      'Dom Solana Wallet',
    );
    await kw.stores.networks.getState().switchNetwork(localSolana.id);
    // The explorer's phone wallets, loaded when the modal opened, follow the Solana wallet: they pair.
    await getConnectStore(kw).getState().prefetch();
    const [first, ...phones] = selectConnectList(getConnectStore(kw).getState());
    expect([first?.name, first?.badge]).toEqual(['Dom Solana Wallet', 'Installed']);
    expect(phones.length).toBeGreaterThan(0);
    expect(phones.every((w) => !w.connectorId && w.badge !== 'Installed')).toBe(true);
    expect(selectShowAllWallets(getConnectStore(kw).getState(), false)).toBe(false);
  });

  it('connects: the account shows the Solana address, CAIP address and SOL balance; balances follow', async () => {
    const kw = instance();
    const w = wallet();
    const balances = getBalancesStore(kw);
    kw.stores.modal.getState().open();
    await kw.stores.networks.getState().switchNetwork(localSolana.id);
    await vi.waitFor(
      () => expect(getConnectStore(kw).getState().solanaWallets.length).toBeGreaterThan(0),
      SOLANA_CODE,
    );
    const entry = selectConnectList(getConnectStore(kw).getState()).find(
      (w) => w.name === 'Dom Solana Wallet',
    );
    await expect(getConnectStore(kw).getState().connect(entry!)).resolves.toBe('connected');
    const account = kw.stores.account.getState();
    expect(account).toMatchObject({
      isConnected: true,
      address: w.address,
      caipAddress: `solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1:${w.address}`,
      chainId: null,
      connectedWalletInfo: { name: 'Dom Solana Wallet' },
      addressExplorerUrl: `https://explorer.solana.com/address/${w.address}`,
    });
    await vi.waitFor(() => expect(kw.stores.account.getState().balanceStatus).toBe('success'), SOLANA_CODE);
    expect(kw.stores.account.getState()).toMatchObject({ balance: '2.5', balanceSymbol: 'SOL' });
    expect(balances.getState()).toMatchObject({ address: w.address, networkId: localSolana.id });
    // The modal closes after connecting (no sign-in with wallet on Solana).
    expect(kw.stores.modal.getState().isOpen).toBe(false);
  });

  it('switching namespaces shows each namespace its own connection', async () => {
    const kw = instance();
    const w = wallet();
    kw.stores.modal.getState().open();
    await kw.stores.networks.getState().switchNetwork(localSolana.id);
    await kw.solana!.connect('Dom Solana Wallet');
    expect(kw.stores.account.getState().address).toBe(w.address);

    kw.stores.modal.getState().open('Networks');
    await kw.stores.networks.getState().switchNetwork(keywayLocal.id);
    // No EVM wallet is connected: the account is disconnected and the modal shows Connect.
    expect(kw.stores.account.getState()).toMatchObject({ isConnected: false, address: null });
    expect(kw.stores.modal.getState().history.at(-1)?.view).toBe('Connect');
    expect(getConnectStore(kw).getState().namespace).toBe('evm');

    await kw.stores.networks.getState().switchNetwork(localSolana.id);
    expect(kw.stores.account.getState()).toMatchObject({ isConnected: true, address: w.address });
  });

  it('a rejected connection is declined and leaves the account disconnected', async () => {
    const kw = instance();
    const w = wallet();
    kw.stores.modal.getState().open();
    await kw.stores.networks.getState().switchNetwork(localSolana.id);
    w.rejectNext();
    await vi.waitFor(
      () => expect(getConnectStore(kw).getState().solanaWallets.length).toBeGreaterThan(0),
      SOLANA_CODE,
    );
    const entry = selectConnectList(getConnectStore(kw).getState()).find(
      (w) => w.name === 'Dom Solana Wallet',
    );
    await expect(getConnectStore(kw).getState().connect(entry!)).resolves.toBe('declined');
    expect(getConnectStore(kw).getState().attempt).toMatchObject({
      status: 'declined',
      error: expect.objectContaining({ reason: 'User rejected the request.' }),
    });
    expect(kw.stores.account.getState().isConnected).toBe(false);
  });

  it('disconnect on a Solana network disconnects the Solana wallet', async () => {
    const storage = createMemoryStorage();
    const kw = instance(storage);
    const w = wallet();
    kw.stores.modal.getState().open();
    await kw.stores.networks.getState().switchNetwork(localSolana.id);
    await kw.solana!.connect('Dom Solana Wallet');
    expect(storage.getItem(STORAGE_KEYS.solanaWallet)).toBe('Dom Solana Wallet');
    await kw.stores.account.getState().disconnect();
    expect(kw.stores.account.getState()).toMatchObject({ isConnected: false, address: null });
    expect(kw.solana!.store.getState().status).toBe('disconnected');
    expect(w.connected).toBe(false);
    expect(storage.getItem(STORAGE_KEYS.solanaWallet)).toBeNull();
  });

  it('reconnects a remembered Solana wallet on load without opening the modal or prompting', async () => {
    const storage = createMemoryStorage({ [STORAGE_KEYS.solanaWallet]: 'Dom Solana Wallet' });
    const w = wallet({ trusted: true });
    const kw = instance(storage, [localSolana, keywayLocal]);
    await vi.waitFor(() => expect(kw.stores.account.getState().isConnected).toBe(true), SOLANA_CODE);
    expect(kw.stores.account.getState().address).toBe(w.address);
    expect(w.prompts).toEqual([]);
    // No details (balance) were asked before the modal opened.
    expect(kw.stores.account.getState()).toMatchObject({ balance: null, balanceStatus: 'idle' });
  });
});
