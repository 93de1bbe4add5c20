/**
 * Hooks: sending with the host's own form. `useSend` holds the form (token from the balances, amount, receiver
 * address or name), validates it with a message per field, and sends; the modal is never involved. Built
 * only from `keyway` exports.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { getBalancesStore } from '../../src/hooks/balances/instance';
import { useSend } from '../../src/index';
import { useMessageText } from '../../src/views/index';
import { keywayBeforeEach, type StoryKitOptions, storyKit, withKeyway } from '../_support/keyway';
import { RECEIVER, RECEIVER_NAME, resetSendChain, sendChain, sendHandlers } from '../views/_sendData';

function SendForm() {
  const say = useMessageText();
  const send = useSend();
  const [reviewing, setReviewing] = useState(false);
  const { validation } = send;
  if (send.status === 'success' && send.txHash) return <p role="status">Sent in transaction {send.txHash}</p>;
  return (
    <form
      aria-label="Send"
      onSubmit={(e) => {
        e.preventDefault();
        if (reviewing) void send.submit();
        else setReviewing(validation.valid);
      }}
    >
      <fieldset>
        <legend>Token</legend>
        {send.balances.map((b) => (
          <button
            key={b.id}
            type="button"
            aria-pressed={send.token?.id === b.id}
            onClick={() => {
              setReviewing(false);
              send.setToken(b);
            }}
          >
            {b.symbol}
          </button>
        ))}
      </fieldset>
      <label>
        Amount
        <input
          value={send.sendTokenAmount}
          onChange={(e) => {
            setReviewing(false);
            send.setAmount(e.target.value);
          }}
        />
      </label>
      {validation.amountError ? <p>{say(validation.amountError)}</p> : null}
      <label>
        To
        <input
          value={send.receiverInput}
          onChange={(e) => {
            setReviewing(false);
            void send.setReceiver(e.target.value);
          }}
        />
      </label>
      {validation.receiverError ? <p>{say(validation.receiverError)}</p> : null}
      {reviewing ? (
        <p>
          Send {send.sendTokenAmount} {send.token?.symbol} to {send.receiverAddress}
          {send.formattedFee ? `, fee ${send.formattedFee}` : ''}
        </p>
      ) : null}
      <button type="submit" disabled={!validation.valid || send.sending}>
        {reviewing
          ? send.sending
            ? 'Sending…'
            : 'Send'
          : validation.valid
            ? 'Review'
            : say(validation.action)}
      </button>
    </form>
  );
}

const meta = {
  title: 'Hooks/useSend',
  component: SendForm,
  decorators: [withKeyway],
  beforeEach: keywayBeforeEach,
  parameters: {
    // An unstyled UI built from the hook: checked by its play functions, not a visual review.
    chromatic: { disableSnapshot: true },
    msw: { handlers: sendHandlers() },
    keyway: {
      connect: true,
      setup: async (kit) => {
        resetSendChain();
        await getBalancesStore(kit.keyway).getState().load();
      },
    } satisfies StoryKitOptions,
  },
} satisfies Meta<typeof SendForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Token, amount and a receiver name; the review names the resolved address; Send broadcasts one transaction. */
export const SendToAName: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'ETH' }));
    await userEvent.type(canvas.getByLabelText('Amount'), '0.01');
    await userEvent.type(canvas.getByLabelText('To'), RECEIVER_NAME);
    await userEvent.click(await canvas.findByRole('button', { name: 'Review' }, { timeout: 10_000 }));
    await expect(await canvas.findByText(`Send 0.01 ETH to ${RECEIVER}`, { exact: false })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    const status = await canvas.findByRole('status', {}, { timeout: 10_000 });
    await expect(status).toHaveTextContent(/^Sent in transaction 0x[0-9a-f]{64}$/);
    await expect(sendChain.sent).toHaveLength(1);
    await expect(storyKit().keyway.stores.modal.getState().isOpen).toBe(false);
  },
};

/** What the form says while it is not ready: the amount's and the receiver's messages. */
export const InvalidInput: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'ETH' }));
    await userEvent.type(canvas.getByLabelText('Amount'), '100000');
    await userEvent.type(canvas.getByLabelText('To'), '0x1234');
    await expect(await canvas.findByText('Amount exceeds your ETH balance')).toBeVisible();
    await expect(await canvas.findByText('Enter a valid address or name')).toBeVisible();
    // The submit button names the next thing to do, and stays disabled.
    await expect(canvasElement.querySelector('button[type="submit"]')).toBeDisabled();
    await expect(sendChain.sent).toHaveLength(0);
  },
};
