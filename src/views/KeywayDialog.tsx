/**
 * The modal's lazily loaded code, loaded by KeywayModal on first open, first toast, first flow outcome or when
 * the page is idle: the dialog and toasts (the Ark dialog with its focus trap, dismissal and presence, the view
 * host, the toast region), the views' registry (the views' lazy loads and the preload lists) and the modal
 * router. All of it stays out of a host's initial bundle; KeywayModal only calls what this module exports.
 */
import { Suspense, useEffect, useMemo, useReducer, useState, useSyncExternalStore } from 'react';
import { KitPortal } from '../components/_lib/KitPortal';
import { Modal } from '../components/Modal/Modal';
import { Spinner } from '../components/Spinner/Spinner';
import { AUTH_CONNECTOR_NAME } from '../core/constants';
import { useKeyway } from '../hooks/context';
import type { Keyway } from '../hooks/keyway';
import type { ModalView } from '../hooks/modal/store';
import { useModal } from '../hooks/modal/useModal';
import { ArkLocale } from '../i18n/ArkLocale';
import { useShellMessages } from '../i18n/useShellMessages';
import { createTheme, type KeywayTheme } from '../theme/createTheme';
import type { ConnectViewProps } from './ConnectView';
import { useFrameThemeSync } from './frameTheme';
import { KeywayToasts } from './KeywayToasts';
import {
  AFTER_OPEN_PRELOAD_VIEWS,
  CONNECTED_IDLE_PRELOAD_VIEWS,
  IDLE_PRELOAD_VIEWS,
  isViewLoaded,
  loadView,
  preloadViews,
  VIEW_REGISTRY,
  type ViewLoadContext,
} from './registry';
import * as s from './shared.css';
import { ViewEnvProvider } from './useViewEnv';
import { ViewHost } from './ViewHost';

export { attachModalRouter } from './modalRouter';

/**
 * The idle preload's views (IDLE_PRELOAD_VIEWS: the Connect view with the parts the instance shows; the
 * Account view once connected).
 */
export function preloadIdleViews(keyway: Keyway): Promise<unknown> {
  const connected = keyway.stores.account.getState().isConnected;
  return preloadViews(connected ? CONNECTED_IDLE_PRELOAD_VIEWS : IDLE_PRELOAD_VIEWS, { keyway });
}

/** The views a visitor meets once the modal has been opened (AFTER_OPEN_PRELOAD_VIEWS). */
export function preloadAfterOpenViews(keyway: Keyway): Promise<unknown> {
  return preloadViews(AFTER_OPEN_PRELOAD_VIEWS, { keyway });
}

export interface KeywayDialogProps {
  /**
   * True once the modal has waited VIEW_CODE_WAIT_MS since it opened (KeywayModal counts from the open, also
   * while this code was still on its way), until it closes.
   */
  waited: boolean;
  theme?: KeywayTheme | undefined;
  connectSlots?: ConnectViewProps | undefined;
}

const noSubscription = () => () => undefined;

/**
 * The name of the wallet being connected, for the titles of the connecting views. Read from the connect store
 * only once it exists (a connect view created it before any attempt): the dialog itself does not load it.
 */
function useAttemptWalletName(keyway: Keyway): string | null {
  const store = keyway.peekPart('connect');
  return useSyncExternalStore(
    store?.subscribe ?? noSubscription,
    () => store?.getState().attempt?.wallet.name ?? null,
    () => null,
  );
}

/**
 * Whether the modal is shown: once the view's code is there, or once KeywayModal has waited VIEW_CODE_WAIT_MS
 * since the open, whichever comes first; then until it closes (views pushed later load behind the fallback as
 * usual). An open right after page load, or with `preload="open"`, thus shows the finished view a few ms later
 * instead of a spinner that React 19 holds for at least 300 ms. The dialog itself cannot show before its code
 * arrived: an open before then shows as soon as it is there.
 */
function useShownWhenReady(
  isOpen: boolean,
  waited: boolean,
  view: ModalView,
  context: ViewLoadContext,
): boolean {
  const [revealed, setRevealed] = useState(false);
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const ready = isViewLoaded(view);
  useEffect(() => {
    if (!isOpen) {
      setRevealed(false);
      return;
    }
    if (revealed) return;
    if (ready || waited) {
      setRevealed(true);
      return;
    }
    let live = true;
    const settle = () => {
      if (live) loaded();
    };
    loadView(view, context)?.then(settle, settle);
    return () => {
      live = false;
    };
  }, [isOpen, revealed, ready, waited, view, context]);
  return isOpen && (revealed || ready || waited);
}

/** The dialog with the current view of the modal store, its title and Back, the shake, and the toasts. */
export function KeywayDialog({ waited, theme, connectSlots }: KeywayDialogProps) {
  const keyway = useKeyway();
  const { options } = keyway;
  const modal = useModal();
  const walletName = useAttemptWalletName(keyway);
  const loadContext = useMemo(() => ({ keyway }), [keyway]);
  const shown = useShownWhenReady(modal.isOpen, waited, modal.view, loadContext);
  const ownTheme = useMemo(
    () => theme ?? (options.theme ? createTheme(options.theme) : undefined),
    [theme, options.theme],
  );
  const view = modal.view;
  // The secure frame's approval screen lies over this dialog: it follows the dialog's theme.
  // The probe is an element inside the dialog: mounted only while the dialog is (Ark mounts its content late).
  const [themeProbe, setThemeProbe] = useState<HTMLSpanElement | null>(null);
  useFrameThemeSync(keyway, themeProbe, [ownTheme, view]);
  const entry = VIEW_REGISTRY[view];
  const shell = useShellMessages();
  const titled: string | ((values: { wallet: string }) => string) | undefined =
    shell.titles[view as keyof typeof shell.titles];
  const wallet =
    walletName === AUTH_CONNECTOR_NAME ? shell.titles.EmbeddedWallet : (walletName ?? 'WalletConnect');
  const title =
    typeof titled === 'function'
      ? titled({ wallet })
      : (titled ?? (entry?.title ?? view).replace('{wallet}', wallet));

  return (
    <ArkLocale>
      <ViewEnvProvider>
        <Modal
          open={shown}
          onOpenChange={(open) => (open ? modal.open() : modal.close())}
          title={title}
          closeLabel={shell.modal.close}
          backLabel={shell.modal.back}
          onBack={modal.canGoBack ? modal.back : undefined}
          shake={modal.shaking}
          theme={ownTheme}
          viewKey={view}
          // The secure frame's approval screen lies over the body: focus moving into it is not "outside".
          closeOnInteractOutside={view !== 'ApproveTransaction'}
        >
          <div data-kw-modal-view={view}>
            <span ref={setThemeProbe} hidden />
            <Suspense
              fallback={
                <div className={s.status} data-kw-view-loading="">
                  <Spinner label={shell.modal.loading} />
                </div>
              }
            >
              <ViewHost view={view} {...(view === 'Connect' ? connectSlots : undefined)} />
            </Suspense>
          </div>
          <KeywayToasts />
        </Modal>
        {shown ? null : (
          <KitPortal theme={ownTheme}>
            <KeywayToasts />
          </KitPortal>
        )}
      </ViewEnvProvider>
    </ArkLocale>
  );
}
