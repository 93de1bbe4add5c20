import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { loadOnrampNetworks } from '../../src/hooks/onramp/available';
import { getTransactionsStore } from '../../src/hooks/transactions/instance';
import { generateTransactions, transactionFixtures, type WireTransaction } from '../../src/testing/msw';
import { AccountActivityList } from '../../src/views/AccountActivityList';
import { AccountView } from '../../src/views/AccountView';
import { keywayBeforeEach, type StoryKitOptions, storyHandlers, storyKit } from '../_support/keyway';
import { viewDecorators } from '../_support/ViewFrame';
import { buyHandlers } from './_buyData';
import { SWAP_OPTIONS } from './_swapData';
import { onStoryChain } from './_walletData';

const meta = {
  title: 'Views/AccountActivity',
  component: AccountActivityList,
  decorators: viewDecorators('Activity'),
  beforeEach: keywayBeforeEach,
  parameters: {
    msw: { handlers: storyHandlers({ blockchain: { transactions: onStoryChain() } }) },
    // A trusted swap router on the story network, so that the Account view offers Swap there.
    keyway: { connect: true, options: SWAP_OPTIONS } satisfies StoryKitOptions,
  },
} satisfies Meta<typeof AccountActivityList>;
export default meta;
type Story = StoryObj<typeof meta>;

const region = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('region', { name: 'Transactions' }, { timeout: 15_000 });

/** The Activity tab: rows with status, the spam airdrop left out. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const rows = within(await region(canvasElement));
    await expect(rows.getByText('Pending')).toBeVisible();
    await expect(rows.getByText('Received USDC')).toBeVisible();
    await expect(within(canvasElement).queryByText(/Claim your FREE reward/)).toBeNull();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: storyHandlers({ blockchain: { variants: { history: 'empty' } } }) } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('No transactions yet', {}, { timeout: 15_000 }),
    ).toBeVisible();
  },
};

export const FetchError: Story = {
  parameters: { msw: { handlers: storyHandlers({ blockchain: { variants: { history: 'error' } } }) } },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert', {}, { timeout: 15_000 });
    await expect(alert).toHaveTextContent('Failed to fetch transactions');
  },
};

/** A long history in the shorter tab viewport: a window of rows, the next page on scroll. */
export const LongList: Story = {
  parameters: {
    msw: {
      handlers: storyHandlers({
        blockchain: { transactions: onStoryChain(generateTransactions(1000)), pageSize: 40 },
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const viewport = await region(canvasElement);
    const store = getTransactionsStore(storyKit().keyway);
    const rendered = () => canvasElement.querySelectorAll('[data-kw-transaction]').length;
    await expect(rendered()).toBeLessThan(25);
    viewport.scrollTop = viewport.scrollHeight;
    await waitFor(() => expect(store.getState().transactions.length).toBeGreaterThanOrEqual(80), {
      timeout: 15_000,
    });
    await expect(rendered()).toBeLessThan(25);
  },
};

/**
 * In the Account view: the actions (Buy, Swap, Receive, Send) and the Tokens / Activity tabs. The on-ramp
 * options list a purchase currency on the story network (Keyway Local), so Buy is offered; a trusted swap
 * router is configured there (the meta's options), so Swap is.
 */
export const InAccountView: Story = {
  render: () => <AccountView />,
  parameters: { msw: { handlers: buyHandlers({ transactions: onStoryChain() }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const actions = within(
      await canvas.findByRole('navigation', { name: 'Wallet actions' }, { timeout: 15_000 }),
    );
    await waitFor(() =>
      expect(actions.getAllByRole('button').map((b) => b.textContent)).toEqual([
        'Buy',
        'Swap',
        'Receive',
        'Send',
      ]),
    );
    await userEvent.click(actions.getByRole('button', { name: 'Buy' }));
    await expect(storyKit().keyway.stores.modal.getState().history.at(-1)?.view).toBe('OnRampProviders');
    // Tokens first.
    const tokens = await canvas.findByRole('list', { name: 'Tokens' }, { timeout: 15_000 });
    await expect(within(tokens).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(canvas.getByRole('tab', { name: 'Activity' }));
    const rows = within(await region(canvasElement));
    await expect(rows.getByText('Received USDC')).toBeVisible();
    const { keyway } = storyKit();
    await expect(keyway.stores.account.getState().tab).toBe('activity');
    await userEvent.click(actions.getByRole('button', { name: 'Receive' }));
    await expect(keyway.stores.modal.getState().history.at(-1)?.view).toBe('WalletReceive');
  },
};

/** A host that turned off on-ramp and swaps: only Receive and Send. */
export const ActionsAsEnabled: Story = {
  render: () => <AccountView />,
  parameters: {
    keyway: { connect: true, options: { enableOnramp: false, enableSwaps: false } } satisfies StoryKitOptions,
  },
  play: async ({ canvasElement }) => {
    const actions = within(
      await within(canvasElement).findByRole('navigation', { name: 'Wallet actions' }, { timeout: 15_000 }),
    );
    await expect(actions.getAllByRole('button').map((b) => b.textContent)).toEqual(['Receive', 'Send']);
  },
};

/**
 * The on-ramp options list purchase currencies on chains 1 and 137 only: on Keyway Local there is nothing to
 * buy, so Buy is not offered at all (never a dead button).
 */
export const BuyHiddenWithoutPurchaseCurrency: Story = {
  render: () => <AccountView />,
  play: async ({ canvasElement }) => {
    const actions = within(
      await within(canvasElement).findByRole('navigation', { name: 'Wallet actions' }, { timeout: 15_000 }),
    );
    // The Account view asked for the options: once they are in, Buy stays hidden.
    await loadOnrampNetworks(storyKit().keyway);
    await expect(actions.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Swap',
      'Receive',
      'Send',
    ]);
    await expect(actions.queryByRole('button', { name: 'Buy' })).toBeNull();
  },
};

/** A purchase through the on-ramp provider (history `operationType: 'buy'`): listed in Activity as received. */
const received = transactionFixtures[1]!;
const onrampPurchase: WireTransaction = {
  ...received,
  id: 'onramp-purchase',
  metadata: { ...received.metadata, operationType: 'buy' },
  transfers: received.transfers.map((t) => ({ ...t, quantity: { numeric: '46.51' }, value: 46.51 })),
};

export const OnrampPurchase: Story = {
  parameters: {
    msw: { handlers: storyHandlers({ blockchain: { transactions: onStoryChain([onrampPurchase]) } }) },
  },
  play: async ({ canvasElement }) => {
    const rows = within(await region(canvasElement));
    await expect(await rows.findByText('Received USDC')).toBeVisible();
    await expect(rows.getByText(/46\.51 USDC/)).toBeVisible();
  },
};
