import { useVirtualizer } from '@tanstack/react-virtual';
import { type HTMLAttributes, memo, type ReactNode, useEffect, useRef } from 'react';
import * as s from './VirtualList.css';

export interface VirtualListProps<T> extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** Everything in the list; only the items in (and near) the visible window are rendered. */
  items: readonly T[];
  /** A stable key per item (React key and the measurement cache). */
  getKey: (item: T, index: number) => string | number;
  /** First guess of an item's height in px; every rendered item is measured after render. */
  estimateSize: (item: T, index: number) => number;
  renderItem: (item: T, index: number) => ReactNode;
  /** More items can be loaded: `onEndReached` is called when the end comes near. */
  hasMore?: boolean;
  /** A page is loading: `onEndReached` waits until it is in, and the list reports `aria-busy`. */
  loading?: boolean;
  /** Loads the next page. Called once the last `endThreshold` items come into view, while `hasMore`. */
  onEndReached?: () => void;
  /** How many items before the end the next page is asked for (default 2). */
  endThreshold?: number;
  /** Items rendered beyond the visible window on each side (default 4). */
  overscan?: number;
  /** The size assumed before layout (and where there is none, e.g. in tests): a first screenful renders. */
  initialRect?: { width: number; height: number };
  /** The class of each rendered item (e.g. a grid row of tiles). */
  itemClassName?: string;
  /** Shown after the items inside the scrolling viewport (e.g. a "loading more" spinner). */
  footer?: ReactNode;
  /** Makes the viewport a tab stop: for lists whose items are not focusable themselves. */
  focusable?: boolean;
}

/**
 * A virtual list: one scrolling viewport in which only the visible items (plus `overscan`) exist in the DOM,
 * each measured after render, and the next page asked for as the end comes near. The one implementation of
 * the kit's long lists (all wallets, the activity, token pickers). The caller gives the viewport its height
 * through `className`.
 */
export function VirtualList<T>({
  items,
  getKey,
  estimateSize,
  renderItem,
  hasMore = false,
  loading = false,
  onEndReached,
  endThreshold = 2,
  overscan = 4,
  initialRect,
  itemClassName,
  footer,
  focusable = false,
  className,
  ...rest
}: VirtualListProps<T>) {
  const viewportRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    // Scrolling within the rendered window moves the rows and sizes the container in the DOM directly; React
    // renders again only when the window's first or last item (or the scrolling state) changes. The rows and
    // the container therefore set no position or height of their own.
    directDomUpdates: true,
    count: items.length,
    getScrollElement: () => viewportRef.current,
    estimateSize: (i) => estimateSize(items[i]!, i),
    getItemKey: (i) => getKey(items[i]!, i),
    overscan,
    ...(initialRect ? { initialRect } : {}),
  });
  const rendered = virtualizer.getVirtualItems();
  const lastIndex = rendered.length ? rendered[rendered.length - 1]!.index : -1;

  // The latest callback, so a new function each render does not ask for a page again.
  const endReached = useRef(onEndReached);
  endReached.current = onEndReached;
  useEffect(() => {
    if (!hasMore || loading || items.length === 0) return;
    if (lastIndex >= items.length - 1 - endThreshold) endReached.current?.();
  }, [hasMore, loading, lastIndex, items.length, endThreshold]);

  return (
    <section
      ref={viewportRef}
      className={[s.viewport, className].filter(Boolean).join(' ')}
      aria-busy={loading || undefined}
      // A scrolling region must be reachable by keyboard (focusable when its content can scroll).
      tabIndex={focusable ? 0 : undefined}
      data-kw-virtual-list=""
      {...rest}
    >
      <div ref={virtualizer.containerRef} className={s.inner}>
        {rendered.map((v) => (
          <VirtualRow
            key={v.key}
            item={items[v.index]!}
            index={v.index}
            measure={virtualizer.measureElement}
            className={itemClassName ? `${s.item} ${itemClassName}` : s.item}
            renderItem={renderItem}
          />
        ))}
      </div>
      {footer}
    </section>
  );
}

interface VirtualRowProps<T> {
  item: T;
  index: number;
  measure: (el: Element | null) => void;
  className: string;
  renderItem: (item: T, index: number) => ReactNode;
}

/**
 * One rendered item, placed by the virtualizer (it writes the row's transform when measuring it and while
 * scrolling). When the rendered window changes, a row whose item and renderer are unchanged is not rendered
 * again (only rows that come into view are).
 */
const VirtualRow = memo(function VirtualRow<T>({
  item,
  index,
  measure,
  className,
  renderItem,
}: VirtualRowProps<T>) {
  return (
    <div ref={measure} data-index={index} className={className}>
      {renderItem(item, index)}
    </div>
  );
}) as <T>(props: VirtualRowProps<T>) => ReactNode;
