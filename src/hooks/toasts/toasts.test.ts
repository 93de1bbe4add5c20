import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type KitMessage, kitMessage, type MessageCode } from '../../core/messages';
import { createTooltipStore } from '../tooltip/store';
import { createToastsStore, MAX_TOASTS, TOAST_AUTO_DISMISS_MS } from './store';

/** A message for these tests (a code the store keeps as it is given). */
const msg = (code: string): KitMessage => kitMessage(code as MessageCode);
const codes = (toasts: readonly { message: KitMessage }[]) => toasts.map((t) => t.message.code);

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a toast with its message and variant', () => {
    const store = createToastsStore();
    store.getState().show({ message: kitMessage('fetchTransactions'), variant: 'error' });
    expect(store.getState().toasts).toEqual([
      { id: expect.any(Number), message: { code: 'fetchTransactions' }, variant: 'error' },
    ]);
  });

  it('dismisses success and error toasts by themselves, keeps loading toasts', () => {
    const store = createToastsStore();
    store.getState().show({ message: msg('Sent'), variant: 'success' });
    store.getState().show({ message: msg('Oops'), variant: 'error' });
    store.getState().show({ message: msg('Sending…'), variant: 'loading' });
    vi.advanceTimersByTime(TOAST_AUTO_DISMISS_MS - 1);
    expect(store.getState().toasts).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(codes(store.getState().toasts)).toEqual(['Sending…']);
    vi.advanceTimersByTime(TOAST_AUTO_DISMISS_MS * 10);
    expect(codes(store.getState().toasts)).toEqual(['Sending…']);
  });

  it('a loading toast updated to success then dismisses itself', () => {
    const store = createToastsStore();
    const id = store.getState().show({ message: msg('Sending…'), variant: 'loading' });
    store.getState().update(id, { message: msg('Sent'), variant: 'success' });
    expect(store.getState().toasts).toEqual([{ id, message: msg('Sent'), variant: 'success' }]);
    vi.advanceTimersByTime(TOAST_AUTO_DISMISS_MS);
    expect(store.getState().toasts).toEqual([]);
  });

  it('dismisses on request and keeps at most MAX_TOASTS, dropping the oldest', () => {
    const store = createToastsStore();
    const first = store.getState().show({ message: msg('a'), variant: 'loading' });
    store.getState().dismiss(first);
    expect(store.getState().toasts).toEqual([]);
    for (const m of ['1', '2', '3', '4', '5']) store.getState().show({ message: msg(m), variant: 'loading' });
    expect(codes(store.getState().toasts)).toEqual(['3', '4', '5'].slice(-MAX_TOASTS));
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
