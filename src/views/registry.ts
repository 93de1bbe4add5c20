/**
 * The modal's views: title and a lazy loader per view. KeywayModal imports nothing else from the views, so
 * their code stays out of a host's initial bundle until the modal opens (or the page is idle).
 * Later capabilities add their views here.
 */
import type { ComponentType } from 'react';
import type { ModalView } from '../hooks/modal/store';
import type { ConnectViewProps } from './ConnectView';

export interface ViewEntry {
  /** The modal title; `{wallet}` is replaced with the wallet being connected. */
  title: string;
  /** Views take no props, except the Connect view's optional slots. */
  load: () => Promise<{ default: ComponentType<ConnectViewProps> }>;
}

export const VIEW_REGISTRY: Partial<Record<ModalView, ViewEntry>> = {
  Connect: {
    title: 'Connect wallet',
    load: () => import('./ConnectView').then((m) => ({ default: m.ConnectView })),
  },
  AllWallets: {
    title: 'All wallets',
    load: () => import('./AllWalletsView').then((m) => ({ default: m.AllWalletsView })),
  },
  ConnectingExternal: {
    title: '{wallet}',
    load: () => import('./ConnectingExternalView').then((m) => ({ default: m.ConnectingExternalView })),
  },
  ConnectingWalletConnect: {
    title: '{wallet}',
    load: () =>
      import('./ConnectingWalletConnectView').then((m) => ({ default: m.ConnectingWalletConnectView })),
  },
  Account: {
    title: 'Account',
    // The default tab's code (Tokens) comes with the view, so the tab never shows a loading frame.
    load: () =>
      import('./AccountView').then(async (m) => {
        await m.preloadAccountTabs();
        return { default: m.AccountView };
      }),
  },
  Networks: {
    title: 'Choose network',
    load: () => import('./NetworksView').then((m) => ({ default: m.NetworksView })),
  },
  UnsupportedChain: {
    title: 'Switch network',
    load: () => import('./UnsupportedChainView').then((m) => ({ default: m.UnsupportedChainView })),
  },
  Transactions: {
    title: 'Activity',
    load: () => import('./TransactionsView').then((m) => ({ default: m.TransactionsView })),
  },
  WalletReceive: {
    title: 'Receive',
    load: () => import('./WalletReceiveView').then((m) => ({ default: m.WalletReceiveView })),
  },
  Send: {
    title: 'Send',
    load: () => import('./WalletSendView').then((m) => ({ default: m.WalletSendView })),
  },
  WalletSendSelectToken: {
    title: 'Select token',
    load: () => import('./WalletSendSelectTokenView').then((m) => ({ default: m.WalletSendSelectTokenView })),
  },
  SendPreview: {
    title: 'Review send',
    load: () => import('./WalletSendPreviewView').then((m) => ({ default: m.WalletSendPreviewView })),
  },
  Swap: {
    title: 'Swap',
    load: () => import('./SwapView').then((m) => ({ default: m.SwapView })),
  },
  SwapSelectToken: {
    title: 'Select token',
    load: () => import('./SwapSelectTokenView').then((m) => ({ default: m.SwapSelectTokenView })),
  },
  SwapPreview: {
    title: 'Review swap',
    load: () => import('./SwapPreviewView').then((m) => ({ default: m.SwapPreviewView })),
  },
  // Account → Buy opens OnRampProviders: the Buy form (method and provider chosen in it; token and network,
  // and the payment currency, in the two select views).
  OnRampProviders: {
    title: 'Buy',
    load: () => import('./BuyView').then((m) => ({ default: m.BuyView })),
  },
  OnRampTokenSelect: {
    title: 'Select token',
    load: () => import('./OnRampTokenSelectView').then((m) => ({ default: m.OnRampTokenSelectView })),
  },
  OnRampFiatSelect: {
    title: 'Select currency',
    load: () => import('./OnRampFiatSelectView').then((m) => ({ default: m.OnRampFiatSelectView })),
  },
  BuyInProgress: {
    title: 'Buy',
    load: () => import('./BuyInProgressView').then((m) => ({ default: m.BuyInProgressView })),
  },
  ConnectingSiwe: {
    title: 'Sign in',
    load: () => import('./ConnectingSiweView').then((m) => ({ default: m.ConnectingSiweView })),
  },
  EmailVerifyOtp: {
    title: 'Confirm email',
    load: () => import('./EmailVerifyOtpView').then((m) => ({ default: m.EmailVerifyOtpView })),
  },
  EmailVerifyDevice: {
    title: 'Register device',
    load: () => import('./EmailVerifyDeviceView').then((m) => ({ default: m.EmailVerifyDeviceView })),
  },
  ApproveTransaction: {
    title: 'Approve request',
    load: () => import('./ApproveTransactionView').then((m) => ({ default: m.ApproveTransactionView })),
  },
  // Embedded wallet: social / Farcaster login, update email, account settings.
  ConnectingSocial: {
    title: 'Log in',
    load: () => import('./ConnectingSocialView').then((m) => ({ default: m.ConnectingSocialView })),
  },
  ConnectingFarcaster: {
    title: 'Farcaster',
    load: () => import('./ConnectingFarcasterView').then((m) => ({ default: m.ConnectingFarcasterView })),
  },
  AccountSettings: {
    title: 'Account settings',
    load: () => import('./AccountSettingsView').then((m) => ({ default: m.AccountSettingsView })),
  },
  UpdateEmail: {
    title: 'Update email',
    load: () => import('./UpdateEmailView').then((m) => ({ default: m.UpdateEmailView })),
  },
  UpdateEmailPrimaryOtp: {
    title: 'Confirm current email',
    load: () => import('./UpdateEmailPrimaryOtpView').then((m) => ({ default: m.UpdateEmailPrimaryOtpView })),
  },
  UpdateEmailSecondaryOtp: {
    title: 'Confirm new email',
    load: () =>
      import('./UpdateEmailSecondaryOtpView').then((m) => ({ default: m.UpdateEmailSecondaryOtpView })),
  },
  // Account names: registration with the embedded wallet.
  RegisterAccountName: {
    title: 'Choose your name',
    load: () => import('./RegisterAccountNameView').then((m) => ({ default: m.RegisterAccountNameView })),
  },
  RegisterAccountNameSuccess: {
    title: 'Name registered',
    load: () =>
      import('./RegisterAccountNameSuccessView').then((m) => ({ default: m.RegisterAccountNameSuccessView })),
  },
};

