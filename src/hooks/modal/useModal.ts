import { useKeyway, useKeywayStore } from '../context';
import type { HistoryEntry, ModalActions, ModalView, ModalViewParams, TransactionStackEntry } from './store';

export interface UseModalResult extends Omit<ModalActions, 'dispose'> {
  isOpen: boolean;
  /** The current view (top of the stack). */
  view: ModalView;
  /** The current view's params. */
  params: ModalViewParams | undefined;
  /** The whole stack, oldest first. */
  history: readonly HistoryEntry[];
  /** True when `back()` would go to another view rather than close. */
  canGoBack: boolean;
  /**
   * The flag `setLoading` sets; nothing in the kit reads it (the styled modal shows nothing for it).
   * @deprecated Keep a host's loading state in the host; this field will be removed.
   */
  loading: boolean;
  /** True for SHAKE_DURATION_MS after `shake()`. */
  shaking: boolean;
  transactionStack: readonly TransactionStackEntry[];
}

/** The modal router: open/close, the view stack and its navigation rules (spec §2). */
export function useModal(): UseModalResult {
  const { stores } = useKeyway();
  const state = useKeywayStore('modal', (s) => ({
    isOpen: s.isOpen,
    history: s.history,
    loading: s.loading,
    shaking: s.shaking,
    transactionStack: s.transactionStack,
  }));
  const a = stores.modal.getState();
  const top = state.history[state.history.length - 1];
  return {
    ...state,
    view: top?.view ?? 'Connect',
    params: top?.params,
    canGoBack: state.history.length > 1,
    open: a.open,
    close: a.close,
    back: a.back,
    push: a.push,
    replace: a.replace,
    reset: a.reset,
    pushTransactionStack: a.pushTransactionStack,
    popTransactionStack: a.popTransactionStack,
    shake: a.shake,
    setLoading: a.setLoading,
  };
}
