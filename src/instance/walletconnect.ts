/**
 * Pairing by QR code over WalletConnect: a wagmi connector on `@walletconnect/universal-provider`, an optional
 * peer dependency of the kit, and the `PairingProvider` (hooks/connect/pairing.ts) that the Connect view's
 * pairing state machine drives. This module is loaded only when a pairing starts (or is preloaded): nothing of
 * it, nor of WalletConnect, is in the initial JS.
 *
 * Why the universal provider and not `@walletconnect/ethereum-provider` (which wagmi's own `walletConnect`
 * connector runs): the Ethereum provider depends on WalletConnect's AppKit modal (about 145 MB installed) for
 * a QR modal the kit does not show, and with it installed Vite 8 merged the host's shared viem modules into
 * the host's initial chunk (the size budget's host app: initial JS 144.8 → 217.6 KiB gzip). The universal
 * provider is the layer below it, without AppKit and without viem, and it carries other namespaces than
 * `eip155` (Solana) in the same session.
 *
 * Decisions a host can see:
 * - **Telemetry off** (`telemetryEnabled: false`).
 * - **A self-hosted relay** (`walletConnect.relayUrl`) keeps everything on the host's side: the kit prepares
 *   WalletConnect's core itself (the SDK reuses a core created before it with the same storage prefix) so that
 *   it sends no start-up event to WalletConnect's cloud, and it does not ask WalletConnect's hosted Verify
 *   service to attest the page (an iframe of verify.walletconnect.org, which a strict Content-Security-Policy
 *   blocks and which costs 5 s before the QR code offline). Wallets then show the dapp as "unverified".
 *   `walletConnect.verify: true` keeps Verify with a self-hosted relay; with WalletConnect's own relay Verify
 *   stays as the SDK does it, and `verify: false` turns it off there too.
 * - **Remembered sessions**: the provider keeps its session in the browser (IndexedDB, under the `keyway`
 *   prefix) and wagmi remembers the connector, so a reload reconnects without a new QR code.
 * - **Reads go to the host's RPC**: the session's `rpcMap` is each chain's first RPC URL of the wagmi config;
 *   only what a wallet must answer (signing, sending, switching, accounts) goes over the relay.
 */
import type { Address, Chain } from 'viem';
import type { Config, Connector, CreateConnectorFn } from 'wagmi';
import type { connect, disconnect } from 'wagmi/actions';
import type { PairedSession } from '../chains/solana/paired-wallet';
import { KeywayError } from '../core/errors';
import type { PairingProvider } from '../hooks/connect/pairing';

/**
 * What this module needs from modules the initial JS already holds, handed in by the caller (wagmi.ts)
 * rather than imported: a lazy chunk that imports modules of the initial graph makes Vite 8 (rolldown) split
 * those out of the host's entry chunk into small shared chunks, which cost the host 2 KiB gzip of initial JS
 * here for nothing (rolldown issue 10731). Type imports are free.
 */
export interface WalletConnectDeps {
  connect: typeof connect;
  disconnect: typeof disconnect;
  /** Sets up a connector on the config and keeps it if it yields a provider (wagmi.ts). */
  addConnector(config: Config, fn: CreateConnectorFn): Promise<Connector | null>;
  /** viem's checksummed address. */
  getAddress(address: string): Address;
  /** viem's UserRejectedRequestError around a wallet's refusal. */
  rejected(cause: Error): Error;
  /** The kit's PairingExpiredError (the pairing store refreshes the URI on it). */
  expired(message: string): Error;
}

/** The package a host installs for pairing. */
export const WALLETCONNECT_PACKAGE = '@walletconnect/universal-provider';
/** WalletConnect's storage prefix for the kit's sessions (apart from another WalletConnect user on the page). */
export const WALLETCONNECT_STORAGE_PREFIX = 'keyway';
/** The connector's id (wagmi remembers it to reconnect after a reload). */
export const WALLETCONNECT_CONNECTOR_ID = 'walletConnect';

