import { useStoreBinding } from '../bind';
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

/** The actions a settings screen calls (the store's own; the connection feed stays the instance's). */
const ACCOUNT_TYPE_ACTIONS = [
  'load',
  'setPreferredAccountType',
] as const satisfies readonly (keyof AccountTypeActions)[];

/** The embedded wallet's preferred account type (eoa or smartAccount) and where a smart account works. */
export function usePreferredAccountType(): UsePreferredAccountTypeResult {
  const store = embeddedLoginStores(useKeyway()).accountType;
  const state = useStoreBinding(store, ACCOUNT_TYPE_ACTIONS);
  const chainId = useKeywayStore('account', (s) => (s.isConnected ? s.chainId : null));
  return {
    ...state,
    smartAccountEnabled: chainId !== null && !!state.smartAccountEnabledNetworks?.includes(chainId),
    isEmbedded: state.embeddedConnected,
  };
}
