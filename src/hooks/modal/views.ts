/**
 * The names of the views the styled modal can show (spec §2), as the modal's view stack and `useModal().open`
 * take them. The styled layer's registry (views/registry.ts) has one entry per name, checked by the compiler in
 * both directions, so this layer names the views without importing the views' code.
 */
export type ModalView =
  | 'Connect'
  | 'AllWallets'
  | 'ConnectingExternal'
  | 'ConnectingWalletConnect'
  | 'Account'
  | 'Networks'
  | 'UnsupportedChain'
  | 'Transactions'
  | 'WalletReceive'
  | 'Send'
  | 'WalletSendSelectToken'
  | 'SendPreview'
  | 'Swap'
  | 'SwapSelectToken'
  | 'SwapPreview'
  | 'OnRampProviders'
  | 'OnRampTokenSelect'
  | 'OnRampFiatSelect'
  | 'BuyInProgress'
  | 'ConnectingSiwe'
  | 'EmailVerifyOtp'
  | 'EmailVerifyDevice'
  | 'ApproveTransaction'
  | 'ConnectingSocial'
  | 'ConnectingFarcaster'
  | 'AccountSettings'
  | 'UpdateEmail'
  | 'UpdateEmailPrimaryOtp'
  | 'UpdateEmailSecondaryOtp'
  | 'RegisterAccountName'
  | 'RegisterAccountNameSuccess';
