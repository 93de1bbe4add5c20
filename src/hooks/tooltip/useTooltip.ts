import { useStoreBinding } from '../bind';
import { useKeyway } from '../context';
import type { TooltipActions, TooltipState } from './store';

export interface UseTooltipResult extends TooltipState, TooltipActions {}

const TOOLTIP_ACTIONS = ['show', 'hide'] as const satisfies readonly (keyof TooltipActions)[];

/** The shared tooltip: a message, the trigger's rectangle and a variant shade. */
export function useTooltip(): UseTooltipResult {
  return useStoreBinding(useKeyway().stores.tooltip, TOOLTIP_ACTIONS);
}
