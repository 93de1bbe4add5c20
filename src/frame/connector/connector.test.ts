// @vitest-environment jsdom
import { http } from 'viem';
import { mainnet, optimism, polygon } from 'viem/chains';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConfig } from 'wagmi';
import { connect, disconnect, getConnection, reconnect, signMessage, switchChain } from 'wagmi/actions';
import { createEventBus, type TrackedEvent } from '../../core/events.ts';
import type { FrameClient } from '../client/client.ts';
import { createLoginCache, createMemoryStorage, LOGIN_CACHE_KEYS } from '../login-cache.ts';
import { FRAME_ERROR_TEXTS } from '../protocol/errors.ts';
import {
  createFakeFrameClient,
  type FakeFrame,
  FakeFrameError,
  installFakeFrame,
} from '../testing/fake-frame.ts';
import { AUTH_CONNECTOR_NAME, type AuthProvider, authConnector } from './connector.ts';

const FRAME_ORIGIN = 'https://frame.keyway.test';
const EOA = '0x3333333333333333333333333333333333333333';
const SMART = '0x4444444444444444444444444444444444444444';

let persistent: ReturnType<typeof createMemoryStorage>;
let session: ReturnType<typeof createMemoryStorage>;
let fake: FakeFrame;
let client: FrameClient;
let logger: { error: ReturnType<typeof vi.fn<(...args: unknown[]) => void>> };

function setup(options: { eventBus?: ReturnType<typeof createEventBus> } = {}) {
  const connectorFn = authConnector({ client, logger, ...options });
  const config = createConfig({
    chains: [mainnet, optimism, polygon],
    connectors: [connectorFn],
    transports: { [mainnet.id]: http(), [optimism.id]: http(), [polygon.id]: http() },
    storage: null,
    multiInjectedProviderDiscovery: false,
  });
  const connector = config.connectors[0]!;
  return { config, connector };
}

function frameUser(chainId: number) {
  return {
    email: 'ada@example.com',
    address: EOA,
    chainId,
    accounts: [
      { address: EOA, type: 'eoa' as const },
      { address: SMART, type: 'smartAccount' as const },
    ],
  };
}

let frameChain = 1;

beforeEach(() => {
  persistent = createMemoryStorage();
  session = createMemoryStorage();
  logger = { error: vi.fn<(...args: unknown[]) => void>() };
  frameChain = 1;
  fake = installFakeFrame({ document, frameOrigin: FRAME_ORIGIN });
  fake.handlers.GET_USER = ({ chainId }) => {
    frameChain = chainId as number;
    return frameUser(frameChain);
  };
  fake.handlers.GET_CHAIN_ID = () => ({ chainId: frameChain });
  fake.handlers.SWITCH_NETWORK = ({ chainId }) => {
    frameChain = chainId as number;
    return { chainId };
  };
  fake.handlers.IS_CONNECTED = () => ({ isConnected: true });
  fake.handlers.SIGN_OUT = () => undefined;
  client = createFakeFrameClient(FRAME_ORIGIN, createLoginCache({ persistent, session }));
});

afterEach(() => {
  client.destroy();
  fake.uninstall();
  document.body.innerHTML = '';
});

const requestsOf = (type: string) => fake.requests.filter((r) => r.type === `@keyway-app/${type}`);

