import type { Meta, StoryObj } from '@storybook/react-vite';
import { act } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { getBalancesStore } from '../../src/hooks/balances/instance';
import { getSendStore } from '../../src/hooks/send/instance';
import { identityFixture } from '../../src/testing/msw';
import { WalletSendView } from '../../src/views/WalletSendView';
import { keywayBeforeEach, type StoryKitOptions, storyKit } from '../_support/keyway';
import { viewDecorators } from '../_support/ViewFrame';
import {
  fillSend,
  RECEIVER,
  RECEIVER_AVATAR,
  RECEIVER_BROKEN_CHECKSUM,
  RECEIVER_NAME,
  resetSendChain,
  sendChain,
  sendHandlers,
} from './_sendData';

const withToken =
  (symbol = 'ETH', form: { amount?: string; receiver?: string } = {}): StoryKitOptions['setup'] =>
  async (kit) => {
    resetSendChain();
    await fillSend(kit, { symbol, ...form });
  };

const meta = {
  title: 'Views/WalletSendView',
  component: WalletSendView,
  decorators: viewDecorators('Send'),
  beforeEach: keywayBeforeEach,
  parameters: {
    msw: { handlers: sendHandlers() },
    keyway: { connect: true, setup: withToken() } satisfies StoryKitOptions,
  },
} satisfies Meta<typeof WalletSendView>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A store update from outside React (what a host's own input does through `useSend`): inside `act` where React
 * has it, as Storybook's React renderer does (development React, the Vitest run), as it is where React has no
 * `act` (the built Storybook's production React, which has no act environment either).
 */
const fromOutside = (update: () => void) => (typeof act === 'function' ? act(update) : update());

const amountField = (canvas: ReturnType<typeof within>) => canvas.getByRole('textbox', { name: 'Amount' });
const receiverField = (canvas: ReturnType<typeof within>) => canvas.getByRole('textbox', { name: 'To' });

/** Types into a field and checks the message under it; what was typed stays; Preview stays disabled. */
async function expectMessage(
  canvasElement: HTMLElement,
  field: 'amount' | 'receiver',
  typed: string,
  message: string,
) {
  const canvas = within(canvasElement);
  const input = field === 'amount' ? amountField(canvas) : receiverField(canvas);
  await userEvent.type(input, typed);
  await waitFor(() => expect(canvas.getByText(message)).toBeVisible());
  await expect(input).toHaveValue(typed);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  const preview = canvas.getByRole('button', { name: /Preview send|Enter|Select|Resolving|Getting/ });
  await expect(preview).toBeDisabled();
  await expect(sendChain.sent).toHaveLength(0);
}

/** No token chosen yet: the picker says so and Preview asks for a token first. */
export const Empty: Story = {
  parameters: { keyway: { connect: true, setup: () => resetSendChain() } satisfies StoryKitOptions },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Select token' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Select a token' })).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'Max' })).toBeNull();
    // The picker opens the token list.
    await userEvent.click(canvas.getByRole('button', { name: 'Select token' }));
    await expect(storyKit().keyway.stores.modal.getState().history.at(-1)?.view).toBe(
      'WalletSendSelectToken',
    );
  },
};

/** ETH chosen: its balance, the network fee at 20 gwei (21 000 gas × 0.00000002 ETH × $3,200.50). */
export const TokenChosen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'ETH, change token' })).toBeVisible();
    await expect(canvas.getByText('Balance: 1.697 ETH')).toBeVisible();
    await waitFor(() => expect(canvasElement.querySelector('[data-kw-send-fee]')).toHaveTextContent('$1.34'));
    await expect(canvas.getByRole('button', { name: 'Enter an amount' })).toBeDisabled();
  },
};

/** A valid amount and address: the USD value shows and Preview opens the preview. */
export const Valid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(amountField(canvas), '0.5');
    await userEvent.type(receiverField(canvas), RECEIVER);
    await expect(await canvas.findByText('≈ $1,600.25')).toBeVisible();
    const preview = await canvas.findByRole('button', { name: 'Preview send' });
    await waitFor(() => expect(preview).toBeEnabled());
    await userEvent.click(preview);
    await expect(storyKit().keyway.stores.modal.getState().history.at(-1)?.view).toBe('SendPreview');
  },
};

/** Max on the native token: the balance minus the transfer's fee (1.697269 − 0.00042). */
export const MaxLeavesTheFee: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Max' }));
    await waitFor(() => expect(amountField(canvas)).toHaveValue('1.696849'));
  },
};

/** Max on a token: its whole balance. */
export const MaxOnAToken: Story = {
  parameters: { keyway: { connect: true, setup: withToken('USDC') } satisfies StoryKitOptions },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Max' }));
    await waitFor(() => expect(amountField(canvas)).toHaveValue('1250'));
  },
};

export const AmountAboveBalance: Story = {
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: 'ETH, change token' });
    await expectMessage(canvasElement, 'amount', '2', 'Amount exceeds your ETH balance');
  },
};

/** The whole ETH balance leaves nothing for the fee. */
export const NoRoomForTheFee: Story = {
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: 'ETH, change token' });
    await expectMessage(canvasElement, 'amount', '1.697269', 'Not enough ETH left to pay the network fee');
  },
};

