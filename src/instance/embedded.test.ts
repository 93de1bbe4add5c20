// @vitest-environment jsdom

import { createWalletClient, custom, http } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConfig } from 'wagmi';
import { disconnect, getConnection, reconnect, signMessage } from 'wagmi/actions';
import { keywayLocal } from '../core/networks';
import type { FlowOutcome } from '../core/outcomes';
import { createMemoryStorage as createKvStorage } from '../core/storage';
import { createLoginCache, createMemoryStorage, LOGIN_CACHE_KEYS } from '../frame/login-cache';
import { type FakeFrame, FakeFrameError, installFakeFrame, NO_REPLY } from '../frame/testing/fake-frame';
import { attachModalRouter } from '../views/modalRouter';
import { createKeyway, type Keyway } from './createKeyway';

const FRAME = 'https://frame.keyway.test';
const ADDRESS = '0x3333333333333333333333333333333333333333';
/** How long a wait on the instance's state may take. */
const WAIT = { timeout: 10_000, interval: 10 };

let persistent: ReturnType<typeof createMemoryStorage>;
let session: ReturnType<typeof createMemoryStorage>;
let fake: FakeFrame;
const instances: Keyway[] = [];

function frameIframes() {
  return document.querySelectorAll('iframe[data-keyway-frame]').length;
}

/** An instance whose modal moves as in the styled modal (its router attached), unless `router` is false. */
function make(extra: Record<string, unknown> = {}, router = true) {
  const keyway = createKeyway(
    {
      projectId: 'p1',
      networks: [keywayLocal],
      secureFrameUrl: `${FRAME}/`,
      storage: createKvStorage(),
      ...extra,
    },
    {
      optionalConnectors: false,
      embeddedFrame: {
        document,
        acceptSyntheticEvents: true,
        storage: createLoginCache({ persistent, session }),
      },
    },
  );
  instances.push(keyway);
  if (router) attachModalRouter(keyway);
  return keyway;
}

beforeEach(() => {
  persistent = createMemoryStorage();
  session = createMemoryStorage();
  fake = installFakeFrame({ document, frameOrigin: FRAME });
  fake.handlers.CONNECT_EMAIL = () => ({ action: 'VERIFY_OTP' });
  fake.handlers.CONNECT_OTP = ({ otp }) => {
    if (otp !== '123456') throw new FakeFrameError({ message: 'Invalid code' });
    return undefined;
  };
  fake.handlers.GET_USER = ({ chainId }) => ({
    email: 'ada@example.com',
    address: ADDRESS,
    chainId: chainId as number,
  });
  fake.handlers.GET_CHAIN_ID = () => ({ chainId: keywayLocal.chainId as number });
  fake.handlers.IS_CONNECTED = () => ({ isConnected: true });
  fake.handlers.SIGN_OUT = () => undefined;
});

afterEach(() => {
  for (const k of instances.splice(0)) k.destroy();
  fake.uninstall();
  for (const el of document.querySelectorAll('iframe')) el.remove();
});