/** What the kit asks a paired EVM wallet to answer. */
export const EIP155_METHODS = [
  'eth_sendTransaction',
  'personal_sign',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
] as const;
export const EIP155_EVENTS = ['accountsChanged', 'chainChanged'] as const;
/**
 * What the kit asks a paired Solana wallet to answer (WalletConnect's Solana RPC): transactions as base64 wire
 * bytes, messages and signatures in base58. The kit reads balances from its own RPC, not the wallet's.
 */
export const SOLANA_METHODS = [
  'solana_signAndSendTransaction',
  'solana_signTransaction',
  'solana_signMessage',
] as const;

export interface WalletConnectPairingOptions {
  projectId: string;
  metadata?: { name: string; description: string; url: string; icons: string[] } | undefined;
  relayUrl?: string | undefined;
  /** WalletConnect Verify: default on with WalletConnect's relay, off with a self-hosted one. */
  verify?: boolean | undefined;
  /**
   * The relay went away during a session (`lost`, after RELAY_LOST_GRACE_MS without it) or came back after
   * that (`back`). Requests made meanwhile wait in the SDK and go out when it is back.
   */
  onRelayChange?: ((state: 'lost' | 'back') => void) | undefined;
  /** RELAY_CONNECT_TIMEOUT_MS unless given (tests). */
  relayTimeoutMs?: number | undefined;
  /**
   * The configured Solana networks (CAIP-2 id, the RPC URL the wallet may read from): with any, a pairing
   * proposes the `solana` namespace next to `eip155`, so one phone wallet can serve both.
   */
  solanaNetworks?: ReadonlyArray<{ id: string; rpcUrl: string }> | undefined;
  /**
   * The namespace of the kit's active network: a pairing must share an account of it (an EVM wallet paired on
   * a Solana network is no connection there), and connects whichever of the two the wallet shared.
   */
  activeNamespace?: (() => 'evm' | 'solana') | undefined;
  /** The wallet shared Solana accounts in a new session: the kit's Solana side connects the paired wallet. */
  onSolanaSession?: (() => Promise<void>) | undefined;
}

/** A relay gone for less than this (a network blip, a relay restart) is not reported. */
export const RELAY_LOST_GRACE_MS = 1_000;
/**
 * A pairing whose relay is still not connected after this long, with no URI yet, fails with
 * `relayUnreachable` (the SDK itself would keep the spinner for more than a minute before a vague error).
 */
export const RELAY_CONNECT_TIMEOUT_MS = 15_000;

/** The part of `@walletconnect/universal-provider` the kit uses (kept local: the package is optional). */
interface UniversalProviderLike {
  session?: { topic: string; namespaces: Record<string, { accounts: string[]; chains?: string[] }> };
  connect(opts: {
    optionalNamespaces: Record<
      string,
      { chains: string[]; methods: string[]; events: string[]; rpcMap?: Record<string, string> }
    >;
  }): Promise<unknown>;
  request<T>(args: { method: string; params?: unknown }, chain?: string): Promise<T>;
  disconnect(): Promise<void>;
  on(event: string, listener: (...args: never[]) => void): void;
  removeListener(event: string, listener: (...args: never[]) => void): void;
  setDefaultChain(chain: string, rpcUrl?: string): void;
  abortPairingAttempt(): void;
  /** The sign client under the provider: requests straight to the wallet. */
  client: {
    core?: { relayer?: { on(event: string, listener: () => void): void } };
    request<T>(args: {
      topic: string;
      chainId: string;
      request: { method: string; params?: unknown };
    }): Promise<T>;
  };
}
interface UniversalProviderModule {
  UniversalProvider?: { init(opts: Record<string, unknown>): Promise<UniversalProviderLike> };
  default?: { init(opts: Record<string, unknown>): Promise<UniversalProviderLike> };
}

/** Loads the peer package; null when it is not installed (or fails to load). */
export async function loadUniversalProvider(): Promise<UniversalProviderModule | null> {
  try {
    return (await import('@walletconnect/universal-provider')) as unknown as UniversalProviderModule;
  } catch {
    return null;
  }
}

interface CoreLike {
  eventClient?: { init?: () => Promise<void> };
  verify?: { register?: (params: unknown) => Promise<string | undefined> };
}

