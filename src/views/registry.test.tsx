import { describe, expect, it } from 'vitest';
import * as lazyViews from './lazyViews';
import {
  isViewLoaded,
  loadView,
  MODAL_VIEWS,
  type ModalView,
  VIEW_REGISTRY,
  type ViewEntry,
} from './registry';

const entries = Object.entries(VIEW_REGISTRY) as [string, ViewEntry][];

describe('the views registry, the one list of the views', () => {
  it('gives MODAL_VIEWS its names, in its order', () => {
    expect(MODAL_VIEWS).toEqual(Object.keys(VIEW_REGISTRY));
    expect(new Set(MODAL_VIEWS).size).toBe(MODAL_VIEWS.length);
  });

  it('gives keyway/views one lazily loading export per drawn view, named as the entry says', () => {
    const drawn = entries.filter(([, e]) => e.component).map(([, e]) => e.component);
    expect(Object.keys(lazyViews).sort()).toEqual([...drawn].sort());
    for (const [view, entry] of entries) {
      if (!entry.component) continue;
      const component = (lazyViews as Record<string, { displayName?: string }>)[entry.component];
      expect(component?.displayName, view).toBe(entry.component);
      expect(typeof entry.load, view).toBe('function');
    }
  });

  it('draws every view it names; a name it does not know has no loader: it counts as loaded and shows "not available"', () => {
    expect(entries.filter(([, e]) => !e.load || !e.component)).toEqual([]);
    // Plain JavaScript can pass any name (`open('WhatIsAWallet')`, a view of other kits).
    const unknown = 'WhatIsAWallet' as ModalView;
    expect(loadView(unknown)).toBeNull();
    expect(isViewLoaded(unknown)).toBe(true);
  });
});
