/**
 * The idle preload fetches a small piece: the dialog and the Connect view. The next steps (all wallets, the
 * account, networks) load once the modal has been opened; a flow's views (send, swap, buy, names, email
 * steps) load when first shown, so a visitor who never swaps never downloads the swap code. Its own file:
 * the registry's loads are module state.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { keywayLocal } from '../core/networks';
import { createMemoryStorage } from '../core/storage';
import { KeywayProvider } from '../hooks/KeywayProvider';
import type { ModalView } from '../hooks/modal/store';
import { createKeyway, type Keyway } from '../instance/createKeyway';
import { KeywayModal } from './KeywayModal';
import { AFTER_OPEN_PRELOAD_VIEWS, IDLE_PRELOAD_VIEWS, isViewLoaded, VIEW_REGISTRY } from './registry';

let kw: Keyway | null = null;
afterEach(() => {
  cleanup();
  kw?.destroy();
  kw = null;
});

describe('idle preload', () => {
  it('loads the Connect view when the page is idle, the next views after the open, and no flow view', {
    timeout: 60_000,
  }, async () => {
    kw = createKeyway(
      {
        projectId: 'test-project',
        networks: [keywayLocal],
        explorerUrl: 'https://explorer.keyway.test',
        apiUrl: 'https://api.keyway.test',
        storage: createMemoryStorage(),
      },
      { optionalConnectors: false, connectors: [] },
    );
    render(
      <KeywayProvider keyway={kw}>
        <KeywayModal />
      </KeywayProvider>,
    );
    await waitFor(() => expect(IDLE_PRELOAD_VIEWS.every((v) => isViewLoaded(v))).toBe(true), {
      timeout: 30_000,
    });
    // A small piece: nothing of the next steps before the modal is opened, and no dialog in the page.
    for (const view of AFTER_OPEN_PRELOAD_VIEWS) expect(isViewLoaded(view), view).toBe(false);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    act(() => kw?.stores.modal.getState().open('Connect'));
    await screen.findByRole('dialog', {}, { timeout: 30_000 });
    await waitFor(() => expect(AFTER_OPEN_PRELOAD_VIEWS.every((v) => isViewLoaded(v))).toBe(true), {
      timeout: 30_000,
    });
    const flows: ModalView[] = ['Send', 'Swap', 'SwapPreview', 'OnRampProviders', 'RegisterAccountName'];
    for (const view of flows) {
      expect(VIEW_REGISTRY[view], view).toBeDefined();
      expect(isViewLoaded(view), view).toBe(false);
    }
  });
});
