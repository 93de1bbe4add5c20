/**
 * The modal's views, listed once: per view its title, the name `keyway/views` exports it under and a lazy
 * loader, one entry for each name of `ModalView` (hooks/modal/views.ts, which the modal's view stack takes; the
 * compiler checks that they match). `MODAL_VIEWS` and the lazily loading exports of `keyway/views`
 * (lazyViews.tsx) are derived from this list.
 * The registry comes with the dialog's lazily loaded code (KeywayDialog), which imports no view statically, so
 * neither it nor the views' code is in a host's initial bundle until the modal opens (or the page is idle). A
 * new view is one entry here.
 */
import type { ComponentType } from 'react';
import type { Keyway } from '../hooks/keyway';
import type { ModalView } from '../hooks/modal/views';
import { enShell } from '../i18n/en-shell';
import type { ConnectViewProps } from './ConnectView';

type ViewComponent = ComponentType<ConnectViewProps>;

/** What a view's load may tailor its code to: the instance whose modal shows the view. */
export interface ViewLoadContext {
  keyway: Pick<Keyway, 'embedded' | 'options'>;
}

export interface ViewEntry {
  /** The modal title; `{wallet}` is replaced with the wallet being connected. */
  title: string;
  /** The name `keyway/views` exports the view under. */
  component: string;
  /**
   * Views take no props, except the Connect view's optional slots. Given the instance, a load also brings the
   * parts of the view that the instance's options show. (A name with no entry, which only plain JavaScript can
   * pass, has no load: "not available" is shown.)
   */
  load: (context?: ViewLoadContext) => Promise<{ default: ViewComponent }>;
}

