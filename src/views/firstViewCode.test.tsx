/**
 * An open before the dialog's code is there (a click before the page was idle, or `preload="open"`) fetches
 * the first view's code beside the dialog's, instead of one round trip later from the registry that comes
 * with the dialog's code. Here the dialog's code never arrives: only the shell can have asked for the view.
 * Each test renders the modal from fresh modules (the dialog's load is module state); the mocks stay in
 * place and record each fresh load.
 */
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { keywayLocal } from '../core/networks';
import { createMemoryStorage } from '../core/storage';
import { createKeyway, type Keyway } from '../instance/createKeyway';

const loads = vi.hoisted(() => ({ requested: [] as string[] }));

vi.mock('./KeywayDialog', async () => {
  loads.requested.push('dialog');
  return new Promise(() => undefined);
});
vi.mock('./ConnectView', async () => {
  loads.requested.push('Connect');
  return { ConnectView: () => null, preloadConnectParts: async () => undefined };
});
vi.mock('./AccountView', async () => {
  loads.requested.push('Account');
  return { AccountView: () => null, preloadAccountTabs: async () => undefined };
});
vi.mock('./NetworksView', async () => {
  loads.requested.push('Networks');
  return { NetworksView: () => null };
});

let kw: Keyway | null = null;
beforeEach(() => {
  vi.resetModules();
  loads.requested = [];
});
afterEach(() => {
  cleanup();
  kw?.destroy();
  kw = null;
});

async function openBeforeDialogCode(view: 'Connect' | 'Account' | 'Networks'): Promise<string[]> {
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
  expect(loads.requested).toEqual([]);
  act(() => keyway.stores.modal.getState().open(view));
  await waitFor(() => expect(loads.requested).toContain('dialog'));
  // The first open also loads the connect store's code (the wallet lists): the test ends once it is there.
  await waitFor(() => expect(keyway.peekPart('connect')).not.toBeNull(), { timeout: 30_000 });
  return loads.requested;
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
  // The open asks for the first view's code before the dialog's (the same effect, one after the other):
  // with the dialog's code asked for, a request for the view's own would have been seen.
  const requested = await openBeforeDialogCode('Networks');
  expect(requested).toEqual(['dialog']);
});
