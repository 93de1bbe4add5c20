import { useEffect, useLayoutEffect, useReducer, useState } from 'react';
import type { FlowOutcome } from '../core/outcomes';
import { useKeyway, useKeywayStore } from '../hooks/context';
import type { Keyway } from '../hooks/keyway';
import type { ModalView } from '../hooks/modal/store';
import type { KeywayTheme } from '../theme/createTheme';
import type { ConnectViewProps } from './ConnectView';
import type * as DialogCode from './KeywayDialog';

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

/** The dialog's code (KeywayDialog.tsx): the dialog and toasts, the views' registry and the modal router. */
type DialogModule = typeof DialogCode;
type DialogLoad = Promise<DialogModule> & { status?: 'pending' | 'fulfilled'; value?: DialogModule };
let dialogLoad: DialogLoad | null = null;
/** Run once when the dialog's code has arrived (the modal routers waiting for it). */
const onDialogCode = new Set<(code: DialogModule) => void>();

/**
 * The dialog's code (KeywayDialog.tsx: the Ark dialog, view host and toasts, the views' registry and the modal
 * router), loaded once; a failed load is tried again.
 */
export function loadDialog(): DialogLoad {
  if (!dialogLoad) {
    const load: DialogLoad = import('./KeywayDialog');
    load.status = 'pending';
    load.then(
      (value) => {
        load.status = 'fulfilled';
        load.value = value;
        const waiting = [...onDialogCode];
        onDialogCode.clear();
        for (const run of waiting) run(value);
      },
      () => {
        dialogLoad = null;
      },
    );
    dialogLoad = load;
  }
  return dialogLoad;
}

/** Runs `run` with the dialog's code now if it is there, else once it arrives (no load); returns the cancel. */
function whenDialogCode(run: (code: DialogModule) => void): () => void {
  if (dialogLoad?.status === 'fulfilled' && dialogLoad.value) {
    run(dialogLoad.value);
    return () => undefined;
  }
  onDialogCode.add(run);
  return () => {
    onDialogCode.delete(run);
  };
}

/**
 * Routes the flows' outcomes to the modal's views while the modal is mounted: the router (modalRouter.ts)
 * attaches as soon as the dialog's code, which brings it, is there.
 *
 * The outcome stream keeps nothing for late listeners, and an outcome can come before that code: an approval
 * request of the embedded wallet opens a closed modal, a wallet connection made while the code is on its way
 * closes the modal opened meanwhile. So from its mount on the modal keeps every outcome, in order, and the
 * first one starts the load of the code at once; the router applies them when it attaches, then follows the
 * stream itself. Outcomes come only from flows that a visitor or the host started, so a page where nothing
 * happens loads nothing before it is idle (or, with `preload="open"`, opened). Until the code is there the
 * unsupported-chain rule waits too: nothing of the dialog is shown before then.
 */
function useModalRouter(keyway: Keyway): void {
  // Before paint: an open modal never shows Account for a frame where UnsupportedChain belongs.
  useLayoutEffect(() => {
    const earlier: FlowOutcome[] = [];
    let detach: (() => void) | null = null;
    const stopKeeping = keyway.outcomes.subscribe((outcome) => {
      earlier.push(outcome);
      void loadDialog().catch(() => undefined);
    });
    const stopWaiting = whenDialogCode((code) => {
      stopKeeping();
      detach = code.attachModalRouter(keyway, earlier.splice(0));
    });
    return () => {
      stopKeeping();
      stopWaiting();
      detach?.();
    };
  }, [keyway]);
}

/**
 * The code of the views a modal usually opens on (the Connect view with the parts the instance shows; the
 * Account view with its default tab), fetched beside the dialog's code when an open comes before that code is
 * there (a click before the page was idle, or `preload="open"`): the registry, which comes with the dialog's
 * code, then finds it on its way instead of starting it one round trip later (the same loads as the registry's
 * entries for these views). Other views are fetched by the registry.
 */