describe('identity', () => {
  it("is the 'w3mAuth' connector named 'Email & Social'", () => {
    const { connector } = setup();
    expect(connector.id).toBe('w3mAuth');
    expect(connector.name).toBe(AUTH_CONNECTOR_NAME);
    expect(connector.name).toBe('Email & Social');
    expect(connector.type).toBe('w3mAuth');
  });

  it('creating the config does not create the iframe', () => {
    setup();
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('reconnect', () => {
  it('a visitor without a remembered login never loads the frame', async () => {
    const { config, connector } = setup();
    await expect(connector.isAuthorized()).resolves.toBe(false);
    await reconnect(config);
    expect(document.querySelector('iframe')).toBeNull();
    expect(getConnection(config).status).toBe('disconnected');
  });

  it('a remembered login loads the frame and restores the connection', async () => {
    persistent.setItem(LOGIN_CACHE_KEYS.emailLoginUsed, 'true');
    persistent.setItem(LOGIN_CACHE_KEYS.lastUsedChainId, '10');
    const { config } = setup();
    await reconnect(config);
    const connection = getConnection(config);
    expect(connection.status).toBe('connected');
    expect(connection.address).toBe(EOA);
    expect(connection.chainId).toBe(10);
  });

  it('a remembered login the frame no longer knows clears the cache and stays disconnected', async () => {
    persistent.setItem(LOGIN_CACHE_KEYS.emailLoginUsed, 'true');
    session.setItem(LOGIN_CACHE_KEYS.email, 'ada@example.com');
    fake.handlers.IS_CONNECTED = () => ({ isConnected: false });
    const { connector } = setup();
    await expect(connector.isAuthorized()).resolves.toBe(false);
    expect(persistent.getItem(LOGIN_CACHE_KEYS.emailLoginUsed)).toBeNull();
    expect(session.getItem(LOGIN_CACHE_KEYS.email)).toBeNull();
  });

  it('a failing connection check answers not authorized', async () => {
    persistent.setItem(LOGIN_CACHE_KEYS.emailLoginUsed, 'true');
    fake.handlers.IS_CONNECTED = () => {
      throw new FakeFrameError({ message: 'down' });
    };
    const { connector } = setup();
    await expect(connector.isAuthorized()).resolves.toBe(false);
    expect(persistent.getItem(LOGIN_CACHE_KEYS.emailLoginUsed)).toBeNull();
  });
});

describe('connect', () => {
  it('without a chain id and no last used chain uses chain 1', async () => {
    const { config } = setup();
    const result = await connect(config, { connector: config.connectors[0]! });
    expect(requestsOf('GET_USER')[0]!.payload).toEqual({ chainId: 1, preferredAccountType: 'eoa' });
    expect(result.chainId).toBe(1);
    expect(result.accounts).toEqual([EOA]);
  });

  it('without a chain id uses the last used one', async () => {
    persistent.setItem(LOGIN_CACHE_KEYS.lastUsedChainId, '137');
    const { config } = setup();
    const result = await connect(config, { connector: config.connectors[0]! });
    expect(requestsOf('GET_USER')[0]!.payload).toMatchObject({ chainId: 137 });
    expect(result.chainId).toBe(137);
  });

  it('with a chain id uses it and stores it as the last used chain (read back from the frame)', async () => {
    const { config } = setup();
    await connect(config, { connector: config.connectors[0]!, chainId: 10 });
    expect(requestsOf('GET_USER')[0]!.payload).toMatchObject({ chainId: 10 });
    expect(persistent.getItem(LOGIN_CACHE_KEYS.lastUsedChainId)).toBe('10');
  });

  it('completing login through connect stores the email and the flag', async () => {
    const { config } = setup();
    await connect(config, { connector: config.connectors[0]! });
    expect(session.getItem(LOGIN_CACHE_KEYS.email)).toBe('ada@example.com');
    expect(persistent.getItem(LOGIN_CACHE_KEYS.emailLoginUsed)).toBe('true');
  });

  it('logs and rethrows a failed connect', async () => {
    fake.handlers.GET_USER = () => {
      throw new FakeFrameError({ message: 'Not logged in' });
    };
    const { config } = setup();
    await expect(connect(config, { connector: config.connectors[0]! })).rejects.toThrow('Not logged in');
    expect(logger.error).toHaveBeenCalled();
  });
});

describe('the EIP-1193 provider', () => {
  async function connected() {
    const s = setup();
    await connect(s.config, { connector: s.connector });
    const provider = (await s.connector.getProvider()) as AuthProvider;
    return { ...s, provider };
  }

  it('answers eth_chainId from the stored last chain without a frame call', async () => {
    const { provider } = await connected();
    persistent.setItem(LOGIN_CACHE_KEYS.lastUsedChainId, '8453');
    const before = fake.requests.length;
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x2105');
    expect(fake.requests.length).toBe(before);
  });

  it('answers eth_chainId with chain 1 before anything is stored, without loading the frame', async () => {
    const { connector } = setup();
    const provider = (await connector.getProvider()) as AuthProvider;
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x1');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('answers eth_accounts from the user state', async () => {
    const { connector } = setup();
    const provider = (await connector.getProvider()) as AuthProvider;
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([]);
    await expect(provider.request({ method: 'eth_requestAccounts' })).resolves.toEqual([EOA]);
    const before = fake.requests.length;
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([EOA]);
    expect(fake.requests.length).toBe(before);
  });

  it('forwards other RPC methods to the frame (personal_sign through wagmi)', async () => {
    const signature = `0x${'ab'.repeat(65)}`;
    fake.handlers.RPC_REQUEST = (payload) => {
      expect(payload.method).toBe('personal_sign');
      return { result: signature };
    };
    const { config } = await connected();
    await expect(signMessage(config, { message: 'hello' })).resolves.toBe(signature);
    const rpc = requestsOf('RPC_REQUEST')[0]!.payload as { params: unknown[] };
    expect(rpc.params).toEqual(['0x68656c6c6f', EOA]);
  });

  it("refuses unknown methods with 'Requested RPC call is not allowed' (EIP-1193 code 4200)", async () => {
    const { provider } = await connected();
    const error = await provider
      .request({ method: 'eth_sign', params: [EOA, '0x00'] })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 4200, message: FRAME_ERROR_TEXTS.rpcNotAllowed });
  });

  it('returns {} for wallet_getCapabilities when the frame fails', async () => {
    fake.handlers.RPC_REQUEST = () => {
      throw new FakeFrameError({ message: 'unsupported' });
    };
    const { provider } = await connected();
    await expect(provider.request({ method: 'wallet_getCapabilities', params: [EOA] })).resolves.toEqual({});
  });

  it('returns the frame capabilities when it answers', async () => {
    const caps = { '0x1': { atomic: { status: 'supported' } } };
    fake.handlers.RPC_REQUEST = () => ({ result: caps });
    const { provider } = await connected();
    await expect(provider.request({ method: 'wallet_getCapabilities', params: [EOA] })).resolves.toEqual(
      caps,
    );
  });

  it('a rejection in the frame keeps its code (4001)', async () => {
    fake.handlers.RPC_REQUEST = () => {
      throw new FakeFrameError({ message: 'User rejected the request.', code: 4001 });
    };
    const { provider } = await connected();
    const error = await provider
      .request({ method: 'personal_sign', params: ['0x68656c6c6f', EOA] })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 4001, message: 'User rejected the request.' });
  });
});

