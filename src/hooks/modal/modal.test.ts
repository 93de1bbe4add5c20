import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHAKE_DURATION_MS } from '../../core/constants';
import { createEventBus, type TrackedEvent } from '../../core/events';
import { createModalStore, selectParams, selectView } from './store';

function setup(over: { connected?: boolean } = {}) {
  const env = { connected: over.connected ?? false };
  const bus = createEventBus();
  const events: TrackedEvent[] = [];
  bus.subscribe((e) => events.push(e));
  const onFirstOpen = vi.fn();
  const store = createModalStore({
    bus,
    isConnected: () => env.connected,
    onFirstOpen,
  });
  const views = () => store.getState().history.map((h) => h.view);
  return { env, store, events, onFirstOpen, views, s: () => store.getState() };
}

describe('modal navigation (spec §2)', () => {
  it('opens to Connect when disconnected and to Account when connected', () => {
    const a = setup();
    a.s().open();
    expect(a.s().isOpen).toBe(true);
    expect(selectView(a.s())).toBe('Connect');

    const b = setup({ connected: true });
    b.s().open();
    expect(selectView(b.s())).toBe('Account');
  });

  it('opening resets the stack to the requested view with its params', () => {
    const { s, views } = setup();
    s().open();
    s().push('AllWallets');
    s().push('ConnectingExternal', { walletId: 'w1' });
    s().close();
    s().open('Networks');
    expect(views()).toEqual(['Networks']);
    s().open('ConnectingExternal', { walletId: 'w2' });
    expect(views()).toEqual(['ConnectingExternal']);
    expect(selectParams(s())).toEqual({ walletId: 'w2' });
  });

  it('back pops one view, and closes when one view is left', () => {
    const { s, views } = setup();
    s().open();
    s().push('AllWallets');
    s().back();
    expect(views()).toEqual(['Connect']);
    expect(s().isOpen).toBe(true);
    s().back();
    expect(s().isOpen).toBe(false);
  });

  it('push ignores a repeat of the current view; replace swaps the top', () => {
    const { s, views } = setup();
    s().open();
    s().push('AllWallets');
    s().push('AllWallets');
    expect(views()).toEqual(['Connect', 'AllWallets']);
    s().replace('ConnectingWalletConnect');
    expect(views()).toEqual(['Connect', 'ConnectingWalletConnect']);
  });

  it('emits MODAL_OPEN and MODAL_CLOSE and activates analytics on the first open only', () => {
    const { s, events, onFirstOpen } = setup();
    expect(onFirstOpen).not.toHaveBeenCalled();
    s().open();
    s().open('Networks'); // already open: no second MODAL_OPEN
    s().close();
    s().close(); // already closed: no second MODAL_CLOSE
    s().open();
    expect(events.map((e) => e.event)).toEqual(['MODAL_OPEN', 'MODAL_CLOSE', 'MODAL_OPEN']);
    expect(events[0]?.properties).toEqual({ connected: false });
    expect(onFirstOpen).toHaveBeenCalledTimes(1);
  });

  it('tracks a loading flag', () => {
    const { s } = setup();
    s().setLoading(true);
    expect(s().loading).toBe(true);
    s().setLoading(false);
    expect(s().loading).toBe(false);
  });
});

describe('transaction stack', () => {
  it('on success goes to the target view and calls onSuccess', () => {
    const { s, views } = setup({ connected: true });
    const onSuccess = vi.fn();
    const onCancel = vi.fn();
    s().open('RegisterAccountName');
    s().pushTransactionStack({ view: 'RegisterAccountNameSuccess', onSuccess, onCancel });
    s().push('ApproveTransaction');
    s().popTransactionStack();
    expect(views()).toEqual(['RegisterAccountName', 'RegisterAccountNameSuccess']);
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    expect(s().transactionStack).toEqual([]);
  });

  it('on success with goBack pops one view', () => {
    const { s, views } = setup({ connected: true });
    s().open('Account');
    s().push('Send');
    s().pushTransactionStack({ goBack: true });
    s().popTransactionStack();
    expect(views()).toEqual(['Account']);
  });

  it('on cancel goes back and calls onCancel', () => {
    const { s, views } = setup({ connected: true });
    const onSuccess = vi.fn();
    const onCancel = vi.fn();
    s().open('Account');
    s().push('Swap');
    s().pushTransactionStack({ view: 'Account', onSuccess, onCancel });
    s().popTransactionStack(true);
    expect(views()).toEqual(['Account']);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('closing the modal cancels what is pending; popping an empty stack does nothing', () => {
    const { s, views } = setup();
    const onCancel = vi.fn();
    s().open();
    s().pushTransactionStack({ view: 'Account', onCancel });
    s().close();
    expect(onCancel).toHaveBeenCalledTimes(1);
    s().open();
    s().popTransactionStack();
    expect(views()).toEqual(['Connect']);
  });
});

describe('shake', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sets the shake flag for SHAKE_DURATION_MS, restarting on a second shake', () => {
    const { s } = setup();
    s().shake();
    expect(s().shaking).toBe(true);
    vi.advanceTimersByTime(SHAKE_DURATION_MS - 100);
    s().shake();
    vi.advanceTimersByTime(SHAKE_DURATION_MS - 1);
    expect(s().shaking).toBe(true);
    vi.advanceTimersByTime(1);
    expect(s().shaking).toBe(false);
  });
});

describe('instances', () => {
  it('two stores never share state', () => {
    const a = setup();
    const b = setup();
    a.s().open('Networks');
    expect(b.s().isOpen).toBe(false);
    expect(b.views()).toEqual(['Connect']);
  });
});
