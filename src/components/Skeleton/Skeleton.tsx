import type { ReactNode } from 'react';
import { VisuallyHidden } from '../Text/Text';
import { circleSizes, rectHeights, region, shapes, skeleton, stack, widths } from './Skeleton.css';

export type SkeletonShape = 'text' | 'title' | 'circle' | 'rect' | 'tile';

export interface SkeletonProps {
  shape?: SkeletonShape;
  /** For `text`, `title` and `rect`. */
  width?: 'full' | '3/4' | '1/2' | '1/3' | '1/4';
  /** Diameter for `circle`, height for `rect`. */
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** A placeholder shape. Always hidden from assistive technology: wrap shapes in `SkeletonRegion` to announce. */
export function Skeleton({ shape = 'text', width = 'full', size = 'md', className }: SkeletonProps) {
  const cls = [
    skeleton,
    shapes[shape],
    shape === 'circle' ? circleSizes[size] : shape === 'tile' ? null : widths[width],
    shape === 'rect' ? rectHeights[size] : null,
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return <span aria-hidden="true" className={cls} data-kw-skeleton={shape} />;
}

/** Lines of text placeholders, the last one shorter. */
export function SkeletonText({ lines = 3 }: { lines?: number }) {
  const count = Math.max(1, Math.min(12, Math.floor(lines)));
  return (
    <span className={stack} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of identical placeholders
        <Skeleton key={i} shape="text" width={i === count - 1 && count > 1 ? '3/4' : 'full'} />
      ))}
    </span>
  );
}

export interface SkeletonRegionProps {
  /** Read by screen readers while the content loads, e.g. "Loading wallets". */
  label: string;
  children: ReactNode;
  className?: string;
}

/** A loading region: announces `label` once (polite status), hides the placeholder shapes. */
export function SkeletonRegion({ label, children, className }: SkeletonRegionProps) {
  return (
    <div role="status" aria-busy="true" className={[region, className].filter(Boolean).join(' ')}>
      <VisuallyHidden>{label}</VisuallyHidden>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}