/**
 * Creates WalletConnect's core for the kit's storage prefix before the provider does, with the start-up
 * event off and, unless `verify`, no Verify attestation: the provider's own core construction then returns
 * this one (the SDK keeps one core per prefix on `globalThis`). Without `@walletconnect/core` resolvable
 * (a strict package manager that does not hoist it) the SDK's defaults stay.
 */
async function prepareCore(opts: WalletConnectPairingOptions): Promise<void> {
  const key = `_walletConnectCore_${WALLETCONNECT_STORAGE_PREFIX}`;
  if ((globalThis as Record<string, unknown>)[key]) return;
  let Core: new (o: Record<string, unknown>) => CoreLike;
  try {
    ({ Core } = (await import('@walletconnect/core')) as unknown as { Core: typeof Core });
  } catch {
    return;
  }
  const core = new Core({
    projectId: opts.projectId,
    ...(opts.relayUrl ? { relayUrl: opts.relayUrl } : {}),
    customStoragePrefix: WALLETCONNECT_STORAGE_PREFIX,
    telemetryEnabled: false,
    logger: 'error',
  });
  if (core.eventClient) core.eventClient.init = async () => {};
  if (!opts.verify && core.verify) core.verify.register = async () => '';
}

const caip2 = (chainId: number) => `eip155:${chainId}`;

/** The EVM addresses of a session, in its order, without repeats. */
function sessionAccounts(p: UniversalProviderLike, getAddress: (a: string) => Address): Address[] {
  const accounts = p.session?.namespaces.eip155?.accounts ?? [];
  return [...new Set(accounts.map((a) => getAddress(a.split(':')[2] ?? '')))];
}

/** The session's addresses per namespace, as the wallet gave them (CAIP-10 accounts, without repeats). */
function namespaceAccounts(p: UniversalProviderLike): { evm: string[]; solana: string[] } {
  const of = (ns: string) => [
    ...new Set((p.session?.namespaces[ns]?.accounts ?? []).map((a) => a.split(':')[2] ?? '').filter(Boolean)),
  ];
  return { evm: of('eip155'), solana: of('solana') };
}

/** What the kit's WalletConnect connector adds to a wagmi connector. */
export type WalletConnectConnectorProperties = {
  /** Abandons a pairing still waiting for its wallet. */
  abortPairing(): void;
  /**
   * Proposes a session (EVM, and Solana when configured) and resolves once the wallet approves, with the
   * addresses it shared per namespace; a `connect` that follows takes this session without a new proposal.
   */
  pair(): Promise<{ evm: string[]; solana: string[] }>;
  /** The session as the Solana side's paired wallet uses it (restored from the browser's storage if any). */
  pairedSession(): Promise<PairedSession>;
};

