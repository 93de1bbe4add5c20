import { type ReactNode, useEffect, useState } from 'react';
import * as s from './StatusRegion.css';

export interface StatusRegionProps {
  /** What the view is doing now ("Waiting for MetaMask", "Verifying…"), or nothing. */
  children?: ReactNode;
  className?: string;
}

/**
 * A view's progress, as a polite live region (`role="status"`) that is in the page before anything is said in
 * it: a screen reader announces what appears in it and each change, once. A region inserted together with its
 * text is often not announced at all, so the region is rendered empty first and filled a frame later; a
 * re-render that keeps the text changes nothing in the page and announces nothing. Failures are alerts of
 * their own (`role="alert"`), not this.
 */
export function StatusRegion({ children, className }: StatusRegionProps) {
  const [live, setLive] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setLive(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <div role="status" aria-atomic="true" className={className ? `${s.region} ${className}` : s.region}>
      {live ? children : null}
    </div>
  );
}