describe('switching chain', () => {
  it('switches the frame network, stores the last used chain and updates wagmi', async () => {
    const { config } = setup();
    await connect(config, { connector: config.connectors[0]! });
    await switchChain(config, { chainId: polygon.id });
    expect(requestsOf('SWITCH_NETWORK').at(-1)!.payload).toEqual({ chainId: 137 });
    expect(persistent.getItem(LOGIN_CACHE_KEYS.lastUsedChainId)).toBe('137');
    expect(getConnection(config).chainId).toBe(137);
  });

  it('refuses a chain the config does not have', async () => {
    const { connector } = setup();
    await expect(connector.switchChain!({ chainId: 56 })).rejects.toThrow();
    expect(requestsOf('SWITCH_NETWORK')).toHaveLength(0);
  });

  it('wallet_switchEthereumChain goes through the same path', async () => {
    const { connector } = setup();
    const provider = (await connector.getProvider()) as AuthProvider;
    const changed = vi.fn();
    provider.on('chainChanged', changed);
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] });
    expect(persistent.getItem(LOGIN_CACHE_KEYS.lastUsedChainId)).toBe('10');
    expect(changed).toHaveBeenCalledWith('0xa');
  });
});

describe('preferred account type and smart accounts', () => {
  it('setPreferredAccount switches the account and tracks SET_PREFERRED_ACCOUNT_TYPE', async () => {
    const eventBus = createEventBus(() => 42);
    const events: TrackedEvent[] = [];
    eventBus.subscribe((e) => events.push(e));
    fake.handlers.SET_PREFERRED_ACCOUNT = ({ type }) => ({ type, address: type === 'eoa' ? EOA : SMART });
    const { config, connector } = setup({ eventBus });
    await connect(config, { connector });
    await (connector as unknown as { setPreferredAccount(t: string): Promise<void> }).setPreferredAccount(
      'smartAccount',
    );
    expect(getConnection(config).address).toBe(SMART);
    expect(persistent.getItem(LOGIN_CACHE_KEYS.preferredAccountType)).toBe('smartAccount');
    expect(events).toEqual([
      {
        event: 'SET_PREFERRED_ACCOUNT_TYPE',
        properties: { accountType: 'smartAccount', network: 'eip155:1' },
        timestamp: 42,
      },
    ]);
  });

  it("getPreferredAccountType is 'eoa' by default", () => {
    const { connector } = setup();
    expect((connector as unknown as { getPreferredAccountType(): string }).getPreferredAccountType()).toBe(
      'eoa',
    );
  });

  it('getSmartAccountEnabledNetworks stores the list, or an empty list on error (logged, rethrown)', async () => {
    const { connector } = setup();
    const c = connector as unknown as { getSmartAccountEnabledNetworks(): Promise<number[]> };
    fake.handlers.GET_SMART_ACCOUNT_ENABLED_NETWORKS = () => ({ smartAccountEnabledNetworks: [10, 137] });
    await expect(c.getSmartAccountEnabledNetworks()).resolves.toEqual([10, 137]);
    expect(persistent.getItem(LOGIN_CACHE_KEYS.smartAccountEnabledNetworks)).toBe('10,137');
    fake.handlers.GET_SMART_ACCOUNT_ENABLED_NETWORKS = () => {
      throw new FakeFrameError({});
    };
    await expect(c.getSmartAccountEnabledNetworks()).rejects.toThrow(FRAME_ERROR_TEXTS.frameError);
    expect(persistent.getItem(LOGIN_CACHE_KEYS.smartAccountEnabledNetworks)).toBe('');
    expect(logger.error).toHaveBeenCalledOnce();
  });
});

describe('disconnect', () => {
  it('signs out in the frame, clears the login cache and emits disconnect', async () => {
    const { config, connector } = setup();
    await connect(config, { connector });
    const provider = (await connector.getProvider()) as AuthProvider;
    const onDisconnect = vi.fn();
    const onAccounts = vi.fn();
    provider.on('disconnect', onDisconnect);
    provider.on('accountsChanged', onAccounts);
    await disconnect(config, { connector });
    expect(requestsOf('SIGN_OUT')).toHaveLength(1);
    expect(persistent.getItem(LOGIN_CACHE_KEYS.emailLoginUsed)).toBeNull();
    expect(session.getItem(LOGIN_CACHE_KEYS.email)).toBeNull();
    expect(onDisconnect).toHaveBeenCalledOnce();
    expect(onAccounts).toHaveBeenCalledWith([]);
    expect(getConnection(config).status).toBe('disconnected');
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([]);
  });
});
