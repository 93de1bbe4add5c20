/**
 * The views as exported by `keyway/views`: each one loads its code on first render (inside its own Suspense),
 * through the same shared loads as KeywayModal (a view already loaded renders at once). Nothing here imports
 * a view module statically, so importing `keyway/views` for KeywayModal and the buttons keeps every view out
 * of the initial bundle.
 */
import { type ComponentType, Suspense } from 'react';
import { Spinner } from '../components/Spinner/Spinner';
import type { ModalView } from '../hooks/modal/store';
import type { ConnectViewProps } from './ConnectView';
import { ViewHost } from './ViewHost';

function lazyView(view: ModalView, displayName: string): ComponentType<ConnectViewProps> {
  // biome-ignore lint/correctness/noComponentHookFactories: called once per view at module load, never in a render
  function View(props: ConnectViewProps) {
    return (
      <Suspense fallback={<Spinner />}>
        <ViewHost view={view} {...props} />
      </Suspense>
    );
  }
  View.displayName = displayName;
  return View;
}

export const ConnectView: ComponentType<ConnectViewProps> = lazyView('Connect', 'ConnectView');
export const AllWalletsView: ComponentType = lazyView('AllWallets', 'AllWalletsView');
export const ConnectingExternalView: ComponentType = lazyView('ConnectingExternal', 'ConnectingExternalView');
export const ConnectingWalletConnectView: ComponentType = lazyView(
  'ConnectingWalletConnect',
  'ConnectingWalletConnectView',
);
export const AccountView: ComponentType = lazyView('Account', 'AccountView');
export const NetworksView: ComponentType = lazyView('Networks', 'NetworksView');
export const UnsupportedChainView: ComponentType = lazyView('UnsupportedChain', 'UnsupportedChainView');
export const ConnectingSiweView: ComponentType = lazyView('ConnectingSiwe', 'ConnectingSiweView');
export const EmailVerifyOtpView: ComponentType = lazyView('EmailVerifyOtp', 'EmailVerifyOtpView');
export const EmailVerifyDeviceView: ComponentType = lazyView('EmailVerifyDevice', 'EmailVerifyDeviceView');
export const ApproveTransactionView: ComponentType = lazyView('ApproveTransaction', 'ApproveTransactionView');
export const TransactionsView: ComponentType = lazyView('Transactions', 'TransactionsView');
export const WalletReceiveView: ComponentType = lazyView('WalletReceive', 'WalletReceiveView');
export const ConnectingSocialView: ComponentType = lazyView('ConnectingSocial', 'ConnectingSocialView');
export const ConnectingFarcasterView: ComponentType = lazyView(
  'ConnectingFarcaster',
  'ConnectingFarcasterView',
);
export const AccountSettingsView: ComponentType = lazyView('AccountSettings', 'AccountSettingsView');
export const UpdateEmailView: ComponentType = lazyView('UpdateEmail', 'UpdateEmailView');
export const UpdateEmailPrimaryOtpView: ComponentType = lazyView(
  'UpdateEmailPrimaryOtp',
  'UpdateEmailPrimaryOtpView',
);
export const UpdateEmailSecondaryOtpView: ComponentType = lazyView(
  'UpdateEmailSecondaryOtp',
  'UpdateEmailSecondaryOtpView',
);
export const WalletSendView: ComponentType = lazyView('Send', 'WalletSendView');
export const WalletSendSelectTokenView: ComponentType = lazyView(
  'WalletSendSelectToken',
  'WalletSendSelectTokenView',
);
export const WalletSendPreviewView: ComponentType = lazyView('SendPreview', 'WalletSendPreviewView');
export const SwapView: ComponentType = lazyView('Swap', 'SwapView');
export const SwapSelectTokenView: ComponentType = lazyView('SwapSelectToken', 'SwapSelectTokenView');
export const SwapPreviewView: ComponentType = lazyView('SwapPreview', 'SwapPreviewView');
export const RegisterAccountNameView: ComponentType = lazyView(
  'RegisterAccountName',
  'RegisterAccountNameView',
);
export const RegisterAccountNameSuccessView: ComponentType = lazyView(
  'RegisterAccountNameSuccess',
  'RegisterAccountNameSuccessView',
);
export const BuyView: ComponentType = lazyView('OnRampProviders', 'BuyView');
export const BuyInProgressView: ComponentType = lazyView('BuyInProgress', 'BuyInProgressView');
export const OnRampTokenSelectView: ComponentType = lazyView('OnRampTokenSelect', 'OnRampTokenSelectView');
export const OnRampFiatSelectView: ComponentType = lazyView('OnRampFiatSelect', 'OnRampFiatSelectView');
