import { use, useEffect, useReducer, useState } from 'react';
import type { ModalView } from '../hooks/modal/store';
import { useCompiledMessages } from '../i18n/context';
import type { ConnectViewProps } from './ConnectView';
import { isViewLoaded, loadView } from './registry';
import * as s from './shared.css';

export const VIEW_UNAVAILABLE = 'This view is not available.';
/** The one catalogue text ViewHost shows (in the initial bundle, so it does not take the whole catalogue). */
const UNAVAILABLE_TEXT = { common: { viewUnavailable: VIEW_UNAVAILABLE } } as const;

/**
 * Renders a registered view. Its code is read with `use` from the registry's shared load: a view whose code
 * is already loaded renders in the same pass; otherwise the nearest Suspense boundary shows its fallback.
 */
export function ViewHost({ view, ...props }: { view: ModalView } & ConnectViewProps) {
  const m = useCompiledMessages(UNAVAILABLE_TEXT);
  const load = loadView(view);
  if (!load) return <p className={s.status}>{m.common.viewUnavailable}</p>;
  const View = use(load);
  return <View {...props} />;
}

/** How long an opening modal waits for its view's code before it shows with the loading fallback instead. */
export const VIEW_CODE_WAIT_MS = 150;

/**
 * Whether the modal is shown: once the view's code is there, or VIEW_CODE_WAIT_MS after the open, whichever
 * comes first; then until it closes (views pushed later load behind the fallback as usual). An open right
 * after page load, or with `preload="open"`, thus shows the finished view a few ms later instead of a
 * spinner that React 19 holds for at least 300 ms.
 */
export function useShownWhenViewReady(isOpen: boolean, view: ModalView): boolean {
  const [revealed, setRevealed] = useState(false);
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const ready = isViewLoaded(view);
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
    loadView(view)?.then(settle, settle);
    const timer = setTimeout(() => {
      if (live) setRevealed(true);
    }, VIEW_CODE_WAIT_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [isOpen, revealed, ready, view]);
  return isOpen && (revealed || ready);
}
