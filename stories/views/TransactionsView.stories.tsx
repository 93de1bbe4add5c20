import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { getTransactionsStore } from '../../src/hooks/transactions/instance';
import { generateTransactions } from '../../src/testing/msw';
import { TransactionsView } from '../../src/views/TransactionsView';
import {
  keywayBeforeEach,
  STORY_API_URL,
  type StoryKitOptions,
  storyHandlers,
  storyKit,
} from '../_support/keyway';
import { viewDecorators } from '../_support/ViewFrame';
import { onStoryChain, recordEvents, STORY_EXPLORER, trackedEvents } from './_walletData';

const connected = { connect: true } satisfies StoryKitOptions;

const meta = {
  title: 'Views/TransactionsView',
  component: TransactionsView,
  decorators: viewDecorators('Activity'),
  beforeEach: keywayBeforeEach,
  parameters: {
    msw: { handlers: storyHandlers({ blockchain: { transactions: onStoryChain() } }) },
    keyway: connected,
  },
} satisfies Meta<typeof TransactionsView>;
export default meta;
type Story = StoryObj<typeof meta>;

const list = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('region', { name: 'Transactions' }, { timeout: 15_000 }));

/** Day headers, direction, counterparty, amounts, status and explorer links; the spam NFT airdrop is hidden. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const rows = await list(canvasElement);
    await expect(rows.getByRole('heading', { name: 'Jan 15, 2025' })).toBeVisible();
    await expect(rows.getByText('Received USDC')).toBeVisible();
    await expect(rows.getByText('+250 USDC')).toBeVisible();
    await expect(rows.getAllByText('from 0x7099…79C8')[0]).toBeVisible();
    await expect(rows.getByText('Swapped ETH for USDC')).toBeVisible();
    await expect(rows.getByText('Failed')).toBeVisible();
    const links = rows.getAllByRole('link', { name: /View on explorer/ });
    await expect(links[0]).toHaveAttribute('href', `${STORY_EXPLORER}/tx/0x${'0'.repeat(64)}`);
    await expect(links[0]).toHaveAttribute('target', '_blank');
  },
};

/** The spam NFT transfer is not shown; the transactions around it (and the real NFT) are. */
export const SpamHidden: Story = {
  play: async ({ canvasElement }) => {
    const rows = await list(canvasElement);
    await expect(rows.getByText('Minted Keyway Genesis #12')).toBeVisible();
    await expect(rows.getByText('Received USDC')).toBeVisible();
    await expect(within(canvasElement).queryByText(/Claim your FREE reward/)).toBeNull();
    await expect(canvasElement.querySelector('[data-kw-transaction="tx-2"]')).toBeNull();
    await expect(canvasElement.querySelectorAll('[data-kw-transaction]')).toHaveLength(7);
  },
};

export const PendingTransaction: Story = {
  play: async ({ canvasElement }) => {
    await list(canvasElement);
    const row = canvasElement.querySelector<HTMLElement>('[data-kw-transaction="tx-0"]')!;
    await expect(within(row).getByText('Sent ETH')).toBeVisible();
    await expect(within(row).getByText('Pending')).toBeVisible();
    await expect(within(row).getByText('-0.01 ETH')).toBeVisible();
    await expect(within(row).getByText('to 0x7099…79C8')).toBeVisible();
  },
};

export const TinyAmount: Story = {
  play: async ({ canvasElement }) => {
    await list(canvasElement);
    const row = canvasElement.querySelector<HTMLElement>('[data-kw-transaction="tx-5"]')!;
    await expect(within(row).getByText('<0.001 ETH')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: {
    msw: { handlers: storyHandlers({ blockchain: { variants: { history: 'slow' } } }) },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByText('Loading transactions')).toBeInTheDocument(), {
      timeout: 15_000,
    });
    await expect(canvasElement.querySelectorAll('[data-kw-skeleton]').length).toBeGreaterThan(0);
    await expect(canvas.queryByRole('region', { name: 'Transactions' })).toBeNull();
  },
};

