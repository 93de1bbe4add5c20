/** The tooltip (spec §2): a message, the trigger's rectangle and a variant shade. */
import { createStore, type StoreApi } from 'zustand/vanilla';

export type TooltipVariant = 'shade' | 'fill';

export interface TriggerRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TooltipState {
  open: boolean;
  message: string;
  triggerRect: TriggerRect | null;
  variant: TooltipVariant;
}

export interface TooltipActions {
  show(tooltip: { message: string; triggerRect: TriggerRect; variant?: TooltipVariant }): void;
  hide(): void;
}

export type TooltipStore = StoreApi<TooltipState & TooltipActions>;

export function createTooltipStore(): TooltipStore {
  return createStore<TooltipState & TooltipActions>()((set) => ({
    open: false,
    message: '',
    triggerRect: null,
    variant: 'shade',
    show({ message, triggerRect, variant = 'shade' }) {
      const { x, y, width, height } = triggerRect;
      set({ open: true, message, triggerRect: { x, y, width, height }, variant });
    },
    hide() {
      set({ open: false, message: '', triggerRect: null, variant: 'shade' });
    },
  }));
}
