/**
 * The modal's dialog and toasts, loaded by KeywayModal on first open, first toast or when the page is idle:
 * the Ark dialog (focus trap, dismissal, presence), the view host and the toast region stay out of a host's
 * initial bundle.
 */
import { Suspense, useMemo, useSyncExternalStore } from 'react';
import { KitPortal } from '../components/_lib/KitPortal';
import { Modal } from '../components/Modal/Modal';
import { Spinner } from '../components/Spinner/Spinner';
import { AUTH_CONNECTOR_NAME } from '../core/constants';
import { useKeyway } from '../hooks/context';
import type { Keyway } from '../hooks/keyway';
import { useModal } from '../hooks/modal/useModal';
import { ArkLocale } from '../i18n/ArkLocale';
import { useShellMessages } from '../i18n/useShellMessages';
import { createTheme, type KeywayTheme } from '../theme/createTheme';
import type { ConnectViewProps } from './ConnectView';
import { KeywayToasts } from './KeywayToasts';
import { VIEW_REGISTRY } from './registry';
import * as s from './shared.css';
import { ViewEnvProvider } from './useViewEnv';
import { ViewHost } from './ViewHost';

export interface KeywayDialogProps {
  /** Whether the dialog is shown (the modal is open and its view's code is there, or waited for long enough). */
  shown: boolean;
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

/** The dialog with the current view of the modal store, its title and Back, the shake, and the toasts. */
export function KeywayDialog({ shown, theme, connectSlots }: KeywayDialogProps) {
  const keyway = useKeyway();
  const { options } = keyway;
  const modal = useModal();
  const walletName = useAttemptWalletName(keyway);
  const ownTheme = useMemo(
    () => theme ?? (options.theme ? createTheme(options.theme) : undefined),
    [theme, options.theme],
  );
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
    </ArkLocale>
  );
}
