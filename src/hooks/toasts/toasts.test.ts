import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_MESSAGES } from '../../core/errors';
import { createTooltipStore } from '../tooltip/store';
import { createToastsStore, MAX_TOASTS, TOAST_AUTO_DISMISS_MS } from './store';

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a toast with its message and variant', () => {
    const store = createToastsStore();
    store.getState().show({ message: TOAST_MESSAGES.fetchTransactions, variant: 'error' });
    expect(store.getState().toasts).toEqual([
      { id: expect.any(Number), message: 'Failed to fetch transactions', variant: 'error' },
    ]);
  });

  it('dismisses success and error toasts by themselves, keeps loading toasts', () => {
    const store = createToastsStore();
    store.getState().show({ message: 'Sent', variant: 'success' });
    store.getState().show({ message: 'Oops', variant: 'error' });
    store.getState().show({ message: 'Sending…', variant: 'loading' });
    vi.advanceTimersByTime(TOAST_AUTO_DISMISS_MS - 1);
    expect(store.getState().toasts).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(store.getState().toasts.map((t) => t.message)).toEqual(['Sending…']);
    vi.advanceTimersByTime(TOAST_AUTO_DISMISS_MS * 10);
    expect(store.getState().toasts.map((t) => t.message)).toEqual(['Sending…']);
  });

  it('a loading toast updated to success then dismisses itself', () => {
    const store = createToastsStore();
    const id = store.getState().show({ message: 'Sending…', variant: 'loading' });
    store.getState().update(id, { message: 'Sent', variant: 'success' });
    expect(store.getState().toasts).toEqual([{ id, message: 'Sent', variant: 'success' }]);
    vi.advanceTimersByTime(TOAST_AUTO_DISMISS_MS);
    expect(store.getState().toasts).toEqual([]);
  });

  it('dismisses on request and keeps at most MAX_TOASTS, dropping the oldest', () => {
    const store = createToastsStore();
    const first = store.getState().show({ message: 'a', variant: 'loading' });
    store.getState().dismiss(first);
    expect(store.getState().toasts).toEqual([]);
    for (const m of ['1', '2', '3', '4', '5']) store.getState().show({ message: m, variant: 'loading' });
    expect(store.getState().toasts.map((t) => t.message)).toEqual(['3', '4', '5'].slice(-MAX_TOASTS));
    store.getState().dismissAll();
    expect(store.getState().toasts).toEqual([]);
  });
});

describe('tooltip', () => {
  it('shows a message at a trigger rectangle with the shade variant by default, and hides', () => {
    const store = createTooltipStore();
    store.getState().show({ message: 'Copy address', triggerRect: { x: 10, y: 20, width: 30, height: 40 } });
    expect(store.getState()).toMatchObject({
      open: true,
      message: 'Copy address',
      triggerRect: { x: 10, y: 20, width: 30, height: 40 },
      variant: 'shade',
    });
    store
      .getState()
      .show({ message: 'Hi', triggerRect: { x: 0, y: 0, width: 1, height: 1 }, variant: 'fill' });
    expect(store.getState().variant).toBe('fill');
    store.getState().hide();
    expect(store.getState()).toMatchObject({ open: false, message: '', triggerRect: null });
  });
});
