// @vitest-environment jsdom
/**
 * The headless flows against real chains: anvil nodes, the kit's test wallet (EIP-1193, announced through
 * EIP-6963 and told to approve or reject each prompt), wagmi's discovery and injected connector, and msw for
 * the explorer and Blockchain API. jsdom supplies the window that EIP-6963 and wagmi's injected connector need.
 */
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { createElement, type ReactNode } from 'react';
import { type Hex, verifyMessage } from 'viem';
import { generateSiweNonce, parseSiweMessage } from 'viem/siwe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CreateConnectorFn, mock } from 'wagmi';
import { type AnvilHandle, startAnvil } from '../../services/chain/anvil.ts';
import type { TrackedEvent } from '../core/events';
import type { KeywayNetwork } from '../core/networks';
import type { FlowOutcome } from '../core/outcomes';
import { createMemoryStorage, STORAGE_KEYS } from '../core/storage';
import { createKeyway, type Keyway } from '../instance/createKeyway';
import { createBlockchainApiHandlers, createExplorerHandlers, identityFixture } from '../testing/msw';
import { createTestWallet } from '../testing/test-wallet';
import { attachModalRouter } from '../views/modalRouter';
import { getConnectStore } from './connect/instance';
import { KeywayProvider } from './KeywayProvider';
import { useSend } from './send/useSend';
import { getSiweStore } from './siwe/instance';
import { useSiwe } from './siwe/useSiwe';

// Anvil dev account 0 (`test test … junk`).
const KEY0: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const ADDR0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
// Anvil dev account 1: the receiver of a transfer, and the account a wallet switches to.
const KEY1: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const ADDR1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
/** The three chains' ports, picked by the OS when they start (two runs of the suite side by side never collide). */
const ports = { a: 0, b: 0, c: 0 };
const RPC = (port: number) => `http://127.0.0.1:${port}`;
const chains: AnvilHandle[] = [];

const network = (chainId: number, port: number, name: string): KeywayNetwork => ({
  id: `eip155:${chainId}`,
  chain: 'evm',
  chainId,
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: [RPC(port)],
  blockExplorerUrl: `https://explorer-${chainId}.keyway.test`,
});
/** The networks of the chains A and B, once they run (beforeAll). */
let chainA: KeywayNetwork;
let chainB: KeywayNetwork;

const EXPLORER = 'https://explorer.keyway.test';
const API = 'https://api.keyway.test';
const server = setupServer(
  ...createExplorerHandlers({ baseUrl: EXPLORER }),
  ...createBlockchainApiHandlers({ baseUrl: API }),
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'bypass' });
  const [a, b, c] = await Promise.all([
    startAnvil({ port: 0, chainId: 31337, readyTimeoutMs: 25_000 }),
    startAnvil({ port: 0, chainId: 31338, readyTimeoutMs: 25_000 }),
    startAnvil({ port: 0, chainId: 31339, readyTimeoutMs: 25_000 }),
  ]);
  chains.push(a, b, c);
  Object.assign(ports, { a: a.port, b: b.port, c: c.port });
  chainA = network(31337, a.port, 'Local A');
  chainB = network(31338, b.port, 'Local B');
}, 30_000);
afterAll(async () => {
  server.close();
  await Promise.all(chains.map((c) => c.stop()));
});

const instances: Keyway[] = [];
const detachRouters: (() => void)[] = [];
const stops: Array<() => void> = [];
afterEach(() => {
  cleanup();
  for (const detach of detachRouters.splice(0)) detach();
  for (const k of instances.splice(0)) k.destroy();
  for (const stop of stops.splice(0)) stop();
});

