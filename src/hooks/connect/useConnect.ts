import { useMemo, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { useKeyway, useKeywayStore } from '../context';
import type { PairingActions, PairingState } from './pairing';
import {
  type AttemptStatus,
  buildSolanaConnectList,
  type ConnectAttempt,
  type ConnectionStatus,
  type LoadStatus,
  selectShowAllWallets,
} from './store';
import { buildAllWalletsList, buildConnectList, type WalletEntry, type WalletListItem } from './wallets';

export interface UseConnectResult {
  /** wagmi's connection status: connecting, connected, reconnecting, disconnected. */
  status: ConnectionStatus;
  /** The last connection the visitor asked for, with its outcome (connecting, connected, declined, error). */
  attempt: ConnectAttempt | null;
  isConnecting: boolean;
  /** The Connect view's list: recent, installed, featured, custom, recommended, other connectors (badged). */
  wallets: WalletListItem[];
  /** Loading state of the explorer-backed parts of `wallets`. */
  listStatus: LoadStatus;
  /** Whether to offer "All wallets" (the host's allWallets option, and the device for ONLY_MOBILE). */
  showAllWallets: boolean;
  /** Connects a wallet entry, a wallet id or a connector id; resolves with the outcome. */
  connect(target: WalletEntry | string): Promise<AttemptStatus>;
  retry(): Promise<AttemptStatus | null>;
  cancel(): void;
  /** Loads featured and recommended wallets (done on first open; harmless to call again). */
  prefetch(): Promise<void>;
}

function isMobileDevice(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(pointer: coarse)').matches;
}

/** Wallet lists and connect actions for the Connect view. */
export function useConnect(): UseConnectResult {
  const { stores } = useKeyway();
  const s = useKeywayStore('connect', (c) => ({
    status: c.status,
    attempt: c.attempt,
    recent: c.recent,
    announced: c.announced,
    connectors: c.connectors,
    custom: c.custom,
    featured: c.featured,
    recommended: c.recommended,
    showAllWallets: selectShowAllWallets(c, isMobileDevice()),
    namespace: c.namespace,
    solanaWallets: c.solanaWallets,
  }));
  const wallets = useMemo(
    () =>
      s.namespace === 'solana'
        ? buildSolanaConnectList(s.solanaWallets)
        : buildConnectList({
            recent: s.recent,
            announced: s.announced,
            featured: s.featured.wallets,
            custom: s.custom,
            recommended: s.recommended.wallets,
            connectors: s.connectors,
          }),
    [
      s.namespace,
      s.solanaWallets,
      s.recent,
      s.announced,
      s.featured.wallets,
      s.custom,
      s.recommended.wallets,
      s.connectors,
    ],
  );
  // On a Solana network the list is the discovered wallets only (nothing to load from the explorer).
  const listStatus: LoadStatus =
    s.namespace === 'solana'
      ? 'success'
      : s.featured.status === 'error' || s.recommended.status === 'error'
        ? 'error'
        : s.featured.status === 'loading' || s.recommended.status === 'loading'
          ? 'loading'
          : s.featured.status === 'success' && s.recommended.status === 'success'
            ? 'success'
            : 'idle';
  const a = stores.connect.getState();
  return {
    status: s.status,
    attempt: s.attempt,
    isConnecting: s.attempt?.status === 'connecting' || s.status === 'connecting',
    wallets,
    listStatus,
    showAllWallets: s.showAllWallets,
    connect: a.connect,
    retry: a.retry,
    cancel: a.cancel,
    prefetch: a.prefetch,
  };
}

export interface UseAllWalletsResult {
  /** Search results while a query is active, else the pages loaded so far (installed ones badged). */
  wallets: WalletListItem[];
  /** Total wallets the explorer reports for the browse list. */
  count: number;
  hasMore: boolean;
  status: LoadStatus;
  error: string | null;
  query: string;
  /** True from a keystroke until its results arrive. */
  searching: boolean;
  /** Loads the next page (call it when the end of the list comes into view). */
  fetchNextPage(): Promise<void>;
  search(query: string): void;
}

/** The all-wallets list with infinite scroll and search. */
export function useAllWallets(): UseAllWalletsResult {
  const { stores } = useKeyway();
  const s = useKeywayStore('connect', (c) => ({
    all: c.all,
    results: c.searchResults,
    announced: c.announced,
    mode: c.allWalletsMode,
  }));
  const searching = s.results.query !== '';
  const source = searching ? s.results.wallets : s.all.wallets;
  const wallets = useMemo(() => buildAllWalletsList(source, s.announced), [source, s.announced]);
  const a = stores.connect.getState();
  return {
    wallets,
    count: searching ? s.results.wallets.length : s.all.count,
    hasMore:
      !searching && s.mode !== 'HIDE' && (s.all.status === 'idle' || s.all.wallets.length < s.all.count),
    status: searching ? s.results.status : s.all.status,
    error: searching ? s.results.error : s.all.error,
    query: s.results.query,
    searching: searching && (s.results.pending || s.results.status === 'loading'),
    fetchNextPage: a.fetchNextPage,
    search: a.search,
  };
}

export interface UsePairingResult extends PairingState, Omit<PairingActions, 'dispose'> {
  /** Milliseconds left before the URI counts as expired, refreshed every second while pairing. */
  remaining: number;
}

function useSecondTicker(active: boolean): number {
  return useSyncExternalStore(
    (notify) => {
      if (!active) return () => undefined;
      const t = setInterval(notify, 1000);
      return () => clearInterval(t);
    },
    () => (active ? Math.floor(Date.now() / 1000) : 0),
    () => 0,
  );
}

/** The WalletConnect pairing: URI, expiry countdown, buffering, declined/error, refresh, deep links. */
export function usePairing(): UsePairingResult {
  const { stores } = useKeyway();
  const pairing = stores.connect.pairing;
  const state = useStore(
    pairing,
    useShallow(
      (p): PairingState => ({
        status: p.status,
        wallet: p.wallet,
        uri: p.uri,
        expiresAt: p.expiresAt,
        buffering: p.buffering,
        error: p.error,
        generation: p.generation,
      }),
    ),
  );
  useSecondTicker(state.status === 'pairing' && state.expiresAt !== null);
  const a = pairing.getState();
  return {
    ...state,
    remaining: a.remainingMs(),
    start: a.start,
    refresh: a.refresh,
    retry: a.retry,
    cancel: a.cancel,
    isExpired: a.isExpired,
    remainingMs: a.remainingMs,
    deepLink: a.deepLink,
  };
}
