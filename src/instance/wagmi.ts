/**
 * The wagmi side of the kit: a config built from the host's networks (injected connector plus EIP-6963
 * discovery), optional connectors that are added only when their peer packages can be loaded
 * (Coinbase: `@coinbase/wallet-sdk`; Safe: `@safe-global/safe-apps-sdk` + provider, inside a Safe iframe).
 * The WalletConnect pairing adapter is in walletconnect.ts, loaded when a pairing starts
 * (`createWalletConnectPairing` below).
 *
 * None of these peer packages is a dependency of the kit (the repository installs only the WalletConnect ones,
 * for its tests); they are loaded lazily, on first use, and their absence only removes the option. Nothing
 * here makes a network request at creation.
 */
import {
  type Chain,
  createTransport,
  type EIP1193RequestFn,
  getAddress,
  type Transport,
  UserRejectedRequestError,
} from 'viem';
import {
  type Config,
  type Connector,
  type CreateConnectorFn,
  createConfig,
  createConnector,
  createStorage,
  http,
  injected,
} from 'wagmi';
import { connect, disconnect } from 'wagmi/actions';
import { blockchainRpcUrl } from '../api/url';
import {
  HTTP_RETRY_COUNT,
  HTTP_RETRY_DELAY_MS,
  HTTP_TIMEOUT_MS,
  MULTICALL_BATCH_BYTES,
} from '../core/constants';
import { KEYWAY_WAGMI_KEY } from '../core/cookies';
import { PairingExpiredError } from '../core/errors';
import { hostRpcUrls, type KeywayNetwork, mainnet, publicRpcUrl, toViemChain } from '../core/networks';
import type { KeyValueStorage } from '../core/storage';
import type { PairingProvider } from '../hooks/connect/pairing';
import type { WalletConnectConnectorProperties, WalletConnectPairingOptions } from './walletconnect';

/** Prefix of the keys wagmi persists (its connection, for reconnecting on the next visit). */
export const WAGMI_STORAGE_KEY = KEYWAY_WAGMI_KEY;

export interface BuildWagmiConfigOptions {
  networks: readonly KeywayNetwork[];
  /** Announced (EIP-6963) wallets are discovered when true. */
  enableEIP6963: boolean;
  /** Where wagmi keeps its connection; none means nothing is persisted. */
  storage?: KeyValueStorage | null;
  /** Extra connectors (tests use wagmi's `mock` or an injected test wallet). */
  connectors?: CreateConnectorFn[];
  /** Server rendering: wagmi reads its storage back when its provider mounts, not at creation. */
  ssr?: boolean;
  /**
   * The Blockchain API (its base URL and the project id): an EVM network without the host's own RPC URL reads
   * through its RPC (`evmReadRpc`). `createKeyway` passes `apiUrl` and `projectId`.
   */
  blockchainApi?: BlockchainApiRpc;
}

/** Where the Blockchain API's RPC is: `<baseUrl>/v1/?chainId=<caip2>&projectId=<projectId>`. */
export interface BlockchainApiRpc {
  baseUrl: string;
  projectId: string;
}

/**
 * Where the kit's wagmi config reads an EVM network through, in order (a second URL is a fallback):
 * - `host`: the host gave its own RPC URL(s) (`rpcUrls`): the first, as the host asked;
 * - `api`: no host URL and a project id: the Blockchain API's RPC (spec §7: `/v1/?chainId=…&projectId=…`;
 *   public RPCs rate-limit real users), then the kit's public default of a built-in network, if it has one;
 * - `public`: no host URL and no project id: the kit's public default of a built-in network.
 * A built-in network passed unchanged (`mainnet`: its `rpcUrls` are the kit's public default) has no host URL
 * (`hostRpcUrls`); the local stack's networks carry the stack's own nodes, which are host URLs.
 */
export interface EvmReadRpc {
  via: 'host' | 'api' | 'public';
  urls: [string, ...string[]];
}

