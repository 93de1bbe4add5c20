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
  onChange: (visible: boolean) => void,
): VisibilityWatch {
  const mode: VisibilityMode = supportsVisibilityTracking()
    ? 'v2'
    : typeof IntersectionObserver === 'function'
      ? 'v1'
      : 'page';
  let seen = mode === 'page';
  let state = false;
  let stopped = false;

  const update = () => {
    const next = !stopped && seen && document.visibilityState === 'visible';
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

  let observer: IntersectionObserver | null = null;
  if (mode !== 'page') {
    const options: ObserverInitV2 =
      mode === 'v2' ? { threshold: [0, 1], trackVisibility: true, delay: 100 } : { threshold: [0, 0.99, 1] };
    observer = new IntersectionObserver((entries) => {
      read(entries);
      update();
    }, options);
    observer.observe(mode === 'v2' ? target : fallbackTarget);
  }
  document.addEventListener('visibilitychange', update);
  update();

  return {
    mode,
    visible() {
      if (observer) read(observer.takeRecords());
      update();
      return state;
    },
    stop() {
      stopped = true;
      observer?.disconnect();
      document.removeEventListener('visibilitychange', update);
    },
  };
}