describe('keyway.embedded', () => {
  it('is null without secureFrameUrl, and the built config then has no auth connector', () => {
    const keyway = make({ secureFrameUrl: undefined });
    expect(keyway.embedded).toBeNull();
    expect(keyway.wagmiConfig.connectors.map((c) => c.id)).not.toContain('w3mAuth');
  });

  it('adds the w3mAuth connector to the built config and creates no iframe on creation', () => {
    const keyway = make();
    expect(keyway.embedded?.connectorId).toBe('w3mAuth');
    expect(keyway.wagmiConfig.connectors.map((c) => c.id)).toContain('w3mAuth');
    expect(frameIframes()).toBe(0);
  });

  it('a visitor who never logged in: wagmi reconnect creates no iframe and loads no frame code', async () => {
    const keyway = make();
    await reconnect(keyway.wagmiConfig);
    expect(frameIframes()).toBe(0);
    expect(getConnection(keyway.wagmiConfig).status).toBe('disconnected');
    // The frame client is only loaded on first use (here: the first login step).
    expect(keyway.embedded!.frame).toBeNull();
    expect(keyway.embedded!.frameOrigin).toBe(FRAME);
    await keyway.embedded!.getAuth();
    expect(keyway.embedded!.frame).toBe(await keyway.embedded!.loadFrame());
    expect(keyway.embedded!.frame?.frameOrigin).toBe(FRAME);
  });

  it('a remembered login: wagmi reconnect loads the connector and reconnects through the frame', async () => {
    persistent.setItem(LOGIN_CACHE_KEYS.emailLoginUsed, 'true');
    const keyway = make();
    await reconnect(keyway.wagmiConfig);
    expect(getConnection(keyway.wagmiConfig).status).toBe('connected');
    expect(getConnection(keyway.wagmiConfig).connector?.id).toBe('w3mAuth');
    expect(keyway.stores.account.getState().address).toBe(ADDRESS);
    expect(frameIframes()).toBe(1);
  });

  it('email + code login, then connect: the account store shows the frame address', async () => {
    const keyway = make();
    const embedded = keyway.embedded!;
    const auth = await embedded.getAuth();
    expect(frameIframes()).toBe(1);
    await expect(auth.connectEmail({ email: 'ada@example.com' })).resolves.toEqual({ action: 'VERIFY_OTP' });
    await expect(auth.connectOtp({ otp: '000000' })).rejects.toThrow('Invalid code');
    await auth.connectOtp({ otp: '123456' });
    await embedded.connect();
    expect(keyway.stores.account.getState().address).toBe(ADDRESS);
    expect(getConnection(keyway.wagmiConfig).connector?.id).toBe('w3mAuth');
    expect(persistent.getItem(LOGIN_CACHE_KEYS.emailLoginUsed)).toBe('true');
    expect(session.getItem(LOGIN_CACHE_KEYS.email)).toBe('ada@example.com');
  });

  it("the frame gets the app's data and the theme once it is ready, and each new theme once", async () => {
    const keyway = make({
      metadata: {
        name: `Demo ${'x'.repeat(120)}`,
        description: 'A demo',
        url: 'https://dapp.test',
        icons: ['data:image/png;base64,AAAA', 'https://dapp.test/icon.png'],
      },
    });
    const embedded = keyway.embedded!;
    const dark = { mode: 'dark', accentColor: 'rgb(232, 89, 12)', radius: '10px' } as const;
    embedded.setFrameTheme(dark);
    // Kept, not sent: nothing creates the iframe for it.
    expect(frameIframes()).toBe(0);
    await embedded.getAuth();
    const payloads = (event: string) =>
      fake.requests.filter((r) => r.type === `@keyway-app/${event}`).map((r) => r.payload);
    await vi.waitFor(() => expect(payloads('SYNC_THEME')).toHaveLength(1), WAIT);
    expect(payloads('SYNC_THEME')[0]).toEqual({
      themeMode: 'dark',
      themeVariables: { '--kw-accent': 'rgb(232, 89, 12)', '--kw-radius': '10px' },
    });
    const [dapp] = payloads('SYNC_DAPP_DATA') as { metadata: { name: string; icons: string[] } }[];
    expect(dapp?.metadata.name).toHaveLength(100);
    expect(dapp?.metadata.icons).toEqual(['https://dapp.test/icon.png']);
    // The same theme again is not sent again; a change is.
    embedded.setFrameTheme({ ...dark });
    embedded.setFrameTheme({ mode: 'light', accentColor: 'rgb(232, 89, 12)' });
    await vi.waitFor(() => expect(payloads('SYNC_THEME')).toHaveLength(2), WAIT);
    expect(payloads('SYNC_THEME')[1]).toEqual({
      themeMode: 'light',
      themeVariables: { '--kw-accent': 'rgb(232, 89, 12)' },
    });
    // The frame page loaded again: it gets both once more.
    fake.load();
    await vi.waitFor(() => expect(payloads('SYNC_THEME')).toHaveLength(3), WAIT);
    expect(payloads('SYNC_DAPP_DATA')).toHaveLength(2);
  });

  it('a remembered login reconnects on a second visit; signing out clears the login cache', async () => {
    persistent.setItem(LOGIN_CACHE_KEYS.emailLoginUsed, 'true');
    persistent.setItem(LOGIN_CACHE_KEYS.lastUsedChainId, String(keywayLocal.chainId));
    const keyway = make();
    await reconnect(keyway.wagmiConfig);
    expect(getConnection(keyway.wagmiConfig).status).toBe('connected');
    expect(keyway.stores.account.getState().address).toBe(ADDRESS);
    expect(fake.requests.map((r) => r.type)).toContain('@keyway-app/IS_CONNECTED');

    await disconnect(keyway.wagmiConfig);
    expect(fake.requests.map((r) => r.type)).toContain('@keyway-app/SIGN_OUT');
    for (const key of [LOGIN_CACHE_KEYS.emailLoginUsed, LOGIN_CACHE_KEYS.lastUsedChainId]) {
      expect(persistent.getItem(key)).toBeNull();
    }
    expect(session.getItem(LOGIN_CACHE_KEYS.email)).toBeNull();
  });

  it("a host's own wagmi config gets the connector on first use and restores a remembered login", async () => {
    persistent.setItem(LOGIN_CACHE_KEYS.emailLoginUsed, 'true');
    const wagmiConfig = createConfig({
      chains: [{ ...keywayLocalChain() }],
      transports: { [keywayLocal.chainId as number]: http('http://127.0.0.1:1') },
      storage: null,
      multiInjectedProviderDiscovery: false,
    });
    const keyway = make({ wagmiConfig });
    await vi.waitFor(() => expect(getConnection(wagmiConfig).status).toBe('connected'), WAIT);
    expect(wagmiConfig.connectors.map((c) => c.id)).toContain('w3mAuth');
    expect(keyway.stores.account.getState().address).toBe(ADDRESS);
  });

  it('an unsafe RPC request opens ApproveTransaction; its end closes the modal again', async () => {
    const keyway = make();
    const auth = await keyway.embedded!.getAuth();
    await auth.connectEmail({ email: 'ada@example.com' });
    await auth.connectOtp({ otp: '123456' });
    await keyway.embedded!.connect();
    fake.handlers.RPC_REQUEST = () => NO_REPLY;
    const posted = fake.nextRequest('RPC_REQUEST');
    const signed = signMessage(keyway.wagmiConfig, { message: 'hello' });
    signed.catch(() => undefined);
    const request = await posted;
    await vi.waitFor(() => expect(keyway.stores.modal.getState().isOpen).toBe(true), WAIT);
    const modal = keyway.stores.modal.getState();
    expect(modal.history.at(-1)?.view).toBe('ApproveTransaction');
    expect(modal.history.at(-1)?.params?.method).toBe('personal_sign');
    const sig = `0x${'ab'.repeat(65)}`;
    fake.reply(request, { result: sig });
    await expect(signed).resolves.toBe(sig);
    expect(keyway.stores.modal.getState().isOpen).toBe(false);
  });

  it('without the styled modal, an unsafe request reports its approval and leaves the modal store untouched', async () => {
    const keyway = make({}, false);
    const auth = await keyway.embedded!.getAuth();
    await auth.connectEmail({ email: 'ada@example.com' });
    await auth.connectOtp({ otp: '123456' });
    await keyway.embedded!.connect();
    const outcomes: FlowOutcome[] = [];
    keyway.outcomes.subscribe((o) => outcomes.push(o));
    const modalBefore = keyway.stores.modal.getState();
    fake.handlers.RPC_REQUEST = () => NO_REPLY;
    const posted = fake.nextRequest('RPC_REQUEST');
    const signed = signMessage(keyway.wagmiConfig, { message: 'hello' });
    signed.catch(() => undefined);
    const request = await posted;
    await vi.waitFor(() => expect(outcomes.length).toBeGreaterThan(0), WAIT);
    const sig = `0x${'ab'.repeat(65)}`;
    fake.reply(request, { result: sig });
    await expect(signed).resolves.toBe(sig);
    expect(outcomes).toEqual([
      { flow: 'approval', status: 'required', requestId: expect.any(String), method: 'personal_sign' },
      { flow: 'approval', status: 'done', requestId: (outcomes[0] as { requestId: string }).requestId },
    ]);
    expect(keyway.stores.modal.getState()).toBe(modalBefore);
  });

  it("closing the modal aborts a pending sign with 'Request was aborted'", async () => {
    const keyway = make();
    const auth = await keyway.embedded!.getAuth();
    await auth.connectEmail({ email: 'ada@example.com' });
    await auth.connectOtp({ otp: '123456' });
    await keyway.embedded!.connect();
    fake.handlers.RPC_REQUEST = () => NO_REPLY;
    const wallet = createWalletClient({
      transport: custom((await keyway.embedded!.getConnector().then((c) => c.getProvider())) as never),
    });
    const signed = wallet.signMessage({ account: ADDRESS, message: 'hello' });
    await vi.waitFor(() => expect(keyway.stores.modal.getState().isOpen).toBe(true), WAIT);
    keyway.stores.modal.getState().close();
    await expect(signed).rejects.toThrow('Request was aborted');
  });
});

function keywayLocalChain() {
  return {
    id: keywayLocal.chainId as number,
    name: keywayLocal.name,
    nativeCurrency: keywayLocal.nativeCurrency,
    rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
  };
}
