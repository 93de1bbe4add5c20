/**
 * The embedded wallet of one Keyway instance (email / social / device login through the secure frame).
 *
 * It exists only when the host sets `secureFrameUrl`. It owns the login cache, one frame client (no iframe
 * until the first embedded-wallet action, or a reconnect when the login cache remembers a previous login)
 * and the wagmi auth connector (id 'w3mAuth') built on it. Only the login cache and a shell of the
 * connector are there from the start: the frame client, its protocol and the real connector load on first
 * use (instance/embedded-frame.ts), so a host's initial JS holds none of them:
 * - with a config built from `networks`, the connector is part of it from the start, so wagmi's
 *   reconnect on mount restores a remembered login on a second visit;
 * - with a host's own `wagmiConfig`, the connector is added to that config on first use, and on creation
 *   when a previous login is remembered (then it is reconnected), so hosts need not add it themselves
 *   (and must not add another 'w3mAuth' connector: the first one with that id is used).
 *
 * Views call `getAuth()` (the headless auth API; creating the iframe if needed) for each login step and
 * `connect()` once the frame has a session: that connects wagmi with the auth connector, so the account
 * store shows the embedded wallet's address. Signing out (wagmi disconnect) clears the login cache.
 */
import type { Config, Connector } from 'wagmi';
import { connect, getConnection, reconnect } from 'wagmi/actions';
import { CONNECTOR_IDS } from '../core/constants';
import type { EventBus } from '../core/events';
import { kitMessage } from '../core/messages';
import type { KeywayMetadata } from '../core/options';
import type { OutcomeOf } from '../core/outcomes';
import { isHttpsOrLocalUrl } from '../core/url';
import type { FrameClient, FrameClientOptions } from '../frame/client/client';
import { lazyAuthConnector } from '../frame/connector/lazy';
import { createLoginCache, type LoginCache, type LoginCacheStorageOptions } from '../frame/login-cache';
import type { RequestPayload } from '../frame/protocol/events';
import type { FrameChainId } from '../frame/protocol/fields';
import type { EmbeddedWallet, FrameTheme } from '../hooks/keyway';
import type { ModalStore } from '../hooks/modal/store';
import type { EmbeddedFrame } from './embedded-frame';
import { addConnectorIfAvailable } from './wagmi';

export const EMBEDDED_CONNECTOR_ID = CONNECTOR_IDS.auth;

export type { EmbeddedWallet, FrameTheme } from '../hooks/keyway';

export interface EmbeddedWalletOptions {
  frameUrl: string;
  projectId: string;
  /** The chain the frame starts on (the default network's chain id). */
  chainId: FrameChainId;
  eventBus: EventBus;
  getWagmiConfig: () => Config;
  /** The modal: closing it aborts pending frame requests. */
  getModal?: () => ModalStore;
  /** Reports the approval of unsafe RPC requests (the styled modal shows ApproveTransaction meanwhile). */
  emit?: (outcome: OutcomeOf<'approval'>) => void;
  /**
   * After `connect()` connected wagmi: the other namespaces join the login (the instance connects the
   * embedded wallet's Solana side here). A rejection fails the login step.
   */
  afterConnect?: () => Promise<void>;
  /**
   * The app's data for the frame's approval screen (its name and icon), sent each time the frame is ready (spec:
   * sync dapp data); none without the host's `metadata`.
   */
  dappData?: { metadata: KeywayMetadata; sdkVersion: string };
  /** Test / advanced: frame client options (timeouts, login-cache storage, document). */
  frameOptions?: Partial<Omit<FrameClientOptions, 'frameUrl' | 'projectId' | 'chainId'>>;
}

/** The instance's handle: `start()` once the stores and the wagmi binding exist. */
export interface EmbeddedWalletInternal extends EmbeddedWallet {
  start(): void;
}