const ENTRIES = {
  Connect: {
    title: enShell.titles.Connect,
    component: 'ConnectView' as const,
    // The email, social and consent parts this instance shows come with the view, so they never pop in.
    load: (context?: ViewLoadContext) =>
      import('./ConnectView').then(async (m) => {
        if (context) await m.preloadConnectParts(context.keyway);
        return { default: m.ConnectView };
      }),
  },
  AllWallets: {
    title: enShell.titles.AllWallets,
    component: 'AllWalletsView' as const,
    load: () => import('./AllWalletsView').then((m) => ({ default: m.AllWalletsView })),
  },
  ConnectingExternal: {
    title: enShell.titles.ConnectingExternal,
    component: 'ConnectingExternalView' as const,
    load: () => import('./ConnectingExternalView').then((m) => ({ default: m.ConnectingExternalView })),
  },
  ConnectingWalletConnect: {
    title: enShell.titles.ConnectingWalletConnect,
    component: 'ConnectingWalletConnectView' as const,
    load: () =>
      import('./ConnectingWalletConnectView').then((m) => ({ default: m.ConnectingWalletConnectView })),
  },
  Account: {
    title: enShell.titles.Account,
    component: 'AccountView' as const,
    // The default tab's code (Tokens) comes with the view, so the tab never shows a loading frame.
    load: () =>
      import('./AccountView').then(async (m) => {
        await m.preloadAccountTabs();
        return { default: m.AccountView };
      }),
  },
  Networks: {
    title: enShell.titles.Networks,
    component: 'NetworksView' as const,
    load: () => import('./NetworksView').then((m) => ({ default: m.NetworksView })),
  },
  UnsupportedChain: {
    title: enShell.titles.UnsupportedChain,
    component: 'UnsupportedChainView' as const,
    load: () => import('./UnsupportedChainView').then((m) => ({ default: m.UnsupportedChainView })),
  },
  Transactions: {
    title: enShell.titles.Transactions,
    component: 'TransactionsView' as const,
    load: () => import('./TransactionsView').then((m) => ({ default: m.TransactionsView })),
  },
  WalletReceive: {
    title: enShell.titles.WalletReceive,
    component: 'WalletReceiveView' as const,
    load: () => import('./WalletReceiveView').then((m) => ({ default: m.WalletReceiveView })),
  },
  Send: {
    title: enShell.titles.Send,
    component: 'WalletSendView' as const,
    load: () => import('./WalletSendView').then((m) => ({ default: m.WalletSendView })),
  },
  WalletSendSelectToken: {
    title: enShell.titles.WalletSendSelectToken,
    component: 'WalletSendSelectTokenView' as const,
    load: () => import('./WalletSendSelectTokenView').then((m) => ({ default: m.WalletSendSelectTokenView })),
  },
  SendPreview: {
    title: enShell.titles.SendPreview,
    component: 'WalletSendPreviewView' as const,
    load: () => import('./WalletSendPreviewView').then((m) => ({ default: m.WalletSendPreviewView })),
  },
  Swap: {
    title: enShell.titles.Swap,
    component: 'SwapView' as const,
    load: () => import('./SwapView').then((m) => ({ default: m.SwapView })),
  },
  SwapSelectToken: {
    title: enShell.titles.SwapSelectToken,
    component: 'SwapSelectTokenView' as const,
    load: () => import('./SwapSelectTokenView').then((m) => ({ default: m.SwapSelectTokenView })),
  },
  SwapPreview: {
    title: enShell.titles.SwapPreview,
    component: 'SwapPreviewView' as const,
    load: () => import('./SwapPreviewView').then((m) => ({ default: m.SwapPreviewView })),
  },
  // Account → Buy opens OnRampProviders: the Buy form (method and provider chosen in it; token and network,
  // and the payment currency, in the two select views).
  OnRampProviders: {
    title: enShell.titles.OnRampProviders,
    component: 'BuyView' as const,
    load: () => import('./BuyView').then((m) => ({ default: m.BuyView })),
  },
  OnRampTokenSelect: {
    title: enShell.titles.OnRampTokenSelect,
    component: 'OnRampTokenSelectView' as const,
    load: () => import('./OnRampTokenSelectView').then((m) => ({ default: m.OnRampTokenSelectView })),
  },
  OnRampFiatSelect: {
    title: enShell.titles.OnRampFiatSelect,
    component: 'OnRampFiatSelectView' as const,
    load: () => import('./OnRampFiatSelectView').then((m) => ({ default: m.OnRampFiatSelectView })),
  },
  BuyInProgress: {
    title: enShell.titles.BuyInProgress,
    component: 'BuyInProgressView' as const,
    load: () => import('./BuyInProgressView').then((m) => ({ default: m.BuyInProgressView })),
  },
  ConnectingSiwe: {
    title: enShell.titles.ConnectingSiwe,
    component: 'ConnectingSiweView' as const,
    load: () => import('./ConnectingSiweView').then((m) => ({ default: m.ConnectingSiweView })),
  },
  EmailVerifyOtp: {
    title: enShell.titles.EmailVerifyOtp,
    component: 'EmailVerifyOtpView' as const,
    load: () => import('./EmailVerifyOtpView').then((m) => ({ default: m.EmailVerifyOtpView })),
  },
  EmailVerifyDevice: {
    title: enShell.titles.EmailVerifyDevice,
    component: 'EmailVerifyDeviceView' as const,
    load: () => import('./EmailVerifyDeviceView').then((m) => ({ default: m.EmailVerifyDeviceView })),
  },
  ApproveTransaction: {
    title: enShell.titles.ApproveTransaction,
    component: 'ApproveTransactionView' as const,
    load: () => import('./ApproveTransactionView').then((m) => ({ default: m.ApproveTransactionView })),
  },
  // Embedded wallet: social / Farcaster login, update email, account settings.
  ConnectingSocial: {
    title: enShell.titles.ConnectingSocial,
    component: 'ConnectingSocialView' as const,
    load: () => import('./ConnectingSocialView').then((m) => ({ default: m.ConnectingSocialView })),
  },
  ConnectingFarcaster: {
    title: enShell.titles.ConnectingFarcaster,
    component: 'ConnectingFarcasterView' as const,
    load: () => import('./ConnectingFarcasterView').then((m) => ({ default: m.ConnectingFarcasterView })),
  },
  AccountSettings: {
    title: enShell.titles.AccountSettings,
    component: 'AccountSettingsView' as const,
    load: () => import('./AccountSettingsView').then((m) => ({ default: m.AccountSettingsView })),
  },
  UpdateEmail: {
    title: enShell.titles.UpdateEmail,
    component: 'UpdateEmailView' as const,
    load: () => import('./UpdateEmailView').then((m) => ({ default: m.UpdateEmailView })),
  },
  UpdateEmailPrimaryOtp: {
    title: enShell.titles.UpdateEmailPrimaryOtp,
    component: 'UpdateEmailPrimaryOtpView' as const,
    load: () => import('./UpdateEmailPrimaryOtpView').then((m) => ({ default: m.UpdateEmailPrimaryOtpView })),
  },
  UpdateEmailSecondaryOtp: {
    title: enShell.titles.UpdateEmailSecondaryOtp,
    component: 'UpdateEmailSecondaryOtpView' as const,
    load: () =>
      import('./UpdateEmailSecondaryOtpView').then((m) => ({ default: m.UpdateEmailSecondaryOtpView })),
  },
  // Account names: registration with the embedded wallet.
  RegisterAccountName: {
    title: enShell.titles.RegisterAccountName,
    component: 'RegisterAccountNameView' as const,
    load: () => import('./RegisterAccountNameView').then((m) => ({ default: m.RegisterAccountNameView })),
  },
  RegisterAccountNameSuccess: {
    title: enShell.titles.RegisterAccountNameSuccess,
    component: 'RegisterAccountNameSuccessView' as const,
    load: () =>
      import('./RegisterAccountNameSuccessView').then((m) => ({ default: m.RegisterAccountNameSuccessView })),
  },
} satisfies Record<ModalView, ViewEntry>;

