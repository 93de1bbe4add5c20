import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { OnRampFiatSelectView } from '../../src/views/OnRampFiatSelectView';
import { keywayBeforeEach, storyKit } from '../_support/keyway';
import { viewDecorators } from '../_support/ViewFrame';
import { buyPickerParameters, onrampStore } from './_buyData';

const meta = {
  title: 'Views/OnRampFiatSelectView',
  component: OnRampFiatSelectView,
  decorators: viewDecorators('Select currency'),
  beforeEach: keywayBeforeEach,
  parameters: buyPickerParameters('OnRampFiatSelect'),
} satisfies Meta<typeof OnRampFiatSelectView>;
export default meta;
type Story = StoryObj<typeof meta>;

const list = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('list', { name: 'Payment currencies' }, { timeout: 15_000 }));
const labels = async (canvasElement: HTMLElement) =>
  (await list(canvasElement)).getAllByRole('button').map((b) => b.textContent);

/** The options' currencies with their names and methods; USD (the default) marked. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    await expect(await labels(canvasElement)).toEqual([
      'USDUS Dollar, card, bank transferSelected',
      'EUREuro, card',
      'GBPBritish Pound, card',
    ]);
    const rows = await list(canvasElement);
    await userEvent.click(rows.getByRole('button', { name: /^EUR/ }));
    const state = onrampStore(storyKit()).getState();
    await expect(state.paymentCurrency?.id).toBe('EUR');
    // EUR has card only: the method stays card.
    await expect(state.paymentMethod).toBe('card');
    await expect(storyKit().keyway.stores.modal.getState().history.at(-1)?.view).toBe('OnRampProviders');
  },
};

/** Search by name: "pound" leaves GBP; by code: "eu" leaves EUR. */
export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await list(canvasElement);
    const search = canvas.getByRole('searchbox', { name: 'Search currencies' });
    await userEvent.type(search, 'pound');
    await waitFor(async () => expect(await labels(canvasElement)).toEqual(['GBPBritish Pound, card']));
    await userEvent.clear(search);
    await userEvent.type(search, 'eu');
    await waitFor(async () => expect(await labels(canvasElement)).toEqual(['EUREuro, card']));
  },
};

/** Nothing matches: the message, no list. */
export const NoMatch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await list(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search currencies' }), 'yen');
    await expect(await canvas.findByRole('status')).toHaveTextContent('No currencies match your search.');
    await expect(canvas.queryByRole('list', { name: 'Payment currencies' })).toBeNull();
  },
};
