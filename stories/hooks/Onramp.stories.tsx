/**
 * Hooks: buying crypto with the host's own form. `useOnramp({ load: true })` loads the on-ramp options,
 * quotes the amount to pay, checks it against the payment method's limits, and opens the provider's page
 * with `buy()`. Built only from `keyway` exports.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { useOnramp } from '../../src/index';
import { useMessageText } from '../../src/views/index';
import { keywayBeforeEach, type StoryKitOptions, storyKit, withKeyway } from '../_support/keyway';
import { BUY_OPTIONS, buyHandlers } from '../views/_buyData';

function BuyForm() {
  const say = useMessageText();
  const onramp = useOnramp({ load: true });
  if (onramp.status !== 'ready') return <p role="status">Loading the options…</p>;
  const token = onramp.purchaseCurrency?.symbol ?? '';
  return (
    <form aria-label="Buy" onSubmit={(e) => e.preventDefault()}>
      <label>
        You pay ({onramp.paymentCurrency?.id ?? ''}){' '}
        <input
          inputMode="decimal"
          value={onramp.paymentAmount}
          onChange={(e) => onramp.setPaymentAmount(e.target.value)}
        />
      </label>
      {onramp.validation.message ? <p role="alert">{say(onramp.validation.message)}</p> : null}
      <p data-testid="estimate">
        {onramp.quotesLoading
          ? 'Getting a quote…'
          : onramp.purchaseAmount
            ? `You receive about ${onramp.purchaseAmount} ${token}`
            : `Type an amount to see how much ${token} you get`}
      </p>
      <button type="submit" disabled={!onramp.canContinue}>
        Continue
      </button>
    </form>
  );
}

const meta = {
  title: 'Hooks/useOnramp',
  component: BuyForm,
  decorators: [withKeyway],
  beforeEach: keywayBeforeEach,
  parameters: {
    // An unstyled UI built from the hook: checked by its play functions, not a visual review.
    chromatic: { disableSnapshot: true },
    msw: { handlers: buyHandlers() },
    keyway: { connect: true, options: BUY_OPTIONS } satisfies StoryKitOptions,
  },
} satisfies Meta<typeof BuyForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** 50 USD quotes 46.51 USDC and may continue; 5 USD is below the card minimum. The modal stays shut. */
export const QuoteAndLimits: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pay = await canvas.findByLabelText('You pay (USD)', {}, { timeout: 10_000 });
    await expect(canvas.getByTestId('estimate')).toHaveTextContent(
      'Type an amount to see how much USDC you get',
    );
    await userEvent.type(pay, '50');
    await waitFor(() =>
      expect(canvas.getByTestId('estimate')).toHaveTextContent('You receive about 46.51 USDC'),
    );
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeEnabled();

    await userEvent.clear(pay);
    await userEvent.type(pay, '5');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The minimum purchase is 10.00 USD');
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await expect(storyKit().keyway.stores.modal.getState().isOpen).toBe(false);
  },
};
