// @vitest-environment jsdom
import { http } from 'viem';
import { mainnet, optimism } from 'viem/chains';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Connector, createConfig } from 'wagmi';
import { connect, getConnection } from 'wagmi/actions';
import { createStore } from 'zustand/vanilla';
import { createEventBus, type TrackedEvent } from '../../core/events';
import { kitMessage } from '../../core/messages';
import type { OutcomeOf } from '../../core/outcomes';
import type { FrameClient } from '../../frame/client/client';
import { type AuthConnectorProperties, authConnector } from '../../frame/connector/connector';
import { createLoginCache, createMemoryStorage, LOGIN_CACHE_KEYS } from '../../frame/login-cache';
import {
  createFakeFrameClient,
  type FakeFrame,
  FakeFrameError,
  installFakeFrame,
} from '../../frame/testing/fake-frame';
import type { AccountStore } from '../account/store';
import type { EmbeddedWallet } from '../keyway';
import { createEmbeddedLoginStores } from '../social/embeddedStores';
import { type AccountTypeConnector, createAccountTypeStore } from './store';

const FRAME_ORIGIN = 'https://frame.keyway.test';
const EOA = '0x3333333333333333333333333333333333333333';
const SMART = '0x4444444444444444444444444444444444444444';

let persistent: ReturnType<typeof createMemoryStorage>;
let fake: FakeFrame;
let client: FrameClient;
let events: TrackedEvent[];
let connector: Connector & AuthConnectorProperties;
let config: ReturnType<typeof createConfig>;
let chainId: number | null;

const requestsOf = (type: string) => fake.requests.filter((r) => r.type === `@keyway-app/${type}`);

beforeEach(async () => {
  persistent = createMemoryStorage();
  fake = installFakeFrame({ document, frameOrigin: FRAME_ORIGIN });
  fake.handlers.GET_USER = ({ chainId: c }) => ({
    address: EOA,
    chainId: c,
    email: 'ada@example.com',
    accounts: [
      { address: EOA, type: 'eoa' as const },
      { address: SMART, type: 'smartAccount' as const },
    ],
  });
  fake.handlers.GET_CHAIN_ID = () => ({ chainId: 10 });
  fake.handlers.SET_PREFERRED_ACCOUNT = ({ type }) => ({ type, address: type === 'eoa' ? EOA : SMART });
  fake.handlers.GET_SMART_ACCOUNT_ENABLED_NETWORKS = () => ({ smartAccountEnabledNetworks: [10, 8453] });
  client = createFakeFrameClient(
    FRAME_ORIGIN,
    createLoginCache({ persistent, session: createMemoryStorage() }),
    { chainId: 10 },
  );
  const bus = createEventBus();
  events = [];
  bus.subscribe((e) => events.push(e));
  config = createConfig({
    chains: [mainnet, optimism],
    connectors: [authConnector({ client, eventBus: bus, logger: { error: () => undefined } })],
    transports: { [mainnet.id]: http(), [optimism.id]: http() },
    storage: null,
    multiInjectedProviderDiscovery: false,
  });
  connector = config.connectors[0] as Connector & AuthConnectorProperties;
  await connect(config, { connector, chainId: 10 });
  chainId = 10;
});

afterEach(() => {
  client.destroy();
  fake.uninstall();
  document.body.innerHTML = '';
});

function setup(getConnector: () => Promise<AccountTypeConnector | null> = async () => connector) {
  const afterChoice = vi.fn();
  const outcomes: OutcomeOf<'account-type'>[] = [];
  const store = createAccountTypeStore({
    getConnector,
    activeChainId: () => chainId,
    afterChoice,
    emit: (outcome) => outcomes.push(outcome),
  });
  return { store, afterChoice, outcomes };
}

