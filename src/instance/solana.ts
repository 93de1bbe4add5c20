/**
 * The Solana side of an instance, loaded by a dynamic import only when a Solana network is configured:
 * the adapter behind `keyway.solana` (Wallet Standard wallets, SOL transfers) and, with the embedded wallet,
 * its Solana side (a Wallet Standard wallet backed by the frame, registered in the adapter, not listed in the
 * Connect view). One login connects both namespaces; its disconnect signs the login out; a sign-out on the
 * EVM side ends the Solana connection too. Likewise a phone wallet paired by QR code: its Solana side
 * (chains/solana/paired-wallet.ts) is registered unlisted, and one session serves both namespaces.
 */
import type { Config } from 'wagmi';
import { getConnections, disconnect as wagmiDisconnect, watchConnections } from 'wagmi/actions';
import { createSolanaAdapter } from '../chains/solana/adapter';
import { createEmbeddedSolanaWallet, EMBEDDED_SOLANA_ICON } from '../chains/solana/embedded-wallet';
import { createPairedSolanaWallet, type PairedSession } from '../chains/solana/paired-wallet';
import type { SolanaAdapter, SolanaStore } from '../chains/solana/types';
import type { Wallet } from '../chains/solana/wallet-standard';
import { AUTH_CONNECTOR_NAME } from '../core/constants';
import type { KeywayNetwork } from '../core/networks';
import type { SafeStorage } from '../core/storage';
import { isSafeImageUrl } from '../core/url';
import type { EmbeddedWalletInternal } from './embedded';

export interface SolanaSideDeps {
  networks: readonly KeywayNetwork[];
  getActiveNetwork: () => KeywayNetwork;
  storage: SafeStorage;
  /** The store `keyway.solana` holds from the start. */
  store: SolanaStore;
  getWagmiConfig: () => Config;
  /** The embedded wallet, when `secureFrameUrl` is set. */
  embedded: EmbeddedWalletInternal | null;
  /** The embedded wallet's connector id on wagmi ('w3mAuth'). */
  embeddedConnectorId: string;
  /**
   * The session of a pairing (WalletConnect), loading the transport (which restores a remembered session);
   * null when pairing is not available. Without it no paired wallet is registered.
   */
  getPairedSession?: (() => Promise<PairedSession | null>) | undefined;
}

export interface SolanaSide {
  adapter: SolanaAdapter;
  /** The embedded wallet's Solana side (null without the embedded wallet). */
  embeddedWallet: Wallet | null;
  /** After an embedded login: its Solana account joins, unless another Solana wallet is connected. */
  connectEmbedded(): Promise<void>;
  /** Ends the subscriptions and the adapter. */
  destroy(): void;
}

export function createSolanaSide(deps: SolanaSideDeps): SolanaSide {
  const adapter = createSolanaAdapter({
    networks: deps.networks,
    getActiveNetwork: deps.getActiveNetwork,
    storage: deps.storage,
    isSafeImage: isSafeImageUrl,
    store: deps.store,
  });
  const { embedded } = deps;
  const authConnected = () =>
    getConnections(deps.getWagmiConfig()).some((c) => c.connector.id === deps.embeddedConnectorId);
  const embeddedSolana = embedded
    ? createEmbeddedSolanaWallet({
        frame: {
          getUser: async (payload) => (await embedded.getAuth()).getUser(payload),
          rpc: async (payload) => {
            const frame = await embedded.loadFrame();
            await frame.ensure();
            return frame.rpc(payload);
          },
        },
        networks: deps.networks,
        getNetwork: () => adapter.getNetwork(),
        hasLogin: () => authConnected() || embedded.loginCache.hasRememberedLogin(),
        signOut: async () => {
          const config = deps.getWagmiConfig();
          const connection = getConnections(config).find((c) => c.connector.id === deps.embeddedConnectorId);
          if (connection) await wagmiDisconnect(config, { connector: connection.connector });
        },
        name: AUTH_CONNECTOR_NAME,
        icon: EMBEDDED_SOLANA_ICON,
      })
    : null;

  const subs: Array<() => void> = [];
  if (embeddedSolana) {
    // Signed out on the EVM side (or the session ended): the embedded Solana account goes with it. Only a
    // connection that ends counts (on a reload the Solana side may reconnect before wagmi does).
    let hadAuth = authConnected();
    subs.push(
      watchConnections(deps.getWagmiConfig(), {
        onChange: () => {
          const has = authConnected();
          if (hadAuth && !has && embeddedSolana.connected) void adapter.disconnect().catch(() => undefined);
          hadAuth = has;
        },
      }),
    );
    // A login remembered from a previous visit reconnects it at once.
    adapter.register(embeddedSolana.wallet, { embedded: true });
  }
  // A phone wallet paired by QR code, on its Solana side: connected when a pairing's session shares a Solana
  // account (and again after a reload, from the remembered session).
  if (deps.getPairedSession) {
    adapter.register(
      createPairedSolanaWallet({
        getSession: deps.getPairedSession,
        networks: deps.networks,
        getNetwork: () => adapter.getNetwork(),
      }),
      { paired: true },
    );
  }

  return {
    adapter,
    embeddedWallet: embeddedSolana?.wallet ?? null,
    async connectEmbedded() {
      if (!embeddedSolana || embeddedSolana.connected) return;
      if (adapter.store.getState().status === 'connected') return;
      try {
        await adapter.connect(AUTH_CONNECTOR_NAME);
      } catch (error) {
        // Only a login made on a Solana network needs the Solana account; elsewhere it joins later.
        if (deps.getActiveNetwork().chain === 'solana') throw error;
      }
    },
    destroy() {
      for (const u of subs.splice(0)) u();
      adapter.destroy();
    },
  };
}
