// Styled views (keyway/views). KeywayModal loads the views lazily; each is also exported for hosts that
// compose their own modal.

export { AccountButton } from './AccountButton';
export { ConnectButton, type ConnectButtonProps } from './ConnectButton';
export type { ConnectViewProps } from './ConnectView';
export { EmailLoginForm } from './EmailLoginForm';
export { KeywayModal, type KeywayModalProps } from './KeywayModal';
export { KeywayToasts } from './KeywayToasts';
// Parts of the views, lazily loaded too (skeleton rows while their code loads; `preload()` to load ahead).
export {
  AccountActivityList,
  AccountTokensList,
  AccountWalletFeatures,
  type PreloadableComponent,
  TransactionList,
} from './lazyParts';
// Connect/account/network views: lazily loaded components (their code is not in the initial bundle).
// Embedded wallet: social / Farcaster login, update email, account settings (lazily loaded views).
// Send (lazily loaded views).
export {
  AccountSettingsView,
  AccountView,
  AllWalletsView,
  ApproveTransactionView,
  BuyInProgressView,
  BuyView,
  ConnectingExternalView,
  ConnectingFarcasterView,
  ConnectingSiweView,
  ConnectingSocialView,
  ConnectingWalletConnectView,
  ConnectView,
  EmailVerifyDeviceView,
  EmailVerifyOtpView,
  NetworksView,
  OnRampFiatSelectView,
  OnRampTokenSelectView,
  RegisterAccountNameSuccessView,
  RegisterAccountNameView,
  TransactionsView,
  UnsupportedChainView,
  UpdateEmailPrimaryOtpView,
  UpdateEmailSecondaryOtpView,
  UpdateEmailView,
  WalletReceiveView,
  WalletSendPreviewView,
  WalletSendSelectTokenView,
  WalletSendView,
} from './lazyViews';
export { NetworkButton } from './NetworkButton';
export { MODAL_VIEWS } from './registry';
export { SocialLoginButtons } from './SocialLoginButtons';
export type { TransactionListProps } from './TransactionsView';
