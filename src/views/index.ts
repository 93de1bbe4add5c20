// Styled views (keyway/views). KeywayModal loads the views lazily; each is also exported for hosts that
// compose their own modal.

// The kit's words for a message a hook reports (`KitMessage`), in the active locale: for a host that shows the
// kit's texts in its own components.
export { type KitMessages, messageText, paymentMethodText } from '../i18n/messageText';
export { useMessageText } from '../i18n/useMessages';
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
// Every view of the registry, as a lazily loaded component (its code is not in the initial bundle).
export * from './lazyViews';
export { NetworkButton } from './NetworkButton';
export { MODAL_VIEWS } from './registry';
export { SocialLoginButtons } from './SocialLoginButtons';
export type { TransactionListProps } from './TransactionsView';
