/**
 * Is the approval screen really in front of the user? The host page decides how the iframe is drawn: it
 * can make it nearly transparent, filter it, or lay something over it, and put a decoy under the Approve
 * button. The frame cannot see the host's page, but the browser can tell it:
 *
 * - IntersectionObserver v2 (`trackVisibility`, Chromium): `entry.isVisible` is true only while the target
 *   is not covered by other content and neither it nor any ancestor (the iframe element and the host's
 *   elements included) has opacity below 1, a filter, or a transform other than a 2D translation or
 *   proportional scaling. The browser reports a change within `delay` (100 ms).
 * - Where v2 is missing: the page must be visible (`document.visibilityState`) and `fallbackTarget` (the
 *   buttons) fully inside the viewport by IntersectionObserver v1. This cannot see opacity or an overlay
 *   from the host; that is a known limit of those browsers (docs/security.md).
 * - Without IntersectionObserver at all: `document.visibilityState` alone.
 *
 * Cropping: `isVisible` says nothing about clipping, so a host could put the frame in a small
 * `overflow: hidden` box that shows only the Approve row beside its own text. Wherever IntersectionObserver
 * exists, a `sentinel` (a fixed, full-size, transparent element of the frame's own page) must also be at
 * least 99 % inside the top-level viewport: the whole frame is in view, not a part of it.
 *
 * Where v2 is missing the frame cannot see the host's overlays or opacity; the approval screen then asks for
 * a second, deliberate step (ui.ts: press and hold Approve) before anything is signed.
 */

export type VisibilityMode = 'v2' | 'v1' | 'page';

export interface VisibilityWatch {
  readonly mode: VisibilityMode;
  /** The last known state; also reads the browser's notifications that were queued but not yet delivered. */
  visible(): boolean;
  stop(): void;
}

/** Observer options with the v2 members (not in every TypeScript DOM library). */
type ObserverInitV2 = IntersectionObserverInit & { trackVisibility?: boolean; delay?: number };

/** Whether this browser computes `isVisible` (IntersectionObserver v2). */
export function supportsVisibilityTracking(): boolean {
  return (
    typeof IntersectionObserver === 'function' &&
    typeof IntersectionObserverEntry === 'function' &&
    'isVisible' in IntersectionObserverEntry.prototype
  );
}

/**
 * Watches whether `target` is seen by the user and calls `onChange` with each new state (starting from
 * not visible). `fallbackTarget` is what must be fully in view where v2 is missing.
 */
export function watchVisibility(
  target: Element,
  fallbackTarget: Element,
  sentinel: Element,
  onChange: (visible: boolean) => void,
): VisibilityWatch {
  const mode: VisibilityMode = supportsVisibilityTracking()
    ? 'v2'
    : typeof IntersectionObserver === 'function'
      ? 'v1'
      : 'page';
  let seen = mode === 'page';
  /** The whole frame inside the top-level viewport (the sentinel's ratio); no observer: not measurable. */
  let whole = mode === 'page';
  let state = false;
  let stopped = false;

  const update = () => {
    const next = !stopped && seen && whole && document.visibilityState === 'visible';
    if (next === state) return;
    state = next;
    onChange(next);
  };

  const read = (entries: IntersectionObserverEntry[]) => {
    const last = entries[entries.length - 1];
    if (!last) return;
    seen =
      mode === 'v2'
        ? (last as IntersectionObserverEntry & { isVisible?: boolean }).isVisible === true
        : last.isIntersecting && last.intersectionRatio >= 0.99;
  };

  const readWhole = (entries: IntersectionObserverEntry[]) => {
    const last = entries[entries.length - 1];
    if (last) whole = last.isIntersecting && last.intersectionRatio >= 0.99;
  };
  let observer: IntersectionObserver | null = null;
  let wholeObserver: IntersectionObserver | null = null;
  if (mode !== 'page') {
    const options: ObserverInitV2 =
      mode === 'v2' ? { threshold: [0, 1], trackVisibility: true, delay: 100 } : { threshold: [0, 0.99, 1] };
    observer = new IntersectionObserver((entries) => {
      read(entries);
      update();
    }, options);
    observer.observe(mode === 'v2' ? target : fallbackTarget);
    wholeObserver = new IntersectionObserver(
      (entries) => {
        readWhole(entries);
        update();
      },
      { threshold: [0, 0.5, 0.9, 0.99, 1] },
    );
    wholeObserver.observe(sentinel);
  }
  document.addEventListener('visibilitychange', update);
  update();

  return {
    mode,
    visible() {
      if (observer) read(observer.takeRecords());
      if (wholeObserver) readWhole(wholeObserver.takeRecords());
      update();
      return state;
    },
    stop() {
      stopped = true;
      observer?.disconnect();
      wholeObserver?.disconnect();
      document.removeEventListener('visibilitychange', update);
    },
  };
}