export type { ModalView };

/** The views by name (the registry itself; KeywayDialog reads titles, ViewHost the loaders). */
export const VIEW_REGISTRY: { [V in ModalView]: (typeof ENTRIES)[V] } = ENTRIES;

/** Every view the modal can show, in the registry's order. */
export const MODAL_VIEWS = Object.keys(ENTRIES) as readonly ModalView[];

/** The names `keyway/views` exports the drawn views under (lazyViews.tsx). */
export type ViewComponentName = {
  [V in ModalView]: (typeof ENTRIES)[V] extends { component: infer N extends string } ? N : never;
}[ModalView];
/** A load that records its own outcome the way React's `use` reads it (`status`, `value`, `reason`). */
type TrackedLoad = Promise<ViewComponent> & {
  status?: 'pending' | 'fulfilled' | 'rejected';
  value?: ViewComponent;
  reason?: unknown;
};
const loads = new Map<ModalView, TrackedLoad>();

/**
 * A view's component, loaded once and shared by the modal, `keyway/views` and `preloadViews`. Once loaded,
 * React's `use` reads it synchronously: a preloaded view renders at once, with no Suspense fallback (React 19
 * holds a shown fallback for 300 ms, which every first open paid while a fresh React.lazy suspended on code
 * that was already there). A failed load is forgotten, so the next render tries again. The first load's
 * `context` decides which optional parts come with the view; a part it did not bring loads when rendered.
 */
export function loadView(view: ModalView, context?: ViewLoadContext): Promise<ViewComponent> | null {
  const entry: ViewEntry | undefined = VIEW_REGISTRY[view];
  if (!entry?.load) return null;
  let tracked = loads.get(view);
  if (!tracked) {
    const load: TrackedLoad = entry.load(context).then((m) => m.default);
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
  if (!(VIEW_REGISTRY[view] as ViewEntry | undefined)?.load) return true;
  return (loads.get(view) as TrackedLoad | undefined)?.status === 'fulfilled';
}

/**
 * The views whose code the modal fetches when the page is idle, with the dialog's: the Connect view and its
 * wallet list, what a visitor meets first. A small piece, so the page fetches little before the first click.
 */
export const IDLE_PRELOAD_VIEWS: readonly ModalView[] = ['Connect'];

/** The idle preload of a page whose account is already connected: the view the account button opens. */
export const CONNECTED_IDLE_PRELOAD_VIEWS: readonly ModalView[] = ['Account'];

/**
 * The views whose code the modal fetches once it has been opened (when the page is idle again): the next
 * steps of connecting, the account and choosing a network. Every other view (send, swap, buy, names, email
 * and social steps, settings) loads when it is first shown, so a host's visitors download a flow's code
 * only when they use that flow.
 */
export const AFTER_OPEN_PRELOAD_VIEWS: readonly ModalView[] = [
  'AllWallets',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'Account',
  'Networks',
  'UnsupportedChain',
];

/** Loads the code of `views` (default: every registered view; idempotent). */
export function preloadViews(
  views: readonly ModalView[] = MODAL_VIEWS,
  context?: ViewLoadContext,
): Promise<unknown> {
  return Promise.all(views.map((view) => loadView(view, context)?.catch(() => undefined)));
}
