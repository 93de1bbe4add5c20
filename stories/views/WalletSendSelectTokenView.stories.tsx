import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { getSendStore } from '../../src/hooks/send/instance';
import { WalletSendSelectTokenView } from '../../src/views/WalletSendSelectTokenView';
import { keywayBeforeEach, type StoryKitOptions, storyHandlers, storyKit } from '../_support/keyway';
import { viewDecorators } from '../_support/ViewFrame';

const meta = {
  title: 'Views/WalletSendSelectTokenView',
  component: WalletSendSelectTokenView,
  decorators: viewDecorators('Select token'),
  beforeEach: keywayBeforeEach,
  parameters: {
    msw: { handlers: storyHandlers() },
    keyway: {
      connect: true,
      // The picker is reached from the Send view.
      setup: ({ keyway }) => {
        keyway.stores.modal.getState().reset('Send');
        keyway.stores.modal.getState().push('WalletSendSelectToken');
      },
    } satisfies StoryKitOptions,
  },
} satisfies Meta<typeof WalletSendSelectTokenView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The balances of the network; choosing one sets the send token and goes back to the form. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = within(await canvas.findByRole('list', { name: 'Your tokens' }, { timeout: 15_000 }));
    await expect(list.getAllByRole('listitem')).toHaveLength(3);
    await expect(list.getByRole('button', { name: /Ether.*1\.697 ETH.*\$5,432\.1/ })).toBeVisible();
    await userEvent.click(list.getByRole('button', { name: /USD Coin/ }));
    const { stores } = storyKit().keyway;
    await expect(getSendStore(storyKit().keyway).getState().token?.symbol).toBe('USDC');
    await expect(stores.modal.getState().history.at(-1)?.view).toBe('Send');
  },
};

/** Search by symbol or name; nothing matching says so. */
export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('list', { name: 'Your tokens' }, { timeout: 15_000 });
    const search = canvas.getByRole('searchbox', { name: 'Search tokens' });
    await userEvent.type(search, 'dai');
    const list = within(canvas.getByRole('list', { name: 'Your tokens' }));
    await expect(list.getAllByRole('listitem')).toHaveLength(1);
    await expect(list.getByText('Dai Stablecoin')).toBeVisible();
    await userEvent.clear(search);
    await userEvent.type(search, 'coin');
    await expect(
      within(canvas.getByRole('list', { name: 'Your tokens' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    await userEvent.type(search, 'zzz');
    await expect(await canvas.findByRole('status')).toHaveTextContent('No tokens match your search.');
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: storyHandlers({ blockchain: { balances: [] } }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('You hold no tokens on this network.', {}, { timeout: 15_000 }),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: storyHandlers({ blockchain: { variants: { balance: 'slow' } } }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status', { name: 'Loading balances' })).toBeVisible();
  },
};

export const Failed: Story = {
  parameters: { msw: { handlers: storyHandlers({ blockchain: { variants: { balance: 'error' } } }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('Balances could not be loaded.', {}, { timeout: 15_000 }),
    ).toBeVisible();
    const toast = await within(document.body).findByText('Failed to fetch token balance');
    await waitFor(() => expect(toast).toBeVisible());
  },
};
