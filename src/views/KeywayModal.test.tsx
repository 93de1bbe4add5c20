/**
 * The modal's views come from the registry's shared loads: once a view's code is loaded (the idle preload, or
 * an earlier open), opening the modal shows the view at once, never the loading fallback (a
 * fresh React.lazy suspended on code that was already there, and React 19 then kept its fallback on screen
 * for 300 ms: `npm run bench:open` measured every first open at ~330 ms). Code not loaded yet still shows
 * the fallback, then the view. An open waits up to VIEW_CODE_WAIT_MS for code on its way, so a first open
 * shows the finished view rather than a spinner held for 300 ms.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { kitMessage } from '../core/messages';
import { keywayLocal } from '../core/networks';
import { createMemoryStorage } from '../core/storage';
import { KeywayProvider } from '../hooks/KeywayProvider';
import { createKeyway, type Keyway } from '../instance/createKeyway';
import { createBlockchainApiHandlers, createExplorerHandlers } from '../testing/msw';
import { KeywayModal, loadDialog, VIEW_CODE_WAIT_MS } from './KeywayModal';
import { loadView, VIEW_REGISTRY } from './registry';

const EXPLORER = 'https://explorer.keyway.test';
const API = 'https://api.keyway.test';

const server = setupServer(
  ...createExplorerHandlers({ baseUrl: EXPLORER }),
  ...createBlockchainApiHandlers({ baseUrl: API }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let kw: Keyway | null = null;
afterEach(() => {
  cleanup();
  kw?.destroy();
  kw = null;
});

function kit(): Keyway {
  kw = createKeyway(
    {
      projectId: 'test-project',
      networks: [keywayLocal],
      explorerUrl: EXPLORER,
      apiUrl: API,
      storage: createMemoryStorage(),
    },
    { optionalConnectors: false, connectors: [] },
  );
  return kw;
}

/** Records whether the modal's loading fallback was ever inserted into the document. */
function watchFallback() {
  let seen = false;
  const observer = new MutationObserver((records) => {
    for (const r of records)
      r.addedNodes.forEach((node) => {
        if (
          node instanceof Element &&
          (node.matches('[data-kw-view-loading]') || node.querySelector('[data-kw-view-loading]'))
        )
          seen = true;
      });
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return {
    seen: () => seen,
    stop: () => observer.disconnect(),
  };
}

/** Stand-ins for the views whose loaders the tests control. */
const STAND_INS = {
  Transactions: () => <p>Activity content</p>,
  WalletReceive: () => <p>Receive content</p>,
};

describe('KeywayModal view loading', () => {
  // First in the file: the dialog's code is module state, loaded by the first open.
  it('renders nothing before the first toast or open; each shows once the dialog code is there', {
    timeout: 60_000,
  }, async () => {
    const keyway = kit();
    const { container } = render(
      <KeywayProvider keyway={keyway}>
        <KeywayModal preload="open" />
      </KeywayProvider>,
    );
    await act(async () => undefined);
    expect(container.innerHTML).toBe('');
    expect(document.querySelector('[data-keyway]')).toBeNull();
    // A toast while the modal is closed loads the region (with the dialog's code). The first toast may have
    // dismissed itself by the time a slow first load ends: the next one is shown in the region at once.
    const toasts = keyway.stores.toasts.getState();
    act(() => void toasts.show({ message: kitMessage('fetchTransactions'), variant: 'error' }));
    await screen.findByRole('region', { name: 'Notifications' }, { timeout: 30_000 });
    act(() => void toasts.show({ message: kitMessage('fetchTokenBalance'), variant: 'error' }));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Notifications' }).textContent).toContain(
        'Failed to fetch token balance',
      ),
    );
    act(() => keyway.stores.modal.getState().open('AllWallets'));
    await screen.findByRole('dialog', { name: 'All wallets' }, { timeout: 30_000 });
    act(() => keyway.stores.modal.getState().close());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a view whose code is loaded as soon as the dialog mounts, never the fallback', {
    timeout: 60_000,
  }, async () => {
    await loadView('AllWallets');
    const keyway = kit();
    render(
      <KeywayProvider keyway={keyway}>
        <KeywayModal preload="open" />
      </KeywayProvider>,
    );
    const fallback = watchFallback();
    act(() => keyway.stores.modal.getState().open('AllWallets'));
    // The dialog mounts (its portal and presence take a tick); the view is there the first time it is.
    await screen.findByRole('dialog', { name: 'All wallets' }, { timeout: 30_000 });
    expect(
      document.querySelector('[data-kw-modal-view="AllWallets"] [data-kw-view="AllWallets"]'),
    ).not.toBeNull();
    fallback.stop();
    expect(fallback.seen()).toBe(false);
    await act(async () => undefined);
  });

  /** Replaces a view's loader with one the test settles (before anything has loaded that view). */
  function deferredView(view: keyof typeof STAND_INS) {
    const entry = VIEW_REGISTRY[view]!;
    let settle: (() => void) | null = null;
    const Component = STAND_INS[view];
    entry.load = () =>
      new Promise((resolve) => {
        settle = () => resolve({ default: Component });
      });
    return {
      /** Whether the view's code has been asked for. */
      requested: () => settle !== null,
      settle: () => settle?.(),
    };
  }

  it('an open waits briefly for code that is on its way: the view appears without the fallback', async () => {
    // The dialog's own code is in already (as after the idle preload): only the view's code is on its way.
    await loadDialog();
    const code = deferredView('Transactions');
    const keyway = kit();
    render(
      <KeywayProvider keyway={keyway}>
        <KeywayModal preload="open" />
      </KeywayProvider>,
    );
    const fallback = watchFallback();
    act(() => keyway.stores.modal.getState().open('Transactions'));
    // The code arrives after the open, once the dialog has asked for it and while the modal waits for it
    // (VIEW_CODE_WAIT_MS): the modal shows up with the view, never a spinner (opened at once, the dialog would
    // have mounted with the fallback during the open).
    await waitFor(() => expect(code.requested()).toBe(true));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => code.settle());
    await screen.findByText('Activity content', {}, { timeout: 30_000 });
    fallback.stop();
    expect(fallback.seen()).toBe(false);
  });

  it('code that takes longer: after VIEW_CODE_WAIT_MS the modal shows the fallback, then the view', async () => {
    const code = deferredView('WalletReceive');
    const keyway = kit();
    render(
      <KeywayProvider keyway={keyway}>
        <KeywayModal preload="open" />
      </KeywayProvider>,
    );
    const fallback = watchFallback();
    act(() => keyway.stores.modal.getState().open('WalletReceive'));
    // Not settled: once the wait is over, the dialog is there with the loading fallback.
    await waitFor(() => expect(document.querySelector('[data-kw-view-loading]')).not.toBeNull(), {
      timeout: 30_000,
    });
    expect(VIEW_CODE_WAIT_MS).toBeLessThan(1000);
    await act(async () => code.settle());
    await screen.findByText('Receive content', {}, { timeout: 30_000 });
    fallback.stop();
    expect(fallback.seen()).toBe(true);
  });
});
