import { useEffect } from 'react';
import { useKeyway, useKeywayStore } from '../context';
import type { AccountActions, AccountState } from './store';

export interface UseAccountResult
  extends AccountState,
    Omit<AccountActions, 'syncWagmi' | 'syncSolana' | 'setNetwork' | 'want'> {
  /** Whether the host enabled `hasMultipleAddresses` (then `selectAddress` switches among `allAccounts`). */
  hasMultipleAddresses: boolean;
}

export interface UseAccountOptions {
  /**
   * Whether reading the account asks for its details (balance from the network's RPC, profile name and
   * avatar from the identity call). Default true. With false the component only reads what wagmi already
   * knows (address, chain, wallet) plus details someone else asked for: the kit's AccountButton uses it, so a
   * wallet that reconnects on page load causes no request before the modal is first opened.
   */
  requestDetails?: boolean;
}

/**
 * The connected account (spec §3). Reading it asks for the details (balance from the network's RPC,
 * profile name and avatar from the identity call, once per address), unless `requestDetails` is false.
 */
export function useAccount({ requestDetails = true }: UseAccountOptions = {}): UseAccountResult {
  const keyway = useKeyway();
  const { stores } = keyway;
  const state = useKeywayStore(
    'account',
    (s): AccountState => ({
      status: s.status,
      isConnected: s.isConnected,
      address: s.address,
      caipAddress: s.caipAddress,
      chainId: s.chainId,
      allAccounts: s.allAccounts,
      balance: s.balance,
      balanceSymbol: s.balanceSymbol,
      balanceStatus: s.balanceStatus,
      profileName: s.profileName,
      profileImage: s.profileImage,
      profileStatus: s.profileStatus,
      addressExplorerUrl: s.addressExplorerUrl,
      currentTab: s.currentTab,
      addressLabels: s.addressLabels,
      connectedWalletInfo: s.connectedWalletInfo,
      preferredAccountType: s.preferredAccountType,
      disconnecting: s.disconnecting,
    }),
  );
  useEffect(() => {
    if (requestDetails) stores.account.getState().want();
  }, [stores, requestDetails]);
  const a = stores.account.getState();
  return {
    ...state,
    hasMultipleAddresses: keyway.options.hasMultipleAddresses,
    refreshBalance: a.refreshBalance,
    refreshProfile: a.refreshProfile,
    selectAddress: a.selectAddress,
    setCurrentTab: a.setCurrentTab,
    setAddressLabel: a.setAddressLabel,
    setPreferredAccountType: a.setPreferredAccountType,
    disconnect: a.disconnect,
  };
}
