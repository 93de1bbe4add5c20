import { describe, expect, it } from 'vitest';
import { createEventBus } from '../core/events';
import { keywayLocal } from '../core/networks';
import { createMemoryStorage } from '../core/storage';
import { createModalStore } from '../hooks/modal/store';
import { createKeyway } from '../instance/createKeyway';
import { attachModalRouter, type ModalRouterTarget, routeOutcome } from './modalRouter';

function setup(over: { connected?: boolean; restoring?: boolean; siweNext?: boolean } = {}) {
  const modal = createModalStore({ bus: createEventBus(), isConnected: () => over.connected ?? false });
  const target: ModalRouterTarget = {
    modal,
    isConnected: () => over.connected ?? false,
    isRestoring: () => over.restoring ?? false,
    siweNext: () => over.siweNext ?? false,
    toast: (message) => toasts.push(message.code),
  };
  const toasts: string[] = [];
  const views = () => modal.getState().history.map((h) => h.view);
  return { modal, target, views, toasts, s: () => modal.getState() };
}

describe('the styled router’s navigation rules (spec §2)', () => {
  it('after a network switch returns to the view before Networks', () => {
    const { s, target, views } = setup({ connected: true });
    s().open();
    s().push('Networks');
    routeOutcome(target, { flow: 'network', status: 'switched', namespaceChanged: false });
    expect(views()).toEqual(['Account']);
    expect(s().isOpen).toBe(true);
  });

  it('after a network switch closes when Networks was the first view, and does nothing while closed', () => {
    const { s, target, views } = setup({ connected: true });
    s().open('Networks');
    routeOutcome(target, { flow: 'network', status: 'switched', namespaceChanged: false });
    expect(s().isOpen).toBe(false);
    routeOutcome(target, { flow: 'network', status: 'switched', namespaceChanged: false });
    expect(s().isOpen).toBe(false);
    expect(views()).toEqual(['Networks']);
  });

  it('into the other namespace without a connection there: the Connect view', () => {
    const { s, target, views } = setup({ connected: false });
    s().open('Account');
    s().push('Networks');
    routeOutcome(target, { flow: 'network', status: 'switched', namespaceChanged: true });
    expect(views()).toEqual(['Connect']);
  });

  it('into the other namespace while a remembered connection is coming back there: closes, no Connect view', () => {
    const { s, target } = setup({ connected: false, restoring: true });
    s().open('Networks');
    routeOutcome(target, { flow: 'network', status: 'switched', namespaceChanged: true });
    expect(s().isOpen).toBe(false);
  });

  it('after a preferred-account-type choice goes to ConnectingSiwe only when sign-in comes next', () => {
    const siwe = setup({ siweNext: true });
    siwe.s().open();
    routeOutcome(siwe.target, { flow: 'account-type', status: 'chosen' });
    expect(siwe.views()).toEqual(['ConnectingSiwe']);

    const none = setup({ siweNext: false });
    none.s().open();
    routeOutcome(none.target, { flow: 'account-type', status: 'chosen' });
    expect(none.views()).toEqual(['Account']);
  });

  it('a sign-in asked (required) opens ConnectingSiwe, or puts it in front; a restored session closes it', () => {
    const closed = setup({ connected: true, siweNext: true });
    routeOutcome(closed.target, { flow: 'siwe', status: 'required', reason: 'accountChanged' });
    expect([closed.s().isOpen, closed.views()]).toEqual([true, ['ConnectingSiwe']]);
    // Already in front: stays as it is.
    routeOutcome(closed.target, { flow: 'siwe', status: 'required', reason: 'noSession' });
    expect(closed.views()).toEqual(['ConnectingSiwe']);
    routeOutcome(closed.target, { flow: 'siwe', status: 'restored' });
    expect(closed.s().isOpen).toBe(false);

    const open = setup({ connected: true, siweNext: true });
    open.s().open('Account');
    open.s().push('Networks');
    routeOutcome(open.target, { flow: 'siwe', status: 'required', reason: 'chainChanged' });
    expect(open.views()).toEqual(['ConnectingSiwe']);
    // The network switch that asked for it ends after: the sign-in stays.
    routeOutcome(open.target, { flow: 'network', status: 'switched', namespaceChanged: false });
    expect([open.s().isOpen, open.views()]).toEqual([true, ['ConnectingSiwe']]);

    // A session found while another view is open (the Account view at load) closes nothing.
    const account = setup({ connected: true, siweNext: true });
    account.s().open('Account');
    routeOutcome(account.target, { flow: 'siwe', status: 'restored' });
    expect([account.s().isOpen, account.views()]).toEqual([true, ['Account']]);
  });

  it('a failed read of balances or history is a toast, and moves no view', () => {
    const { s, target, views, toasts } = setup({ connected: true });
    s().open('Account');
    routeOutcome(target, { flow: 'balances', status: 'failed', reason: 'fetchFailed' });
    routeOutcome(target, { flow: 'history', status: 'failed', reason: 'fetchFailed' });
    expect(toasts).toEqual(['fetchTokenBalance', 'fetchTransactions']);
    expect(views()).toEqual(['Account']);
  });

  it("a request the embedded wallet refused is the toast 'Action not allowed', and moves no view", () => {
    const { s, target, views, toasts } = setup({ connected: true });
    routeOutcome(target, {
      flow: 'approval',
      status: 'refused',
      method: 'wallet_watchAsset',
      message: { code: 'actionNotAllowed' },
    });
    expect(toasts).toEqual(['actionNotAllowed']);
    expect(s().isOpen).toBe(false);
    s().open('Account');
    routeOutcome(target, {
      flow: 'approval',
      status: 'refused',
      method: '',
      message: { code: 'actionNotAllowed' },
    });
    expect(views()).toEqual(['Account']);
  });
});

