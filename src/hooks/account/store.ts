/**
 * The connected account (spec §3 account state, the fields that apply to external wallets): address,
 * CAIP address, native balance read from the network's RPC, profile name and avatar from the Blockchain
 * API identity call (once per address), explorer link, tabs, multiple addresses, preferred account type,
 * and disconnect.
 *
 * Details (balance, identity) are only requested once they are wanted: after the modal first opens or
 * when a component reads the account (`want()`), so a page load makes no request by itself.
 */
import type { Config } from 'wagmi';
import { disconnect as wagmiDisconnect } from 'wagmi/actions';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { SOL_DECIMALS } from '../../core/constants';
import { unitsToDecimal } from '../../core/decimalParts';
import { KeywayError } from '../../core/errors';
import type { EventBus } from '../../core/events';
import { formatCaip10, type KeywayNetwork } from '../../core/networks';
import type { OutcomeOf } from '../../core/outcomes';
import { type SafeStorage, STORAGE_KEYS } from '../../core/storage';
import { explorerPageUrl } from '../../core/url';
import { z } from '../../core/zod-mini';
import type { ConnectionStatus, LoadStatus } from '../connect/store';
import { latestRead } from '../latest';

export type PreferredAccountType = 'eoa' | 'smartAccount';
export const preferredAccountTypeSchema = z.enum(['eoa', 'smartAccount']);

export interface ConnectedWalletInfo {
  name: string;
  /** Safe image URL, when the connector has one. */
  icon?: string;
}

export interface AccountState {
  status: ConnectionStatus;
  isConnected: boolean;
  /**
   * The address in use (the selected one when the wallet exposes several): a 0x address on an EVM network,
   * the base58 address of the Solana wallet on a Solana network.
   */
  address: string | null;
  /** `eip155:<chainId>:<address>`, or `solana:<ref>:<address>` on a Solana network. */
  caipAddress: string | null;
  /** The EVM chain id (null on a Solana network). */
  chainId: number | null;
  /** Every address the wallet exposes. */
  allAccounts: string[];
  /** The native balance in whole units, as a decimal string (format it for display). */
  balance: string | null;
  balanceSymbol: string | null;
  balanceStatus: LoadStatus;
  /**
   * Whether the EVM account is a deployed smart account: its address has contract code on the active network
   * (a smart account of the embedded wallet once deployed, a Safe, a smart wallet). False for a plain key
   * account (or a smart account not yet deployed); null until it is read (with the balance) and on Solana.
   */
  smartAccountDeployed: boolean | null;
  profileName: string | null;
  profileImage: string | null;
  profileStatus: LoadStatus;
  /** `<explorer>/address/<address>` on the active network, when it has an explorer. */
  addressExplorerUrl: string | null;
  /** The account view's selected tab. */
  tab: AccountTab;
  /** Host-given labels for addresses (lower-cased address → label). */
  addressLabels: Record<string, string>;
  connectedWalletInfo: ConnectedWalletInfo | null;
  preferredAccountType: PreferredAccountType;
  disconnecting: boolean;
}