function fetchFirstViewCode(view: ModalView, keyway: Keyway): void {
  const load =
    view === 'Connect'
      ? import('./ConnectView').then((m) => m.preloadConnectParts(keyway))
      : view === 'Account'
        ? import('./AccountView').then((m) => m.preloadAccountTabs())
        : null;
  void load?.catch(() => undefined);
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
 * Whether VIEW_CODE_WAIT_MS have passed since the open (or since the view changed before then), until the
 * modal closes. Counted here, from the open, also while the dialog's code is still on its way: the dialog
 * (KeywayDialog) shows once this is true or its view's code is there, whichever comes first.
 */
function useWaitedForViewCode(isOpen: boolean, view: ModalView): boolean {
  const [waited, setWaited] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a view change before the wait is over starts it again
  useEffect(() => {
    if (!isOpen) {
      setWaited(false);
      return;
    }
    if (waited) return;
    const timer = setTimeout(() => setWaited(true), VIEW_CODE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [isOpen, waited, view]);
  return isOpen && waited;
}

/**
 * The modal: the shell with a title and Back per view, the current view of the modal store (each view's code
 * loaded lazily), the shake of the store, and the toasts. It routes the flows' outcomes to its views
 * (`modalRouter.ts`) while it is mounted. This component is a thin shell: the dialog and the toast region
 * (KeywayDialog), the views' registry and the modal router load on first open, first toast, first flow
 * outcome or when the page is idle, so they stay out of a host's initial bundle.
 */
export function KeywayModal({ theme, preload = 'idle', connectSlots }: KeywayModalProps) {
  const keyway = useKeyway();
  // Flow outcomes move the modal (and Account is shown as UnsupportedChain) while it is mounted.
  useModalRouter(keyway);
  const isOpen = useKeywayStore('modal', (m) => m.isOpen);
  const view = useKeywayStore('modal', (m) => m.history[m.history.length - 1]?.view ?? 'Connect');
  const hasToasts = useKeywayStore('toasts', (t) => t.toasts.length > 0);
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  // Once mounted the dialog stays (closed, it renders the toasts outside it).
  const [wanted, setWanted] = useState(false);
  const needed = wanted || isOpen || hasToasts;
  const code = dialogLoad?.status === 'fulfilled' ? dialogLoad.value : undefined;

  useEffect(() => {
    if (preload !== 'idle' || typeof window === 'undefined') return;
    return whenIdle(() => {
      const dialog = loadDialog();
      void keyway.preload().catch(() => undefined);
      // The views' registry comes with the dialog's code: their code loads once it is there.
      void dialog.then((c) => c.preloadIdleViews(keyway)).catch(() => undefined);
    });
  }, [preload, keyway]);

  useEffect(() => {
    if (!needed) return;
    if (!wanted) setWanted(true);
    if (code) return;
    if (isOpen) fetchFirstViewCode(view, keyway);
    let live = true;
    const settle = () => {
      if (live) loaded();
    };
    loadDialog().then(settle, settle);
    return () => {
      live = false;
    };
  }, [needed, wanted, code, isOpen, view, keyway]);

  // Once opened, the views a visitor meets next load when the page is idle again, a moment after the open so
  // their code does not compete with the dialog's first frames.
  useEffect(() => {
    if (!isOpen || typeof window === 'undefined') return;
    let cancelIdle: (() => void) | null = null;
    const t = setTimeout(() => {
      cancelIdle = whenIdle(
        () =>
          void loadDialog()
            .then((c) => c.preloadAfterOpenViews(keyway))
            .catch(() => undefined),
      );
    }, AFTER_OPEN_PRELOAD_DELAY_MS);
    return () => {
      clearTimeout(t);
      cancelIdle?.();
    };
  }, [isOpen, keyway]);

  const waited = useWaitedForViewCode(isOpen, view);
  if (!code || !needed) return null;
  const Dialog = code.KeywayDialog;
  return <Dialog waited={waited} theme={theme} connectSlots={connectSlots} />;
}
