import { useEffect, useMemo, useReducer, useState } from 'react';
import { useKeyway, useKeywayStore } from '../hooks/context';
import type { KeywayTheme } from '../theme/createTheme';
import type { ConnectViewProps } from './ConnectView';
import type { KeywayDialog as KeywayDialogComponent } from './KeywayDialog';
import { useModalRouter } from './modalRouter';
import {
  AFTER_OPEN_PRELOAD_VIEWS,
  CONNECTED_IDLE_PRELOAD_VIEWS,
  IDLE_PRELOAD_VIEWS,
  isViewLoaded,
  loadView,
  type ModalView,
  preloadViews,
  type ViewLoadContext,
} from './registry';

export interface KeywayModalProps {
  /** Overrides the instance's theme option (and the enclosing kit root's theme). */
  theme?: KeywayTheme;
  /**
   * Load the dialog's code, the API clients' and the first view's (IDLE_PRELOAD_VIEWS: the Connect view with
   * its wallet list; the Account view once connected) when the page is idle (default), or only on first open.
   * Other views load when first shown; those a visitor meets next (AFTER_OPEN_PRELOAD_VIEWS) once the modal
   * has been opened.
   */
  preload?: 'idle' | 'open';
  /** Entry points of later capabilities (email, social login) shown on the Connect view. */
  connectSlots?: ConnectViewProps;
}

type DialogComponent = typeof KeywayDialogComponent;
type DialogLoad = Promise<DialogComponent> & { status?: 'pending' | 'fulfilled'; value?: DialogComponent };
let dialogLoad: DialogLoad | null = null;

/** The dialog's code (KeywayDialog: Ark dialog, view host, toasts), loaded once; a failed load is tried again. */
export function loadDialog(): DialogLoad {
  if (!dialogLoad) {
    const load: DialogLoad = import('./KeywayDialog').then((m) => m.KeywayDialog);
    load.status = 'pending';
    load.then(
      (value) => {
        load.status = 'fulfilled';
        load.value = value;
      },
      () => {
        dialogLoad = null;
      },
    );
    dialogLoad = load;
  }
  return dialogLoad;
}

/** Runs `run` when the page is idle (or 200 ms later where idle callbacks are missing); returns the cancel. */
function whenIdle(run: () => void): () => void {
  const w = window as Window & {
    requestIdleCallback?: (cb: () => void) => number;
    cancelIdleCallback?: (id: number) => void;
  };
  if (w.requestIdleCallback) {
    const id = w.requestIdleCallback(run);
    return () => w.cancelIdleCallback?.(id);
  }
  const t = setTimeout(run, 200);
  return () => clearTimeout(t);
}

/** How long after an open the views a visitor meets next start to load (when the page is idle). */
const AFTER_OPEN_PRELOAD_DELAY_MS = 500;

/** How long an opening modal waits for its view's code before it shows with the loading fallback instead. */
export const VIEW_CODE_WAIT_MS = 150;

/**
 * Whether the modal is shown: once the dialog's code is there and the view's code too, or VIEW_CODE_WAIT_MS
 * after the open, whichever comes first; then until it closes (views pushed later load behind the fallback as
 * usual). An open right after page load, or with `preload="open"`, thus shows the finished view a few ms later
 * instead of a spinner that React 19 holds for at least 300 ms. The dialog itself cannot show before its code
 * arrived: an open before then shows as soon as it is there.
 */
function useShownWhenReady(isOpen: boolean, view: ModalView, context: ViewLoadContext): boolean {
  const [revealed, setRevealed] = useState(false);
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const ready = isViewLoaded(view);
  // KeywayModal loads the dialog's code on open and renders again once it is there.
  const dialogReady = dialogLoad?.status === 'fulfilled';
  useEffect(() => {
    if (!isOpen) {
      setRevealed(false);
      return;
    }
    if (revealed) return;
    if (ready) {
      setRevealed(true);
      return;
    }
    let live = true;
    const settle = () => {
      if (live) loaded();
    };
    loadView(view, context)?.then(settle, settle);
    const timer = setTimeout(() => {
      if (live) setRevealed(true);
    }, VIEW_CODE_WAIT_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [isOpen, revealed, ready, view, context]);
  return isOpen && dialogReady && (revealed || ready);
}

/**
 * The modal: the shell with a title and Back per view, the current view of the modal store (each view's code
 * loaded lazily), the shake of the store, and the toasts. It routes the flows' outcomes to its views
 * (`modalRouter.ts`) while it is mounted. This component is a thin shell: the dialog and the toast region
 * (KeywayDialog) load on first open, first toast or when the page is idle, so they stay out of a host's
 * initial bundle.
 */
export function KeywayModal({ theme, preload = 'idle', connectSlots }: KeywayModalProps) {
  // Flow outcomes move the modal (and Account is shown as UnsupportedChain) while it is mounted.
  useModalRouter();
  const keyway = useKeyway();
  const { stores } = keyway;
  const isOpen = useKeywayStore('modal', (m) => m.isOpen);
  const view = useKeywayStore('modal', (m) => m.history[m.history.length - 1]?.view ?? 'Connect');
  const hasToasts = useKeywayStore('toasts', (t) => t.toasts.length > 0);
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  // Once mounted the dialog stays (closed, it renders the toasts outside it).
  const [wanted, setWanted] = useState(false);
  const needed = wanted || isOpen || hasToasts;
  const Dialog = dialogLoad?.status === 'fulfilled' ? dialogLoad.value : undefined;

  useEffect(() => {
    if (preload !== 'idle' || typeof window === 'undefined') return;
    return whenIdle(() => {
      void loadDialog().catch(() => undefined);
      void keyway.preload().catch(() => undefined);
      const connected = stores.account.getState().isConnected;
      void preloadViews(connected ? CONNECTED_IDLE_PRELOAD_VIEWS : IDLE_PRELOAD_VIEWS, { keyway });
    });
  }, [preload, keyway, stores]);

  useEffect(() => {
    if (!needed) return;
    if (!wanted) setWanted(true);
    if (Dialog) return;
    let live = true;
    const settle = () => {
      if (live) loaded();
    };
    loadDialog().then(settle, settle);
    return () => {
      live = false;
    };
  }, [needed, wanted, Dialog]);

  // Once opened, the views a visitor meets next load when the page is idle again, a moment after the open so
  // their code does not compete with the dialog's first frames.
  useEffect(() => {
    if (!isOpen || typeof window === 'undefined') return;
    let cancelIdle: (() => void) | null = null;
    const t = setTimeout(() => {
      cancelIdle = whenIdle(() => void preloadViews(AFTER_OPEN_PRELOAD_VIEWS, { keyway }));
    }, AFTER_OPEN_PRELOAD_DELAY_MS);
    return () => {
      clearTimeout(t);
      cancelIdle?.();
    };
  }, [isOpen, keyway]);

  const loadContext = useMemo(() => ({ keyway }), [keyway]);
  const shown = useShownWhenReady(isOpen, view, loadContext);
  if (!Dialog || !needed) return null;
  return <Dialog shown={shown} theme={theme} connectSlots={connectSlots} />;
}
