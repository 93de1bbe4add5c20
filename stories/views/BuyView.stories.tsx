import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { en } from '../../src/i18n/en';
import { BuyView } from '../../src/views/BuyView';
import { keywayBeforeEach, type StoryKitOptions, storyKit } from '../_support/keyway';
import { viewDecorators } from '../_support/ViewFrame';
import { BUY_OPTIONS, buyHandlers, onrampStore } from './_buyData';

const kitWith = (
  setup?: StoryKitOptions['setup'],
  partDeps?: StoryKitOptions['partDeps'],
): StoryKitOptions => ({
  connect: true,
  options: BUY_OPTIONS,
  ...(setup ? { setup } : {}),
  ...(partDeps ? { partDeps } : {}),
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
    keyway: kitWith(
      (kit) => {
        onrampStore(kit);
      },
      {
        onramp: (keyway) => ({
          api: { ...keyway.api.blockchain, getOnrampOptions: () => new Promise(() => undefined) },
        }),
      },
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status', { name: 'Loading on-ramp options' })).toBeVisible();
  },
};

/**
 * Ready: USD by card, USDC on the connected network, the card limits, the provider with its fee (once quoted)
 * and the card's limits; Continue waits for an amount. The currency and token buttons open their views.
 */
export const Ready: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('form', { name: 'Buy crypto' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'USD, change currency' })).toHaveTextContent('USD');
    await expect(canvas.getByRole('radio', { name: 'Card' })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'Bank transfer' })).not.toBeChecked();
    await expect(canvas.getByRole('button', { name: 'USDC on Keyway Local, change token' })).toBeVisible();
    await expect(canvas.getByText('on Keyway Local')).toBeVisible();
    await expect(canvas.getByText('Limits: $10.00 to $7,500.00')).toBeVisible();
    const providers = within(canvas.getByRole('group', { name: 'Provider' }));
    await expect(providers.getByRole('radio', { name: /Coinbase/ })).toBeChecked();
    await expect(providers.getByText('Card: $10.00 to $7,500.00')).toBeVisible();
    await expect(providers.getByText('Fees: shown with a quote')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await expect(canvas.queryByText(en.buy.estimated)).toBeNull();
    await userEvent.type(payField(canvas), '50');
    await waitFor(() => expect(receiveField(canvas)).toHaveValue('46.51'));
    await expect(providers.getByText(/^Fees: \$\d[\d,]*\.\d{2}$/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeEnabled();
    // Bank transfer: the provider shows that method's limits.
    await userEvent.click(canvas.getByRole('radio', { name: 'Bank transfer' }));
    await expect(providers.getByText('Bank transfer: $10.00 to $25,000.00')).toBeVisible();
    const modal = storyKit().keyway.stores.modal;
    await userEvent.click(canvas.getByRole('button', { name: 'USDC on Keyway Local, change token' }));
    await expect(modal.getState().history.at(-1)?.view).toBe('OnRampTokenSelect');
    await userEvent.click(canvas.getByRole('button', { name: 'USD, change currency' }));
    await expect(modal.getState().history.at(-1)?.view).toBe('OnRampFiatSelect');
  },
};

/** The host hid the providers section (`onrampProviders: 'HIDE'`): the fee shows under the estimate. */
export const ProvidersHidden: Story = {
  parameters: { keyway: { ...kitWith(), options: { ...BUY_OPTIONS, onrampProviders: 'HIDE' } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('form', { name: 'Buy crypto' })).toBeVisible();
    await expect(canvas.queryByRole('group', { name: 'Provider' })).toBeNull();
    await expect(canvas.queryByRole('radio', { name: /Coinbase/ })).toBeNull();
    await userEvent.type(payField(canvas), '50');
    await waitFor(() => expect(receiveField(canvas)).toHaveValue('46.51'));
    await expect(canvas.getByText(/^Fees included: \$\d[\d,]*\.\d{2}$/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeEnabled();
  },
};

/** A quote on its way: the crypto side says so. */
export const QuoteLoading: Story = {
  parameters: {
    keyway: kitWith(
      (kit) => {
        onrampStore(kit).getState().setPaymentAmount('50');
      },
      {
        onramp: (keyway) => ({
          api: { ...keyway.api.blockchain, getOnrampQuote: () => new Promise(() => undefined) },
        }),
      },
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status', { name: 'Getting a quote' })).toBeVisible();
    await expect(payField(canvas)).toHaveValue('50');
  },
};

/** 5 USD by card: the minimum message with 10.00; Continue disabled. */
export const BelowMinimumCard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: 'You pay' }), '5');
    await expect(await canvas.findByText('The minimum purchase is 10.00 USD')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeDisabled();
  },
};

/** 5 USD by bank transfer: the bank minimum, 10.00; Continue disabled. */
export const BelowMinimumBank: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: 'Bank transfer' }));
    await expect(canvas.getByText('Limits: $10.00 to $25,000.00')).toBeVisible();
    await userEvent.type(payField(canvas), '5');
    await expect(await canvas.findByText('The minimum purchase is 10.00 USD')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeDisabled();
  },
};

/** 8000 USD by card: the maximum 7500.00 and bank transfer suggested; choosing it clears the message. */
export const AboveMaximumCard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: 'You pay' }), '8000');
    await expect(
      await canvas.findByText(
        // The store's English message, its amounts written for the locale (en: 7,500.00).
        'The maximum by card is 7,500.00 USD. Pay by bank transfer for amounts up to 25,000.00 USD',
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Use bank transfer' }));
    await expect(canvas.getByRole('radio', { name: 'Bank transfer' })).toBeChecked();
    await waitFor(() => expect(canvas.queryByText(/The maximum by card/)).toBeNull());
    await expect(canvas.getByText('Limits: $10.00 to $25,000.00')).toBeVisible();
  },
};

/** 30000 USD by bank transfer: the bank maximum, 25000.00, with nothing to suggest; Continue disabled. */
export const AboveMaximumBank: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: 'Bank transfer' }));
    await userEvent.type(payField(canvas), '30000');
    await expect(await canvas.findByText('The maximum by bank transfer is 25,000.00 USD')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Use bank transfer' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeDisabled();
  },
};

/** The quote service fails (the options are the provider's): the estimate is marked, the figures 1:1. */
export const QuoteFailed: Story = {
  parameters: { msw: { handlers: buyHandlers({ variants: { onrampQuote: 'error' } }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('form', { name: 'Buy crypto' })).toBeVisible();
    await expect(canvas.queryByText(en.buy.estimated)).toBeNull();
    await userEvent.type(payField(canvas), '50');
    await waitFor(() => expect(receiveField(canvas)).toHaveValue('50'), { timeout: 15_000 });
    await expect(canvas.getByText(en.buy.estimated, { selector: '[role=note]' })).toBeVisible();
    await expect(canvas.getAllByText(en.buy.estimated).length).toBe(2);
    await expect(canvas.getByText('Fees: shown with a quote')).toBeVisible();
    const state = onrampStore(storyKit()).getState();
    await expect(state.optionsSource).toBe('provider');
    await expect(state.quoteSource).toBe('fallback');
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeEnabled();
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
      await canvas.findByText(en.buy.estimated, { selector: '[role=note]' }, { timeout: 15_000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'USDC on Ethereum, change token' })).toBeVisible();
    await userEvent.type(payField(canvas), '50');
    await waitFor(() => expect(receiveField(canvas)).toHaveValue('50'));
    await expect(canvas.getAllByText(en.buy.estimated).length).toBe(2);
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeEnabled();
    await expect(onrampStore(storyKit()).getState().source).toBe('fallback');
  },
};
