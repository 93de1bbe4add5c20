/**
 * The preferred account type of an embedded-wallet account (spec §3 preferredAccountType, §6 account types
 * eoa and smartAccount, §7 GET_SMART_ACCOUNT_ENABLED_NETWORKS and SET_PREFERRED_ACCOUNT).
 *
 * - `load()` reads the stored preferred type and fetches the smart-account-enabled networks (the frame
 *   client stores them; on error it stores an empty list, and so does this state: spec §4).
 * - The switch is offered only on a network of that list.
 * - `setPreferredAccountType(type)` asks the auth connector, which stores the choice, switches the
 *   connected address and tracks SET_PREFERRED_ACCOUNT_TYPE; then the modal moves on (spec §2:
 *   ConnectingSiwe when sign-in with wallet is on and the chain is EVM, else Account).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { KeywayError } from '../../core/errors';
import { type KitMessage, kitMessage } from '../../core/messages';
import type { OutcomeOf } from '../../core/outcomes';
import type { AccountType } from '../../frame/protocol/fields';
import { errorMessage } from '../utils';

/** The part of the auth connector (w3mAuth) this store uses. */
export interface AccountTypeConnector {
  setPreferredAccount(type: AccountType): Promise<void>;
  getPreferredAccountType(): AccountType;
  getSmartAccountEnabledNetworks(): Promise<number[]>;
}

export type AccountTypeLoadStatus = 'idle' | 'loading' | 'ready';

export interface AccountTypeState {
  preferredAccountType: AccountType;
  /** Chain ids where a smart account can be used (empty after an error), null before the first load. */
  smartAccountEnabledNetworks: number[] | null;
  status: AccountTypeLoadStatus;
  /** The type being switched to, while the frame works. */
  switchingTo: AccountType | null;
  error: KitMessage | null;
  /** The connected wallet is the embedded wallet (fed by the instance from wagmi's connection). */
  embeddedConnected: boolean;
}

export interface AccountTypeActions {
  load(): Promise<void>;
  /** True when the switch can be offered on this chain. */
  isSmartAccountEnabled(chainId: number | null): boolean;
  setPreferredAccountType(type: AccountType): Promise<boolean>;
  setEmbeddedConnected(connected: boolean): void;
}

export type AccountTypeStore = StoreApi<AccountTypeState & AccountTypeActions>;

export interface AccountTypeStoreDeps {
  /** The w3mAuth connector of the wagmi config, or null when the embedded wallet is not configured. */
  getConnector: () => Promise<AccountTypeConnector | null>;
  /** The chain the account is on now (the switch is offered only on smart-account-enabled networks). */
  activeChainId: () => number | null;
  /** After a successful choice: the modal's preferred-account-type navigation rule (spec §2). */
  afterChoice?: (type: AccountType) => void;
  /** Reports a choice that could not be made (the styled layer toasts it). */
  emit?: (outcome: OutcomeOf<'account-type'>) => void;
}

export function createAccountTypeStore(deps: AccountTypeStoreDeps): AccountTypeStore {
  let loadSeq = 0;
  return createStore<AccountTypeState & AccountTypeActions>()((set, get) => ({
    preferredAccountType: 'eoa',
    smartAccountEnabledNetworks: null,
    status: 'idle',
    switchingTo: null,
    error: null,
    embeddedConnected: false,

    async load() {
      const seq = ++loadSeq;
      set({ status: 'loading' });
      const connector = await deps.getConnector().catch(() => null);
      if (seq !== loadSeq) return;
      if (!connector) {
        set({ status: 'ready', smartAccountEnabledNetworks: [] });
        return;
      }
      set({ preferredAccountType: connector.getPreferredAccountType() });
      let networks: number[];
      try {
        networks = await connector.getSmartAccountEnabledNetworks();
      } catch {
        networks = [];
      }
      if (seq !== loadSeq) return;
      set({ status: 'ready', smartAccountEnabledNetworks: networks });
    },

    isSmartAccountEnabled(chainId) {
      const list = get().smartAccountEnabledNetworks;
      return chainId !== null && !!list?.includes(chainId);
    },

    async setPreferredAccountType(type) {
      if (get().switchingTo !== null) return false;
      if (type === 'smartAccount' && !get().isSmartAccountEnabled(deps.activeChainId())) {
        set({ error: kitMessage('smartAccountUnavailable') });
        return false;
      }
      set({ switchingTo: type, error: null });
      try {
        const connector = await deps.getConnector();
        if (!connector) throw KeywayError.of('addressOrAuthConnectorNotFound');
        await connector.setPreferredAccount(type);
      } catch (error) {
        const message = errorMessage(error, 'accountTypeFailed');
        set({ switchingTo: null, error: message });
        deps.emit?.({ flow: 'account-type', status: 'failed', message });
        return false;
      }
      set({ switchingTo: null, preferredAccountType: type, error: null });
      deps.afterChoice?.(type);
      return true;
    },

    setEmbeddedConnected(connected) {
      if (get().embeddedConnected !== connected) set({ embeddedConnected: connected });
    },
  }));
}
