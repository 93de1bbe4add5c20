/**
 * An open before the dialog's code is there (a click before the page was idle, or `preload="open"`) fetches
 * the first view's code beside the dialog's, instead of one round trip later from the registry that comes
 * with the dialog's code. Here the dialog's code never arrives: only the shell can have asked for the view.
 */
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { keywayLocal } from '../core/networks';
import { createMemoryStorage } from '../core/storage';
import { createKeyway, type Keyway } from '../instance/createKeyway';

/** Stand-ins for the views' code: the test only records which modules were asked for. */
const ViewStandIn = () => null;
const nothingMore = async () => undefined;

let kw: Keyway | null = null;
afterEach(() => {
  cleanup();
  kw?.destroy();
  kw = null;
  vi.doUnmock('./KeywayDialog');
  vi.doUnmock('./ConnectView');
  vi.doUnmock('./AccountView');
});

async function openBeforeDialogCode(view: 'Connect' | 'Account' | 'Networks') {
  vi.resetModules();
  const requested: string[] = [];
  vi.doMock('./KeywayDialog', async () => {
    requested.push('dialog');
    return new Promise(() => undefined);
  });
  vi.doMock('./ConnectView', async () => {
    requested.push('Connect');
    return { ConnectView: ViewStandIn, preloadConnectParts: nothingMore };
  });
  vi.doMock('./AccountView', async () => {
    requested.push('Account');
    return { AccountView: ViewStandIn, preloadAccountTabs: nothingMore };
  });
  kw = createKeyway(
    { projectId: 'test-project', networks: [keywayLocal], storage: createMemoryStorage() },
    { optionalConnectors: false, connectors: [] },
  );
  const keyway = kw;
  const { KeywayProvider } = await import('../hooks/KeywayProvider');
  const { KeywayModal } = await import('./KeywayModal');
  render(
    <KeywayProvider keyway={keyway}>
      <KeywayModal preload="open" />
    </KeywayProvider>,
  );
  expect(requested).toEqual([]);
  act(() => keyway.stores.modal.getState().open(view));
  await waitFor(() => expect(requested).toContain('dialog'));
  // The first open also loads the connect store's code (the wallet lists): the test ends once it is there.
  await waitFor(() => expect(keyway.peekPart('connect')).toBeDefined(), { timeout: 20_000 });
  return requested;
}

it('opening on Connect fetches the Connect view code beside the dialog code', async () => {
  const requested = await openBeforeDialogCode('Connect');
  await waitFor(() => expect(requested).toContain('Connect'));
  expect(requested).not.toContain('Account');
});

it('opening on Account fetches the Account view code beside the dialog code', async () => {
  const requested = await openBeforeDialogCode('Account');
  await waitFor(() => expect(requested).toContain('Account'));
  expect(requested).not.toContain('Connect');
});

it('another view is left to the registry', async () => {
  const requested = await openBeforeDialogCode('Networks');
  // Let pending work run: nothing but the dialog's code is asked for.
  await act(() => new Promise((r) => setTimeout(r, 50)));
  expect(requested).toEqual(['dialog']);
});
