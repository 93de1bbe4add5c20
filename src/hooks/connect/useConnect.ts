import { useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { KitMessage } from '../../core/messages';
import { useMemoSelector, useStoreBinding } from '../bind';
import { useKeyway } from '../context';
import { getConnectStore } from './instance';
import type { PairingActions, PairingState } from './pairing';
import {
  type AttemptStatus,
  allWalletsFrom,
  allWalletsInputs,
  type ConnectAttempt,
  type ConnectionStatus,
  type ConnectState,
  connectListFrom,
  connectListInputs,
  type LoadStatus,
  selectHasMore,
  selectListStatus,
  selectShowAllWallets,
} from './store';
import type { WalletEntry, WalletListItem } from './wallets';

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
  /**
   * Null until the pairing transport first loads; false when `@walletconnect/universal-provider` is not
   * installed (`wallets` then leaves out the wallets that could only pair).
   */
  pairingAvailable: boolean | null;
  /** Loads the pairing code ahead of a click (call it when the pointer rests on a wallet that pairs). */
  preloadPairing(): Promise<boolean>;
}

function isMobileDevice(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(pointer: coarse)').matches;
}

/** The instance's connect store (created on first use) and the smallest slice of it, compared shallowly. */
export function useConnectStore<T>(selector: (state: ConnectState) => T): T {
  return useStore(getConnectStore(useKeyway()), useShallow(selector));
}

/** Wallet lists and connect actions for the Connect view. */
export function useConnect(): UseConnectResult {
  const store = getConnectStore(useKeyway());
  // The store's selectors are the only implementation of the lists and their rules.
  const s = useConnectStore((c) => ({
    status: c.status,
    attempt: c.attempt,
    listStatus: selectListStatus(c),
    showAllWallets: selectShowAllWallets(c, isMobileDevice()),
    pairingAvailable: c.pairingAvailable,
  }));
  const wallets = useMemoSelector(store, connectListInputs, connectListFrom);
  const a = store.getState();
  return {
    status: s.status,
    attempt: s.attempt,
    isConnecting: s.attempt?.status === 'connecting' || s.status === 'connecting',
    wallets,
    listStatus: s.listStatus,
    showAllWallets: s.showAllWallets,
    connect: a.connect,
    retry: a.retry,
    cancel: a.cancel,
    prefetch: a.prefetch,
    pairingAvailable: s.pairingAvailable,
    preloadPairing: a.preloadPairing,
  };
}

export interface UseAllWalletsResult {
  /** Search results while a query is active, else the pages loaded so far (installed ones badged). */
  wallets: WalletListItem[];
  /** Total wallets the explorer reports for the browse list. */
  count: number;
  hasMore: boolean;
  status: LoadStatus;
  error: KitMessage | null;
  query: string;
  /** True from a keystroke until its results arrive. */
  searching: boolean;
  /** Loads the next page (call it when the end of the list comes into view). */
  fetchNextPage(): Promise<void>;
  search(query: string): void;
}

/** The all-wallets list with infinite scroll and search. */
export function useAllWallets(): UseAllWalletsResult {
  const store = getConnectStore(useKeyway());
  const s = useConnectStore((c) => ({
    all: c.all,
    results: c.searchResults,
    hasMore: selectHasMore(c),
  }));
  const searching = s.results.query !== '';
  const wallets = useMemoSelector(store, allWalletsInputs, allWalletsFrom);
  const a = store.getState();
  return {
    wallets,
    count: searching ? s.results.wallets.length : s.all.count,
    hasMore: s.hasMore,
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

/** The actions a pairing screen calls (`dispose` stays the instance's). */
const PAIRING_ACTIONS = [
  'start',
  'refresh',
  'retry',
  'cancel',
  'isExpired',
  'remainingMs',
  'deepLink',
] as const satisfies readonly (keyof PairingActions)[];

/** The WalletConnect pairing: URI, expiry countdown, buffering, declined/error, refresh, deep links. */
export function usePairing(): UsePairingResult {
  const pairing = getConnectStore(useKeyway()).pairing;
  const state = useStoreBinding(pairing, PAIRING_ACTIONS);
  useSecondTicker(state.status === 'pairing' && state.expiresAt !== null);
  return { ...state, remaining: state.remainingMs() };
}
