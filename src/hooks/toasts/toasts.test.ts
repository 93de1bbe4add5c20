import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type KitMessage, kitMessage, type MessageCode } from '../../core/messages';
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

  it('dismisses success and error toasts by themselves', () => {
    const store = createToastsStore();
    store.getState().show({ message: msg('Sent'), variant: 'success' });
    vi.advanceTimersByTime(1_000);
    store.getState().show({ message: msg('Oops'), variant: 'error' });
    vi.advanceTimersByTime(TOAST_AUTO_DISMISS_MS - 1_000);
    expect(codes(store.getState().toasts)).toEqual(['Oops']);
    vi.advanceTimersByTime(1_000);
    expect(store.getState().toasts).toEqual([]);
  });

  it('a toast updated in place restarts its timer', () => {
    const store = createToastsStore();
    const id = store.getState().show({ message: msg('Oops'), variant: 'error' });
    vi.advanceTimersByTime(TOAST_AUTO_DISMISS_MS - 1);
    store.getState().update(id, { message: msg('Sent'), variant: 'success' });
    expect(store.getState().toasts).toEqual([{ id, message: msg('Sent'), variant: 'success' }]);
    vi.advanceTimersByTime(TOAST_AUTO_DISMISS_MS - 1);
    expect(store.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getState().toasts).toEqual([]);
  });

  it('dismisses on request and keeps at most MAX_TOASTS, dropping the oldest', () => {
    const store = createToastsStore();
    const first = store.getState().show({ message: msg('a'), variant: 'error' });
    store.getState().dismiss(first);
    expect(store.getState().toasts).toEqual([]);
    for (const m of ['1', '2', '3', '4', '5']) store.getState().show({ message: msg(m), variant: 'error' });
    expect(codes(store.getState().toasts)).toEqual(['3', '4', '5'].slice(-MAX_TOASTS));
    store.getState().dismissAll();
    expect(store.getState().toasts).toEqual([]);
  });
});
