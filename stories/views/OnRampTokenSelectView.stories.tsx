import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { OnRampTokenSelectView } from '../../src/views/OnRampTokenSelectView';
import { keywayBeforeEach, storyKit } from '../_support/keyway';
import { viewDecorators } from '../_support/ViewFrame';
import { buyPickerParameters, onrampStore } from './_buyData';

const meta = {
  title: 'Views/OnRampTokenSelectView',
  component: OnRampTokenSelectView,
  decorators: viewDecorators('Select token'),
  beforeEach: keywayBeforeEach,
  parameters: buyPickerParameters('OnRampTokenSelect'),
} satisfies Meta<typeof OnRampTokenSelectView>;
export default meta;
type Story = StoryObj<typeof meta>;

const list = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('list', { name: 'Tokens to buy' }, { timeout: 15_000 }));

/** Every purchase currency on each of its networks; the current choice (USDC on Keyway Local) marked. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const rows = await list(canvasElement);
    await expect(rows.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'USD Coin (USDC)on Keyway LocalSelected',
      'USD Coin (USDC)on Ethereum',
      'USD Coin (USDC)on Polygon',
      'Ether (ETH)on Ethereum',
    ]);
    await expect(rows.getByRole('button', { name: /Keyway Local/ })).toHaveTextContent('Selected');
    // Choosing a row sets the token and its network, then goes back to Buy.
    await userEvent.click(rows.getByRole('button', { name: /Ether \(ETH\)/ }));
    const { keyway } = storyKit();
    const state = onrampStore(storyKit()).getState();
    await expect(state.purchaseCurrency?.id).toBe('ETH');
    await expect(state.network?.name).toBe('ethereum-mainnet');
    await expect(keyway.stores.modal.getState().history.at(-1)?.view).toBe('OnRampProviders');
  },
};

/** Search by network: "poly" leaves USDC on Polygon. */
export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await list(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search tokens' }), 'poly');
    await waitFor(async () =>
      expect((await list(canvasElement)).getAllByRole('button').map((b) => b.textContent)).toEqual([
        'USD Coin (USDC)on Polygon',
      ]),
    );
    await userEvent.clear(canvas.getByRole('searchbox', { name: 'Search tokens' }));
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search tokens' }), 'eth');
    await waitFor(async () => expect((await list(canvasElement)).getAllByRole('button')).toHaveLength(2));
  },
};

/** Nothing matches: the message, no list. */
export const NoMatch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await list(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search tokens' }), 'dogecoin');
    await expect(await canvas.findByRole('status')).toHaveTextContent('No tokens match your search.');
    await expect(canvas.queryByRole('list', { name: 'Tokens to buy' })).toBeNull();
  },
};