/**
 * The read RPC of an EVM network (see `EvmReadRpc`). Pure. Throws, naming the network, when it has neither a
 * host URL, a project id nor a public default (option parsing cannot get here: it requires a projectId).
 */
export function evmReadRpc(
  network: Pick<KeywayNetwork, 'id' | 'name' | 'rpcUrls'>,
  api: BlockchainApiRpc | undefined,
): EvmReadRpc {
  const own = hostRpcUrls(network);
  if (own.length) return { via: 'host', urls: [own[0]!] };
  const builtIn = publicRpcUrl(network.id);
  if (api?.projectId) {
    const url = blockchainRpcUrl(api, network.id);
    return { via: 'api', urls: builtIn ? [url, builtIn] : [url] };
  }
  if (builtIn) return { via: 'public', urls: [builtIn] };
  throw new Error(
    `Network "${network.name}" (${network.id}) has no RPC URL: expected at least one RPC URL, or a projectId to read through the Blockchain API`,
  );
}

/** The viem chains of the EVM networks; wagmi needs at least one, so Ethereum stands in when none is given. */
export function evmChains(networks: readonly KeywayNetwork[]): [Chain, ...Chain[]] {
  const chains = networks.filter((n) => n.chain === 'evm').map(toViemChain);
  return chains.length ? (chains as [Chain, ...Chain[]]) : [toViemChain(mainnet)];
}

const httpOptions = {
  timeout: HTTP_TIMEOUT_MS,
  retryCount: HTTP_RETRY_COUNT,
  retryDelay: HTTP_RETRY_DELAY_MS,
};

/**
 * viem's `fallback` over HTTP transports on `urls`, its code loaded with the first request (rpcFallback.ts; a
 * failed load is tried again on the next request). Retries are the inner transports' own.
 */
function lazyFallback(urls: readonly string[]): Transport {
  return (params) => {
    let inner: Promise<ReturnType<Transport>> | undefined;
    const load = () => {
      inner ??= import('./rpcFallback').then(
        ({ fallbackTransport }) => fallbackTransport(urls, httpOptions)(params),
        (e: unknown) => {
          inner = undefined;
          throw e;
        },
      );
      return inner;
    };
    return createTransport({
      key: 'fallback',
      name: 'Fallback',
      type: 'lazyFallback',
      retryCount: 0,
      request: (async (args: Parameters<EIP1193RequestFn>[0]) =>
        (await load()).request(args)) as EIP1193RequestFn,
    });
  };
}

/** The transport of a read RPC: HTTP on its URL, or viem's `fallback` over its URLs in order. */
function readTransport(rpc: EvmReadRpc): Transport {
  const [first, ...rest] = rpc.urls;
  return rest.length ? lazyFallback(rpc.urls) : http(first, httpOptions);
}

/**
 * A wagmi config for the networks: per EVM network an HTTP transport chosen by `evmReadRpc` (the host's URL,
 * or the Blockchain API's RPC with the public default as fallback), the injected connector. A chain's
 * `rpcUrls.default` (what a wallet asked to add the chain, and the WalletConnect provider, are given) stays the
 * host's or the public URL; only a network with neither gets the Blockchain API's RPC there.
 */
export function buildWagmiConfig(opts: BuildWagmiConfigOptions): Config {
  const evmNetworks = opts.networks.filter((n) => n.chain === 'evm');
  const chains: Chain[] = [];
  const transports: Record<number, Transport> = {};
  for (const network of evmNetworks.length ? evmNetworks : [mainnet]) {
    const rpc = evmReadRpc(network, opts.blockchainApi);
    const chain = toViemChain(network);
    chains.push(
      chain.rpcUrls.default.http.length ? chain : { ...chain, rpcUrls: { default: { http: [rpc.urls[0]] } } },
    );
    transports[chain.id] = readTransport(rpc);
  }
  return createConfig({
    chains: chains as [Chain, ...Chain[]],
    transports,
    connectors: [injected({ shimDisconnect: true }), ...(opts.connectors ?? [])],
    multiInjectedProviderDiscovery: opts.enableEIP6963,
    storage: opts.storage ? createStorage({ storage: opts.storage, key: WAGMI_STORAGE_KEY }) : null,
    ssr: opts.ssr ?? false,
    // Spec §9: reads of one tick grouped into multicalls of up to 1024 bytes (wagmi's default is the same
    // grouping with viem's size; set here so a library update cannot change it).
    batch: { multicall: { batchSize: MULTICALL_BATCH_BYTES } },
  });
}

