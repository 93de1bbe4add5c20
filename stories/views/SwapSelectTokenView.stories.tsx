import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SwapSelectTokenView } from '../../src/views/SwapSelectTokenView';
import { keywayBeforeEach, type StoryKitOptions, storyKit } from '../_support/keyway';
import { viewDecorators } from '../_support/ViewFrame';
import { fillSwap, SWAP_OPTIONS, swapHandlers, swapStore } from './_swapData';

const meta = {
  title: 'Views/SwapSelectTokenView',
  component: SwapSelectTokenView,
  decorators: viewDecorators('Select token'),
  beforeEach: keywayBeforeEach,
  parameters: {
    msw: { handlers: swapHandlers() },
    keyway: {
      connect: true,
      options: SWAP_OPTIONS,
      setup: async (kit) => {
        await fillSwap()(kit);
        kit.keyway.stores.modal.getState().open('Swap');
        kit.keyway.stores.modal.getState().push('SwapSelectToken', { target: 'toToken' });
      },
    } satisfies StoryKitOptions,
  },
} satisfies Meta<typeof SwapSelectTokenView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Your tokens first with their balances, then the API's others (WETH, held by nobody here). */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Your tokens')).toBeVisible();
    await expect(canvas.getByText('All tokens')).toBeVisible();
    const rows = canvas.getAllByRole('button');
    await expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('ETH'),
      expect.stringContaining('USDC'),
      expect.stringContaining('DAI'),
      expect.stringContaining('WETH'),
    ]);
  },
};

/** Search by symbol or name; choosing sets the target and goes back. */
export const SearchAndChoose: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('searchbox', { name: 'Search tokens' }), 'usd');
    await waitFor(() => expect(canvas.getAllByRole('button')).toHaveLength(1));
    await userEvent.click(canvas.getByRole('button'));
    await expect(swapStore(storyKit()).getState().toToken?.symbol).toBe('USDC');
    await expect(storyKit().keyway.stores.modal.getState().history.at(-1)?.view).toBe('Swap');
  },
};

/** A search that matches nothing says so. */
export const NoMatch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('searchbox', { name: 'Search tokens' }), 'zzz');
    await expect(await canvas.findByText('No tokens match your search.')).toBeVisible();
  },
};
