import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { kitMessage } from '../../src/core/messages';
import { getSwapStore } from '../../src/hooks/swap/instance';
import { en } from '../../src/i18n/en';
import { englishText } from '../../src/i18n/english';
import { SwapView } from '../../src/views/SwapView';
import { keywayBeforeEach, type StoryKitOptions, storyKit } from '../_support/keyway';
import { viewDecorators } from '../_support/ViewFrame';
import { sendChain } from './_sendData';
import {
  fillSwap,
  SWAP_OPTIONS,
  SWAP_PERMIT_OPTIONS,
  swapHandlers,
  swapPermitHandlers,
  swapStore,
} from './_swapData';

const kitWith = (setup: StoryKitOptions['setup']): StoryKitOptions => ({
  connect: true,
  options: SWAP_OPTIONS,
  setup,
});

const meta = {
  title: 'Views/SwapView',
  component: SwapView,
  decorators: viewDecorators('Swap'),
  beforeEach: keywayBeforeEach,
  parameters: {
    msw: { handlers: swapHandlers() },
    keyway: kitWith(fillSwap()),
  },
} satisfies Meta<typeof SwapView>;
export default meta;
type Story = StoryObj<typeof meta>;

const payField = (canvas: ReturnType<typeof within>) => canvas.getByRole('textbox', { name: 'You pay' });
const toast = async (text: string) => {
  const t = await within(document.body).findByText(text);
  await waitFor(() => expect(t).toBeVisible());
};

/**
 * A network without a trusted swap router: the view says swaps are not available there instead of a form
 * that every swap would fail in (the Account view offers no Swap on such a network; a host may still open
 * the view). The store still refuses such a swap before signing (its unit tests).
 */
export const NotAvailableOnNetwork: Story = {
  parameters: {
    keyway: {
      connect: true,
      // An empty list replaces the story network's router: no trusted router there.
      options: { swapRouters: { 'eip155:31337': [] } },
    } satisfies StoryKitOptions,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Swaps are not available on this network.')).toBeVisible();
    await expect(canvas.queryByRole('form', { name: 'Swap tokens' })).toBeNull();
    // Nothing to sign, and no toast of a refused swap: the kit did not offer one.
    await expect(sendChain.sent).toHaveLength(0);
    await expect(within(document.body).queryByText(en.swapMessages.noRouter)).toBeNull();
  },
};

/** While the tokens, balances and prices load. */
export const Initializing: Story = {
  parameters: {
    keyway: {
      ...kitWith((kit) => {
        getSwapStore(kit.keyway);
      }),
      // A token list that never arrives (an HTTP 'slow' variant would time out into the failed state).
      partDeps: {
        swap: (keyway) => ({
          api: { ...keyway.api.blockchain, getSwapTokens: () => new Promise(() => undefined) },
        }),
      },
    } satisfies StoryKitOptions,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status', { name: 'Loading tokens' })).toBeVisible();
  },
};

/** The token list fails: the toast, and a way to try again. */
export const InitFailed: Story = {
  parameters: {
    msw: { handlers: swapHandlers({ variants: { tokens: 'error' } }) },
    keyway: kitWith(undefined),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await toast(en.toasts.initializeSwap);
    await expect(await canvas.findByText('Swap could not start.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** Ready: ETH to pay with its balance; no target yet. */
export const Ready: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'ETH, change token' })).toBeVisible();
    await expect(canvas.getByText('Balance: 1.697 ETH')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Select token' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Select a token' })).toBeDisabled();
  },
};

/** Typing an amount: the quote arrives after a pause, with rate, impact, fees and slippage. */
export const Quoted: Story = {
  parameters: { keyway: kitWith(fillSwap({ to: 'USDC' })) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: 'You pay' }), '0.5');
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-kw-swap-to-amount]')).toHaveTextContent('1,586.647875'),
    );
    await expect(canvas.getByText('1 ETH = 3,173.29575 USDC')).toBeVisible();
    await expect(canvas.getByText('0.85%')).toBeVisible();
    await expect(canvas.getByText('0.004 ETH')).toBeVisible();
    await expect(canvas.getByRole('button', { name: '1%' })).toHaveAttribute('aria-pressed', 'true');
    const review = canvas.getByRole('button', { name: 'Review swap' });
    await waitFor(() => expect(review).toBeEnabled());
    await userEvent.click(review);
    await expect(storyKit().keyway.stores.modal.getState().history.at(-1)?.view).toBe('SwapPreview');
  },
};

/**
 * USDC (eip2612) on a router that takes permits: no approval transaction is built, the permit step waits in
 * the preview, and Review is enabled.
 */
export const PermitQuoted: Story = {
  parameters: {
    msw: { handlers: swapPermitHandlers() },
    keyway: {
      connect: true,
      options: SWAP_PERMIT_OPTIONS,
      setup: fillSwap({ from: 'USDC', to: 'DAI', amount: '100' }),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const review = canvas.getByRole('button', { name: 'Review swap' });
    await waitFor(() => expect(review).toBeEnabled());
    await expect(swapStore(storyKit()).getState()).toMatchObject({
      approvalMethod: 'permit',
      approvalTransaction: null,
    });
    await userEvent.click(review);
    await expect(storyKit().keyway.stores.modal.getState().history.at(-1)?.view).toBe('SwapPreview');
  },
};

/** While the quote loads (the API is slow): the button says so. */
export const QuoteLoading: Story = {
  parameters: {
    msw: { handlers: swapHandlers({ variants: { quotes: 'slow' } }) },
    keyway: kitWith(fillSwap({ to: 'USDC' })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: 'You pay' }), '0.5');
    await expect(await canvas.findByRole('button', { name: /Getting a quote/ })).toBeDisabled();
  },
};