/**
 * Sets up a connector on a live config and keeps it only if it yields a provider (its peer package loaded
 * and, for Safe, the page runs inside a Safe). Returns the connector or null.
 */
export async function addConnectorIfAvailable(
  config: Config,
  fn: CreateConnectorFn,
): Promise<Connector | null> {
  let connector: Connector;
  try {
    connector = config._internal.connectors.setup(fn);
  } catch {
    return null;
  }
  if (config.connectors.some((c) => c.id === connector.id)) {
    return config.connectors.find((c) => c.id === connector.id) ?? null;
  }
  const provider = await connector.getProvider().catch(() => null);
  if (!provider) return null;
  config._internal.connectors.setState((list) => [...list, connector]);
  return connector;
}

export interface OptionalConnectorsOptions {
  appName: string;
  appLogoUrl?: string;
}

/**
 * Adds the Coinbase and Safe connectors when their peer packages load. Call it on demand (the kit does so
 * when the modal first opens); it never throws. Returns the ids that were added.
 */
export async function addOptionalConnectors(
  config: Config,
  opts: OptionalConnectorsOptions,
): Promise<string[]> {
  const added: string[] = [];
  const attempts: Array<() => Promise<CreateConnectorFn>> = [
    async () => {
      const { coinbaseWallet } = await import('wagmi/connectors/coinbaseWallet');
      return coinbaseWallet({
        appName: opts.appName,
        ...(opts.appLogoUrl ? { appLogoUrl: opts.appLogoUrl } : {}),
      });
    },
    async () => {
      const { safe } = await import('wagmi/connectors/safe');
      return safe();
    },
  ];
  for (const load of attempts) {
    try {
      const connector = await addConnectorIfAvailable(config, await load());
      if (connector) added.push(connector.id);
    } catch {
      // the connector module itself failed to load: the option is simply absent
    }
  }
  return added;
}

/**
 * Pairing by QR code over WalletConnect (walletconnect.ts, loaded now): a `PairingProvider` over the kit's
 * WalletConnect connector, or null when `@walletconnect/universal-provider` is not installed.
 */
export function createWalletConnectPairing(
  config: Config,
  opts: WalletConnectPairingOptions,
): Promise<PairingProvider | null> {
  return import('./walletconnect').then(({ createWalletConnectPairingWith }) =>
    createWalletConnectPairingWith(config, opts, {
      connect,
      disconnect,
      addConnector: addConnectorIfAvailable,
      getAddress,
      rejected: (cause) => new UserRejectedRequestError(cause),
      expired: (message) => new PairingExpiredError(message),
    }),
  );
}

/**
 * The pairing code alone (walletconnect.ts and `@walletconnect/universal-provider`), loaded ahead of a pairing:
 * true when the package is there (a development warning says what to install when it is not).
 */
export function loadWalletConnectCode(): Promise<boolean> {
  return import('./walletconnect').then(
    (m) => m.loadUniversalProviderOrWarn().then((module) => module !== null),
    () => false,
  );
}

/** The WalletConnect connector's id (walletconnect.ts; repeated here so the check below stays out of that chunk). */
const WALLETCONNECT_ID = 'walletConnect';

/**
 * True when wagmi's persisted state in `storage` names a current connection (the last visit left a wallet
 * connected), read at once: wagmi itself reads it back a few microtasks after its config is created.
 */