/** One JSON-RPC call to a local chain (anvil's own methods, which the wallet does not offer). */
async function anvilRpc(port: number, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(RPC(port), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

function setup(
  opts: {
    networks?: KeywayNetwork[];
    walletPort?: number;
    walletChainId?: number;
    siwe?: boolean;
    connectors?: CreateConnectorFn[];
    /** Attach the styled modal's router (default true); false for a host with its own UI. */
    router?: boolean;
    /** The kit's locale (a host's own UI in German still gets codes and values). */
    locale?: string;
  } = {},
) {
  const storage = createMemoryStorage();
  const wallet = createTestWallet({
    privateKey: KEY0,
    rpcUrl: RPC(opts.walletPort ?? ports.a),
    chainId: opts.walletChainId ?? 31337,
    chains: [
      { id: 31337, rpcUrl: RPC(ports.a) },
      { id: 31338, rpcUrl: RPC(ports.b) },
      { id: 31339, rpcUrl: RPC(ports.c) },
    ],
    autoApprove: false,
  });
  // The wallet announces itself; wagmi's EIP-6963 discovery (created with the config) picks it up.
  stops.push(wallet.announce(window));
  const sessions: { address: string; chainId: number }[] = [];
  const nonces = new Set<string>();
  const kw = createKeyway(
    {
      projectId: 'test-project',
      networks: opts.networks ?? [chainA, chainB],
      explorerUrl: EXPLORER,
      apiUrl: API,
      storage,
      ...(opts.locale ? { locale: opts.locale } : {}),
      ...(opts.siwe
        ? {
            isSiweEnabled: true,
            siwe: {
              getNonce: async () => {
                const n = generateSiweNonce();
                nonces.add(n);
                return n;
              },
              getMessageParams: async () => ({
                domain: 'app.keyway.test',
                uri: 'https://app.keyway.test',
                statement: 'Sign in to the test app',
              }),
              verifyMessage: async ({ message, signature }) => {
                const parsed = parseSiweMessage(message);
                if (!parsed.address || !parsed.nonce || !nonces.has(parsed.nonce)) return false;
                const ok = await verifyMessage({
                  address: parsed.address,
                  message,
                  signature: signature as Hex,
                });
                if (ok) sessions.push({ address: parsed.address, chainId: parsed.chainId ?? 0 });
                return ok;
              },
              getSession: async () => sessions[sessions.length - 1] ?? null,
              signOut: async () => {
                sessions.length = 0;
                return true;
              },
            },
          }
        : {}),
    },
    { ...(opts.connectors ? { connectors: opts.connectors } : {}), optionalConnectors: false },
  );
  instances.push(kw);
  // The modal moves as in the styled modal: its router follows the flows' outcomes.
  if (opts.router !== false) detachRouters.push(attachModalRouter(kw));
  const events: TrackedEvent[] = [];
  kw.events.subscribe((e) => events.push(e));
  const { modal, account, networks, toasts } = kw.stores;
  const connect = getConnectStore(kw);
  return {
    kw,
    wallet,
    storage,
    events,
    sessions,
    modal,
    connect,
    account,
    networks,
    toasts,
    /** The sign-in-with-wallet store, created on first use (as useSiwe and the ConnectingSiwe view do). */
    get siwe() {
      return getSiweStore(kw);
    },
  };
}

describe('connecting the test wallet', () => {
  it('lists it as installed, connects on approval, and shows the account with its balance and name', async () => {
    const t = setup();
    t.modal.getState().open();
    const listed = t.connect.getState().announced;
    expect(listed.map((w) => [w.name, w.rdns])).toEqual([['Keyway Dev Wallet', 'dev.keyway.wallet']]);
    t.wallet.approveNext();
    const outcome = await t.connect.getState().connect('dev.keyway.wallet');
    expect(outcome).toBe('connected');
    expect(t.modal.getState().isOpen).toBe(false);
    const a = t.account.getState();
    expect(a).toMatchObject({
      isConnected: true,
      address: ADDR0,
      caipAddress: `eip155:31337:${ADDR0}`,
      chainId: 31337,
      addressExplorerUrl: `https://explorer-31337.keyway.test/address/${ADDR0}`,
      connectedWalletInfo: { name: 'Keyway Dev Wallet', icon: t.wallet.info.icon },
    });
    await vi.waitFor(() => expect(t.account.getState().balanceStatus).toBe('success'));
    expect(t.account.getState()).toMatchObject({ balance: '10000', balanceSymbol: 'ETH' });
    await vi.waitFor(() => expect(t.account.getState().profileStatus).toBe('success'));
    expect(t.account.getState().profileName).toBe(identityFixture.name);
    expect(t.account.getState().profileImage).toBe(identityFixture.avatar);
    // Remembered as recent, in storage too.
    expect(t.connect.getState().recent.map((w) => w.id)).toEqual(['eip6963:dev.keyway.wallet']);
    expect(t.storage.getItem(STORAGE_KEYS.recentWallets)).toContain('dev.keyway.wallet');
    // Opening again shows the account.
    t.modal.getState().open();
    expect(t.modal.getState().history.map((h) => h.view)).toEqual(['Account']);
  });

  it('reads whether the account is a deployed smart account: none without code at its address, one with', async () => {
    // Chain C alone: the code set on the account here is taken away before any other test uses the chain.
    const chainC = network(31339, ports.c, 'Local C');
    const t = setup({ networks: [chainC], walletPort: ports.c, walletChainId: 31339 });
    // What the Account view asks for when it shows: the account's details.
    t.account.getState().want();
    t.wallet.approveNext();
    await t.connect.getState().connect('dev.keyway.wallet');
    await vi.waitFor(() => expect(t.account.getState().balanceStatus).toBe('success'));
    expect(t.account.getState().smartAccountDeployed).toBe(false);
    await anvilRpc(ports.c, 'anvil_setCode', [ADDR0, '0x00']);
    try {
      await t.account.getState().refreshBalance();
      expect(t.account.getState()).toMatchObject({ balanceStatus: 'success', smartAccountDeployed: true });
    } finally {
      await anvilRpc(ports.c, 'anvil_setCode', [ADDR0, '0x']);
    }
  });

  it('a rejected connection is declined; retry connects', async () => {
    const t = setup();
    t.wallet.rejectNext();
    expect(await t.connect.getState().connect('dev.keyway.wallet')).toBe('declined');
    expect(t.connect.getState().attempt).toMatchObject({ status: 'declined', via: 'connector' });
    expect(t.connect.getState().attempt?.error?.reason).toMatch(/rejected/i);
    expect(t.account.getState().isConnected).toBe(false);
    t.wallet.approveNext();
    expect(await t.connect.getState().retry()).toBe('connected');
    expect(t.connect.getState().attempt?.status).toBe('connected');
    expect(t.account.getState().address).toBe(ADDR0);
  });

  it('disconnects, clears the account and closes the modal', async () => {
    const t = setup();
    t.wallet.approveNext();
    await t.connect.getState().connect('dev.keyway.wallet');
    t.modal.getState().open();
    await t.account.getState().disconnect();
    expect(t.account.getState()).toMatchObject({ isConnected: false, address: null, balance: null });
    expect(t.modal.getState().isOpen).toBe(false);
    expect(t.connect.getState().status).toBe('disconnected');
  });

  it('a failing disconnect toasts and throws "Failed to disconnect"', async () => {
    const failing: CreateConnectorFn = (config) => {
      const base = mock({ accounts: [ADDR0] })(config);
      return {
        ...base,
        id: 'stubborn',
        name: 'Stubborn Wallet',
        async disconnect() {
          throw new Error('wallet is busy');
        },
      };
    };
    const t = setup({ connectors: [failing] });
    expect(await t.connect.getState().connect('stubborn')).toBe('connected');
    await expect(t.account.getState().disconnect()).rejects.toMatchObject({ code: 'disconnectFailed' });
    expect(t.toasts.getState().toasts.map((x) => [x.message, x.variant])).toEqual([
      [{ code: 'disconnectFailed' }, 'error'],
    ]);
    expect(t.account.getState().isConnected).toBe(true);
  });
});

describe('networks', () => {
  it('switches the wallet to another network, re-reads the balance and returns to the previous view', async () => {
    const t = setup();
    t.wallet.approveNext();
    await t.connect.getState().connect('dev.keyway.wallet');
    t.modal.getState().open();
    await vi.waitFor(() => expect(t.account.getState().balanceStatus).toBe('success'));
    t.modal.getState().push('Networks');
    t.wallet.approveNext();
    await t.networks.getState().switchNetwork(chainB.id);
    expect(t.networks.getState()).toMatchObject({ isUnsupported: false, switching: null, error: null });
    expect(t.networks.getState().activeNetwork.id).toBe(chainB.id);
    expect(t.account.getState()).toMatchObject({ chainId: 31338, caipAddress: `eip155:31338:${ADDR0}` });
    expect(t.account.getState().addressExplorerUrl).toBe(
      `https://explorer-31338.keyway.test/address/${ADDR0}`,
    );
    expect(t.modal.getState().history.map((h) => h.view)).toEqual(['Account']);
    await vi.waitFor(() => expect(t.account.getState().balanceStatus).toBe('success'));
    expect(t.account.getState().balance).toBe('10000');
  });

  it('a refused switch keeps the network, shows the error and shakes the modal', async () => {
    const t = setup();
    t.wallet.approveNext();
    await t.connect.getState().connect('dev.keyway.wallet');
    t.modal.getState().open('Networks');
    t.wallet.rejectNext();
    await expect(t.networks.getState().switchNetwork(chainB.id)).rejects.toThrow();
    expect(t.networks.getState().activeNetwork.id).toBe(chainA.id);
    expect(t.networks.getState().error?.reason).toMatch(/rejected/i);
    expect(t.modal.getState().shaking).toBe(true);
    expect(t.toasts.getState().toasts[0]?.variant).toBe('error');
    expect(t.modal.getState().isOpen).toBe(true);
  });

  it('flags a wallet on a chain that is not configured as unsupported', async () => {
    const t = setup({ walletPort: ports.c, walletChainId: 31339 });
    t.wallet.approveNext();
    await t.connect.getState().connect('dev.keyway.wallet');
    expect(t.networks.getState()).toMatchObject({ isUnsupported: true, connectedChainId: 31339 });
    expect(t.account.getState().caipAddress).toBe(`eip155:31339:${ADDR0}`);
    t.wallet.approveNext();
    await t.networks.getState().switchNetwork(chainA.id);
    expect(t.networks.getState()).toMatchObject({ isUnsupported: false, connectedChainId: 31337 });
  });
});

describe('sign-in with wallet', () => {
  it('after connecting goes to ConnectingSiwe, signs a SIWE message, verifies it with the host and closes', async () => {
    const t = setup({ siwe: true });
    t.modal.getState().open();
    t.wallet.approveNext();
    await t.connect.getState().connect('dev.keyway.wallet');
    expect(t.modal.getState().history.map((h) => h.view)).toEqual(['ConnectingSiwe']);
    t.wallet.approveNext();
    expect(await t.siwe.getState().signIn()).toBe(true);
    const s = t.siwe.getState();
    expect(s.status).toBe('success');
    expect(s.session).toEqual({ address: ADDR0, chainId: 31337 });
    expect(s.message).toContain('app.keyway.test wants you to sign in with your Ethereum account:');
    expect(s.message).toContain('Sign in to the test app');
    expect(t.modal.getState().isOpen).toBe(false);
  });

  it('a declined signature is an error; cancel disconnects', async () => {
    const t = setup({ siwe: true });
    t.modal.getState().open();
    t.wallet.approveNext();
    await t.connect.getState().connect('dev.keyway.wallet');
    t.wallet.rejectNext();
    expect(await t.siwe.getState().signIn()).toBe(false);
    expect(t.siwe.getState()).toMatchObject({ status: 'error', declined: true, session: null });
    expect(t.modal.getState().shaking).toBe(true);
    await t.siwe.getState().cancel();
    expect(t.account.getState().isConnected).toBe(false);
    expect(t.siwe.getState().status).toBe('idle');
  });

  it('with sign-in off, a connection creates nothing of it', async () => {
    const t = setup();
    t.wallet.approveNext();
    await t.connect.getState().connect('dev.keyway.wallet');
    expect(t.account.getState().isConnected).toBe(true);
    expect(t.kw.peekPart('siwe')).toBeNull();
  });

  it('with sign-in on, follows the account from its first connection; a disconnect ends the session with the host', async () => {
    const t = setup({ siwe: true });
    const outcomes: FlowOutcome[] = [];
    t.kw.outcomes.subscribe((o) => outcomes.push(o));
    t.modal.getState().open();
    t.wallet.approveNext();
    await t.connect.getState().connect('dev.keyway.wallet');
    // Its code loaded with the connection, and it asked the host: no session, so a sign-in is asked.
    await waitFor(() => expect(t.kw.peekPart('siwe')?.getState().required).toBe('noSession'));
    expect(outcomes).toContainEqual({ flow: 'siwe', status: 'required', reason: 'noSession' });
    expect(t.modal.getState().history.map((h) => h.view)).toEqual(['ConnectingSiwe']);

    t.wallet.approveNext();
    expect(await t.siwe.getState().signIn()).toBe(true);
    expect(t.sessions).toHaveLength(1);
    await t.account.getState().disconnect();
    await waitFor(() => expect(t.sessions).toHaveLength(0));
    expect(t.siwe.getState()).toMatchObject({ status: 'idle', session: null, required: null });
  });

  /** With the modal open, connects the dev wallet; the host has no session, so it signs in. */
  async function connectAndSignIn(t: ReturnType<typeof setup>): Promise<void> {
    t.modal.getState().open();
    t.wallet.approveNext();
    await t.connect.getState().connect('dev.keyway.wallet');
    await waitFor(() => expect(t.siwe.getState().required).toBe('noSession'));
    t.wallet.approveNext();
    expect(await t.siwe.getState().signIn()).toBe(true);
  }

  it('a change of account in the wallet ends the session and asks the new account to sign in', async () => {
    const t = setup({ siwe: true });
    await connectAndSignIn(t);
    expect(t.modal.getState().isOpen).toBe(false);
    expect(t.sessions).toEqual([{ address: ADDR0, chainId: 31337 }]);

    // The user picks another account in the wallet.
    t.wallet.switchAccount(KEY1);
    await waitFor(() => expect(t.account.getState().address).toBe(ADDR1));
    await waitFor(() => expect(t.siwe.getState().required).toBe('accountChanged'));
    expect(t.sessions).toEqual([]);
    expect(t.siwe.getState()).toMatchObject({ status: 'idle', session: null });
    // The styled modal opens on the sign-in, as after connecting.
    expect(t.modal.getState()).toMatchObject({ isOpen: true });
    expect(t.modal.getState().history.map((h) => h.view)).toEqual(['ConnectingSiwe']);
    t.wallet.approveNext();
    expect(await t.siwe.getState().signIn()).toBe(true);
    expect(t.sessions).toEqual([{ address: ADDR1, chainId: 31337 }]);
  });

  it('a network switch ends the session and asks again (chainChanged); the sign-in view stays open', async () => {
    const t = setup({ siwe: true });
    await connectAndSignIn(t);

    t.modal.getState().open('Account');
    t.modal.getState().push('Networks');
    t.wallet.approveNext();
    await t.networks.getState().switchNetwork(chainB.id);
    await waitFor(() => expect(t.siwe.getState().required).toBe('chainChanged'));
    expect(t.sessions).toEqual([]);
    expect(t.modal.getState()).toMatchObject({ isOpen: true });
    expect(t.modal.getState().history.map((h) => h.view)).toEqual(['ConnectingSiwe']);
  });

  it('the preferred-account-type choice is stored, tracked, and leads to ConnectingSiwe on EVM', async () => {
    const t = setup({ siwe: true });
    t.modal.getState().open('Account');
    t.account.getState().setPreferredAccountType('smartAccount');
    expect(t.modal.getState().history.map((h) => h.view)).toEqual(['ConnectingSiwe']);
    expect(t.storage.getItem(STORAGE_KEYS.preferredAccountType)).toBe('"smartAccount"');
    expect(t.events.map((e) => e.event)).toContain('SET_PREFERRED_ACCOUNT_TYPE');
  });
});

describe('a host with its own UI (no KeywayModal)', () => {
  it('useSiwe in a German host: a declined signature is a code, the modal store is untouched', async () => {
    const t = setup({ siwe: true, router: false, locale: 'de' });
    t.wallet.approveNext();
    expect(await t.connect.getState().connect('dev.keyway.wallet')).toBe('connected');
    const modalBefore = t.modal.getState();
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(KeywayProvider, { keyway: t.kw }, children);
    const { result } = renderHook(() => useSiwe(), { wrapper });
    t.wallet.rejectNext();
    await act(async () => {
      expect(await result.current.signIn()).toBe(false);
    });
    // The wallet's own words are the reason; the code says what failed.
    expect(result.current).toMatchObject({
      status: 'error',
      declined: true,
      error: { code: 'siweFailed', reason: expect.stringMatching(/reject/i) },
    });
    t.wallet.approveNext();
    await act(async () => {
      expect(await result.current.signIn()).toBe(true);
    });
    expect(result.current).toMatchObject({ status: 'success', error: null });
    expect(t.modal.getState()).toBe(modalBefore);
  });

  it('useSend in a German host: review, then a transfer mined on the chain; the modal store is untouched', async () => {
    const t = setup({ router: false, locale: 'de' });
    t.wallet.approveNext();
    expect(await t.connect.getState().connect('dev.keyway.wallet')).toBe('connected');
    const outcomes: FlowOutcome[] = [];
    t.kw.outcomes.subscribe((o) => outcomes.push(o));
    const modalBefore = t.modal.getState();
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(KeywayProvider, { keyway: t.kw }, children);
    const { result } = renderHook(() => useSend(), { wrapper });
    await waitFor(() => expect(result.current.balances.some((b) => b.symbol === 'ETH')).toBe(true));
    const eth = result.current.balances.find((b) => b.symbol === 'ETH')!;
    // More than the balance: a code with the symbol, whatever the language.
    act(() => {
      result.current.setToken(eth);
      result.current.setAmount('1000000');
    });
    expect(result.current.validation.amountError).toEqual({
      code: 'aboveBalance',
      values: { symbol: 'ETH' },
    });
    act(() => {
      result.current.setAmount('0.01');
    });
    await act(() => result.current.setReceiver(ADDR1));
    await waitFor(() => expect(result.current.gasStatus).toBe('ready'));
    expect(result.current.validation.valid).toBe(true);
    expect(result.current.preview()).toEqual({ status: 'review' });
    // An address is no name to look up (the deprecated fields say the same).
    expect(result.current).toMatchObject({
      receiverName: { status: 'none' },
      resolving: false,
      lookup: null,
    });
    t.wallet.approveNext();
    let submitting: ReturnType<typeof result.current.submit> | undefined;
    act(() => {
      submitting = result.current.submit();
    });
    // While the wallet is asked, the send is running: `sending` (and the deprecated `loading`) say so.
    expect(result.current).toMatchObject({ status: 'confirming', sending: true, loading: true });
    let sent: Awaited<ReturnType<typeof result.current.submit>> | null = null;
    await act(async () => {
      sent = await submitting!;
    });
    expect(result.current).toMatchObject({ status: 'success', sending: false, loading: false });
    expect(sent).toMatchObject({ status: 'sent', hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect(outcomes).toEqual([
      { flow: 'send', status: 'review' },
      {
        flow: 'send',
        status: 'sent',
        hash: (sent as unknown as { hash: string }).hash,
        amount: '0.01',
        symbol: 'ETH',
      },
    ]);
    expect(t.modal.getState()).toBe(modalBefore);
  });
});
