import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { useKeyway, useKeywayStore } from '../context';
import { embeddedLoginStores } from '../social/embeddedStores';
import type { AccountTypeActions, AccountTypeState } from './store';

export interface UsePreferredAccountTypeResult
  extends AccountTypeState,
    Omit<AccountTypeActions, 'isSmartAccountEnabled' | 'setEmbeddedConnected'> {
  /** The active network is in the smart-account-enabled list: the switch can be offered. */
  smartAccountEnabled: boolean;
  /** The connected wallet is the embedded wallet (the only one with an account type to choose). */
  isEmbedded: boolean;
}

/** The embedded wallet's preferred account type (eoa or smartAccount) and where a smart account works. */
export function usePreferredAccountType(): UsePreferredAccountTypeResult {
  const store = embeddedLoginStores(useKeyway()).accountType;
  const state = useStore(
    store,
    useShallow(
      (s): AccountTypeState => ({
        preferredAccountType: s.preferredAccountType,
        smartAccountEnabledNetworks: s.smartAccountEnabledNetworks,
        status: s.status,
        switchingTo: s.switchingTo,
        error: s.error,
        embeddedConnected: s.embeddedConnected,
      }),
    ),
  );
  const chainId = useKeywayStore('account', (s) => (s.isConnected ? s.chainId : null));
  const a = store.getState();
  return {
    ...state,
    smartAccountEnabled: chainId !== null && !!state.smartAccountEnabledNetworks?.includes(chainId),
    isEmbedded: state.embeddedConnected,
    load: a.load,
    setPreferredAccountType: a.setPreferredAccountType,
  };
}
