/**
 * The Account view's tabs load lazily: the Tokens tab's code comes with the view (the modal's loader
 * preloads it), so the tab shows its own content on the first render; the Activity tab's code loads when the
 * tab is first selected, behind skeleton rows (never an empty panel).
 */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { numberToHex, parseEther } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mock } from 'wagmi';
import { connect } from 'wagmi/actions';
import { keywayLocal, keywayLocalL2 } from '../core/networks';
import { createMemoryStorage } from '../core/storage';
import { KeywayProvider } from '../hooks/KeywayProvider';
import { createKeyway, type Keyway } from '../instance/createKeyway';
import { createBlockchainApiHandlers, createExplorerHandlers } from '../testing/msw';
import { VIEW_REGISTRY } from './registry';

const EXPLORER = 'https://explorer.keyway.test';
const API = 'https://api.keyway.test';
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

const server = setupServer(
  ...createExplorerHandlers({ baseUrl: EXPLORER }),
  ...createBlockchainApiHandlers({ baseUrl: API }),
  http.post(keywayLocal.rpcUrls[0]!, async ({ request }) => {
    const { id, method } = (await request.json()) as { id: number; method: string };
    if (method === 'eth_getBalance')
      return HttpResponse.json({ jsonrpc: '2.0', id, result: numberToHex(parseEther('2.5')) });
    return HttpResponse.json({ jsonrpc: '2.0', id, error: { code: -32601, message: 'not mocked' } });
  }),
);
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());

let kw: Keyway | null = null;
afterEach(() => {
  cleanup();
  kw?.destroy();
  kw = null;
});

/** Every lazy-part fallback that was ever inserted into the document (even for a single frame). */
function recordFallbacks() {
  const seen: string[] = [];
  const note = (node: Node) => {
    if (!(node instanceof Element)) return;
    const els = [node, ...node.querySelectorAll('[data-kw-lazy-fallback]')];
    for (const el of els) {
      const part = el.getAttribute('data-kw-lazy-fallback');
      if (part) seen.push(part);
    }
  };
  const observer = new MutationObserver((records) => {
    for (const r of records) r.addedNodes.forEach(note);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return { seen, stop: () => observer.disconnect() };
}

describe('AccountView tabs', () => {
  it('Tokens shows at once with the view; Activity loads on first select behind skeleton rows', async () => {
    kw = createKeyway(
      {
        projectId: 'test-project',
        networks: [keywayLocal, keywayLocalL2],
        explorerUrl: EXPLORER,
        apiUrl: API,
        storage: createMemoryStorage(),
      },
      {
        optionalConnectors: false,
        connectors: [mock({ accounts: [ADDRESS], features: { reconnect: true } })],
      },
    );
    const config = kw.wagmiConfig;
    await connect(config, { connector: config.connectors.find((c) => c.id === 'mock')! });
    // What KeywayModal does on open: load the view through the registry.
    const { default: AccountView } = await VIEW_REGISTRY.Account!.load();

    const fallbacks = recordFallbacks();
    render(
      <KeywayProvider keyway={kw}>
        <AccountView />
      </KeywayProvider>,
    );
    // First render: the Tokens panel holds the tokens list itself (its own loading state), not a fallback.
    const tokensPanel = screen.getByRole('tabpanel');
    expect(tokensPanel.querySelector('[data-kw-lazy-fallback]')).toBeNull();
    expect(tokensPanel.textContent).not.toBe('');
    const tokens = await screen.findByRole('list', { name: 'Tokens' });
    expect(within(tokens).getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(fallbacks.seen).toEqual([]);

    // Activity: its code loads now; skeleton rows stand in, then the history.
    await userEvent.click(screen.getByRole('tab', { name: 'Activity' }));
    await waitFor(() => expect(screen.getByRole('tabpanel').textContent).not.toBe(''));
    // The fixtures hold no history for this address: the list's own empty state, after the skeleton rows.
    // The Activity list's code loads on this first select: on a loaded machine its first transform is slow.
    await screen.findByText('No transactions yet', {}, { timeout: 30_000 });
    fallbacks.stop();
    expect(fallbacks.seen).toEqual(['AccountActivityList']);
    await act(async () => undefined);
  }, 60_000);
});

describe('AccountView addresses (spec §3 addressLabels)', () => {
  const SECOND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

  it("lists a wallet's addresses by their labels, the others shortened; a label is removed with null", async () => {
    kw = createKeyway(
      {
        projectId: 'test-project',
        networks: [keywayLocal],
        explorerUrl: EXPLORER,
        apiUrl: API,
        storage: createMemoryStorage(),
        hasMultipleAddresses: true,
      },
      {
        optionalConnectors: false,
        connectors: [mock({ accounts: [ADDRESS, SECOND], features: { reconnect: true } })],
      },
    );
    const config = kw.wagmiConfig;
    await connect(config, { connector: config.connectors.find((c) => c.id === 'mock')! });
    const { default: AccountView } = await VIEW_REGISTRY.Account!.load();
    // Labels are kept by address, whatever its case.
    act(() =>
      kw!.stores.account.getState().setAddressLabel(SECOND.toUpperCase().replace('0X', '0x'), 'Savings'),
    );
    render(
      <KeywayProvider keyway={kw}>
        <AccountView />
      </KeywayProvider>,
    );
    const group = await screen.findByRole('group', { name: 'Addresses' });
    const names = () =>
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent);
    await waitFor(() => expect(names()).toHaveLength(2));
    expect(names()[0]).toBe('0xf39F…2266Active');
    expect(names()[1]).toBe('Savings');
    act(() => kw!.stores.account.getState().setAddressLabel(SECOND, null));
    await waitFor(() => expect(names()[1]).toBe('0x7099…79C8'));
    await act(async () => undefined);
  }, 60_000);
});
