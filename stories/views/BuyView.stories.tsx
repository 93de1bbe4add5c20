import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ONRAMP_MESSAGES } from '../../src/hooks/onramp/limits';
import { BuyView } from '../../src/views/BuyView';
import { keywayBeforeEach, type StoryKitOptions, storyKit } from '../_support/keyway';
import { viewDecorators } from '../_support/ViewFrame';
import { BUY_OPTIONS, buyHandlers, onrampStore } from './_buyData';

const kitWith = (setup?: StoryKitOptions['setup']): StoryKitOptions => ({
  connect: true,
  options: BUY_OPTIONS,
  ...(setup ? { setup } : {}),
});

const meta = {
  title: 'Views/BuyView',
  component: BuyView,
  decorators: viewDecorators('Buy'),
  beforeEach: keywayBeforeEach,
  parameters: { msw: { handlers: buyHandlers() }, keyway: kitWith() },
} satisfies Meta<typeof BuyView>;
export default meta;
type Story = StoryObj<typeof meta>;

const payField = (canvas: ReturnType<typeof within>) => canvas.getByRole('textbox', { name: 'You pay' });
const receiveField = (canvas: ReturnType<typeof within>) =>
  canvas.getByRole('textbox', { name: 'You receive (estimate)' });

/** While the on-ramp options load. */
export const LoadingOptions: Story = {
  parameters: {
    keyway: kitWith((kit) => {
      onrampStore(kit, {
        api: { ...kit.keyway.api.blockchain, getOnrampOptions: () => new Promise(() => undefined) },
      });
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status', { name: 'Loading on-ramp options' })).toBeVisible();
  },
};

/** Ready: USD by card, USDC on the connected network, the card limits; Continue waits for an amount. */
export const Ready: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('form', { name: 'Buy crypto' })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Currency' })).toHaveValue('USD');
    await expect(canvas.getByRole('combobox', { name: 'Payment method' })).toHaveValue('card');
    await expect(canvas.getByRole('combobox', { name: 'Network' })).toHaveDisplayValue('Keyway Local');
    await expect(canvas.getByText('Limits: 10.00 to 7500.00 USD')).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Token' })).toHaveDisplayValue('USD Coin (USDC)');
    await expect(canvas.getByRole('combobox', { name: 'Provider' })).toHaveValue('coinbase');
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await expect(canvas.queryByText(ONRAMP_MESSAGES.estimated)).toBeNull();
    await userEvent.type(payField(canvas), '50');
    await waitFor(() => expect(receiveField(canvas)).toHaveValue('46.51'));
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeEnabled();
  },
};

/** A quote on its way: the crypto side says so. */
export const QuoteLoading: Story = {
  parameters: {
    keyway: kitWith((kit) => {
      onrampStore(kit, {
        api: { ...kit.keyway.api.blockchain, getOnrampQuote: () => new Promise(() => undefined) },
      })
        .getState()
        .setPaymentAmount('50');
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status', { name: 'Getting a quote' })).toBeVisible();
    await expect(payField(canvas)).toHaveValue('50');
  },
};

/** 5 USD by card: the minimum message with 10.00; Continue disabled. */
export const BelowMinimum: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: 'You pay' }), '5');
    await expect(await canvas.findByText('The minimum purchase is 10.00 USD')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeDisabled();
  },
};

/** 8000 USD by card: the maximum 7500.00 and bank transfer suggested; choosing it clears the message. */
export const AboveMaximum: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: 'You pay' }), '8000');
    await expect(
      await canvas.findByText(
        'The maximum by card is 7500.00 USD. Pay by bank transfer for amounts up to 25000.00 USD',
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Use bank transfer' }));
    await expect(canvas.getByRole('combobox', { name: 'Payment method' })).toHaveValue('ach_bank_account');
    await waitFor(() => expect(canvas.queryByText(/The maximum by card/)).toBeNull());
    await expect(canvas.getByText('Limits: 10.00 to 25000.00 USD')).toBeVisible();
  },
};

/** The options and quote services fail: the spec's fallback data, marked as estimated. */
export const Fallback: Story = {
  parameters: {
    msw: { handlers: buyHandlers({ variants: { onrampOptions: 'error', onrampQuote: 'error' } }) },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(ONRAMP_MESSAGES.estimated, { selector: '[role=note]' }, { timeout: 15_000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Network' })).toHaveDisplayValue('Ethereum');
    await userEvent.type(payField(canvas), '50');
    await waitFor(() => expect(receiveField(canvas)).toHaveValue('50'));
    await expect(canvas.getAllByText(ONRAMP_MESSAGES.estimated).length).toBe(2);
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeEnabled();
    await expect(onrampStore(storyKit()).getState().source).toBe('fallback');
  },
};
