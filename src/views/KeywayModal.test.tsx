/**
 * The modal's views come from the registry's shared loads: once a view's code is loaded (the idle preload, or
 * an earlier open), opening the modal shows the view at once, never the loading fallback (a
 * fresh React.lazy suspended on code that was already there, and React 19 then kept its fallback on screen
 * for 300 ms: `npm run bench:open` measured every first open at ~330 ms). Code not loaded yet still shows
 * the fallback, then the view.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keywayLocal } from '../core/networks';
import { createMemoryStorage } from '../core/storage';
import { KeywayProvider } from '../hooks/KeywayProvider';
import { createKeyway, type Keyway } from '../instance/createKeyway';
import { createBlockchainApiHandlers, createExplorerHandlers } from '../testing/msw';
import { KeywayModal } from './KeywayModal';
import { loadView } from './registry';

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

describe('KeywayModal view loading', () => {
  it('shows a view whose code is loaded as soon as the dialog mounts, never the fallback', {
    timeout: 30_000,
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
    await screen.findByRole('dialog', { name: 'All wallets' }, { timeout: 10_000 });
    expect(
      document.querySelector('[data-kw-modal-view="AllWallets"] [data-kw-view="AllWallets"]'),
    ).not.toBeNull();
    fallback.stop();
    expect(fallback.seen()).toBe(false);
    await act(async () => undefined);
  });

  it('shows the loading fallback while a view loads for the first time, then the view', {
    timeout: 30_000,
  }, async () => {
    const keyway = kit();
    render(
      <KeywayProvider keyway={keyway}>
        <KeywayModal preload="open" />
      </KeywayProvider>,
    );
    const fallback = watchFallback();
    act(() => keyway.stores.modal.getState().open('Networks'));
    // The view's code loads for the first time here (a cold module graph under a loaded machine can take seconds).
    expect(await screen.findByRole('dialog', { name: 'Choose network' }, { timeout: 10_000 })).toBeTruthy();
    await screen.findByRole('button', { name: /Keyway Local/ }, { timeout: 10_000 });
    fallback.stop();
    expect(fallback.seen()).toBe(true);
  });
});
