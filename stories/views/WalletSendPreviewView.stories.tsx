import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { getSendStore } from '../../src/hooks/send/instance';
import { WalletSendPreviewView } from '../../src/views/WalletSendPreviewView';
import { keywayBeforeEach, type StoryKit, type StoryKitOptions, storyKit } from '../_support/keyway';
import { viewDecorators } from '../_support/ViewFrame';
import { fillSend, RECEIVER, RECEIVER_NAME, resetSendChain, sendChain, sendHandlers } from './_sendData';
import { recordEvents, trackedEvents } from './_walletData';

/** The form as a user filled it, with the modal on Send → Review send. */
const filled = (
  form: { symbol?: string; amount: string; receiver: string },
  manual = false,
): StoryKitOptions =>
  ({
    connect: true,
    setup: async (kit: StoryKit) => {
      resetSendChain();
      // Connected with the wallet approving; from here on its prompts wait for approveNext/rejectNext.
      if (manual) kit.wallet.setAutoApprove(false);
      recordEvents(kit);
      await fillSend(kit, form);
      kit.keyway.stores.modal.getState().reset('Account');
      kit.keyway.stores.modal.getState().push('Send');
      kit.keyway.stores.modal.getState().push('SendPreview');
    },
  }) satisfies StoryKitOptions;

const meta = {
  title: 'Views/WalletSendPreviewView',
  component: WalletSendPreviewView,
  decorators: viewDecorators('Review send'),
  beforeEach: keywayBeforeEach,
  parameters: {
    msw: { handlers: sendHandlers() },
    keyway: filled({ amount: '0.01', receiver: RECEIVER_NAME }),
  },
} satisfies Meta<typeof WalletSendPreviewView>;
export default meta;
type Story = StoryObj<typeof meta>;

const sendButton = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('button', { name: 'Send' });

/** What will be sent: amount and value, from, to (name, avatar, address), network and fee. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('0.01 ETH')).toBeVisible();
    await expect(canvas.getByText('≈ $32.01')).toBeVisible();
    const summary = within(canvas.getByRole('region', { name: 'Send summary' }));
    await expect(summary.getByText('0xf39F…2266')).toBeVisible();
    await expect(summary.getByText(RECEIVER_NAME)).toBeVisible();
    // The receiver's whole address, not a shortened one (address-poisoning defence).
    await expect(summary.getByText(RECEIVER)).toBeVisible();
    await expect(summary.queryByText('0x7099…79C8')).toBeNull();
    await expect(summary.getByText('Keyway Local')).toBeVisible();
    await expect(summary.getByText('$1.34')).toBeVisible();
    await expect(await sendButton(canvasElement)).toBeEnabled();
    await expect(sendChain.sent).toHaveLength(0);
  },
};

/** Send: the wallet signs, the transaction is mined, the modal goes to Account and the form is cleared. */
export const Success: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await sendButton(canvasElement));
    const { stores } = storyKit().keyway;
    await waitFor(() => expect(stores.modal.getState().history.map((h) => h.view)).toEqual(['Account']));
    const toast = await within(document.body).findByText('Sent 0.01 ETH');
    await waitFor(() => expect(toast).toBeVisible());
    await expect(sendChain.sent).toHaveLength(1);
    await expect(getSendStore(storyKit().keyway).getState()).toMatchObject({
      token: null,
      sendTokenAmount: '',
      receiverInput: '',
    });
    await expect(trackedEvents.map((e) => e.event)).toEqual(['SEND_INITIATED', 'SEND_SUCCESS']);
  },
};

/** A token: 5 USDC through the token's transfer call. */
export const TokenSuccess: Story = {
  parameters: { keyway: filled({ symbol: 'USDC', amount: '5', receiver: RECEIVER }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('5 USDC')).toBeVisible();
    await userEvent.click(await sendButton(canvasElement));
    const toast = await within(document.body).findByText('Sent 5 USDC');
    await waitFor(() => expect(toast).toBeVisible());
    await expect(sendChain.sent).toHaveLength(1);
  },
};

/** While the wallet asks the user, and then while the transaction waits to be mined. */
export const Pending: Story = {
  parameters: { keyway: filled({ amount: '0.01', receiver: RECEIVER }, true) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await sendButton(canvasElement));
    const confirming = await canvas.findByRole('button', { name: 'Confirm in your wallet' });
    await expect(confirming).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    sendChain.holdReceipts = true;
    const { wallet } = storyKit();
    await waitFor(() => expect(wallet.pending).toHaveLength(1));
    wallet.approveNext();
    await expect(await canvas.findByRole('button', { name: 'Sending…' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(sendChain.sent).toHaveLength(1);
  },
};

/** The user refuses in the wallet: a toast with the wallet's message, the preview stays, nothing is sent. */
export const RejectedInWallet: Story = {
  play: async ({ canvasElement }) => {
    storyKit().wallet.rejectNext();
    await userEvent.click(await sendButton(canvasElement));
    const toast = await within(document.body).findByText('User rejected the request.');
    await waitFor(() => expect(toast).toBeVisible());
    await waitFor(async () => expect(await sendButton(canvasElement)).toBeEnabled());
    await expect(sendChain.sent).toHaveLength(0);
    await expect(storyKit().keyway.stores.modal.getState().history.at(-1)?.view).toBe('SendPreview');
    await expect(trackedEvents.map((e) => e.event)).toEqual(['SEND_INITIATED', 'SEND_ERROR']);
  },
};

/** Reached without a complete form (e.g. after the account changed): nothing to send, back to the form. */
export const Incomplete: Story = {
  parameters: { keyway: { connect: true, setup: () => resetSendChain() } satisfies StoryKitOptions },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Something is missing in the send form.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Back to the form' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Send' })).toBeNull();
  },
};
