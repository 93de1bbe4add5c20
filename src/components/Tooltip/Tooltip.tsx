import { Tooltip as ArkTooltip } from '@ark-ui/react';
import type { ReactElement } from 'react';
import * as s from './Tooltip.css';

export type TooltipShade = 'inverse' | 'default' | 'fill' | 'shade';
export type TooltipPlacement = 'top' | 'bottom' | 'left' | 'right';

/** A rectangle in viewport (client) coordinates, e.g. from `element.getBoundingClientRect()`. */
export interface TooltipRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TooltipProps {
  message: string;
  /** The shade: `inverse` (default; `shade` is an alias), `default` (raised surface) or `fill` (accent). */
  variant?: TooltipShade;
  placement?: TooltipPlacement;
  /**
   * The element the tooltip describes (it must be focusable: a button, a link). Hover and focus open it,
   * Escape and leaving close it.
   */
  children?: ReactElement;
  /**
   * Rectangle mode (spec §2's trigger rectangle): positions the tooltip against this rectangle instead of
   * an element, with no trigger. The caller drives `open`, which defaults to true.
   * When set, `children` is ignored.
   */
  rect?: TooltipRect | null | undefined;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  openDelay?: number;
  closeDelay?: number;
}

const shade = (variant: TooltipShade) => s.variants[variant === 'shade' ? 'inverse' : variant];

/**
 * A short message next to an element (Ark Tooltip), or next to a rectangle given in viewport coordinates.
 * Rendered in place with fixed positioning, so it keeps the enclosing kit theme and escapes scroll areas.
 */
export function Tooltip(props: TooltipProps) {
  const { message, variant = 'inverse', placement = 'top' } = props;
  const content = (
    <ArkTooltip.Positioner className={s.positioner}>
      <ArkTooltip.Content className={`${s.content} ${shade(variant)}`}>
        <ArkTooltip.Arrow className={s.arrow}>
          <ArkTooltip.ArrowTip />
        </ArkTooltip.Arrow>
        {message}
      </ArkTooltip.Content>
    </ArkTooltip.Positioner>
  );

  if (props.rect || !props.children) {
    if (!props.rect) return null;
    const { x, y, width, height } = props.rect;
    const anchor = { getBoundingClientRect: () => DOMRect.fromRect({ x, y, width, height }) };
    return (
      <ArkTooltip.Root
        open={props.open ?? true}
        closeOnEscape={false}
        closeOnScroll={false}
        lazyMount
        unmountOnExit
        positioning={{ placement, strategy: 'fixed', gutter: 8, getAnchorElement: () => anchor }}
      >
        {content}
      </ArkTooltip.Root>
    );
  }

  return (
    <ArkTooltip.Root
      open={props.open}
      onOpenChange={props.onOpenChange ? (d) => props.onOpenChange?.(d.open) : undefined}
      openDelay={props.openDelay ?? 300}
      closeDelay={props.closeDelay ?? 100}
      lazyMount
      unmountOnExit
      positioning={{ placement, strategy: 'fixed', gutter: 8 }}
    >
      <ArkTooltip.Trigger asChild>{props.children}</ArkTooltip.Trigger>
      {content}
    </ArkTooltip.Root>
  );
}