/** The first chain the session names for the EVM namespace. */
function sessionChainId(p: UniversalProviderLike): number | undefined {
  const first = p.session?.namespaces.eip155?.accounts[0] ?? p.session?.namespaces.eip155?.chains?.[0];
  const id = Number(first?.split(':')[1]);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export interface WalletConnectConnectorOptions extends WalletConnectPairingOptions {
  /** The provider package (tests pass it; the kit loads it). */
  module: UniversalProviderModule;
  getAddress(address: string): Address;
}

/** A wagmi connector that pairs with a phone wallet over WalletConnect (see the file's head). */
export function walletConnectConnector(opts: WalletConnectConnectorOptions) {
  type Provider = {
    request<T>(args: { method: string; params?: unknown }): Promise<T>;
    on(event: string, listener: (...args: never[]) => void): void;
    removeListener(event: string, listener: (...args: never[]) => void): void;
  };
  let up: UniversalProviderLike | undefined;
  let upPromise: Promise<UniversalProviderLike> | undefined;
  let chainId: number | undefined;
  let attached = false;
  /** A session `pair()` just made, which the next `connect` takes as it is (no second proposal). */
  let fresh = false;
  /** Told when the session ends, on either side (the Solana side's paired wallet listens). */
  const ended = new Set<() => void>();
  const end = () => {
    for (const listener of [...ended]) listener();
  };

  const getAddress = opts.getAddress;
  const create: CreateConnectorFn<Provider, WalletConnectConnectorProperties> = (config) => {
    const defaultChain = config.chains[0].id;
    const rpcMap = Object.fromEntries(
      config.chains.map((chain) => [caip2(chain.id), chain.rpcUrls.default.http[0] ?? '']),
    );
    const init = async () => {
      if (up) return up;
      upPromise ??= (async () => {
        await prepareCore(opts);
        const factory = opts.module.UniversalProvider ?? opts.module.default;
        if (!factory) throw new Error(`${WALLETCONNECT_PACKAGE} has no UniversalProvider`);
        const created = await factory.init({
          projectId: opts.projectId,
          ...(opts.relayUrl ? { relayUrl: opts.relayUrl } : {}),
          ...(opts.metadata ? { metadata: opts.metadata } : {}),
          customStoragePrefix: WALLETCONNECT_STORAGE_PREFIX,
          telemetryEnabled: false,
          logger: 'error',
        });
        up = created;
        chainId = sessionChainId(created) ?? defaultChain;
        watchRelay(created, opts.onRelayChange);
        created.on('session_delete', end as never);
        return created;
      })();
      return upPromise;
    };

    const onDisplayUri = (uri: string) => config.emitter.emit('message', { type: 'display_uri', data: uri });
    let onAccounts: ((accounts: string[]) => void) | undefined;
    let onChain: ((chain: string | number) => void) | undefined;
    let onDelete: (() => void) | undefined;

    /** Asks the wallet for a session (the URI goes out as a `display_uri` message): EVM, and Solana if configured. */
    const propose = async (p: UniversalProviderLike) => {
      p.on('display_uri', onDisplayUri as never);
      try {
        const solana = opts.solanaNetworks ?? [];
        await p.connect({
          optionalNamespaces: {
            eip155: {
              chains: config.chains.map((c) => caip2(c.id)),
              methods: [...EIP155_METHODS],
              events: [...EIP155_EVENTS],
              rpcMap,
            },
            ...(solana.length
              ? {
                  solana: {
                    chains: solana.map((n) => n.id),
                    methods: [...SOLANA_METHODS],
                    events: [],
                    rpcMap: Object.fromEntries(solana.map((n) => [n.id, n.rpcUrl])),
                  },
                }
              : {}),
          },
        });
      } finally {
        p.removeListener('display_uri', onDisplayUri as never);
      }
      chainId = sessionChainId(p) ?? defaultChain;
    };

    const attach = (p: UniversalProviderLike) => {
      if (attached) return;
      attached = true;
      onAccounts = (accounts) => impl.onAccountsChanged(accounts);
      onChain = (chain) => impl.onChainChanged(String(chain));
      onDelete = () => impl.onDisconnect();
      p.on('accountsChanged', onAccounts as never);
      p.on('chainChanged', onChain as never);
      p.on('session_delete', onDelete as never);
      p.on('disconnect', onDelete as never);
    };
    const detach = () => {
      if (!up || !attached) return;
      attached = false;
      if (onAccounts) up.removeListener('accountsChanged', onAccounts as never);
      if (onChain) up.removeListener('chainChanged', onChain as never);
      if (onDelete) {
        up.removeListener('session_delete', onDelete as never);
        up.removeListener('disconnect', onDelete as never);
      }
    };

    const impl: ReturnType<CreateConnectorFn<Provider, WalletConnectConnectorProperties>> = {
      id: WALLETCONNECT_CONNECTOR_ID,
      name: 'WalletConnect',
      type: 'walletConnect',
      async connect(params = {}) {
        const p = await init();
        if (fresh && p.session) fresh = false;
        else if (!p.session || !params.isReconnecting) await propose(p);
        const accounts = sessionAccounts(p, getAddress);
        if (accounts.length === 0) throw KeywayError.of('noAccountForNetwork');
        attach(p);
        if (params.chainId && params.chainId !== chainId && this.switchChain) {
          await this.switchChain({ chainId: params.chainId }).catch(() => undefined);
        }
        p.setDefaultChain(caip2(chainId ?? defaultChain));
        return { accounts, chainId: chainId ?? defaultChain } as never;
      },
      async disconnect() {
        const p = await init();
        detach();
        if (p.session) await p.disconnect().catch(() => undefined);
        end();
      },
      async getAccounts() {
        return sessionAccounts(await init(), getAddress);
      },
      async getChainId() {
        await init();
        return chainId ?? defaultChain;
      },
      async getProvider() {
        const p = await init();
        return {
          request: <T>(args: { method: string; params?: unknown }) =>
            p.request<T>(args, caip2(chainId ?? defaultChain)),
          on: (event: string, listener: (...args: never[]) => void) => p.on(event, listener),
          removeListener: (event: string, listener: (...args: never[]) => void) =>
            p.removeListener(event, listener),
        };
      },
      async isAuthorized() {
        try {
          const p = await init();
          return sessionAccounts(p, getAddress).length > 0;
        } catch {
          return false;
        }
      },
      async switchChain({ chainId: next }) {
        const chain = config.chains.find((c) => c.id === next);
        if (!chain) throw new Error(`Chain ${next} is not configured`);
        const p = await init();
        // Asked of the wallet itself, also for a chain the session already covers (the provider would switch
        // only on this side then): the wallet shows the network it signs for, and may refuse.
        if (p.session) {
          await p.client.request({
            topic: p.session.topic,
            chainId: caip2(chainId ?? defaultChain),
            request: {
              method: 'wallet_switchEthereumChain',
              params: [{ chainId: `0x${next.toString(16)}` }],
            },
          });
        }
        chainId = next;
        p.setDefaultChain(caip2(next));
        config.emitter.emit('change', { chainId: next });
        return chain as Chain;
      },
      onAccountsChanged(accounts) {
        // The provider tells every namespace's accounts here: a Solana account is not an EVM one.
        const evm = accounts.filter((a) => /^0x[0-9a-fA-F]{40}$/.test(a));
        if (accounts.length === 0) this.onDisconnect();
        else if (evm.length) config.emitter.emit('change', { accounts: evm.map((a) => getAddress(a)) });
      },
      onChainChanged(chain) {
        const next = Number(chain);
        if (!Number.isInteger(next) || next === chainId) return;
        chainId = next;
        config.emitter.emit('change', { chainId: next });
      },
      onDisconnect() {
        detach();
        config.emitter.emit('disconnect');
      },
      /** Abandons a pairing still waiting for its wallet (its `connect` then rejects). */
      abortPairing() {
        up?.abortPairingAttempt();
      },
      async pair() {
        const p = await init();
        await propose(p);
        fresh = true;
        return namespaceAccounts(p);
      },
      async pairedSession() {
        const p = await init();
        return {
          solanaAccounts: () => namespaceAccounts(p).solana,
          request: ({ chainId: chain, method, params }) => {
            if (!p.session) return Promise.reject(new Error('The wallet is not paired'));
            return p.client.request({ topic: p.session.topic, chainId: chain, request: { method, params } });
          },
          disconnect: async () => {
            // One session, one end: the EVM connection through it (if any) ends with it.
            if (attached) config.emitter.emit('disconnect');
            detach();
            if (p.session) await p.disconnect().catch(() => undefined);
            end();
          },
          onEnd(listener) {
            ended.add(listener);
            return () => ended.delete(listener);
          },
        };
      },
    };
    return impl;
  };
  return create;
}

/** The peer package, or null with a development warning that says what to install (once per page). */
export async function loadUniversalProviderOrWarn(): Promise<UniversalProviderModule | null> {
  const module = await loadUniversalProvider();
  if (!module && !warned) {
    warned = true;
    warnMissing();
  }
  return module;
}
let warned = false;

/** Reports the relay's loss and return during a session (see `onRelayChange`). */
function watchRelay(p: UniversalProviderLike, report: WalletConnectPairingOptions['onRelayChange']): void {
  const relayer = p.client.core?.relayer;
  if (!report || !relayer) return;
  let lost = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  relayer.on('relayer_disconnect', () => {
    if (!p.session || timer || lost) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (!p.session) return;
      lost = true;
      report('lost');
    }, RELAY_LOST_GRACE_MS);
  });
  relayer.on('relayer_connect', () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!lost) return;
    lost = false;
    report('back');
  });
}

