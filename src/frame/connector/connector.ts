/**
 * The embedded-wallet wagmi connector (id 'w3mAuth'). It wraps the frame client as an EIP-1193 provider:
 * - `eth_chainId` is answered from the stored last used chain, without a frame call;
 * - `eth_accounts` / `eth_requestAccounts` come from the user state (the last user fetch);
 * - `wallet_switchEthereumChain` switches the frame's network (which stores the last used chain id);
 * - `wallet_getCapabilities` resolves `{}` when the frame fails;
 * - every other method goes to the frame as an RPC request (unknown methods are refused by the client).
 *
 * The iframe is only created on the first embedded-wallet action, or on reconnect when a previous login
 * is remembered in the login cache: a visitor who never used it never loads the frame.
 */
import { type Address, getAddress, numberToHex, SwitchChainError } from 'viem';
import { ChainNotConfiguredError, createConnector } from 'wagmi';
import { AUTH_CONNECTOR_NAME, CONNECTOR_IDS, DEFAULT_CHAIN_ID } from '../../core/constants.ts';
import { KeywayError } from '../../core/errors.ts';
import type { EventBus } from '../../core/events.ts';
import type { FrameClient } from '../client/client.ts';
import { FrameRequestError } from '../errors.ts';
import { FRAME_ERROR_TEXTS } from '../protocol/errors.ts';
import type { FrameUser } from '../protocol/events.ts';
import { type AccountType, EvmAddressSchema } from '../protocol/fields.ts';
import { type AuthConnectorApi, type AuthLogger, createAuthConnectorApi } from './auth-api.ts';

export { AUTH_CONNECTOR_NAME };

