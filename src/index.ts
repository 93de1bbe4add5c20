export { type SwapSafetyCode, SwapSafetyError } from './chains/evm/swap';
export { decodeBase58, encodeBase58, isSolanaAddress } from './chains/solana/address';
export { LAMPORTS_PER_SOL, lamportsToSol, SOL_DECIMALS, solToLamports } from './chains/solana/amount';
export type {
  SolanaAdapter,
  SolanaConnectionStatus,
  SolanaSendInput,
  SolanaState,
  SolanaStore,
  SolanaWalletInfo,
} from './chains/solana/types';
export { DEFAULT_SWAP_ROUTERS } from './core/constants';
export { ApiError, KeywayError, KeywayOptionsError } from './core/errors';
export { type EventBus, TRACKED_EVENTS, type TrackedEvent, type TrackedEventName } from './core/events';
export { type KitMessage, kitMessage, type MessageCode, type MessageValue } from './core/messages';
export {
  arbitrum,
  base,
  bsc,
  findNetwork,
  type KeywayNetwork,
  keywayLocal,
  keywayLocalL2,
  mainnet,
  optimism,
  PREDEFINED_NETWORKS,
  polygon,
  solanaDevnet,
  solanaLocal,
  solanaMainnet,
  solanaTestnet,
  taiko,
  telos,
  toViemChain,
} from './core/networks';
export type { KeywayOptions, ResolvedKeywayOptions, SiweConfig, SiweSession } from './core/options';
export type { ConnectedVia, FlowName, FlowOutcome, OutcomeOf, OutcomeStream } from './core/outcomes';
export { createMemoryStorage, type KeyValueStorage, STORAGE_KEYS } from './core/storage';
// The design system's primitives are `keyway/components`; here for one more minor version (deprecated aliases).
export * from './deprecated';
// Embedded wallet (secure frame): the instance handle, email login, and the frame protocol, client and
// auth connector for hosts that build their own wagmi config or UI.
export {
  AUTH_CONNECTOR_NAME,
  type AuthConnectorApi,
  type AuthProvider,
  AuthProviderRpcError,
  authConnector,
  createFrameClient,
  EmailSchema,
  type FrameClient,
  type FrameClientOptions,
  FrameRequestError,
  FrameTimeoutError,
  FrameValidationError,
  LOGIN_CACHE_KEYS,
  type LoginCache,
  SAFE_RPC_METHODS,
  UNSAFE_RPC_METHODS,
} from './frame';
export {
  ACCOUNT_TABS,
  type AccountState,
  type AccountStore,
  type AccountTab,
  type ConnectedWalletInfo,
  type PreferredAccountType,
} from './hooks/account/store';
export { type UseAccountOptions, type UseAccountResult, useAccount } from './hooks/account/useAccount';
// The embedded wallet's other flows: social and Farcaster login, changing the email, the account type.
export type { AccountTypeLoadStatus, AccountTypeState } from './hooks/account-type/store';
export {
  type UsePreferredAccountTypeResult,
  usePreferredAccountType,
} from './hooks/account-type/usePreferredAccountType';
export type {
  BalancesState,
  BalancesStatus,
  BalancesStore,
  RefreshBalancesOptions,
  TokenBalance,
} from './hooks/balances/store';
export { type UseBalancesOptions, type UseBalancesResult, useBalances } from './hooks/balances/useBalances';
export {
  PairingExpiredError,
  type PairingProvider,
  type PairingState,
  type PairingStatus,
} from './hooks/connect/pairing';
export type {
  AllWalletsMode,
  AttemptStatus,
  ConnectAttempt,
  ConnectionStatus,
  ConnectState,
  ConnectStore,
  LoadStatus,
} from './hooks/connect/store';
export {
  type UseAllWalletsResult,
  type UseConnectResult,
  type UsePairingResult,
  useAllWallets,
  useConnect,
  usePairing,
} from './hooks/connect/useConnect';
export { type UseConsentResult, useConsent } from './hooks/connect/useConsent';
export {
  type UseWalletPickerResult,
  useWalletPicker,
  type WalletRoute,
  walletRoute,
} from './hooks/connect/useWalletPicker';
export type {
  WalletBadge,
  WalletEntry,
  WalletListItem,
} from './hooks/connect/wallets';
export { useKeyway, useKeywayStore } from './hooks/context';
export type {
  EmailLoginActions,
  EmailLoginResult,
  EmailLoginState,
  EmailLoginStatus,
  EmailLoginStep,
} from './hooks/email/store';
export { type UseEmailLoginResult, useEmailLogin } from './hooks/email/useEmailLogin';
export { useKeywayEvents } from './hooks/events/useKeywayEvents';
export { KeywayProvider, type KeywayProviderProps } from './hooks/KeywayProvider';
export type {
  HistoryEntry,
  ModalActions,
  ModalState,
  ModalStore,
  ModalView,
  ModalViewParams,
  TransactionStackEntry,
} from './hooks/modal/store';
export { type UseModalResult, useModal } from './hooks/modal/useModal';
export type {
  NameAvailability,
  NameRegistrationActions,
  NameRegistrationOutcome,
  NameRegistrationState,
  NameRegistrationStatus,
} from './hooks/names/store';
export { type UseNameRegistrationResult, useNameRegistration } from './hooks/names/useNameRegistration';
export {
  type NameRuleProblem,
  type NameUnavailableReason,
  nameCoinType,
  nameRuleMessage,
  nameUnavailableMessage,
} from './hooks/names/validation';
export type { NetworksState, NetworksStore } from './hooks/networks/store';
export { type UseNetworksResult, useNetworks } from './hooks/networks/useNetworks';
export { useOnrampAvailable } from './hooks/onramp/available';
export type { AmountCheck } from './hooks/onramp/limits';
export type {
  BuyOutcome,
  OnrampActions,
  OnrampNetwork,
  OnrampProvider,
  OnrampPurchase,
  OnrampState,
  PurchaseStatus,
} from './hooks/onramp/store';
export { type UseOnrampResult, useOnramp } from './hooks/onramp/useOnramp';
export type {
  GasStatus,
  ReceiverName,
  SendActions,
  SendPreviewResult,
  SendState,
  SendStatus,
  SendStore,
  SendSubmitResult,
  SolanaNativeSender,
} from './hooks/send/store';
export { type UseSendResult, useSend } from './hooks/send/useSend';
export {
  type SendValidation,
  validateSend,
} from './hooks/send/validation';
export type { SiweRequiredReason, SiweState, SiweStatus, SiweStore } from './hooks/siwe/store';
export { type UseSiweResult, useSiwe } from './hooks/siwe/useSiwe';
export {
  type FarcasterStatus,
  SOCIAL_LOGIN_PROVIDERS,
  type SocialErrorKind,
  type SocialLoginProvider,
  type SocialLoginResult,
  type SocialState,
  type SocialStatus,
} from './hooks/social/store';
export { type UseSocialLoginResult, useSocialLogin } from './hooks/social/useSocialLogin';
export type {
  ApprovalStatus,
  SwapActions,
  SwapPreviewResult,
  SwapState,
  SwapStatus,
  SwapTokenItem,
  SwapTransactionInfo,
} from './hooks/swap/store';
export { type UseSwapResult, useSwap } from './hooks/swap/useSwap';
export type { SwapValidation } from './hooks/swap/validation';
export {
  TOAST_AUTO_DISMISS_MS,
  type Toast,
  type ToastsStore,
  type ToastVariant,
} from './hooks/toasts/store';
export { type UseToastsResult, useToasts } from './hooks/toasts/useToasts';
export type {
  TransactionItem,
  TransactionItemDirection,
  TransactionItemStatus,
  TransactionSection,
} from './hooks/transactions/format';
export type { TransactionsState, TransactionsStatus, TransactionsStore } from './hooks/transactions/store';
export { type UseTransactionsResult, useTransactions } from './hooks/transactions/useTransactions';
export type { UpdateEmailResult, UpdateEmailState, UpdateEmailStep } from './hooks/update-email/store';
export { type UseUpdateEmailResult, useUpdateEmail } from './hooks/update-email/useUpdateEmail';
// The kit's languages: the locales it ships, and the one a tree shows (the host's, else the visitor's).
export { type I18nState as KeywayLocaleState, useLocale } from './i18n/context';
export { LOCALES, type Locale, type TextDirection } from './i18n/locales';
// Headless core: instance, provider, hooks, stores and their types.
export {
  createKeyway,
  type Keyway,
  type KeywayInternals,
  type KeywayParts,
  type KeywayStores,
  type OwnedPart,
} from './instance/createKeyway';
export type {
  EmbeddedWallet,
  EmbeddedWalletOptions,
  FrameTheme,
} from './instance/embedded';
export {
  addOptionalConnectors,
  type BlockchainApiRpc,
  buildWagmiConfig,
  type EvmReadRpc,
  evmReadRpc,
} from './instance/wagmi';
