/**
 * "Connect this wallet" for a host's own wallet list: the decision between pairing (QR code on desktop, deep
 * link on mobile, through the pairing provider) and a connector in the page (an announced or injected
 * browser wallet, a host connector), and the start of the connection. The styled views use the same rule.
 */
import { useCallback } from 'react';
import { useConnect } from './useConnect';
import { pairsOnly, type WalletEntry } from './wallets';

/**
 * How a wallet is reached: `'pairing'` (no connector in the page, or the WalletConnect connector: show
 * `usePairing()`'s QR code / deep link) or `'browser'` (a connector in the page: the wallet asks in its own
 * window; show that the connection waits for it).
 */
export type WalletRoute = 'pairing' | 'browser';

/** The route of a wallet (see {@link WalletRoute}). */
export function walletRoute(wallet: WalletEntry): WalletRoute {
  return pairsOnly(wallet) ? 'pairing' : 'browser';
}

export interface UseWalletPickerResult {
  /** Where picking `wallet` leads, without starting anything. */
  routeOf(wallet: WalletEntry): WalletRoute;
  /**
   * Starts connecting `wallet` and returns its route, for the host to show the pairing (QR code, deep link)
   * or a wait for the browser wallet. The outcome lands in `useConnect().attempt` (connected, declined,
   * error), never in the modal.
   */
  pick(wallet: WalletEntry): WalletRoute;
  /**
   * Loads what picking `wallet` will need, ahead of the click: the pairing code for a wallet that pairs
   * (call it when the pointer rests on the wallet or the focus reaches it). Nothing for a browser wallet.
   */
  preload(wallet: WalletEntry): void;
}

export function useWalletPicker(): UseWalletPickerResult {
  const { connect, preloadPairing } = useConnect();
  const pick = useCallback(
    (wallet: WalletEntry): WalletRoute => {
      // A declined or failed attempt is reported by the connect store's attempt, not thrown to the caller.
      void connect(wallet).catch(() => undefined);
      return walletRoute(wallet);
    },
    [connect],
  );
  const preload = useCallback(
    (wallet: WalletEntry) => {
      if (pairsOnly(wallet)) void preloadPairing();
    },
    [preloadPairing],
  );
  return { routeOf: walletRoute, pick, preload };
}