/** An EIP-1193 error: numeric `code` (4001 user rejected, 4200 unsupported method, …) and the message. */
export class AuthProviderRpcError extends Error {
  override readonly name = 'AuthProviderRpcError';
  constructor(
    readonly code: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

type ProviderEvent = 'accountsChanged' | 'chainChanged' | 'disconnect' | 'connect';

export interface AuthProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on(event: ProviderEvent, listener: (...args: unknown[]) => void): void;
  removeListener(event: ProviderEvent, listener: (...args: unknown[]) => void): void;
}

export interface AuthConnectorParameters {
  client: FrameClient;
  /** Receives SET_PREFERRED_ACCOUNT_TYPE when the preferred account type changes. */
  eventBus?: EventBus;
  logger?: AuthLogger;
}

export interface AuthConnectorProperties extends Record<string, unknown> {
  /** The frame client (views reveal its approval UI with `showApproval`). */
  frame: FrameClient;
  /** The headless auth API (email / social / device login, update email, …). */
  auth: AuthConnectorApi;
  setPreferredAccount(type: AccountType): Promise<void>;
  /** The stored preferred account type, 'eoa' when none (or on error). */
  getPreferredAccountType(): AccountType;
  /** Fetches the smart-account-enabled networks; stores them (an empty list on error). */
  getSmartAccountEnabledNetworks(): Promise<number[]>;
}

/**
 * Maps the client's errors to EIP-1193 errors that viem understands, with the protocol's texts (a dapp reads
 * 'Requested RPC call is not allowed'); the frame's own messages are kept.
 */
function toProviderError(error: unknown): unknown {
  if (error instanceof KeywayError) {
    if (error.code === 'rpcNotAllowed')
      return new AuthProviderRpcError(4200, FRAME_ERROR_TEXTS.rpcNotAllowed, { cause: error });
    if (error.code === 'requestAborted')
      return new AuthProviderRpcError(4001, FRAME_ERROR_TEXTS.requestAborted, { cause: error });
  }
  if (error instanceof FrameRequestError && error.code !== undefined) {
    return new AuthProviderRpcError(error.code, error.message, { cause: error });
  }
  return error;
}

function accountsOf(user: FrameUser | null, preferred: AccountType): Address[] {
  if (!user) return [];
  const preferredAccount = user.accounts?.find((a) => a.type === preferred)?.address;
  const address = preferredAccount ?? user.address;
  return EvmAddressSchema.safeParse(address).success ? [getAddress(address)] : [];
}

authConnector.type = CONNECTOR_IDS.auth;

export function authConnector(parameters: AuthConnectorParameters) {
  const { client, eventBus, logger = console } = parameters;
  const cache = client.loginCache;
  const auth = createAuthConnectorApi({ client, logger });

  return createConnector<AuthProvider, AuthConnectorProperties>((config) => {
    let user: FrameUser | null = null;
    let accounts: Address[] = [];
    let currentChainId: number | null = null;
    const providerListeners = new Map<ProviderEvent, Set<(...args: unknown[]) => void>>();

    const providerEmit = (event: ProviderEvent, ...args: unknown[]) => {
      for (const l of [...(providerListeners.get(event) ?? [])]) l(...args);
    };

    /** The stored last used chain (spec §4), else the connected chain, else chain 1. */
    const chainId = (): number => {
      const stored = cache.lastUsedChainId();
      if (typeof stored === 'number') return stored;
      return currentChainId ?? DEFAULT_CHAIN_ID;
    };

    const setUser = (next: FrameUser | null) => {
      user = next;
      const nextAccounts = accountsOf(next, cache.preferredAccountType());
      const changed = nextAccounts.join() !== accounts.join();
      accounts = nextAccounts;
      return changed;
    };

    async function logged<T>(name: string, run: () => Promise<T>): Promise<T> {
      try {
        return await run();
      } catch (error) {
        logger.error(`Keyway auth connector: ${name} failed`, error);
        throw error;
      }
    }

    async function connectUser(requested?: number) {
      const stored = cache.lastUsedChainId();
      const target = requested ?? (typeof stored === 'number' ? stored : DEFAULT_CHAIN_ID);
      const fetched = await auth.getUser({
        chainId: target,
        preferredAccountType: cache.preferredAccountType(),
      });
      setUser(fetched);
      // Reading the chain id from the frame stores it as the last used chain (spec §4).
      const { chainId: frameChainId } = await client.getChainId();
      currentChainId = typeof frameChainId === 'number' ? frameChainId : target;
      return { accounts, chainId: currentChainId };
    }

    async function switchChain(targetChainId: number) {
      const chain = config.chains.find((c) => c.id === targetChainId);
      if (!chain) throw new SwitchChainError(new ChainNotConfiguredError());
      try {
        await logged('switchNetwork', () => client.switchNetwork({ chainId: targetChainId }));
      } catch (error) {
        throw new SwitchChainError(error as Error);
      }
      currentChainId = targetChainId;
      config.emitter.emit('change', { chainId: targetChainId });
      providerEmit('chainChanged', numberToHex(targetChainId));
      return chain;
    }

    const provider: AuthProvider = {
      async request({ method, params }) {
        try {
          switch (method) {
            case 'eth_chainId':
              return numberToHex(chainId());
            case 'eth_accounts':
              return [...accounts];
            case 'eth_requestAccounts':
              if (accounts.length === 0) await connectUser();
              return [...accounts];
            case 'wallet_switchEthereumChain': {
              const hex = (params as [{ chainId?: unknown }] | undefined)?.[0]?.chainId;
              if (typeof hex !== 'string' || !/^0x[0-9a-fA-F]+$/.test(hex)) {
                throw new AuthProviderRpcError(-32602, 'Invalid chain id');
              }
              await switchChain(Number.parseInt(hex, 16));
              return null;
            }
            case 'wallet_getCapabilities':
              try {
                return await client.rpc({ method, params });
              } catch {
                return {};
              }
            default:
              return await client.rpc({ method, params });
          }
        } catch (error) {
          throw toProviderError(error);
        }
      },
      on(event, listener) {
        let set = providerListeners.get(event);
        if (!set) {
          set = new Set();
          providerListeners.set(event, set);
        }
        set.add(listener);
      },
      removeListener(event, listener) {
        providerListeners.get(event)?.delete(listener);
      },
    };

    return {
      id: CONNECTOR_IDS.auth,
      name: AUTH_CONNECTOR_NAME,
      type: authConnector.type,
      frame: client,
      auth,

      async connect({ chainId: requested, withCapabilities } = {}) {
        const result = await logged('connect', () => connectUser(requested));
        providerEmit('connect', { chainId: numberToHex(result.chainId) });
        providerEmit('accountsChanged', [...result.accounts]);
        return {
          accounts: (withCapabilities
            ? result.accounts.map((address) => ({ address, capabilities: {} }))
            : [...result.accounts]) as never,
          chainId: result.chainId,
        };
      },

      async disconnect() {
        try {
          await auth.signOut();
        } finally {
          setUser(null);
          currentChainId = null;
          providerEmit('accountsChanged', []);
          providerEmit('disconnect');
        }
      },

      async getAccounts() {
        return [...accounts];
      },

      async getChainId() {
        const hex = (await provider.request({ method: 'eth_chainId' })) as string;
        return Number.parseInt(hex, 16);
      },

      async getProvider() {
        return provider;
      },

      async isAuthorized() {
        // No remembered login: answer without creating the iframe.
        if (!cache.hasRememberedLogin()) return false;
        try {
          const { isConnected } = await auth.isConnected();
          return isConnected;
        } catch {
          return false;
        }
      },

      async switchChain({ chainId: target }) {
        return switchChain(target);
      },

      onAccountsChanged(next) {
        if (next.length === 0) this.onDisconnect();
        else config.emitter.emit('change', { accounts: next.map((a) => getAddress(a)) });
      },

      onChainChanged(chain) {
        config.emitter.emit('change', { chainId: Number(chain) });
      },

      onDisconnect() {
        setUser(null);
        config.emitter.emit('disconnect');
      },

      async setPreferredAccount(type) {
        await logged('setPreferredAccount', async () => {
          const result = await client.setPreferredAccount({ type });
          if (user) {
            const changed = setUser({ ...user, address: result.address, preferredAccountType: result.type });
            if (changed) {
              config.emitter.emit('change', { accounts: [...accounts] });
              providerEmit('accountsChanged', [...accounts]);
            }
          }
          eventBus?.emit('SET_PREFERRED_ACCOUNT_TYPE', {
            accountType: type,
            network: `eip155:${chainId()}`,
          });
        });
      },

      getPreferredAccountType: () => cache.preferredAccountType(),

      async getSmartAccountEnabledNetworks() {
        return logged('getSmartAccountEnabledNetworks', async () => {
          const { smartAccountEnabledNetworks } = await client.getSmartAccountEnabledNetworks();
          return smartAccountEnabledNetworks;
        });
      },
    };
  });
}
