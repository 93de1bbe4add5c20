import { useKeyway, useStoreBinding } from '../context';
import type { Toast, ToastsActions } from './store';

export interface UseToastsResult extends Omit<ToastsActions, 'dispose'> {
  toasts: readonly Toast[];
}

/** The actions a toast region calls (`dispose`, the timers' teardown, stays the instance's). */
const TOASTS_ACTIONS = [
  'show',
  'update',
  'dismiss',
  'dismissAll',
] as const satisfies readonly (keyof ToastsActions)[];

/** Toasts (message + variant loading/success/error); success and error dismiss themselves. */
export function useToasts(): UseToastsResult {
  return useStoreBinding(useKeyway().stores.toasts, TOASTS_ACTIONS);
}
