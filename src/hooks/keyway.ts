/**
 * The Keyway instance as the hooks and views read it: its options, clients, stores and the parts created on
 * first use. `createKeyway` (the composition root, `instance/createKeyway.ts`) builds and disposes one; the
 * hooks depend on this contract only, never on the module that builds it.
 */
import type { Config, Connector, CreateConnectorFn } from 'wagmi';
import type { Analytics } from '../api/analytics';
import type { BlockchainApi, ExplorerApi } from '../api/lazy';
import type { SolanaAdapter } from '../chains/solana/types';
import type { Wallet } from '../chains/solana/wallet-standard';
import type { CONNECTOR_IDS } from '../core/constants';
import type { EventBus } from '../core/events';
import type { ResolvedKeywayOptions } from '../core/options';
import type { OutcomeStream } from '../core/outcomes';
import type { SafeStorage } from '../core/storage';
import type { FrameClient } from '../frame/client/client';
import type { AuthConnectorApi } from '../frame/connector/auth-api';
import type { LoginCache } from '../frame/login-cache';
import type { AccountStore } from './account/store';
import type { PairingProvider } from './connect/pairing';
import type { ModalStore } from './modal/store';
import type { NetworksStore } from './networks/store';
import type { ToastsStore } from './toasts/store';

export interface KeywayStores {
  modal: ModalStore;
  toasts: ToastsStore;
  account: AccountStore;
  networks: NetworksStore;
}

/**
 * The stores of flows whose code loads on first use (connect, sign-in with wallet, balances, history, send,
 * swap, on-ramp, names, the embedded wallet's logins):
 * created by their own module the first time a hook or view asks, then owned by the instance (kept for its
 * lifetime, disposed by `destroy()`), so none of their code is in a host's initial JS.
 */
export interface KeywayParts {
  /** The styled layer's router on this instance (views/modalRouter.ts): how many styled roots attached it. */
  modalRouter: ModalRouterAttachment;
  // Each flow's module adds its part here (`declare module '../keyway'`), so this contract imports none of
  // them and no import cycle runs through it: connect, siwe, balances, transactions, send, swap, onramp,
  // onrampNetworks, names, embeddedLogin, emailLogin.
}

/** The styled router's state on an instance: its users, and what stops it (null while none is attached). */
export interface ModalRouterAttachment {
  users: number;
  stop: (() => void) | null;
}

/**
 * The dependencies a test or a story may put in place of a part's own (the API, the wallet calls, the clock),
 * by part: each flow's module adds its entry as it adds its part. They are given once, where the instance is
 * made (`createKeyway`'s `internals.partDeps`), so whichever hook or view asks for a part first, every caller
 * gets the same part: no caller can pass options that another caller's silently replace.
 */
export interface KeywayPartDeps {
  /** The styled router has none. */
  modalRouter: Record<never, never>;
}

/** The replaced dependencies a part's factory gets (an empty object when none were given). */
export type PartDepsOf<K> = K extends keyof KeywayPartDeps
  ? Partial<KeywayPartDeps[K]>
  : Record<never, never>;

/** A part as its module creates it: the value, and what `destroy()` undoes (subscriptions, timers). */
export interface OwnedPart<T> {
  value: T;
  dispose(): void;
}