type ViewComponent = ComponentType<ConnectViewProps>;
/** A load that records its own outcome the way React's `use` reads it (`status`, `value`, `reason`). */
type TrackedLoad = Promise<ViewComponent> & {
  status?: 'pending' | 'fulfilled' | 'rejected';
  value?: ViewComponent;
  reason?: unknown;
};
const loads = new Map<ModalView, TrackedLoad>();

/**
 * A view's component, loaded once and shared by KeywayModal, `keyway/views` and `preloadViews`. Once loaded,
 * React's `use` reads it synchronously: a preloaded view renders at once, with no Suspense fallback (React 19
 * holds a shown fallback for 300 ms, which every first open paid while a fresh React.lazy suspended on code
 * that was already there). A failed load is forgotten, so the next render tries again.
 */
export function loadView(view: ModalView): Promise<ViewComponent> | null {
  const entry = VIEW_REGISTRY[view];
  if (!entry) return null;
  let tracked = loads.get(view);
  if (!tracked) {
    const load: TrackedLoad = entry.load().then((m) => m.default);
    load.status = 'pending';
    load.then(
      (value) => {
        load.status = 'fulfilled';
        load.value = value;
      },
      (reason: unknown) => {
        load.status = 'rejected';
        load.reason = reason;
        loads.delete(view);
      },
    );
    loads.set(view, load);
    tracked = load;
  }
  return tracked;
}

/** True once the view's code is loaded (or the view is unknown: its "not available" text needs no code). */
export function isViewLoaded(view: ModalView): boolean {
  if (!VIEW_REGISTRY[view]) return true;
  return (loads.get(view) as TrackedLoad | undefined)?.status === 'fulfilled';
}

/**
 * The views whose code the modal fetches when the page is idle: what a visitor meets first (connecting a
 * wallet, the account, choosing a network). Every other view (send, swap, buy, names, email and social
 * steps, settings) loads when it is first shown, so a host's visitors download a flow's code only when
 * they use that flow.
 */
export const IDLE_PRELOAD_VIEWS: readonly ModalView[] = [
  'Connect',
  'AllWallets',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'Account',
  'Networks',
  'UnsupportedChain',
];

/** Loads the code of `views` (default: every registered view; idempotent). */
export function preloadViews(
  views: readonly ModalView[] = Object.keys(VIEW_REGISTRY) as ModalView[],
): Promise<unknown> {
  return Promise.all(views.map((view) => loadView(view)?.catch(() => undefined)));
}