describe('preferred account type', () => {
  it('loads the stored type and the smart-account-enabled networks', async () => {
    const { store } = setup();
    expect(store.getState().smartAccountEnabledNetworks).toBeNull();
    await store.getState().load();
    expect(store.getState()).toMatchObject({
      status: 'ready',
      preferredAccountType: 'eoa',
      smartAccountEnabledNetworks: [10, 8453],
    });
    expect(store.getState().isSmartAccountEnabled(10)).toBe(true);
    expect(store.getState().isSmartAccountEnabled(1)).toBe(false);
    expect(persistent.getItem(LOGIN_CACHE_KEYS.smartAccountEnabledNetworks)).toBe('10,8453');
  });

  it('a failed network fetch leaves an empty list (no switch offered)', async () => {
    fake.handlers.GET_SMART_ACCOUNT_ENABLED_NETWORKS = () => {
      throw new FakeFrameError({ message: 'down' });
    };
    const { store } = setup();
    await store.getState().load();
    expect(store.getState().smartAccountEnabledNetworks).toEqual([]);
    expect(store.getState().isSmartAccountEnabled(10)).toBe(false);
    expect(persistent.getItem(LOGIN_CACHE_KEYS.smartAccountEnabledNetworks)).toBe('');
  });

  it('switching to the smart account changes the address, tracks the event once and moves the modal on', async () => {
    const { store, afterChoice } = setup();
    await store.getState().load();
    await expect(store.getState().setPreferredAccountType('smartAccount')).resolves.toBe(true);
    expect(requestsOf('SET_PREFERRED_ACCOUNT').map((r) => r.payload)).toEqual([{ type: 'smartAccount' }]);
    expect(store.getState()).toMatchObject({ preferredAccountType: 'smartAccount', switchingTo: null });
    expect(getConnection(config).address).toBe(SMART);
    expect(persistent.getItem(LOGIN_CACHE_KEYS.preferredAccountType)).toBe('smartAccount');
    expect(events.filter((e) => e.event === 'SET_PREFERRED_ACCOUNT_TYPE')).toEqual([
      expect.objectContaining({ properties: { accountType: 'smartAccount', network: 'eip155:10' } }),
    ]);
    expect(afterChoice).toHaveBeenCalledWith('smartAccount');

    await store.getState().setPreferredAccountType('eoa');
    expect(getConnection(config).address).toBe(EOA);
  });

  it('does not offer the smart account on a network outside the list', async () => {
    const { store, afterChoice } = setup();
    await store.getState().load();
    chainId = 1;
    await expect(store.getState().setPreferredAccountType('smartAccount')).resolves.toBe(false);
    expect(store.getState().error).toEqual(kitMessage('smartAccountUnavailable'));
    expect(requestsOf('SET_PREFERRED_ACCOUNT')).toHaveLength(0);
    expect(afterChoice).not.toHaveBeenCalled();
  });

  it('a frame error keeps the type, shows the message and does not move on', async () => {
    fake.handlers.SET_PREFERRED_ACCOUNT = () => {
      throw new FakeFrameError({ message: 'Smart account not deployed' });
    };
    const { store, afterChoice, outcomes } = setup();
    await store.getState().load();
    await expect(store.getState().setPreferredAccountType('smartAccount')).resolves.toBe(false);
    expect(store.getState()).toMatchObject({
      preferredAccountType: 'eoa',
      error: expect.objectContaining({ reason: 'Smart account not deployed' }),
      switchingTo: null,
    });
    expect(outcomes).toEqual([
      {
        flow: 'account-type',
        status: 'failed',
        message: expect.objectContaining({ reason: 'Smart account not deployed' }),
      },
    ]);
    expect(afterChoice).not.toHaveBeenCalled();
    expect(events.filter((e) => e.event === 'SET_PREFERRED_ACCOUNT_TYPE')).toHaveLength(0);
  });

  it('without the embedded wallet nothing is offered', async () => {
    const { store } = setup(async () => null);
    await store.getState().load();
    expect(store.getState().smartAccountEnabledNetworks).toEqual([]);
    await expect(store.getState().setPreferredAccountType('eoa')).resolves.toBe(false);
    expect(store.getState().error).toEqual(kitMessage('addressOrAuthConnectorNotFound'));
  });
});

describe('the embedded-login stores, created by the first view that renders them', () => {
  it('mirror the stored preferred type into the account state only after that render', async () => {
    const cache = createLoginCache({ persistent, session: createMemoryStorage() });
    cache.setPreferredAccountType('smartAccount');
    const account = createStore(() => ({
      isConnected: true,
      status: 'connected',
      address: EOA,
      chainId: 10,
      preferredAccountType: 'eoa',
    })) as unknown as AccountStore;
    const embedded = {
      connectorId: connector.id,
      loginCache: cache,
      getAuth: () => Promise.reject(new Error('not used')),
      getConnector: async () => connector,
      connect: async () => undefined,
      frameOrigin: FRAME_ORIGIN,
    } as unknown as EmbeddedWallet;
    const changes = vi.fn();
    account.subscribe(changes);
    const stores = createEmbeddedLoginStores({
      embedded,
      emit: () => undefined,
      account,
      getWagmiConfig: () => config,
    });
    // Nothing else changes while a component renders (React forbids updating other components then).
    expect(changes).not.toHaveBeenCalled();
    expect(stores.accountType.getState().embeddedConnected).toBe(true);
    await Promise.resolve();
    expect(account.getState().preferredAccountType).toBe('smartAccount');
    stores.dispose();
  });
});