export function remembersConnection(storage: KeyValueStorage | null | undefined): boolean {
  try {
    const raw = storage?.getItem(`${WAGMI_STORAGE_KEY}.store`);
    const current = raw ? (JSON.parse(raw) as { state?: { current?: unknown } })?.state?.current : null;
    return typeof current === 'string' && current !== '';
  } catch {
    return false;
  }
}

/** True when the connection wagmi remembers from the last visit was made by pairing (WalletConnect). */
export function remembersPairing(storage: KeyValueStorage | null | undefined): boolean {
  try {
    const raw = storage?.getItem(`${WAGMI_STORAGE_KEY}.recentConnectorId`);
    return raw === JSON.stringify(WALLETCONNECT_ID);
  } catch {
    return false;
  }
}

/**
 * A host's own wagmi config: when its storage remembers a pairing (WalletConnect) as the last connection, the
 * connector shell below joins its connectors, so the host's reconnect on mount restores the session as with a
 * built config. Resolves with whether it was added. Call it before the host's WagmiProvider mounts (createKeyway
 * does, when it is given `wagmiConfig`): wagmi reconnects once, on mount.
 */
export async function addRememberedPairing(
  config: Config,
  opts: WalletConnectPairingOptions,
): Promise<boolean> {
  if (config.connectors.some((c) => c.id === WALLETCONNECT_ID)) return false;
  let recent: unknown;
  try {
    recent = await config.storage?.getItem('recentConnectorId');
  } catch {
    return false;
  }
  if (recent !== WALLETCONNECT_ID || config.connectors.some((c) => c.id === WALLETCONNECT_ID)) return false;
  const connector = config._internal.connectors.setup(lazyWalletConnectConnector(opts));
  config._internal.connectors.setState((list) => [...list, connector]);
  return true;
}

/**
 * The WalletConnect connector as a shell that loads the real one (walletconnect.ts and the peer package) on
 * first use. It is in the config from the start only when the last visit's connection was a pairing: wagmi's
 * reconnect on mount then finds it, the account shows as reconnecting (never "Connect wallet") while the
 * session is restored from the browser's storage, and no QR code is needed again.
 */
export function lazyWalletConnectConnector(
  opts: WalletConnectPairingOptions,
): CreateConnectorFn<unknown, WalletConnectConnectorProperties> {
  return createConnector((config) => {
    type Real = ReturnType<CreateConnectorFn<unknown, WalletConnectConnectorProperties>>;
    let real: Real | undefined;
    let loading: Promise<Real> | undefined;
    const load = (): Promise<Real> => {
      if (real) return Promise.resolve(real);
      loading ??= import('./walletconnect').then(async (m) => {
        const module = await m.loadUniversalProvider();
        if (!module) throw new Error(`${m.WALLETCONNECT_PACKAGE} is not installed`);
        real = m.walletConnectConnector({ ...opts, module, getAddress })(config);
        return real;
      });
      return loading;
    };
    return {
      id: WALLETCONNECT_ID,
      name: 'WalletConnect',
      type: 'walletConnect',
      connect: async (p) => (await load()).connect(p as never) as never,
      disconnect: async () => (await load()).disconnect(),
      getAccounts: async () => (await load()).getAccounts(),
      getChainId: async () => (await load()).getChainId(),
      getProvider: async (p) => (await load()).getProvider(p),
      isAuthorized: async () => {
        try {
          return await (await load()).isAuthorized();
        } catch {
          return false;
        }
      },
      switchChain: async (p) => {
        const r = await load();
        if (!r.switchChain) throw new Error('switchChain is not supported');
        return r.switchChain(p);
      },
      onAccountsChanged: (accounts) => real?.onAccountsChanged(accounts),
      onChainChanged: (chainId) => real?.onChainChanged(chainId),
      onDisconnect: (error) => real?.onDisconnect(error),
      abortPairing: () => real?.abortPairing(),
      pair: async () => (await load()).pair(),
      pairedSession: async () => (await load()).pairedSession(),
    };
  });
}
