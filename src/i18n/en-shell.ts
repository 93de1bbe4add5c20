/**
 * The English texts of the parts in a host's initial bundle (the buttons, the modal's frame and titles, the
 * toasts). The rest of the English catalogue (`en.ts`) loads with the views. Both are one catalogue: `en.ts`
 * spreads these sections into it, and every locale translates them together. Their placeholders are plain
 * `{name}` values (no plurals): the full message format loads with the views.
 */
import { TOAST_MESSAGES } from '../core/errors';

export const enShell = {
  connectButton: { label: 'Connect wallet' },
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
  /** The toasts of spec §8 (their English text stays the identifier in events; `TOAST_MESSAGES`). */
  toasts: TOAST_MESSAGES,
} as const;
