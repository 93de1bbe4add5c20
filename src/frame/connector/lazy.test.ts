// @vitest-environment jsdom
import { http } from 'viem';
import { mainnet } from 'viem/chains';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConfig } from 'wagmi';
import { connect, disconnect, getConnection, reconnect, signMessage } from 'wagmi/actions';
import type { FrameClient } from '../client/client.ts';
import { createLoginCache, createMemoryStorage, LOGIN_CACHE_KEYS, type LoginCache } from '../login-cache.ts';
import { createFakeFrameClient, type FakeFrame, installFakeFrame } from '../testing/fake-frame.ts';
import { authConnector } from './connector.ts';
import { lazyAuthConnector } from './lazy.ts';

const FRAME_ORIGIN = 'https://frame.keyway.test';
const EOA = '0x3333333333333333333333333333333333333333';

let persistent: ReturnType<typeof createMemoryStorage>;
let cache: LoginCache;
let fake: FakeFrame;
let client: FrameClient;

function setup() {
  const load = vi.fn(async () => authConnector({ client, logger: { error: () => undefined } }));
  const config = createConfig({
    chains: [mainnet],
    connectors: [lazyAuthConnector({ loginCache: cache, load })],
    transports: { [mainnet.id]: http() },
    storage: null,
    multiInjectedProviderDiscovery: false,
  });
  return { config, connector: config.connectors[0]!, load };
}

beforeEach(() => {
  persistent = createMemoryStorage();
  cache = createLoginCache({ persistent, session: createMemoryStorage() });
  fake = installFakeFrame({ document, frameOrigin: FRAME_ORIGIN });
  fake.handlers.GET_USER = ({ chainId }) => ({ email: 'ada@example.com', address: EOA, chainId });
  fake.handlers.GET_CHAIN_ID = () => ({ chainId: 1 });
  fake.handlers.IS_CONNECTED = () => ({ isConnected: true });
  fake.handlers.SIGN_OUT = () => undefined;
  client = createFakeFrameClient(FRAME_ORIGIN, cache);
});

afterEach(() => {
  client.destroy();
  fake.uninstall();
  for (const el of document.querySelectorAll('iframe')) el.remove();
});

describe('lazyAuthConnector', () => {
  it('is the w3mAuth connector; without a remembered login reconnect loads nothing', async () => {
    const { config, connector, load } = setup();
    expect([connector.id, connector.name, connector.type]).toEqual(['w3mAuth', 'Email & Social', 'w3mAuth']);
    await reconnect(config);
    expect(load).not.toHaveBeenCalled();
    expect(getConnection(config).status).toBe('disconnected');
    expect(document.querySelectorAll('iframe').length).toBe(0);
    // The preferred account type is read from the login cache, without loading either.
    expect((connector as unknown as { getPreferredAccountType(): string }).getPreferredAccountType()).toBe(
      'eoa',
    );
    expect(load).not.toHaveBeenCalled();
  });

  it('with a remembered login reconnect loads the real connector once and connects through the frame', async () => {
    persistent.setItem(LOGIN_CACHE_KEYS.emailLoginUsed, 'true');
    const { config, load } = setup();
    await reconnect(config);
    expect(getConnection(config)).toMatchObject({ status: 'connected', addresses: [EOA], chainId: 1 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a connect, a request through the provider and a disconnect go to the real connector', async () => {
    const { config, connector, load } = setup();
    // A listener added to the provider before the real one is there reaches it.
    const provider = (await connector.getProvider()) as {
      on(event: string, listener: (accounts: unknown) => void): void;
    };
    expect(load).not.toHaveBeenCalled();
    const seen: unknown[] = [];
    provider.on('accountsChanged', (accounts) => seen.push(accounts));
    await connect(config, { connector });
    expect(getConnection(config).addresses).toEqual([EOA]);
    fake.handlers.RPC_REQUEST = () => ({ result: `0x${'ab'.repeat(65)}` });
    await expect(signMessage(config, { message: 'hello' })).resolves.toBe(`0x${'ab'.repeat(65)}`);
    await disconnect(config);
    expect(getConnection(config).status).toBe('disconnected');
    expect(seen).toEqual([[EOA], []]);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
