// Styled views (keyway/views). KeywayModal loads the views lazily; each is also exported for hosts that
// compose their own modal.

export { AccountActivityList } from './AccountActivityList';
export { AccountButton } from './AccountButton';
export { AccountTokensList } from './AccountTokensList';
export { AccountView } from './AccountView';
export { AccountWalletFeatures } from './AccountWalletFeatures';
export { AllWalletsView } from './AllWalletsView';
export { ConnectButton, type ConnectButtonProps } from './ConnectButton';
export { ConnectingExternalView } from './ConnectingExternalView';
export { ConnectingSiweView } from './ConnectingSiweView';
export { ConnectingWalletConnectView } from './ConnectingWalletConnectView';
export { ConnectView, type ConnectViewProps } from './ConnectView';
export { KeywayModal, type KeywayModalProps } from './KeywayModal';
export { KeywayToasts } from './KeywayToasts';
export { NetworkButton } from './NetworkButton';
export { NetworksView } from './NetworksView';
export { TransactionList, TransactionsView } from './TransactionsView';
export { UnsupportedChainView } from './UnsupportedChainView';
export { WalletReceiveView } from './WalletReceiveView';
