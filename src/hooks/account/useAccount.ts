import { useEffect } from 'react';
import { useKeyway, useStoreBinding } from '../context';
import { ACCOUNT_TABS, type AccountActions, type AccountState } from './store';

export interface UseAccountResult
  extends AccountState,
    Omit<AccountActions, 'syncWagmi' | 'syncSolana' | 'setNetwork' | 'want'> {
  /** Whether the host enabled `hasMultipleAddresses` (then `selectAddress` switches among `allAccounts`). */
  hasMultipleAddresses: boolean;
  /**
   * The selected tab's position in `ACCOUNT_TABS` (0 = tokens, 1 = activity).
   * @deprecated Read `tab`, the tab's name.
   */
  currentTab: number;
  /**
   * Selects the tab at this position in `ACCOUNT_TABS`.
   * @deprecated Call `setTab` with the tab's name.
   */
  setCurrentTab(index: number): void;
}

/** The actions an account screen calls (the store's own; the wagmi, Solana and network feeds stay the instance's). */
const ACCOUNT_ACTIONS = [
  'refreshBalance',
  'refreshProfile',
  'selectAddress',
  'setTab',
  'setAddressLabel',
  'setPreferredAccountType',
  'disconnect',
] as const satisfies readonly (keyof AccountActions)[];

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
  const state = useStoreBinding(stores.account, ACCOUNT_ACTIONS);
  useEffect(() => {
    if (requestDetails) stores.account.getState().want();
  }, [stores, requestDetails]);
  return {
    ...state,
    hasMultipleAddresses: keyway.options.hasMultipleAddresses,
    currentTab: ACCOUNT_TABS.indexOf(state.tab),
    setCurrentTab: (index) => {
      const tab = ACCOUNT_TABS[index];
      if (tab) state.setTab(tab);
    },
  };
}
