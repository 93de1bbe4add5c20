/**
 * The modal's state (spec §2): open/closed, a history stack of named views, a loading flag, the 500 ms shake,
 * and the transaction stack, with the moves on them (open, back, push, replace, reset). A vanilla zustand store,
 * one per Keyway instance. The rules of where a flow's outcome leads are the styled layer's router
 * (views/modalRouter.ts), not this store's.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { SHAKE_DURATION_MS } from '../../core/constants';
import type { EventBus } from '../../core/events';
import type { ModalView } from './views';

/** Every view the modal can show (hooks/modal/views.ts; the styled layer's registry has an entry for each). */
export type { ModalView };

/** Free-form parameters of a view (the wallet being connected, a token, ...). */
export type ModalViewParams = Readonly<Record<string, unknown>>;

export interface HistoryEntry {
  view: ModalView;
  params?: ModalViewParams;
}

/** A pending action that needs the user's approval elsewhere (spec §2: the transaction stack). */
export interface TransactionStackEntry {
  /** View to go to when the action succeeds (unless goBack). */
  view?: ModalView;
  /** On success, go back one view instead of going to `view`. */
  goBack?: boolean;
  onSuccess?: () => void;
  onCancel?: () => void;
}

export interface ModalState {
  isOpen: boolean;
  /** True once the modal has been opened at least once in this instance. */
  everOpened: boolean;
  /**
   * A flag only `setLoading` sets; nothing in the kit reads it (the styled modal shows nothing for it).
   * @deprecated Keep a host's loading state in the host; this flag will be removed.
   */
  loading: boolean;
  /** True for SHAKE_DURATION_MS after `shake()`: the view animates an error. */
  shaking: boolean;
  /** The view stack; the last entry is the current view. Never empty. */
  history: HistoryEntry[];
  transactionStack: TransactionStackEntry[];
}

export interface ModalActions {
  /**
   * Opens the modal with the stack reset to `view`; without a view, to Account when connected,
   * else Connect.
   */
  open(view?: ModalView, params?: ModalViewParams): void;
  close(): void;
  /** Pops one view, or closes the modal when only one is left. */
  back(): void;
  /** Pushes a view (a push of the current view with the same params is ignored). */
  push(view: ModalView, params?: ModalViewParams): void;
  /** Replaces the current view. */
  replace(view: ModalView, params?: ModalViewParams): void;
  /** Resets the stack to one view. */
  reset(view: ModalView, params?: ModalViewParams): void;
  pushTransactionStack(entry: TransactionStackEntry): void;
  /**
   * Takes the last transaction-stack entry. On cancel: goes back and calls onCancel. On success: goes
   * back (goBack) or replaces the current view with `view`, then calls onSuccess.
   */
  popTransactionStack(cancel?: boolean): void;
  shake(): void;
  /** @deprecated Sets `loading`, which nothing in the kit reads; keep a host's loading state in the host. */
  setLoading(loading: boolean): void;
  /** Clears timers (instance teardown). */
  dispose(): void;
}

export type ModalStore = StoreApi<ModalState & ModalActions>;

export interface ModalStoreDeps {
  bus: EventBus;
  isConnected: () => boolean;
  /** Called once, on the first open (analytics activation). */
  onFirstOpen?: () => void;
}

const initialState = (): ModalState => ({
  isOpen: false,
  everOpened: false,
  loading: false,
  shaking: false,
  history: [{ view: 'Connect' }],
  transactionStack: [],
});

const entry = (view: ModalView, params?: ModalViewParams): HistoryEntry =>
  params === undefined ? { view } : { view, params };

export function createModalStore(deps: ModalStoreDeps): ModalStore {
  let shakeTimer: ReturnType<typeof setTimeout> | undefined;

  return createStore<ModalState & ModalActions>()((set, get) => {
    const close = () => {
      if (!get().isOpen) return;
      const pending = get().transactionStack;
      set({ isOpen: false, loading: false, transactionStack: [] });
      // Closing abandons whatever was waiting for approval.
      for (const item of [...pending].reverse()) item.onCancel?.();
      deps.bus.emit('MODAL_CLOSE', { connected: deps.isConnected() });
    };
    const back = () => {
      const { history } = get();
      if (history.length <= 1) close();
      else set({ history: history.slice(0, -1) });
    };
    const replace = (view: ModalView, params?: ModalViewParams) => {
      set({ history: [...get().history.slice(0, -1), entry(view, params)] });
    };
    const reset = (view: ModalView, params?: ModalViewParams) => set({ history: [entry(view, params)] });

    return {
      ...initialState(),
      open(view, params) {
        const target: ModalView = view ?? (deps.isConnected() ? 'Account' : 'Connect');
        const wasOpen = get().isOpen;
        const first = !get().everOpened;
        set({ isOpen: true, everOpened: true, history: [entry(target, params)], transactionStack: [] });
        if (first) deps.onFirstOpen?.();
        if (!wasOpen) deps.bus.emit('MODAL_OPEN', { connected: deps.isConnected() });
      },
      close,
      back,
      push(view, params) {
        const { history } = get();
        const top = history[history.length - 1];
        if (top && top.view === view && top.params === params) return;
        set({ history: [...history, entry(view, params)] });
      },
      replace,
      reset,
      pushTransactionStack(item) {
        set({ transactionStack: [...get().transactionStack, item] });
      },
      popTransactionStack(cancel = false) {
        const stack = get().transactionStack;
        const item = stack[stack.length - 1];
        if (!item) return;
        set({ transactionStack: stack.slice(0, -1) });
        if (cancel) {
          back();
          item.onCancel?.();
          return;
        }
        if (item.goBack) back();
        else if (item.view) replace(item.view);
        item.onSuccess?.();
      },
      shake() {
        if (shakeTimer) clearTimeout(shakeTimer);
        set({ shaking: true });
        shakeTimer = setTimeout(() => {
          shakeTimer = undefined;
          set({ shaking: false });
        }, SHAKE_DURATION_MS);
      },
      setLoading(loading) {
        set({ loading });
      },
      dispose() {
        if (shakeTimer) clearTimeout(shakeTimer);
        shakeTimer = undefined;
      },
    };
  });
}

/** The current view of a state (the top of the stack). */
export const selectView = (s: ModalState): ModalView => s.history[s.history.length - 1]?.view ?? 'Connect';
export const selectParams = (s: ModalState): ModalViewParams | undefined =>
  s.history[s.history.length - 1]?.params;
