/** Picking a wallet from a list: go to the matching connecting view and start the connection. */
import { useCallback } from 'react';
import { CONNECTOR_IDS } from '../core/constants';
import { useConnect } from '../hooks/connect/useConnect';
import type { WalletEntry } from '../hooks/connect/wallets';
import { useModal } from '../hooks/modal/useModal';

/** Whether a wallet is reached by pairing (QR / deep link) rather than by a connector in the page. */
export const viaPairing = (w: WalletEntry): boolean =>
  !w.connectorId || w.connectorId === CONNECTOR_IDS.walletConnect;

export function useWalletPicker(): (wallet: WalletEntry) => void {
  const { connect } = useConnect();
  const { push } = useModal();
  return useCallback(
    (wallet: WalletEntry) => {
      push(viaPairing(wallet) ? 'ConnectingWalletConnect' : 'ConnectingExternal', { walletId: wallet.id });
      // The outcome lands in the connect store (attempt), which the connecting views show.
      void connect(wallet).catch(() => undefined);
    },
    [connect, push],
  );
}