export const Empty: Story = {
  parameters: {
    msw: { handlers: storyHandlers({ blockchain: { variants: { history: 'empty' } } }) },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No transactions yet', {}, { timeout: 15_000 })).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** A failed fetch: the toast, the tracked event, the list marked empty, and "Try again". */
export const FetchError: Story = {
  parameters: {
    msw: { handlers: storyHandlers({ blockchain: { variants: { history: 'error' } } }) },
    keyway: { ...connected, setup: recordEvents } satisfies StoryKitOptions,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert', {}, { timeout: 15_000 });
    await expect(alert).toHaveTextContent('Failed to fetch transactions');
    await expect(canvas.getByText('Your activity could not be loaded.')).toBeVisible();
    await expect(canvasElement.querySelectorAll('[data-kw-transaction]')).toHaveLength(0);
    await waitFor(() => expect(trackedEvents.map((e) => e.event)).toContain('ERROR_FETCH_TRANSACTIONS'));
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

const LONG = onStoryChain(generateTransactions(1000));

/** 1 000 transactions in pages of 50: only a window of rows is in the DOM; scrolling loads the next page. */
export const LongList: Story = {
  parameters: {
    msw: { handlers: storyHandlers({ blockchain: { transactions: LONG, pageSize: 50 } }) },
  },
  play: async ({ canvasElement }) => {
    const viewport = await within(canvasElement).findByRole(
      'region',
      { name: 'Transactions' },
      { timeout: 15_000 },
    );
    const store = getTransactionsStore(storyKit().keyway);
    await expect(store.getState().transactions).toHaveLength(50);
    const rendered = () => canvasElement.querySelectorAll('[data-kw-transaction]').length;
    await expect(rendered()).toBeGreaterThan(3);
    await expect(rendered()).toBeLessThan(30);
    await expect(canvasElement.querySelector('[data-kw-transaction="tx-100"]')).not.toBeNull();

    viewport.scrollTop = viewport.scrollHeight;
    await waitFor(() => expect(store.getState().transactions.length).toBeGreaterThanOrEqual(100), {
      timeout: 15_000,
    });
    await waitFor(() => expect(canvasElement.querySelector('[data-kw-transaction="tx-100"]')).toBeNull());
    await expect(rendered()).toBeLessThan(30);

    // Keep scrolling: every page arrives, still only a window is rendered.
    await waitFor(
      async () => {
        viewport.scrollTop = viewport.scrollHeight;
        await expect(store.getState().hasMore).toBe(false);
      },
      { timeout: 20000, interval: 50 },
    );
    await expect(store.getState().transactions).toHaveLength(1000);
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-kw-transaction="tx-1099"]')).not.toBeNull(),
    );
    await expect(rendered()).toBeLessThan(30);
  },
};

let historyDown = true;
const flakyHistory = http.get(`${STORY_API_URL}/v1/account/:address/history`, () =>
  historyDown
    ? HttpResponse.json({ status: 'FAILED', reasons: [{ field: '', description: 'down' }] }, { status: 500 })
    : undefined,
);

/** "Try again" after a failure loads the history once the service answers again. */
export const RetryAfterError: Story = {
  parameters: {
    msw: { handlers: [flakyHistory, ...storyHandlers({ blockchain: { transactions: onStoryChain() } })] },
    keyway: {
      ...connected,
      setup: () => {
        historyDown = true;
      },
    } satisfies StoryKitOptions,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const retry = await canvas.findByRole('button', { name: 'Try again' }, { timeout: 15_000 });
    historyDown = false;
    await userEvent.click(retry);
    const rows = await list(canvasElement);
    await expect(rows.getByText('Received USDC')).toBeVisible();
    await expect(canvas.queryByText('Your activity could not be loaded.')).toBeNull();
  },
};

const DAY = 86_400_000;
/** Transactions mined now, 24 hours ago and 10 days ago (relative to the real clock). */
function recentTransactions() {
  const now = Date.now();
  return onStoryChain(generateTransactions(3)).map((t, i) => ({
    ...t,
    metadata: { ...t.metadata, minedAt: new Date(now - [0, DAY, 10 * DAY][i]!).toISOString() },
  }));
}

/** Rows are grouped under Today, Yesterday and then the date. */
export const DayHeaders: Story = {
  parameters: {
    msw: { handlers: storyHandlers({ blockchain: { transactions: recentTransactions() } }) },
  },
  play: async ({ canvasElement }) => {
    const rows = await list(canvasElement);
    const headings = rows.getAllByRole('heading').map((h) => h.textContent);
    await expect(headings).toHaveLength(3);
    await expect(headings[0]).toBe('Today');
    await expect(headings[1]).toBe('Yesterday');
    const tenDaysAgo = new Date(Date.now() - 10 * DAY);
    await expect(headings[2]).toContain(String(tenDaysAgo.getDate()));
  },
};
