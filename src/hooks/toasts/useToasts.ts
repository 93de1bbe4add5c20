import { useKeyway, useKeywayStore } from '../context';
import type { Toast, ToastsActions } from './store';

export interface UseToastsResult extends Omit<ToastsActions, 'dispose'> {
  toasts: readonly Toast[];
}

/** Toasts (message + variant loading/success/error); success and error dismiss themselves. */
export function useToasts(): UseToastsResult {
  const { stores } = useKeyway();
  const toasts = useKeywayStore('toasts', (s) => s.toasts);
  const { show, update, dismiss, dismissAll } = stores.toasts.getState();
  return { toasts, show, update, dismiss, dismissAll };
}