export const ZeroAmount: Story = {
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: 'ETH, change token' });
    await expectMessage(canvasElement, 'amount', '0', 'Enter an amount greater than 0');
  },
};

/** 1.1234567 typed for ETH, then USDC (6 decimals) chosen: the amount is kept and flagged. */
export const TooManyDecimals: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: 'ETH, change token' });
    await userEvent.type(amountField(canvas), '1.1234567');
    const usdc = getBalancesStore(storyKit().keyway)
      .getState()
      .balances.find((b) => b.symbol === 'USDC')!;
    fromOutside(() => getSendStore(storyKit().keyway).getState().setToken(usdc));
    await expect(await canvas.findByText('USDC has at most 6 decimals')).toBeVisible();
    await expect(amountField(canvas)).toHaveValue('1.1234567');
    await expect(canvas.getByRole('button', { name: 'Enter a receiver address or name' })).toBeDisabled();
  },
};

/**
 * The field only takes digits and one separator, so letters and a minus sign never get in; an amount set from
 * outside the field (a host's own input through `useSend().setAmount`) is kept as it is and flagged.
 */
export const NonNumericAmount: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: 'ETH, change token' });
    await userEvent.type(amountField(canvas), 'abc');
    await expect(amountField(canvas)).toHaveValue('');
    fromOutside(() => getSendStore(storyKit().keyway).getState().setAmount('1e3'));
    await expect(await canvas.findByText('Enter the amount as a number, like 0.5')).toBeVisible();
    await expect(amountField(canvas)).toHaveValue('1e3');
    await expect(amountField(canvas)).toHaveAttribute('aria-invalid', 'true');
  },
};

export const NegativeAmount: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: 'ETH, change token' });
    fromOutside(() => getSendStore(storyKit().keyway).getState().setAmount('-0.5'));
    await expect(await canvas.findByText('Enter an amount greater than 0')).toBeVisible();
    await expect(amountField(canvas)).toHaveValue('-0.5');
    await expect(canvas.getByRole('button', { name: 'Enter a receiver address or name' })).toBeDisabled();
  },
};

export const InvalidAddress: Story = {
  parameters: {
    keyway: { connect: true, setup: withToken('ETH', { amount: '0.1' }) } satisfies StoryKitOptions,
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: 'ETH, change token' });
    await expectMessage(canvasElement, 'receiver', '0x1234', 'Enter a valid address or name');
    await expect(amountField(within(canvasElement))).toHaveValue('0.1');
  },
};

export const ChecksumError: Story = {
  parameters: {
    keyway: { connect: true, setup: withToken('ETH', { amount: '0.1' }) } satisfies StoryKitOptions,
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: 'ETH, change token' });
    await expectMessage(
      canvasElement,
      'receiver',
      RECEIVER_BROKEN_CHECKSUM,
      'This address has a checksum error: check it for typos',
    );
  },
};

/** A registered name resolves to its address, shown with the name's avatar. */
export const NameResolved: Story = {
  parameters: {
    keyway: { connect: true, setup: withToken('ETH', { amount: '0.1' }) } satisfies StoryKitOptions,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: 'ETH, change token' });
    await userEvent.type(receiverField(canvas), RECEIVER_NAME);
    await expect(await canvas.findByText(`${RECEIVER_NAME} · 0x7099…79C8`)).toBeVisible();
    const avatar = canvasElement.querySelector(`img[src="${RECEIVER_AVATAR}"]`);
    await expect(avatar).not.toBeNull();
    await expect(receiverField(canvas)).toHaveValue(RECEIVER_NAME);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Preview send' })).toBeEnabled());
    await expect(getSendStore(storyKit().keyway).getState().receiverAddress).toBe(RECEIVER);
  },
};

export const NameNotFound: Story = {
  parameters: {
    keyway: { connect: true, setup: withToken('ETH', { amount: '0.1' }) } satisfies StoryKitOptions,
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: 'ETH, change token' });
    await expectMessage(canvasElement, 'receiver', 'nobody.kw.id', 'No address found for nobody.kw.id');
  },
};

/** A typed address shows its name and avatar from the identity service. */
export const AddressWithName: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: 'ETH, change token' });
    await userEvent.type(receiverField(canvas), RECEIVER);
    await expect(await canvas.findByText(identityFixture.name)).toBeVisible();
    await expect(canvasElement.querySelector(`img[src="${identityFixture.avatar}"]`)).not.toBeNull();
  },
};

/** Neither the API nor the chain gives a gas price: the native token cannot be sent (spec §5). */
export const FeeUnavailable: Story = {
  parameters: {
    msw: { handlers: sendHandlers({ failGasPrice: true }) },
    keyway: {
      connect: true,
      setup: withToken('ETH', { amount: '0.1', receiver: RECEIVER }),
    } satisfies StoryKitOptions,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('The network fee is not available right now. Try again later.'),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Preview send' })).toBeDisabled();
    await expect(amountField(canvas)).toHaveValue('0.1');
  },
};