function warnMissing(): void {
  if (import.meta.env?.DEV) {
    console.warn(
      `Keyway: pairing by QR code (WalletConnect) needs ${WALLETCONNECT_PACKAGE}. Install it ` +
        `(npm i ${WALLETCONNECT_PACKAGE}); until then wallets that can only pair are not listed.`,
    );
  }
}

/**
 * A `PairingProvider` over the kit's WalletConnect connector, or null when `@walletconnect/universal-provider`
 * is not installed (with a console warning in development).
 */
export async function createWalletConnectPairingWith(
  config: Config,
  opts: WalletConnectPairingOptions,
  deps: WalletConnectDeps,
): Promise<PairingProvider | null> {
  const module = await loadUniversalProviderOrWarn();
  if (!module) return null;
  // The shell of a remembered pairing (wagmi.ts lazyWalletConnectConnector), or one added before.
  const existing = config.connectors.find((c) => c.id === WALLETCONNECT_CONNECTOR_ID);
  const connector: Connector | null =
    existing ??
    (await deps.addConnector(
      config,
      walletConnectConnector({ ...opts, module, getAddress: deps.getAddress }),
    ));
  if (!connector) return null;
  const c = connector as Connector & WalletConnectConnectorProperties;
  return {
    pairedSession: () => c.pairedSession(),
    onUri(callback) {
      const handler = (message: { type: string; data?: unknown }) => {
        if (message.type === 'display_uri' && typeof message.data === 'string') callback(message.data);
      };
      c.emitter.on('message', handler);
      return () => c.emitter.off('message', handler);
    },
    async connect() {
      // No URI and no relay connection for RELAY_CONNECT_TIMEOUT_MS: the relay cannot be reached.
      let uriSeen = false;
      const seen = (message: { type: string }) => {
        if (message.type === 'display_uri') uriSeen = true;
      };
      c.emitter.on('message', seen);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const unreachable = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          if (uriSeen || relayConnected()) return;
          c.abortPairing();
          reject(KeywayError.of('relayUnreachable'));
        }, opts.relayTimeoutMs ?? RELAY_CONNECT_TIMEOUT_MS);
      });
      let shared: { evm: string[]; solana: string[] };
      try {
        shared = await Promise.race([c.pair(), unreachable]);
      } catch (error) {
        // The SDK reports an expired proposal as a plain error; the store refreshes on this class.
        if (error instanceof Error && /expired/i.test(error.message)) {
          throw deps.expired(error.message);
        }
        if (hasCode(error, 5000) || hasCode((error as { cause?: unknown })?.cause, 5000)) {
          throw deps.rejected(error as Error);
        }
        throw error;
      } finally {
        clearTimeout(timer);
        c.emitter.off('message', seen);
      }
      // The wallet must share an account of the network the kit is on; what else it shared connects too.
      const needed = opts.activeNamespace?.() ?? 'evm';
      if (shared[needed].length === 0) {
        await c.pairedSession().then(
          (s) => s.disconnect(),
          () => undefined,
        );
        throw KeywayError.of('noAccountForNetwork');
      }
      if (shared.evm.length) await deps.connect(config, { connector: c });
      if (shared.solana.length && opts.onSolanaSession) {
        await opts.onSolanaSession().catch((error: unknown) => {
          if (needed === 'solana') throw error;
        });
      }
    },
    cancel() {
      c.abortPairing();
      void deps.disconnect(config, { connector: c }).catch(() => undefined);
    },
  };
}

/** Whether the kit's WalletConnect core (one per storage prefix, on `globalThis`) has its relay connection. */
function relayConnected(): boolean {
  const core = (globalThis as Record<string, unknown>)[
    `_walletConnectCore_${WALLETCONNECT_STORAGE_PREFIX}`
  ] as { relayer?: { connected?: boolean } } | undefined;
  return core?.relayer?.connected === true;
}

function hasCode(error: unknown, code: number): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
