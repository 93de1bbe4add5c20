import { useKeyway, useKeywayStore } from '../context';
import type { TooltipActions, TooltipState } from './store';

export interface UseTooltipResult extends TooltipState, TooltipActions {}

/** The shared tooltip: a message, the trigger's rectangle and a variant shade. */
export function useTooltip(): UseTooltipResult {
  const { stores } = useKeyway();
  const state = useKeywayStore('tooltip', (s) => ({
    open: s.open,
    message: s.message,
    triggerRect: s.triggerRect,
    variant: s.variant,
  }));
  const { show, hide } = stores.tooltip.getState();
  return { ...state, show, hide };
}
