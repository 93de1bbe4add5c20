/**
 * The embedded-wallet wagmi connector (id 'w3mAuth') as the wagmi config holds it from the start: a shell
 * whose work is done by the real connector (connector.ts: the frame client as an EIP-1193 provider), loaded
 * on first use. wagmi needs the connector when the config is built (its reconnect on mount must see it),
 * but not its code: without a remembered login `isAuthorized` answers false from the login cache, without
 * loading anything; with one, the real connector is loaded and asks the frame.
 */
import { createConnector } from 'wagmi';
import { AUTH_CONNECTOR_NAME, CONNECTOR_IDS } from '../../core/constants.ts';
import type { LoginCache } from '../login-cache.ts';
import type { AccountType } from '../protocol/fields.ts';
import type { AuthConnectorProperties, AuthProvider, authConnector } from './connector.ts';

/** The real connector's setup function (`authConnector({ client, eventBus })`). */
export type AuthConnectorFn = ReturnType<typeof authConnector>;
type RealConnector = ReturnType<AuthConnectorFn>;
type ProviderEvent = Parameters<AuthProvider['on']>[0];

export type LazyAuthConnectorProperties = Pick<
  AuthConnectorProperties,
  'setPreferredAccount' | 'getPreferredAccountType' | 'getSmartAccountEnabledNetworks'
>;

export interface LazyAuthConnectorParameters {
  /** The login cache (read without loading the real connector). */
  loginCache: LoginCache;
  /** Loads the real connector's setup function (the frame client with it; no iframe yet). */
  load: () => Promise<AuthConnectorFn>;
}

lazyAuthConnector.type = CONNECTOR_IDS.auth;

export function lazyAuthConnector({ loginCache, load }: LazyAuthConnectorParameters) {
  return createConnector<AuthProvider, LazyAuthConnectorProperties>((config) => {
    let loading: Promise<RealConnector> | null = null;
    let loaded: RealConnector | null = null;
    /** Listeners added to the provider before the real one is there (added to it once it is). */
    const listeners = new Set<[ProviderEvent, (...args: unknown[]) => void]>();
    let realProvider: AuthProvider | null = null;
    const real = () => {
      loading ??= load().then(async (setup) => {
        // The same config (its emitter and chains): the real connector reports to wagmi through it.
        const connector = setup(config);
        realProvider = await connector.getProvider();
        for (const [event, listener] of listeners) realProvider.on(event, listener);
        loaded = connector;
        return connector;
      });
      return loading;
    };
    // wagmi asks every connector for its provider (reconnect does, before `isAuthorized`): this one is
    // there at once, and its requests go to the real provider.
    const provider: AuthProvider = {
      async request(args) {
        await real();
        return realProvider!.request(args);
      },
      on(event, listener) {
        listeners.add([event, listener]);
        realProvider?.on(event, listener);
      },
      removeListener(event, listener) {
        for (const entry of listeners) {
          if (entry[0] === event && entry[1] === listener) listeners.delete(entry);
        }
        realProvider?.removeListener(event, listener);
      },
    };

    return {
      id: CONNECTOR_IDS.auth,
      name: AUTH_CONNECTOR_NAME,
      type: lazyAuthConnector.type,

      async connect(parameters) {
        return (await real()).connect(parameters as never) as never;
      },
      async disconnect() {
        await (await real()).disconnect();
      },
      async getAccounts() {
        return (await real()).getAccounts();
      },
      async getChainId() {
        return (await real()).getChainId();
      },
      async getProvider() {
        return provider;
      },
      async isAuthorized() {
        // No remembered login: answer without loading the frame code (and without an iframe).
        if (!loginCache.hasRememberedLogin()) return false;
        try {
          return await (await real()).isAuthorized();
        } catch {
          return false;
        }
      },
      async switchChain(parameters) {
        return (await real()).switchChain!(parameters);
      },
      // Provider events only come from a loaded connector.
      onAccountsChanged(accounts) {
        loaded?.onAccountsChanged(accounts);
      },
      onChainChanged(chainId) {
        loaded?.onChainChanged(chainId);
      },
      onDisconnect(error) {
        loaded?.onDisconnect(error);
      },

      async setPreferredAccount(type: AccountType) {
        await (await real()).setPreferredAccount(type);
      },
      getPreferredAccountType: () => loginCache.preferredAccountType(),
      async getSmartAccountEnabledNetworks() {
        return (await real()).getSmartAccountEnabledNetworks();
      },
    };
  });
}
