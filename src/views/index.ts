// Styled views (keyway/views). KeywayModal loads the views lazily; each is also exported for hosts that
// compose their own modal.

export { AccountActivityList } from './AccountActivityList';
export { AccountButton } from './AccountButton';
export { AccountTokensList } from './AccountTokensList';
export { AccountWalletFeatures } from './AccountWalletFeatures';
export { ConnectButton, type ConnectButtonProps } from './ConnectButton';
export type { ConnectViewProps } from './ConnectView';
export { KeywayModal, type KeywayModalProps } from './KeywayModal';
export { KeywayToasts } from './KeywayToasts';
// Connect/account/network views: lazily loaded components (their code is not in the initial bundle).
export {
  AccountView,
  AllWalletsView,
  ConnectingExternalView,
  ConnectingSiweView,
  ConnectingWalletConnectView,
  ConnectView,
  NetworksView,
  UnsupportedChainView,
} from './lazyViews';
export { NetworkButton } from './NetworkButton';
export { TransactionList, TransactionsView } from './TransactionsView';
export { WalletReceiveView } from './WalletReceiveView';
