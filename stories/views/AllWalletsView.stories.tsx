import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { getConnectStore } from '../../src/hooks/connect/instance';
import { explorerWalletToEntry } from '../../src/hooks/connect/wallets';
import { generateWallets, makeWallet } from '../../src/testing/msw';
import { AllWalletsView } from '../../src/views/AllWalletsView';
import {
  keywayBeforeEach,
  STORY_EXPLORER_URL,
  type StoryKitOptions,
  storyHandlers,
  storyKit,
} from '../_support/keyway';
import { viewDecorators } from '../_support/ViewFrame';

const meta = {
  title: 'Views/AllWalletsView',
  component: AllWalletsView,
  decorators: viewDecorators('All wallets'),
  beforeEach: keywayBeforeEach,
  parameters: { msw: { handlers: storyHandlers() } },
} satisfies Meta<typeof AllWalletsView>;
export default meta;
type Story = StoryObj<typeof meta>;

const tiles = (root: HTMLElement) => Array.from(root.querySelectorAll<HTMLElement>('[data-kw-wallet-tile]'));
const tileNames = (root: HTMLElement) => tiles(root).map((t) => t.getAttribute('title'));

export const Loading: Story = {
  parameters: { msw: { handlers: storyHandlers({ explorer: { variant: 'slow' } }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading wallets');
    await expect(tiles(canvasElement)).toHaveLength(0);
    await expect(canvas.getByRole('searchbox', { name: 'Search wallets' })).toBeEnabled();
  },
};

/** The first page (40 wallets), the installed dev wallet badged. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(tileNames(canvasElement)).toContain('MetaMask'));
    const dev = within(canvasElement).getByRole('button', { name: /Keyway Dev Wallet/ });
    await expect(dev).toHaveTextContent('Installed');
    await expect(getConnectStore(storyKit().keyway).getState().all.wallets).toHaveLength(40);
  },
};

export const SearchResults: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(tileNames(canvasElement)).toContain('MetaMask'));
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search wallets' }), 'rain');
    // The results replace the list.
    await waitFor(() => expect(tileNames(canvasElement)).toEqual(['Rainbow']), { timeout: 10_000 });
    await userEvent.clear(canvas.getByRole('searchbox', { name: 'Search wallets' }));
    await waitFor(() => expect(tileNames(canvasElement)).toContain('MetaMask'));
  },
};

export const EmptySearch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search wallets' }), 'zzz');
    await expect(await canvas.findByText('No wallet found for “zzz”', {}, { timeout: 10_000 })).toBeVisible();
    await expect(tiles(canvasElement)).toHaveLength(0);
  },
};

let explorerDown = true;
const flakyExplorer = http.get(`${STORY_EXPLORER_URL}/getWallets`, () =>
  explorerDown
    ? HttpResponse.json(
        { status: 'FAILED', reasons: [{ field: '', description: 'Explorer unavailable' }] },
        { status: 503 },
      )
    : undefined,
);

/** The explorer fails; "Try again" loads the page once it is back. */
export const ErrorWithRetry: Story = {
  parameters: { msw: { handlers: [flakyExplorer, ...storyHandlers()] } },
  beforeEach: () => {
    explorerDown = true;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The client retries GETs with back-off before giving up.
    const alert = await canvas.findByRole('alert', {}, { timeout: 15_000 });
    await expect(alert.textContent).toBeTruthy();
    explorerDown = false;
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(tileNames(canvasElement)).toContain('MetaMask'));
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

const TOTAL = 5040;

/** 5 000 wallets already loaded: only the visible rows exist in the DOM; scrolling to the end loads the next page. */
export const FiveThousandWallets: Story = {
  parameters: {
    msw: { handlers: storyHandlers({ explorer: { wallets: generateWallets(TOTAL) } }) },
    keyway: {
      setup: ({ keyway }) => {
        getConnectStore(keyway).setState({
          all: {
            wallets: generateWallets(5000).map((w) => explorerWalletToEntry(w)),
            page: 125,
            count: TOTAL,
            status: 'success',
            error: null,
          },
        });
      },
    } satisfies StoryKitOptions,
  },
  play: async ({ canvasElement }) => {
    const grid = await waitFor(() => {
      const el = canvasElement.querySelector<HTMLElement>('[data-kw-wallet-grid]');
      if (!el) throw new Error('no grid yet');
      return el;
    });
    await waitFor(() => expect(tiles(canvasElement).length).toBeGreaterThan(0));
    await expect(tiles(canvasElement).length).toBeLessThan(100);
    const last = makeWallet(TOTAL - 1).name;
    grid.scrollTop = grid.scrollHeight;
    await waitFor(
      () => expect(getConnectStore(storyKit().keyway).getState().all.wallets).toHaveLength(TOTAL),
      {
        timeout: 10_000,
      },
    );
    await waitFor(() => {
      grid.scrollTop = grid.scrollHeight;
      expect(tileNames(canvasElement)).toContain(last);
    });
    await expect(tiles(canvasElement).length).toBeLessThan(100);
  },
};
