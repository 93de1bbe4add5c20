/**
 * WalletConnect-style pairing (spec §3, §4): a pairing URI with a 4-minute lifetime, treated as expired
 * when 10 s or less remain and then refreshed automatically; a buffering flag while a URI is being made;
 * declined (user rejection) and error states with retry.
 *
 * The transport is behind `PairingProvider`: in the kit, its WalletConnect connector on
 * `@walletconnect/universal-provider` (loaded only when a pairing starts, see instance/walletconnect.ts); in tests,
 * `createTestPairingProvider` from `keyway/testing`, which can approve, decline or expire a pairing.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { PairedSession } from '../../chains/solana/paired-wallet';
import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_LIFETIME_MS } from '../../core/constants';
import { PairingExpiredError } from '../../core/errors';
import { type KitMessage, kitMessage } from '../../core/messages';
import { errorMessage, isUserRejection } from '../utils';
import { buildDeepLink, type WalletEntry } from './wallets';

/** A source of pairing URIs that resolves `connect()` once a wallet approves. */
export interface PairingProvider {
  /** Starts a pairing; the URI arrives through `onUri`. Resolves when approved, rejects otherwise. */
  connect(): Promise<void>;
  /** Subscribes to new pairing URIs; returns the unsubscribe function. */
  onUri(callback: (uri: string) => void): () => void;
  /** Abandons the pending pairing (its `connect()` may reject; the store ignores that). */
  cancel(): void;
  /** The paired session as the kit's Solana side uses it (WalletConnect's transport has one). */
  pairedSession?(): Promise<PairedSession>;
}

/** Raised by a provider when the relay reports the pairing as expired: the store refreshes it (core/errors.ts). */
export { PairingExpiredError } from '../../core/errors';

/** Shown when no pairing transport is installed (the WalletConnect provider package is absent). */
/** Shown when a pairing fails without a message of its own. */

export type PairingStatus = 'idle' | 'pairing' | 'connected' | 'declined' | 'error';

export interface PairingState {
  status: PairingStatus;
  /** The wallet being paired (for its name, image and deep links), if one was chosen. */
  wallet: WalletEntry | null;
  uri: string | null;
  /** When the current URI stops being valid (ms since epoch). */
  expiresAt: number | null;
  /** True while a (new) pairing URI is being made: no usable URI yet. */
  buffering: boolean;
  /** Message of the last failure (declined or error). */
  error: KitMessage | null;
  /** How many URIs this pairing has gone through (1 for the first, +1 per refresh). */
  generation: number;
}

export interface PairingActions {
  /** Starts pairing (optionally for a chosen wallet). */
  start(wallet?: WalletEntry | null): Promise<void>;
  /** Replaces the current URI with a new one (automatic when it expires). */
  refresh(): Promise<void>;
  /** After a decline or error: starts again for the same wallet. */
  retry(): Promise<void>;
  /** Abandons the pairing and returns to idle. */
  cancel(): void;
  /** True when the URI is missing or has PAIRING_EXPIRY_MARGIN_MS or less left. */
  isExpired(now?: number): boolean;
  /** Milliseconds left before the URI is treated as expired (0 when expired or absent). */
  remainingMs(now?: number): number;
  /** The link that opens the chosen wallet with the current URI, or null. */
  deepLink(platform: 'mobile' | 'desktop'): string | null;
  dispose(): void;
}

export type PairingStore = StoreApi<PairingState & PairingActions>;

export interface PairingStoreDeps {
  /** Resolves the transport (lazily loaded); null when none is available. */
  getProvider: () => Promise<PairingProvider | null>;
  onConnected?: (wallet: WalletEntry | null) => void;
  now?: () => number;
  /** How long a URI lives (PAIRING_LIFETIME_MS, shorter only in tests: `walletConnect.uriLifetimeMs`). */
  lifetimeMs?: number;
}

const idle = (): PairingState => ({
  status: 'idle',
  wallet: null,
  uri: null,
  expiresAt: null,
  buffering: false,
  error: null,
  generation: 0,
});

export function createPairingStore(deps: PairingStoreDeps): PairingStore {
  const now = deps.now ?? (() => Date.now());
  const lifetime = deps.lifetimeMs ?? PAIRING_LIFETIME_MS;
  let attempt = 0;
  let unsubscribe: (() => void) | undefined;
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  let provider: PairingProvider | null = null;

  const clearExpiry = () => {
    if (expiryTimer) clearTimeout(expiryTimer);
    expiryTimer = undefined;
  };
  const detach = () => {
    clearExpiry();
    unsubscribe?.();
    unsubscribe = undefined;
  };

  return createStore<PairingState & PairingActions>()((set, get) => {
    const run = async (wallet: WalletEntry | null, generation: number): Promise<void> => {
      detach();
      const mine = ++attempt;
      set({
        status: 'pairing',
        wallet,
        uri: null,
        expiresAt: null,
        buffering: true,
        error: null,
        generation,
      });
      try {
        provider ??= await deps.getProvider();
      } catch {
        provider = null;
      }
      if (mine !== attempt) return;
      const p = provider;
      if (!p) {
        set({ status: 'error', buffering: false, error: kitMessage('pairingUnavailable') });
        return;
      }
      unsubscribe = p.onUri((uri) => {
        if (mine !== attempt) return;
        clearExpiry();
        set({ uri, expiresAt: now() + lifetime, buffering: false });
        expiryTimer = setTimeout(() => {
          if (mine === attempt) void get().refresh();
        }, lifetime - PAIRING_EXPIRY_MARGIN_MS);
      });
      try {
        await p.connect();
        if (mine !== attempt) return;
        detach();
        set({ status: 'connected', uri: null, expiresAt: null, buffering: false, error: null });
        deps.onConnected?.(get().wallet);
      } catch (error) {
        if (mine !== attempt) return;
        detach();
        if (error instanceof PairingExpiredError) {
          await get().refresh();
          return;
        }
        set({
          status: isUserRejection(error) ? 'declined' : 'error',
          uri: null,
          expiresAt: null,
          buffering: false,
          error: errorMessage(error, 'connectionFailed'),
        });
      }
    };

    return {
      ...idle(),
      start(wallet = null) {
        return run(wallet, 1);
      },
      async refresh() {
        const { status, wallet, generation } = get();
        if (status !== 'pairing') return;
        provider?.cancel();
        await run(wallet, generation + 1);
      },
      async retry() {
        const { wallet } = get();
        provider?.cancel();
        await run(wallet, 1);
      },
      cancel() {
        attempt++;
        detach();
        if (get().status === 'pairing') provider?.cancel();
        set(idle());
      },
      isExpired(at = now()) {
        const { expiresAt } = get();
        return expiresAt === null || expiresAt - at <= PAIRING_EXPIRY_MARGIN_MS;
      },
      remainingMs(at = now()) {
        const { expiresAt } = get();
        if (expiresAt === null) return 0;
        return Math.max(0, expiresAt - at - PAIRING_EXPIRY_MARGIN_MS);
      },
      deepLink(platform) {
        const { uri, wallet } = get();
        if (!uri || !wallet) return null;
        const base = platform === 'mobile' ? wallet.links.mobile : wallet.links.desktop;
        return buildDeepLink(base, uri);
      },
      dispose() {
        attempt++;
        detach();
      },
    };
  });
}
