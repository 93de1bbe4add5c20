import { type RefObject, useEffect, useState } from 'react';

/**
 * True while the element's content is taller than the element (it scrolls). A scroll area that overflows
 * must be reachable by keyboard, so callers make it focusable only then.
 *
 * Measured where the browser has laid the page out already (a ResizeObserver's callbacks, which also run once
 * for each element as it starts being observed), never in the effect itself: reading `scrollHeight` there
 * would force a layout of the freshly mounted content before its first frame, delaying the modal's opening.
 */
export function useOverflows(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    // A child added is observed (its first observation measures); one removed may leave every remaining size
    // unchanged, so the next frame measures.
    let frame = 0;
    const mutations = new MutationObserver(() => {
      for (const child of Array.from(el.children)) observer.observe(child);
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    });
    mutations.observe(el, { childList: true });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      mutations.disconnect();
    };
  }, [ref]);
  return overflows;
}
