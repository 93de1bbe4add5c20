/**
 * Hooks: swapping with the host's own form. `useSwap` loads the tokens, balances and prices, quotes the
 * typed amount through a router the host trusts, and swaps; `status`, `toTokenAmount`, `validation` and
 * `txHash` are all a form needs. Built only from `keyway` exports.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { getBalancesStore } from '../../src/hooks/balances/instance';
import { useSwap } from '../../src/index';
import { useMessageText } from '../../src/views/index';
import { keywayBeforeEach, type StoryKitOptions, storyKit, withKeyway } from '../_support/keyway';
import { resetSendChain, sendChain } from '../views/_sendData';
import { SWAP_OPTIONS, swapHandlers } from '../views/_swapData';

function SwapForm() {
  const say = useMessageText();
  const swap = useSwap({ initialize: true });
  if (swap.status !== 'initialized') {
    return <p role="status">{swap.fetchError ? 'Tokens unavailable' : 'Loading tokens…'}</p>;
  }
  const pick = (address: string) => swap.selectableTokens.find((t) => t.address === address) ?? null;
  return (
    <form
      aria-label="Swap"
      onSubmit={(e) => {
        e.preventDefault();
        void swap.swap();
      }}
    >
      <label>
        From{' '}
        <select
          value={swap.sourceToken?.address ?? ''}
          onChange={(e) => swap.setSourceToken(pick(e.target.value))}
        >
          <option value="">Choose</option>
          {swap.selectableTokens.map((t) => (
            <option key={t.address} value={t.address}>
              {t.symbol}
            </option>
          ))}
        </select>
      </label>
      <label>
        To{' '}
        <select value={swap.toToken?.address ?? ''} onChange={(e) => swap.setToToken(pick(e.target.value))}>
          <option value="">Choose</option>
          {swap.selectableTokens.map((t) => (
            <option key={t.address} value={t.address}>
              {t.symbol}
            </option>
          ))}
        </select>
      </label>
      <label>
        Amount{' '}
        <input value={swap.sourceTokenAmount} onChange={(e) => swap.setSourceTokenAmount(e.target.value)} />
      </label>
      <button type="button" onClick={() => void swap.fetchQuote()}>
        Get a quote
      </button>
      {swap.toTokenAmount ? (
        <p data-testid="quote">
          You receive about {swap.toTokenAmount} {swap.toToken?.symbol}
        </p>
      ) : null}
      {swap.inputError ? <p role="alert">{say(swap.inputError)}</p> : null}
      <button
        type="submit"
        disabled={
          !swap.validation.valid ||
          !swap.swapTransaction ||
          swap.loadingBuildTransaction ||
          swap.loadingTransaction
        }
      >
        Swap
      </button>
      {swap.txHash ? <p role="status">Swapped in transaction {swap.txHash}</p> : null}
    </form>
  );
}

const meta = {
  title: 'Hooks/useSwap',
  component: SwapForm,
  decorators: [withKeyway],
  beforeEach: keywayBeforeEach,
  parameters: {
    // An unstyled UI built from the hook: checked by its play functions, not a visual review.
    chromatic: { disableSnapshot: true },
    msw: { handlers: swapHandlers() },
    keyway: {
      connect: true,
      options: SWAP_OPTIONS,
      setup: async (kit) => {
        resetSendChain();
        await getBalancesStore(kit.keyway).getState().load();
      },
    } satisfies StoryKitOptions,
  },
} satisfies Meta<typeof SwapForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** ETH → USDC: the quote, then Swap sends one transaction to the trusted router; the modal stays shut. */
export const QuoteAndSwap: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const from = await canvas.findByLabelText('From', {}, { timeout: 10_000 });
    await userEvent.selectOptions(from, 'ETH');
    await userEvent.selectOptions(canvas.getByLabelText('To'), 'USDC');
    await userEvent.type(canvas.getByLabelText('Amount'), '0.5');
    await userEvent.click(canvas.getByRole('button', { name: 'Get a quote' }));
    await waitFor(() =>
      expect(canvas.getByTestId('quote')).toHaveTextContent(/^You receive about 1586\.64\d* USDC$/),
    );
    const submit = canvas.getByRole('button', { name: 'Swap' });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    await expect(
      await canvas.findByText(/^Swapped in transaction 0x[0-9a-f]{64}$/, {}, { timeout: 10_000 }),
    ).toBeVisible();
    await expect(sendChain.sent).toHaveLength(1);
    await expect(storyKit().keyway.stores.modal.getState().isOpen).toBe(false);
  },
};
