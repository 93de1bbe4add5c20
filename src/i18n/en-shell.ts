/**
 * The English texts of the parts in a host's initial bundle (the buttons, the modal's frame and titles, the
 * toasts). The rest of the English catalogue (`en.ts`) loads with the views. Both are one catalogue: `en.ts`
 * spreads these sections into it, and every locale translates them together. Their placeholders are plain
 * `{name}` values (no plurals): the full message format loads with the views.
 */
export const enShell = {
  connectButton: {
    label: 'Connect wallet',
    /** The button while a remembered connection is being restored (a reload): its name for screen readers. */
    restoring: 'Reconnecting…',
  },
  modal: {
    close: 'Close',
    back: 'Back',
    loading: 'Loading',
  },
  /** The modal's title per view; `{wallet}` is the wallet being connected. */
  titles: {
    Connect: 'Connect wallet',
    AllWallets: 'All wallets',
    ConnectingExternal: '{wallet}',
    /** `{wallet}` of the embedded wallet (`AUTH_CONNECTOR_NAME`, which stays its English name in the stores). */
    EmbeddedWallet: 'Email & Social',
    ConnectingWalletConnect: '{wallet}',
    Account: 'Account',
    Networks: 'Choose network',
    UnsupportedChain: 'Switch network',
    Transactions: 'Activity',
    WalletReceive: 'Receive',
    Send: 'Send',
    WalletSendSelectToken: 'Select token',
    SendPreview: 'Review send',
    Swap: 'Swap',
    SwapSelectToken: 'Select token',
    SwapPreview: 'Review swap',
    OnRampProviders: 'Buy',
    OnRampTokenSelect: 'Select token',
    OnRampFiatSelect: 'Select currency',
    BuyInProgress: 'Buy',
    ConnectingSiwe: 'Sign in',
    EmailVerifyOtp: 'Confirm email',
    EmailVerifyDevice: 'Register device',
    ApproveTransaction: 'Approve request',
    ConnectingSocial: 'Log in',
    ConnectingFarcaster: 'Farcaster',
    AccountSettings: 'Account settings',
    UpdateEmail: 'Update email',
    UpdateEmailPrimaryOtp: 'Confirm current email',
    UpdateEmailSecondaryOtp: 'Confirm new email',
    RegisterAccountName: 'Choose your name',
    RegisterAccountNameSuccess: 'Name registered',
  },
  toastRegion: {
    label: 'Notifications',
    dismiss: 'Dismiss',
  },
  /** The toasts of spec §8 (codes of `core/messages.ts`, written by `i18n/messageText.ts`). */
  toasts: {
    fetchTransactions: 'Failed to fetch transactions',
    initializeSwap: 'Failed to initialize swap',
    fetchNetworkTokenPrice: 'Failed to fetch network token price',
    checkAllowance: 'Failed to check allowance',
    createApprovalTransaction: 'Failed to create approval transaction',
    createTransaction: 'Failed to create transaction',
    transactionError: 'Transaction error',
    somethingWentWrong: 'Something went wrong',
    solanaSendFailed: 'Failed to send transaction. Please try again.',
    fetchTokenBalance: 'Failed to fetch token balance',
    // Not in spec §8 (it names no pairing toasts): a paired wallet's relay went away, and came back.
    relayLost: 'Lost the connection to your wallet. Requests wait until it is back.',
    relayBack: 'Connected to your wallet again',
  },
} as const;
