import { Suspense, useEffect, useMemo } from 'react';
import { KitPortal } from '../components/_lib/KitPortal';
import { Modal } from '../components/Modal/Modal';
import { Spinner } from '../components/Spinner/Spinner';
import { AUTH_CONNECTOR_NAME } from '../core/constants';
import { useKeyway, useKeywayStore } from '../hooks/context';
import { useModal } from '../hooks/modal/useModal';
import { useShellMessages } from '../i18n/useShellMessages';
import { createTheme, type KeywayTheme } from '../theme/createTheme';
import type { ConnectViewProps } from './ConnectView';
import { KeywayToasts } from './KeywayToasts';
import { useModalRouter } from './modalRouter';
import { IDLE_PRELOAD_VIEWS, preloadViews, VIEW_REGISTRY } from './registry';
import * as s from './shared.css';
import { ViewEnvProvider } from './useViewEnv';
import { useShownWhenViewReady, ViewHost } from './ViewHost';

export interface KeywayModalProps {
  /** Overrides the instance's theme option (and the enclosing kit root's theme). */
  theme?: KeywayTheme;
  /**
   * Load the first views' code (IDLE_PRELOAD_VIEWS: connect, account, networks) when the page is idle
   * (default), or only on first open. Other views load when first shown.
   */
  preload?: 'idle' | 'open';
  /** Entry points of later capabilities (email, social login) shown on the Connect view. */
  connectSlots?: ConnectViewProps;
}

/**
 * The modal: the shell with a title and Back per view, the current view of the modal store (each view's code
 * loaded lazily), the shake of the store, and the toasts. It routes the flows' outcomes to its views
 * (`modalRouter.ts`) while it is mounted.
 */
export function KeywayModal({ theme, preload = 'idle', connectSlots }: KeywayModalProps) {
  const { options } = useKeyway();
  // Flow outcomes move the modal (and Account is shown as UnsupportedChain) while it is mounted.
  useModalRouter();
  const modal = useModal();
  const walletName = useKeywayStore('connect', (c) => c.attempt?.wallet.name ?? null);
  const ownTheme = useMemo(
    () => theme ?? (options.theme ? createTheme(options.theme) : undefined),
    [theme, options.theme],
  );

  useEffect(() => {
    if (preload !== 'idle' || typeof window === 'undefined') return;
    const w = window as Window & {
      requestIdleCallback?: (cb: () => void) => number;
      cancelIdleCallback?: (id: number) => void;
    };
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(() => void preloadViews(IDLE_PRELOAD_VIEWS));
      return () => w.cancelIdleCallback?.(id);
    }
    const t = setTimeout(() => void preloadViews(IDLE_PRELOAD_VIEWS), 200);
    return () => clearTimeout(t);
  }, [preload]);

  const view = modal.view;
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
  const shown = useShownWhenViewReady(modal.isOpen, view);

  return (
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
        // The secure frame's approval screen lies over the body: focus moving into it is not "outside".
        closeOnInteractOutside={view !== 'ApproveTransaction'}
      >
        <div data-kw-modal-view={view}>
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
  );
}
