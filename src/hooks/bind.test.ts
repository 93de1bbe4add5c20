import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { memoSelector } from './bind';

describe('memoSelector', () => {
  it('computes once per change of its inputs and returns the same result in between', () => {
    const store = createStore<{ items: string[]; other: number }>()(() => ({ items: ['a'], other: 0 }));
    const compute = vi.fn((items: string[]) => items.map((i) => i.toUpperCase()));
    const select = memoSelector((s: { items: string[] }) => [s.items] as [string[]], compute);
    const first = select(store.getState());
    expect(first).toEqual(['A']);
    store.setState({ other: 1 });
    expect(select(store.getState())).toBe(first);
    expect(compute).toHaveBeenCalledTimes(1);
    store.setState({ items: ['a', 'b'] });
    expect(select(store.getState())).toEqual(['A', 'B']);
    expect(compute).toHaveBeenCalledTimes(2);
  });
});
