import { describe, expect, it } from 'vitest';
import * as lazyViews from './lazyViews';
import { isViewLoaded, loadView, MODAL_VIEWS, VIEW_REGISTRY, type ViewEntry } from './registry';

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

  it('has no loader for a view the kit does not draw: it counts as loaded and shows "not available"', () => {
    const undrawn = entries.filter(([, e]) => !e.load).map(([view]) => view);
    expect(undrawn).toEqual(['WhatIsAWallet', 'UpgradeWallet', 'SelectAddresses', 'ChooseAccountName']);
    expect(loadView('WhatIsAWallet')).toBeNull();
    expect(isViewLoaded('WhatIsAWallet')).toBe(true);
  });
});