/** Each bad amount has its message; what was typed stays; nothing is sent. */
export const ValidationMessages: Story = {
  parameters: { keyway: kitWith(fillSwap({ to: 'USDC' })) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = await canvas.findByRole('textbox', { name: 'You pay' });
    for (const [typed, message] of [
      ['0', en.sendMessages.notPositive],
      ['5', englishText(kitMessage('insufficientBalance', { symbol: 'ETH' }))],
    ] as const) {
      await userEvent.clear(field);
      await userEvent.type(field, typed);
      await waitFor(() => expect(payField(canvas)).toHaveAttribute('aria-invalid', 'true'));
      await expect(payField(canvas)).toHaveAccessibleDescription(expect.stringContaining(message));
      await expect(canvas.getByRole('button', { name: message })).toBeDisabled();
      await expect(payField(canvas)).toHaveValue(typed);
    }
    await expect(sendChain.sent).toHaveLength(0);
  },
};

/** No network coin for the fee: swapping a token is flagged. */
export const NoGasBalance: Story = {
  parameters: {
    msw: {
      handlers: swapHandlers({
        balances: (chainId) => [
          {
            name: 'USD Coin',
            symbol: 'USDC',
            chainId,
            address: `${chainId}:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48`,
            value: 1250,
            price: 1,
            quantity: { decimals: '6', numeric: '1250' },
            iconUrl: '',
          },
        ],
      }),
    },
    keyway: kitWith(fillSwap({ from: 'USDC', to: 'DAI', amount: '10' })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const message = englishText(kitMessage('insufficientGas', { symbol: 'ETH' }));
    await expect(await canvas.findByRole('button', { name: message })).toBeDisabled();
    await expect(payField(canvas)).toHaveAccessibleDescription(expect.stringContaining(message));
  },
};

/** Flip: USDC becomes what you pay, 1 when the target amount was empty. */
export const SwitchTokens: Story = {
  parameters: { keyway: kitWith(fillSwap({ to: 'USDC' })) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Switch tokens' }));
    await expect(await canvas.findByRole('button', { name: 'USDC, change token' })).toBeVisible();
    await expect(payField(canvas)).toHaveValue('1');
  },
};

/** A failed allowance check: its toast; the form keeps what was typed. */
export const AllowanceFailed: Story = {
  parameters: {
    msw: { handlers: swapHandlers({ variants: { allowance: 'error' } }) },
    keyway: kitWith(fillSwap({ from: 'USDC', to: 'DAI', amount: '100' })),
  },
  play: async ({ canvasElement }) => {
    await toast(en.toasts.checkAllowance);
    await expect(payField(within(canvasElement))).toHaveValue('100');
  },
};

/** A failed approval build: its toast. */
export const ApprovalBuildFailed: Story = {
  parameters: {
    msw: { handlers: swapHandlers({ variants: { buildApprove: 'error' } }) },
    keyway: kitWith(fillSwap({ from: 'USDC', to: 'DAI', amount: '100' })),
  },
  play: async () => toast(en.toasts.createApprovalTransaction),
};

/** A failed swap build: its toast. */
export const TransactionBuildFailed: Story = {
  parameters: {
    msw: { handlers: swapHandlers({ variants: { buildTransaction: 'error' } }) },
    keyway: kitWith(fillSwap({ to: 'USDC', amount: '0.5' })),
  },
  play: async () => toast(en.toasts.createTransaction),
};

/** A failed network-token price: its toast. */
export const NetworkPriceFailed: Story = {
  parameters: {
    msw: { handlers: swapHandlers({ variants: { price: 'error' } }) },
    keyway: kitWith(undefined),
  },
  play: async () => toast(en.toasts.fetchNetworkTokenPrice),
};

/** The gas price is unavailable: the fee shows as unknown and the swap still works. */
export const FeeUnknown: Story = {
  parameters: {
    msw: { handlers: swapHandlers({ variants: { gasPrice: 'error' } }) },
    keyway: kitWith(fillSwap({ to: 'USDC', amount: '0.5' })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-kw-swap-fee]')).toHaveTextContent('Unknown'),
    );
    await expect(canvas.getByRole('button', { name: 'Review swap' })).toBeEnabled();
  },
};

/** A price impact above 5 %: the warning, and Review only after ticking the confirmation. */
export const PriceImpactConfirm: Story = {
  parameters: {
    keyway: kitWith(async (kit) => {
      await fillSwap({ to: 'USDC', amount: '0.5' })(kit);
      // The quote is what it is; the market price of USDC seen by the kit is 10 % higher.
      swapStore(kit).setState((s) => ({ priceImpact: 10, toTokenPriceInUSD: s.toTokenPriceInUSD }));
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Price impact is 10.00%/)).toBeVisible();
    const review = canvas.getByRole('button', { name: 'Review swap' });
    await expect(review).toBeDisabled();
    await userEvent.click(canvas.getByText(/I understand this swap loses about 10.00%/));
    await waitFor(() => expect(review).toBeEnabled());
  },
};

/** A price impact between 1 % and 5 %: a warning only. */
export const PriceImpactWarning: Story = {
  parameters: {
    keyway: kitWith(async (kit) => {
      await fillSwap({ to: 'USDC', amount: '0.5' })(kit);
      swapStore(kit).setState({ priceImpact: 2.5 });
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Price impact is 2.50%/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Review swap' })).toBeEnabled();
  },
};