export function createEmbeddedWallet(opts: EmbeddedWalletOptions): EmbeddedWalletInternal {
  if (!isHttpsOrLocalUrl(opts.frameUrl)) {
    throw new Error('Invalid secure frame URL: expected https: (or http: on a local host)');
  }
  const frameOrigin = new URL(opts.frameUrl).origin;
  const storage = opts.frameOptions?.storage;
  const loginCache: LoginCache =
    storage && 'onEmailConnect' in storage
      ? storage
      : createLoginCache(storage as LoginCacheStorageOptions | undefined);
  const cleanups: Array<() => void> = [];
  let destroyed = false;
  let started = false;
  let loading: Promise<EmbeddedFrame> | null = null;
  let loaded: EmbeddedFrame | null = null;
  /** The theme the frame should show (setFrameTheme), and the one the frame page on display last received. */
  let theme: FrameTheme | null = null;
  let sentTheme: string | null = null;

  /** Sends the theme when the frame is up and has not got it yet; nothing is loaded or created for it. */
  function pushTheme(frame: FrameClient) {
    if (!theme || frame.state !== 'ready') return;
    const payload = frameThemePayload(theme);
    const key = JSON.stringify(payload);
    if (key === sentTheme) return;
    sentTheme = key;
    frame.syncTheme(payload).catch(() => {
      // Not delivered (the frame reloaded, or refused it): sent again on the next ready or change.
      if (sentTheme === key) sentTheme = null;
    });
  }

  /** A frame page that just became ready (the first one, or one loaded again) gets the app's data and theme. */
  function syncOnReady(frame: FrameClient, dapp: RequestPayload<'SYNC_DAPP_DATA'> | null) {
    cleanups.push(
      frame.on('ready', () => {
        sentTheme = null;
        // Not delivered: the approval screen names the verified origin instead of the app.
        if (dapp) frame.syncDappData(dapp).catch(() => undefined);
        pushTheme(frame);
      }),
    );
  }

  /** The frame side: loaded once, on first use. */
  function loadFrameSide(): Promise<EmbeddedFrame> {
    loading ??= import('./embedded-frame').then(({ createEmbeddedFrame, dappDataPayload }) => {
      if (destroyed) throw new Error('This Keyway instance was destroyed');
      loaded = createEmbeddedFrame({
        client: {
          ...opts.frameOptions,
          storage: loginCache,
          frameUrl: opts.frameUrl,
          projectId: opts.projectId,
          chainId: opts.chainId,
        },
        eventBus: opts.eventBus,
      });
      if (started && opts.emit) reportApprovals(loaded.frame, opts.emit);
      const dapp = opts.dappData
        ? dappDataPayload(opts.dappData.metadata, opts.dappData.sdkVersion, opts.projectId)
        : null;
      syncOnReady(loaded.frame, dapp);
      return loaded;
    });
    return loading;
  }

  const connectorFn = lazyAuthConnector({
    loginCache,
    load: async () => (await loadFrameSide()).connector,
  });

  const findConnector = (config: Config) => config.connectors.find((c) => c.id === EMBEDDED_CONNECTOR_ID);

  async function getConnector(): Promise<Connector> {
    const config = opts.getWagmiConfig();
    const found = findConnector(config) ?? (await addConnectorIfAvailable(config, connectorFn));
    if (!found) throw new Error('The embedded wallet connector could not be set up');
    return found;
  }

  // ---- the modal: abort on close; approvals of unsafe methods reported as outcomes ----
  function watchModal(modal: ModalStore) {
    cleanups.push(
      modal.subscribe((s, prev) => {
        // spec §4: pending requests are aborted (safe-list methods excepted) when the modal closes. Before
        // the frame side is loaded nothing is pending.
        if (prev.isOpen && !s.isOpen) loaded?.frame.abortPending();
      }),
    );
  }
  function reportApprovals(frame: FrameClient, emit: (outcome: OutcomeOf<'approval'>) => void) {
    cleanups.push(
      frame.on('approval-needed', ({ id, method }) =>
        emit({ flow: 'approval', status: 'required', requestId: id, method }),
      ),
      frame.on('approval-done', ({ id }) => {
        frame.hideApproval();
        emit({ flow: 'approval', status: 'done', requestId: id });
      }),
      frame.on('request-refused', ({ method }) =>
        emit({ flow: 'approval', status: 'refused', method, message: kitMessage('actionNotAllowed') }),
      ),
    );
  }

  // ---- a host's own wagmi config: restore a remembered login on creation ----
  function restoreOnHostConfig() {
    const initial = opts.getWagmiConfig();
    if (findConnector(initial) || !loginCache.hasRememberedLogin()) return;
    void (async () => {
      try {
        const connector = await getConnector();
        if (getConnection(initial).status === 'disconnected') {
          await reconnect(initial, { connectors: [connector] });
        }
      } catch {
        // The frame could not confirm the session: the visitor logs in again.
      }
    })();
  }

  return {
    connectorId: EMBEDDED_CONNECTOR_ID,
    loginCache,
    frameOrigin,
    get frame() {
      return loaded?.frame ?? null;
    },
    async loadFrame() {
      return (await loadFrameSide()).frame;
    },
    connector: connectorFn,
    async getAuth() {
      const side = await loadFrameSide();
      await side.frame.ensure();
      return side.auth;
    },
    async connect() {
      const config = opts.getWagmiConfig();
      const connector = await getConnector();
      const current = getConnection(config);
      // Already connected through the frame: wagmi needs nothing.
      if (current.status !== 'connected' || current.connector?.uid !== connector.uid) {
        await connect(config, { connector });
      }
      await opts.afterConnect?.();
    },
    getConnector,
    setFrameTheme(next) {
      theme = next;
      if (loaded) pushTheme(loaded.frame);
    },
    start() {
      started = true;
      const modal = opts.getModal?.();
      if (modal) watchModal(modal);
      if (loaded && opts.emit) reportApprovals(loaded.frame, opts.emit);
      restoreOnHostConfig();
    },
    destroy() {
      destroyed = true;
      for (const c of cleanups.splice(0)) c();
      loaded?.frame.destroy();
    },
  };
}

/** The protocol's sync-theme payload: the mode, and the variables the frame takes over by these names. */
export function frameThemePayload(theme: FrameTheme): RequestPayload<'SYNC_THEME'> {
  const variables: Record<string, string> = {};
  if (theme.accentColor) variables['--kw-accent'] = theme.accentColor;
  if (theme.accentForegroundColor) variables['--kw-accent-foreground'] = theme.accentForegroundColor;
  if (theme.radius) variables['--kw-radius'] = theme.radius;
  if (theme.fontFamily) variables['--kw-font-family'] = theme.fontFamily;
  return { themeMode: theme.mode, themeVariables: variables };
}
