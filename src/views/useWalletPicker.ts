/**
 * Picking a wallet from a list in the styled modal: the matching connecting view, and the connection started
 * by the headless `useWalletPicker` (its route rule decides between the pairing and the browser-wallet view).
 */
import { useCallback, useMemo } from 'react';
import { useWalletPicker as useHeadlessWalletPicker } from '../hooks/connect/useWalletPicker';
import type { WalletEntry } from '../hooks/connect/wallets';
import { useModal } from '../hooks/modal/useModal';

export function useWalletPicker(): {
  pick: (wallet: WalletEntry) => void;
  /** The pointer rests on a wallet (or the focus reaches it): a wallet that pairs loads its pairing code now. */
  preload: (wallet: WalletEntry) => void;
} {
  const { routeOf, pick, preload } = useHeadlessWalletPicker();
  const { push } = useModal();
  const choose = useCallback(
    (wallet: WalletEntry) => {
      push(routeOf(wallet) === 'pairing' ? 'ConnectingWalletConnect' : 'ConnectingExternal', {
        walletId: wallet.id,
      });
      // The outcome lands in the connect store (attempt), which the connecting views show.
      pick(wallet);
    },
    [routeOf, pick, push],
  );
  return useMemo(() => ({ pick: choose, preload }), [choose, preload]);
}
