/**
 * The views as exported by `keyway/views`: each one loads its code on first render (inside its own Suspense),
 * through the same shared loads as KeywayModal (a view already loaded renders at once). The table is derived
 * from the registry (views/registry.ts), the one list of the views; nothing here imports a view module
 * statically, so importing `keyway/views` for KeywayModal and the buttons keeps every view out of the initial
 * bundle.
 */
import { type ComponentType, Suspense } from 'react';
import { Spinner } from '../components/Spinner/Spinner';
import { useShellMessages } from '../i18n/useShellMessages';
import type { ConnectViewProps } from './ConnectView';
import {
  MODAL_VIEWS,
  type ModalView,
  VIEW_REGISTRY,
  type ViewComponentName,
  type ViewEntry,
} from './registry';
import { ViewHost } from './ViewHost';

function lazyView(view: ModalView, displayName: string): ComponentType<ConnectViewProps> {
  // biome-ignore lint/correctness/noComponentHookFactories: called once per view at module load, never in a render
  function View(props: ConnectViewProps) {
    const shell = useShellMessages();
    return (
      <Suspense fallback={<Spinner label={shell.modal.loading} />}>
        <ViewHost view={view} {...props} />
      </Suspense>
    );
  }
  View.displayName = displayName;
  return View;
}

/** Every drawn view under its exported name; only the Connect view takes props (its optional slots). */
type LazyViews = {
  [N in ViewComponentName]: N extends 'ConnectView' ? ComponentType<ConnectViewProps> : ComponentType;
};

const LAZY_VIEWS = Object.fromEntries(
  MODAL_VIEWS.flatMap((view) => {
    const name = (VIEW_REGISTRY[view] as ViewEntry).component;
    return name ? [[name, lazyView(view, name)]] : [];
  }),
) as LazyViews;

export const {
  AccountSettingsView,
  AccountView,
  AllWalletsView,
  ApproveTransactionView,
  BuyInProgressView,
  BuyView,
  ConnectView,
  ConnectingExternalView,
  ConnectingFarcasterView,
  ConnectingSiweView,
  ConnectingSocialView,
  ConnectingWalletConnectView,
  EmailVerifyDeviceView,
  EmailVerifyOtpView,
  NetworksView,
  OnRampFiatSelectView,
  OnRampTokenSelectView,
  RegisterAccountNameSuccessView,
  RegisterAccountNameView,
  SwapPreviewView,
  SwapSelectTokenView,
  SwapView,
  TransactionsView,
  UnsupportedChainView,
  UpdateEmailPrimaryOtpView,
  UpdateEmailSecondaryOtpView,
  UpdateEmailView,
  WalletReceiveView,
  WalletSendPreviewView,
  WalletSendSelectTokenView,
  WalletSendView,
} = LAZY_VIEWS;