describe('the router: names and on-ramp', () => {
  it('a registered name shows the success view only while the form is in front', () => {
    const { s, target, views } = setup({ connected: true });
    s().open('Account');
    s().push('RegisterAccountName');
    routeOutcome(target, { flow: 'names', status: 'registered', name: 'ada.keyway.eth' });
    expect(views()).toEqual(['Account', 'RegisterAccountNameSuccess']);
    // Left meanwhile (or closed): nothing moves.
    s().back();
    routeOutcome(target, { flow: 'names', status: 'registered', name: 'ada.keyway.eth' });
    expect(views()).toEqual(['Account']);
  });

  it('a purchase opened (or its window blocked) goes on in BuyInProgress, once', () => {
    const { s, target, views } = setup({ connected: true });
    s().open('Account');
    s().push('OnRampProviders');
    routeOutcome(target, { flow: 'onramp', status: 'opened' });
    routeOutcome(target, { flow: 'onramp', status: 'blocked' });
    expect(views()).toEqual(['Account', 'OnRampProviders', 'BuyInProgress']);
    s().close();
    routeOutcome(target, { flow: 'onramp', status: 'opened' });
    expect(s().isOpen).toBe(false);
  });
});

describe('the router on an instance', () => {
  const instance = () =>
    createKeyway(
      { projectId: 'test-project', networks: [keywayLocal], storage: createMemoryStorage() },
      { optionalConnectors: false, connectors: [] },
    );

  it('two styled roots route each outcome once; it stops with the last of them, and with the instance', () => {
    const kw = instance();
    try {
      const first = attachModalRouter(kw);
      const second = attachModalRouter(kw);
      kw.stores.modal.getState().open('Connect');
      kw.outcomes.emit({ flow: 'send', status: 'review' });
      expect(kw.stores.modal.getState().history.map((h) => h.view)).toEqual(['Connect', 'SendPreview']);
      first();
      second();
      kw.outcomes.emit({ flow: 'account', status: 'disconnected' });
      expect(kw.stores.modal.getState().isOpen).toBe(true);
      // Attached again, then the instance destroyed: the router's subscriptions end with it.
      attachModalRouter(kw);
      expect(kw.outcomes.listenerCount).toBe(1);
      kw.destroy();
      expect(kw.outcomes.listenerCount).toBe(0);
    } finally {
      kw.destroy();
    }
  });
});
