/**
 * The modal router comes with the dialog's lazily loaded code. Outcomes emitted before that code is there are
 * kept by KeywayModal and applied, in order, once it arrives: an approval request of the embedded wallet
 * opens a closed modal, and a wallet connection made while the modal's code is on its way closes the modal
 * opened meanwhile. The dialog's code is module state: each test renders the modal from fresh modules, so it
 * starts without that code.
 */
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keywayLocal } from '../core/networks';
import { createMemoryStorage } from '../core/storage';
import { selectView } from '../hooks/modal/store';
import { createKeyway, type Keyway } from '../instance/createKeyway';

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
      explorerUrl: 'https://explorer.keyway.test',
      apiUrl: 'https://api.keyway.test',
      storage: createMemoryStorage(),
    },
    { optionalConnectors: false, connectors: [] },
  );
  return kw;
}

/** The first open loads the connect store's code (the wallet lists): the test ends once it is there. */
async function firstOpenSettled(keyway: Keyway) {
  await waitFor(() => expect(keyway.peekPart('connect')).not.toBeNull(), { timeout: 30_000 });
}

/** Renders KeywayModal (preload="open": nothing loads its code before an open or an outcome) from fresh modules. */
async function renderModal(keyway: Keyway) {
  vi.resetModules();
  const { KeywayProvider } = await import('../hooks/KeywayProvider');
  const { KeywayModal } = await import('./KeywayModal');
  render(
    <KeywayProvider keyway={keyway}>
      <KeywayModal preload="open" />
    </KeywayProvider>,
  );
}

describe('outcomes before the modal code is there', () => {
  it('an approval request while the modal is closed opens it on ApproveTransaction', {
    timeout: 60_000,
  }, async () => {
    const keyway = kit();
    await renderModal(keyway);
    act(() =>
      keyway.outcomes.emit({
        flow: 'approval',
        status: 'required',
        requestId: 'req-1',
        method: 'eth_sendTransaction',
      }),
    );
    await waitFor(() => expect(keyway.stores.modal.getState().isOpen).toBe(true), { timeout: 30_000 });
    const m = keyway.stores.modal.getState();
    expect(selectView(m)).toBe('ApproveTransaction');
    expect(m.history.at(-1)?.params).toMatchObject({ requestId: 'req-1', openedForApproval: true });
    await waitFor(
      () => expect(document.querySelector('[data-kw-view="ApproveTransaction"]')).not.toBeNull(),
      { timeout: 30_000 },
    );
    // The router follows the stream itself from then on: the approval's end closes the modal it opened.
    act(() => keyway.outcomes.emit({ flow: 'approval', status: 'done', requestId: 'req-1' }));
    expect(keyway.stores.modal.getState().isOpen).toBe(false);
    await firstOpenSettled(keyway);
  });

  it('outcomes kept for the router are applied in order', { timeout: 60_000 }, async () => {
    const keyway = kit();
    await renderModal(keyway);
    act(() => keyway.stores.modal.getState().open('Networks'));
    act(() => {
      keyway.outcomes.emit({ flow: 'approval', status: 'required', requestId: 'req-2', method: 'eth_sign' });
      keyway.outcomes.emit({ flow: 'approval', status: 'done', requestId: 'req-2' });
      keyway.outcomes.emit({ flow: 'approval', status: 'required', requestId: 'req-3', method: 'eth_sign' });
    });
    await waitFor(
      () => expect(document.querySelector('[data-kw-view="ApproveTransaction"]')).not.toBeNull(),
      { timeout: 30_000 },
    );
    // The first approval pushed and left again, the second pushed: in another order an end would be ignored.
    const { history } = keyway.stores.modal.getState();
    expect(history.map((h) => [h.view, h.params?.requestId])).toEqual([
      ['Networks', undefined],
      ['ApproveTransaction', 'req-3'],
    ]);
    await firstOpenSettled(keyway);
  });

  it('a wallet connection while the modal opens closes it', { timeout: 60_000 }, async () => {
    const keyway = kit();
    await renderModal(keyway);
    act(() => {
      keyway.stores.modal.getState().open('Networks');
      keyway.outcomes.emit({ flow: 'connect', status: 'connected', via: 'wallet' });
    });
    await waitFor(() => expect(keyway.stores.modal.getState().isOpen).toBe(false), { timeout: 30_000 });
    await firstOpenSettled(keyway);
  });
});