export interface Keyway {
  readonly options: ResolvedKeywayOptions;
  /** The tracked-event stream (spec §4); hosts may subscribe. */
  readonly events: EventBus;
  /**
   * The outcomes of the flows (a code is needed, a transfer was sent, a connection failed). The styled
   * modal maps them to its navigation; stores never move the modal themselves.
   */
  readonly outcomes: OutcomeStream;
  readonly storage: SafeStorage;
  /** The API clients; their code loads with the first request. */
  readonly api: { blockchain: BlockchainApi; explorer: ExplorerApi };
  readonly analytics: Analytics;
  readonly stores: KeywayStores;
  /** The instance's own wagmi config: the host's `wagmiConfig`, or one built from `networks`. */
  readonly wagmiConfig: Config;
  /** Solana (Wallet Standard wallets, SOL transfers); null when no Solana network is configured. */
  readonly solana: SolanaAdapter | null;
  /**
   * The embedded wallet's Solana side as a Wallet Standard wallet (signing through the secure frame); null
   * without `secureFrameUrl` or without a Solana network. The kit connects it on login; a host that uses
   * another Solana library can hand this object to it.
   */
  readonly embeddedSolanaWallet: Wallet | null;
  /** The config the stores act on now (a host's WagmiProvider config once KeywayProvider is inside one). */
  getWagmiConfig(): Config;
  /**
   * Feeds the stores from this wagmi config's state (KeywayProvider calls it with the config of the
   * WagmiProvider it sits in). Returns a function that goes back to the instance's own config.
   */
  attachWagmiConfig(config: Config): () => void;
  /** Calls `listener` with each config the stores move to (attached, or back to the previous one). */
  onWagmiConfig(listener: (config: Config) => void): () => void;
  /**
   * The pairing transport (QR / deep link) the connect store uses: created on first call (WalletConnect,
   * when its provider package is installed), null when unavailable.
   */
  getPairingProvider(): Promise<PairingProvider | null>;
  /**
   * Loads the pairing code ahead of a pairing (the pointer rests on a wallet that pairs) without starting
   * anything (no connector, no relay connection); resolves with whether the transport's package is there.
   */
  preloadPairing(): Promise<boolean>;
  /**
   * The embedded wallet (email / social / device login through the secure frame), or null when
   * `secureFrameUrl` is not set. Its connector ('w3mAuth') is part of the wagmi config built from
   * `networks`; with a host's own `wagmiConfig` it is added to that config on first use.
   */
  readonly embedded: EmbeddedWallet | null;
  /**
   * The part under `key`: created on first use by its module's one factory `create`, which gets the
   * dependencies given for it to `createKeyway` (`internals.partDeps`), then the same value for the instance's
   * lifetime; `destroy()` disposes it. Throws once the instance was destroyed.
   */
  part<K extends keyof KeywayParts>(
    key: K,
    create: (deps: PartDepsOf<K>) => OwnedPart<KeywayParts[K]>,
  ): KeywayParts[K];
  /**
   * Loads the code a first open needs besides the views (the API clients), making no request. The styled
   * modal calls it when the page is idle; a host with its own UI may call it likewise.
   */
  preload(): Promise<void>;
  /** The part under `key` if it was created, else null (creates nothing). */
  peekPart<K extends keyof KeywayParts>(key: K): KeywayParts[K] | null;
  /** Stops every subscription and timer, of the parts too. The instance must not be used afterwards. */
  destroy(): void;
  readonly destroyed: boolean;
}

export interface EmbeddedWallet {
  /** The wagmi connector id of the embedded wallet: 'w3mAuth'. */
  readonly connectorId: typeof CONNECTOR_IDS.auth;
  /** The login cache (spec §3/§4 stored values) in the host page's storage. */
  readonly loginCache: LoginCache;
  /** The secure frame's origin (messages from the frame and its popups must come from it). */
  readonly frameOrigin: string;
  /**
   * The frame client (approval events, the iframe once created) once its code is loaded: on the first
   * embedded-wallet action, a remembered login's reconnect, or `loadFrame()`; null before.
   */
  readonly frame: FrameClient | null;
  /** Loads the frame client's code (creating no iframe) and resolves with the frame client. */
  loadFrame(): Promise<FrameClient>;
  /**
   * The wagmi connector function (the kit adds it to the wagmi config). Its work is done by the connector
   * built on the frame client, loaded on first use (without a remembered login, `isAuthorized` loads nothing).
   */
  readonly connector: CreateConnectorFn;
  /** The headless auth API; creates the iframe on the first call and resolves once the frame is ready. */
  getAuth(): Promise<AuthConnectorApi>;
  /** After a successful login step: connects wagmi with the auth connector (the account shows the address). */
  connect(): Promise<void>;
  /** The auth connector on the current wagmi config, added to it when missing. */
  getConnector(): Promise<Connector>;
  /**
   * The look of the frame's approval screen (spec: sync theme). The styled modal sends its own theme; a host with
   * its own UI calls this with its theme. Kept and sent whenever the frame is ready, and again when it changes;
   * it creates no iframe.
   */
  setFrameTheme(theme: FrameTheme): void;
  destroy(): void;
}

/**
 * The theme the secure frame follows: its light or dark palette, and plain values it takes over (the frame
 * refuses anything else: a see-through accent, a radius over 32px, a font given by URL).
 */
export interface FrameTheme {
  mode: 'light' | 'dark';
  /** An opaque CSS color: `#e8590c`, `rgb(232, 89, 12)`. Paints the Approve button. */
  accentColor?: string;
  /** The Approve button's text color. */
  accentForegroundColor?: string;
  /** The buttons' corner radius, in pixels: `'10px'`. */
  radius?: string;
  /** A font-family list of font names (the frame has only the fonts the browser has). */
  fontFamily?: string;
}
