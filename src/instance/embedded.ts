/**
 * The embedded wallet of one Keyway instance (email / social / device login through the secure frame).
 *
 * It exists only when the host sets `secureFrameUrl`. It owns one frame client (no iframe until the first
 * embedded-wallet action, or a reconnect when the login cache remembers a previous login) and the wagmi
 * auth connector (id 'w3mAuth') built on it:
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
import type { OutcomeOf } from '../core/outcomes';
import { createFrameClient, type FrameClientOptions } from '../frame/client/client';
import { createAuthConnectorApi } from '../frame/connector/auth-api';
import { authConnector } from '../frame/connector/connector';
import type { FrameChainId } from '../frame/protocol/fields';
import type { EmbeddedWallet } from '../hooks/keyway';
import type { ModalStore } from '../hooks/modal/store';
import { addConnectorIfAvailable } from './wagmi';

export const EMBEDDED_CONNECTOR_ID = CONNECTOR_IDS.auth;

export type { EmbeddedWallet } from '../hooks/keyway';

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
  /** Test / advanced: frame client options (timeouts, login-cache storage, document). */
  frameOptions?: Partial<Omit<FrameClientOptions, 'frameUrl' | 'projectId' | 'chainId'>>;
}

/** The instance's handle: `start()` once the stores and the wagmi binding exist. */
export interface EmbeddedWalletInternal extends EmbeddedWallet {
  start(): void;
}

export function createEmbeddedWallet(opts: EmbeddedWalletOptions): EmbeddedWalletInternal {
  const frame = createFrameClient({
    ...opts.frameOptions,
    frameUrl: opts.frameUrl,
    projectId: opts.projectId,
    chainId: opts.chainId,
  });
  const connectorFn = authConnector({ client: frame, eventBus: opts.eventBus });
  const auth = createAuthConnectorApi({ client: frame });
  const cleanups: Array<() => void> = [];

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
        // spec §4: pending requests are aborted (safe-list methods excepted) when the modal closes.
        if (prev.isOpen && !s.isOpen) frame.abortPending();
      }),
    );
  }
  function reportApprovals(emit: (outcome: OutcomeOf<'approval'>) => void) {
    cleanups.push(
      frame.on('approval-needed', ({ id, method }) =>
        emit({ flow: 'approval', status: 'required', requestId: id, method }),
      ),
      frame.on('approval-done', ({ id }) => {
        frame.hideApproval();
        emit({ flow: 'approval', status: 'done', requestId: id });
      }),
    );
  }

  // ---- a host's own wagmi config: restore a remembered login on creation ----
  function restoreOnHostConfig() {
    const initial = opts.getWagmiConfig();
    if (findConnector(initial) || !frame.loginCache.hasRememberedLogin()) return;
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
    loginCache: frame.loginCache,
    frame,
    connector: connectorFn,
    async getAuth() {
      await frame.ensure();
      return auth;
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
    start() {
      const modal = opts.getModal?.();
      if (modal) watchModal(modal);
      if (opts.emit) reportApprovals(opts.emit);
      restoreOnHostConfig();
    },
    destroy() {
      for (const c of cleanups.splice(0)) c();
      frame.destroy();
    },
  };
}