/** The account view's tabs, in their order. */
export const ACCOUNT_TABS = ['tokens', 'activity'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

export interface AccountActions {
  /** Marks details as wanted and fetches what is missing (balance, identity). */
  want(): void;
  /** Reads the name and avatar of the account again (after a name was registered). */
  refreshProfile(): Promise<void>;
  refreshBalance(): Promise<void>;
  /** Uses another of the wallet's addresses (only when the host enabled hasMultipleAddresses). */
  selectAddress(address: string): void;
  /** Selects the account view's tab. */
  setTab(tab: AccountTab): void;
  setAddressLabel(address: string, label: string | null): void;
  /** Stores the choice, emits SET_PREFERRED_ACCOUNT_TYPE and moves the modal on (spec §2). */
  setPreferredAccountType(type: PreferredAccountType): void;
  /** Disconnects the wallet; on failure toasts and throws 'Failed to disconnect'. */
  disconnect(): Promise<void>;
  /** Fed by the provider binding from wagmi's connection state. */
  syncWagmi(input: {
    status: ConnectionStatus;
    addresses: readonly `0x${string}`[] | undefined;
    chainId: number | undefined;
    connector: { name: string; icon?: string | undefined } | undefined;
  }): void;
  /** Fed by the networks store: the active network (explorer link, CAIP address). */
  setNetwork(network: KeywayNetwork | null): void;
  /** Fed by the Solana adapter's store: the Wallet Standard connection (shown on a Solana network). */
  syncSolana(input: SolanaAccountInput): void;
}

/** The Solana connection as the account store sees it. */
export interface SolanaAccountInput {
  status: ConnectionStatus;
  address: string | null;
  wallet: { name: string; icon?: string | undefined } | null;
}

export type AccountStore = StoreApi<AccountState & AccountActions>;

export interface IdentitySource {
  getIdentity(address: string): Promise<{ name: string | null; avatar: string | null }>;
}

export interface AccountStoreDeps {
  getWagmiConfig: () => Config;
  identity: IdentitySource;
  storage: SafeStorage;
  bus: EventBus;
  hasMultipleAddresses: boolean;
  isSafeImage: (url: unknown) => url is string;
  /** Toast on failure. */
  /** Reports a failed disconnect (the styled layer toasts it). */
  emit?: (outcome: OutcomeOf<'account'>) => void;
  afterPreferredAccountType?: () => void;
  /** After a successful disconnect (close modal, clear SIWE session). */
  onDisconnected?: () => void;
  /** The Solana side (`keyway.solana`): balance in lamports, and disconnect. Absent without Solana networks. */
  solana?: {
    getBalance(address: string): Promise<bigint>;
    disconnect(): Promise<void>;
  } | null;
}

const disconnectedFields = (): Omit<
  AccountState,
  'tab' | 'addressLabels' | 'preferredAccountType' | 'disconnecting'
> => ({
  status: 'disconnected',
  isConnected: false,
  address: null,
  caipAddress: null,
  chainId: null,
  allAccounts: [],
  balance: null,
  balanceSymbol: null,
  balanceStatus: 'idle',
  smartAccountDeployed: null,
  profileName: null,
  profileImage: null,
  profileStatus: 'idle',
  addressExplorerUrl: null,
  connectedWalletInfo: null,
});

export function createAccountStore(deps: AccountStoreDeps): AccountStore {
  let wanted = false;
  let network: KeywayNetwork | null = null;
  let selected: string | null = null;
  // The last input of each namespace; the active network decides which one the state shows.
  let lastWagmi: Parameters<AccountActions['syncWagmi']>[0] | null = null;
  let lastSolana: SolanaAccountInput | null = null;
  const onSolana = () => network?.chain === 'solana';
  /** The native balance's read: a newer one (another account, network or refresh) drops the older answer. */
  const balanceReads = latestRead();
  /** Identity per lower-cased address: fetched once (a failure may be retried on the next want()). */
  const identities = new Map<string, Promise<{ name: string | null; avatar: string | null } | null>>();

  return createStore<AccountState & AccountActions>()((set, get) => {
    const derived = (address: string | null, chainId: number | null) => {
      if (onSolana() && network) {
        return {
          caipAddress: address ? formatCaip10(network, address) : null,
          addressExplorerUrl: address ? explorerPageUrl(network.blockExplorerUrl, 'address', address) : null,
        };
      }
      const caipAddress =
        address && chainId !== null
          ? network && network.chain === 'evm' && network.chainId === chainId
            ? formatCaip10(network, address)
            : `eip155:${chainId}:${address}`
          : null;
      const onNetwork = network && network.chain === 'evm' && network.chainId === chainId ? network : null;
      return {
        caipAddress,
        addressExplorerUrl: address ? explorerPageUrl(onNetwork?.blockExplorerUrl, 'address', address) : null,
      };
    };

    const fetchIdentity = async (address: string) => {
      const key = address.toLowerCase();
      let pending = identities.get(key);
      if (!pending) {
        set({ profileStatus: 'loading' });
        pending = deps.identity.getIdentity(address).catch(() => null);
        identities.set(key, pending);
      }
      const result = await pending;
      if (get().address !== address) return;
      if (result === null) {
        identities.delete(key);
        set({ profileStatus: 'error', profileName: null, profileImage: null });
        return;
      }
      set({
        profileStatus: 'success',
        profileName: result.name,
        profileImage: deps.isSafeImage(result.avatar) ? result.avatar : null,
      });
    };

    const refreshSolanaBalance = (address: string) => {
      const solana = deps.solana;
      if (!solana || !network) return Promise.resolve();
      const symbol = network.nativeCurrency.symbol;
      return balanceReads.start(async (_signal, isLatest) => {
        set({ balanceStatus: 'loading' });
        try {
          const lamports = await solana.getBalance(address);
          if (!isLatest()) return;
          // Lamports to SOL (chains/solana/amount's lamportsToSol, without the rest of that module at page start).
          set({
            balance: unitsToDecimal(lamports, SOL_DECIMALS),
            balanceSymbol: symbol,
            balanceStatus: 'success',
          });
        } catch {
          if (isLatest()) set({ balanceStatus: 'error' });
        }
      });
    };

    const refreshBalance = async () => {
      const { address, chainId, isConnected } = get();
      if (isConnected && address && onSolana()) return refreshSolanaBalance(address);
      if (!isConnected || !address || chainId === null) return;
      const known = deps.getWagmiConfig().chains.some((c) => c.id === chainId);
      if (!known) {
        balanceReads.cancel();
        set({ balance: null, balanceSymbol: null, balanceStatus: 'idle', smartAccountDeployed: null });
        return;
      }
      return balanceReads.start(async (_signal, isLatest) => {
        set({ balanceStatus: 'loading' });
        try {
          const { readNativeBalance } = await import('./nativeBalance');
          const b = await readNativeBalance(deps.getWagmiConfig(), address as `0x${string}`, chainId);
          if (!isLatest()) return;
          set({
            balance: b.balance,
            balanceSymbol: b.symbol,
            balanceStatus: 'success',
            smartAccountDeployed: b.smartAccountDeployed,
          });
        } catch {
          if (isLatest()) set({ balanceStatus: 'error' });
        }
      });
    };

    const loadDetails = () => {
      const { address, isConnected } = get();
      if (!wanted || !isConnected || !address) return;
      if (!onSolana()) void fetchIdentity(address);
      void refreshBalance();
    };

    return {
      ...disconnectedFields(),
      tab: 'tokens',
      addressLabels: {},
      preferredAccountType:
        deps.storage.getJson(STORAGE_KEYS.preferredAccountType, preferredAccountTypeSchema) ?? 'eoa',
      disconnecting: false,

      want() {
        if (wanted) {
          // Wanted again (a view showing the account mounted again): a failed identity lookup is retried.
          const { address, isConnected, profileStatus } = get();
          if (isConnected && address && profileStatus === 'error' && !onSolana()) void fetchIdentity(address);
          return;
        }
        wanted = true;
        loadDetails();
      },
      async refreshProfile() {
        const { address, isConnected } = get();
        if (!isConnected || !address || onSolana()) return;
        identities.delete(address.toLowerCase());
        await fetchIdentity(address);
      },
      refreshBalance,

      selectAddress(address) {
        if (!deps.hasMultipleAddresses) return;
        const match = get().allAccounts.find((a) => a.toLowerCase() === address.toLowerCase());
        if (!match || match === get().address) return;
        selected = match;
        set({
          address: match,
          ...derived(match, get().chainId),
          balance: null,
          balanceSymbol: null,
          balanceStatus: 'idle',
          smartAccountDeployed: null,
          profileName: null,
          profileImage: null,
          profileStatus: 'idle',
        });
        loadDetails();
      },

      setTab(tab) {
        set({ tab });
      },

      setAddressLabel(address, label) {
        const labels = { ...get().addressLabels };
        if (label) labels[address.toLowerCase()] = label;
        else delete labels[address.toLowerCase()];
        set({ addressLabels: labels });
      },

      setPreferredAccountType(type) {
        set({ preferredAccountType: type });
        deps.storage.setJson(STORAGE_KEYS.preferredAccountType, type);
        deps.bus.emit('SET_PREFERRED_ACCOUNT_TYPE', { accountType: type });
        deps.afterPreferredAccountType?.();
      },

      async disconnect() {
        set({ disconnecting: true });
        try {
          // On a Solana network the Solana wallet is disconnected; an EVM connection stays (and back).
          if (onSolana() && deps.solana) await deps.solana.disconnect();
          else await wagmiDisconnect(deps.getWagmiConfig());
        } catch (error) {
          set({ disconnecting: false });
          deps.emit?.({ flow: 'account', status: 'disconnect-failed' });
          throw KeywayError.of('disconnectFailed', error);
        }
        selected = null;
        set({ ...disconnectedFields(), disconnecting: false });
        deps.onDisconnected?.();
      },

      syncWagmi(input) {
        lastWagmi = input;
        if (onSolana()) return;
        const { status, addresses, chainId, connector } = input;
        const connected = (status === 'connected' || status === 'reconnecting') && !!addresses?.length;
        if (!connected) {
          if (get().status !== status || get().isConnected) {
            selected = null;
            set({ ...disconnectedFields(), status });
          }
          return;
        }
        const all: string[] = [...addresses!];
        const keep = selected && all.includes(selected) ? selected : null;
        if (!keep) selected = null;
        const address = keep ?? all[0]!;
        const prev = get();
        const cid = chainId ?? null;
        const changedAddress = prev.address !== address;
        const changedChain = prev.chainId !== cid;
        const info: ConnectedWalletInfo | null = connector
          ? {
              name: connector.name.slice(0, 64),
              ...(deps.isSafeImage(connector.icon) ? { icon: connector.icon } : {}),
            }
          : null;
        const sameAccounts =
          prev.allAccounts.length === all.length && prev.allAccounts.every((a, i) => a === all[i]);
        const sameInfo =
          prev.connectedWalletInfo?.name === info?.name && prev.connectedWalletInfo?.icon === info?.icon;
        if (!changedAddress && !changedChain && sameAccounts && sameInfo && prev.status === status) return;
        set({
          status,
          isConnected: true,
          address,
          chainId: cid,
          allAccounts: sameAccounts ? prev.allAccounts : all,
          connectedWalletInfo: sameInfo ? prev.connectedWalletInfo : info,
          ...derived(address, cid),
          ...(changedAddress
            ? { profileName: null, profileImage: null, profileStatus: 'idle' as const }
            : {}),
          ...(changedAddress || changedChain
            ? {
                balance: null,
                balanceSymbol: null,
                balanceStatus: 'idle' as const,
                smartAccountDeployed: null,
              }
            : {}),
        });
        if (changedAddress || changedChain) loadDetails();
      },

      syncSolana(input) {
        lastSolana = input;
        if (!onSolana()) return;
        const prev = get();
        const connected = input.status === 'connected' && !!input.address;
        if (!connected || !input.address) {
          if (prev.status !== input.status || prev.isConnected)
            set({ ...disconnectedFields(), status: input.status });
          return;
        }
        const info: ConnectedWalletInfo | null = input.wallet
          ? {
              name: input.wallet.name.slice(0, 64),
              ...(deps.isSafeImage(input.wallet.icon) ? { icon: input.wallet.icon } : {}),
            }
          : null;
        const changedAddress = prev.address !== input.address;
        const sameInfo =
          prev.connectedWalletInfo?.name === info?.name && prev.connectedWalletInfo?.icon === info?.icon;
        if (!changedAddress && sameInfo && prev.isConnected && prev.status === 'connected') return;
        set({
          status: 'connected',
          isConnected: true,
          address: input.address,
          chainId: null,
          allAccounts: [input.address],
          connectedWalletInfo: sameInfo ? prev.connectedWalletInfo : info,
          ...derived(input.address, null),
          ...(changedAddress
            ? {
                profileName: null,
                profileImage: null,
                profileStatus: 'idle' as const,
                balance: null,
                balanceSymbol: null,
                balanceStatus: 'idle' as const,
                smartAccountDeployed: null,
              }
            : {}),
        });
        if (changedAddress) loadDetails();
      },

      setNetwork(next) {
        const wasSolana = onSolana();
        network = next;
        if (wasSolana !== onSolana()) {
          // Another namespace: show its own connection (or none).
          selected = null;
          set({ ...disconnectedFields() });
          const actions = get();
          if (onSolana()) {
            if (lastSolana) actions.syncSolana(lastSolana);
          } else if (lastWagmi) actions.syncWagmi(lastWagmi);
          return;
        }
        const { address, chainId } = get();
        const d = derived(address, chainId);
        if (d.caipAddress !== get().caipAddress || d.addressExplorerUrl !== get().addressExplorerUrl) set(d);
      },
    };
  });
}
