import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Transaction } from '../../src/api/schemas';
import type { Keyway } from '../../src/hooks/keyway';
import type { OnrampStoreDeps } from '../../src/hooks/onramp/store';
import { BuyInProgressView } from '../../src/views/BuyInProgressView';
import { keywayBeforeEach, STORY_ADDRESS, type StoryKitOptions, storyKit } from '../_support/keyway';
import { viewDecorators } from '../_support/ViewFrame';
import { BUY_OPTIONS, buyHandlers, onrampStore, openProviderWindow } from './_buyData';

const purchase: Transaction = {
  id: 'onramp-purchase',
  metadata: {
    operationType: 'buy',
    hash: `0x${'ab'.repeat(32)}`,
    chain: 'eip155:31337',
    minedAt: '2026-01-01T00:00:00Z',
    sentFrom: '0x0000000000000000000000000000000000000000',
    sentTo: STORY_ADDRESS,
    status: 'confirmed',
    nonce: undefined,
  },
  transfers: [
    {
      fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: { url: '' } },
      direction: 'in',
      quantity: { numeric: '46.51' },
    } as Transaction['transfers'][number],
  ],
};

/** Story kit: 50 USD typed, the quote in, then Continue as the user would (`deps` for the on-ramp store). */
const started = (deps: (keyway: Keyway) => Partial<OnrampStoreDeps>): StoryKitOptions => ({
  connect: true,
  options: BUY_OPTIONS,
  partDeps: { onramp: deps },
  setup: async (kit) => {
    const store = onrampStore(kit);
    await store.getState().loadOptions();
    store.getState().setPaymentAmount('50');
    await waitFor(() => expect(store.getState().quotesLoading).toBe(false));
    await store.getState().buy();
  },
});

const meta = {
  title: 'Views/BuyInProgressView',
  component: BuyInProgressView,
  decorators: viewDecorators('Buy'),
  beforeEach: keywayBeforeEach,
  parameters: {
    msw: { handlers: buyHandlers() },
    keyway: started(() => ({ openWindow: openProviderWindow })),
  },
} satisfies Meta<typeof BuyInProgressView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The provider page is open: waiting for the purchase; Back keeps the form. */
export const InProgress: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Complete your purchase in the provider window')).toBeVisible();
    // Said in the view's status region (a polite live region, in the page before its text).
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent(
        /^Complete your purchase in the provider window\s*Waiting for your purchase to arrive…$/,
      ),
    );
    await expect(canvas.getByRole('button', { name: 'Back to the form' })).toBeEnabled();
    await expect(onrampStore(storyKit()).getState().purchase.status).toBe('waiting');
  },
};

/** The popup was blocked: a link to the provider page (new tab, no opener). */
export const PopupBlocked: Story = {
  parameters: { keyway: started(() => ({ openWindow: () => null })) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Your browser blocked the provider window')).toBeVisible();
    const link = canvas.getByRole('link', { name: 'Open the provider page' });
    await expect(link).toHaveAttribute('href', 'https://pay.coinbase.com/buy?session=fixture');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  },
};

/** The time limit passed: "still waiting" (not an error), with Check again. */
export const StillWaiting: Story = {
  parameters: {
    keyway: started(() => ({ openWindow: openProviderWindow, pollMs: 20, waitLimitMs: 50 })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Still waiting')).toBeVisible();
    await expect(
      canvas.getByText('The purchase has not arrived yet. Payments can take a few minutes.'),
    ).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Check again' }));
    await expect(await canvas.findByText('Complete your purchase in the provider window')).toBeVisible();
  },
};

/** The purchase showed in the history: success with the received amount and a way to Activity. */
export const Success: Story = {
  parameters: {
    keyway: started((keyway) => {
      let calls = 0;
      return {
        openWindow: openProviderWindow,
        pollMs: 50,
        api: {
          ...keyway.api.blockchain,
          // The first read is the baseline; then the purchase is there.
          getTransactions: async () => ({ data: calls++ === 0 ? [] : [purchase], next: null }),
        },
      };
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Purchase complete')).toBeVisible();
    await expect(canvas.getByText('You received 46.51 USDC')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'View in Activity' })).toBeEnabled();
  },
};
