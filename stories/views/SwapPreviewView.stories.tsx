import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { decodeFunctionData, erc20Abi, parseTransaction } from 'viem';
import { swapRouterAbi } from '../../src/chains/evm/swap';
import { en } from '../../src/i18n/en';
import { FIXTURE_ROUTER } from '../../src/testing/msw';
import { SwapPreviewView } from '../../src/views/SwapPreviewView';
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

const kitWith = (setup: StoryKitOptions['setup'], extra: Partial<StoryKitOptions> = {}): StoryKitOptions => ({
  connect: true,
  options: SWAP_OPTIONS,
  setup,
  ...extra,
});
const ethToUsdc = fillSwap({ to: 'USDC', amount: '0.5' });
const usdcToDai = fillSwap({ from: 'USDC', to: 'DAI', amount: '100' });

const meta = {
  title: 'Views/SwapPreviewView',
  component: SwapPreviewView,
  decorators: viewDecorators('Review swap'),
  beforeEach: keywayBeforeEach,
  parameters: {
    msw: { handlers: swapHandlers() },
    keyway: kitWith(ethToUsdc),
  },
} satisfies Meta<typeof SwapPreviewView>;
export default meta;
type Story = StoryObj<typeof meta>;

const toast = async (text: string) => {
  const t = await within(document.body).findByText(text);
  await waitFor(() => expect(t).toBeVisible());
};

/** ETH → USDC: what you pay, the least you receive (quote less 1 %), the expected amount; no approval. */
export const Review: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('[data-kw-swap-pay]')).toHaveTextContent('0.5 ETH');
    // 1586.647875 × 0.99 = 1570.78139625 → shown with 6 decimals at most.
    await expect(canvasElement.querySelector('[data-kw-swap-min]')).toHaveTextContent('1,570.781396 USDC');
    await expect(canvas.getByText('Expected 1,586.647875 USDC')).toBeVisible();
    await expect(canvas.queryByRole('list', { name: 'Steps' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Swap' })).toBeEnabled();
  },
};

/** The swap is sent: success toast, the form is reset and the modal goes to Account. */
export const Success: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Swap' }));
    // The toast store holds the English message (1586.647); the toast shows its amounts written for the locale.
    await toast('Swapped 0.5 ETH for 1,586.647 USDC');
    await expect(sendChain.sent).toHaveLength(1);
    const tx = parseTransaction(sendChain.sent[0]!);
    await expect(tx.to?.toLowerCase()).toBe(FIXTURE_ROUTER.toLowerCase());
    await expect(tx.value).toBe(500000000000000000n);
    await expect(swapStore(storyKit()).getState().sourceTokenAmount).toBe('');
  },
};

/** USDC needs an approval: the step names the exact amount; Swap waits for it. */
export const ApprovalNeeded: Story = {
  parameters: { keyway: kitWith(usdcToDai) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Allow the swap to use exactly 100 USDC')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Approve' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Swap' })).toBeDisabled();
  },
};

/**
 * Approving: the wallet signs approve(router, exactly 100 USDC) and the step waits for it to be mined
 * (the story chain holds the receipt).
 */
export const Approving: Story = {
  parameters: { keyway: kitWith(usdcToDai) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    sendChain.holdReceipts = true;
    await userEvent.click(await canvas.findByRole('button', { name: 'Approve' }));
    await expect(await canvas.findByRole('button', { name: /Approving/ })).toBeDisabled();
    await expect(sendChain.sent).toHaveLength(1);
    const tx = parseTransaction(sendChain.sent[0]!);
    const call = decodeFunctionData({ abi: erc20Abi, data: tx.data! });
    await expect(call.functionName).toBe('approve');
    await expect(call.args).toEqual([FIXTURE_ROUTER, 100_000_000n]);
    await expect(canvas.getByRole('button', { name: 'Swap' })).toBeDisabled();
  },
};

/** The approval is refused in the wallet: a message, the form as it was, nothing sent. */
export const ApprovalRejected: Story = {
  parameters: { keyway: kitWith(usdcToDai) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    storyKit().wallet.rejectNext();
    await userEvent.click(await canvas.findByRole('button', { name: 'Approve' }));
    await expect(await canvas.findByText('The approval was not given. You can try again.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Approve' })).toBeEnabled();
    await expect(sendChain.sent).toHaveLength(0);
    await expect(swapStore(storyKit()).getState().sourceTokenAmount).toBe('100');
  },
};

/** A quote older than 30 s: Swap fetches it again and shows the new figures instead of sending. */
export const StaleQuoteRefreshed: Story = {
  parameters: {
    keyway: kitWith(async (kit) => {
      await ethToUsdc(kit);
      swapStore(kit).setState({ quoteFetchedAt: Date.now() - 31_000 });
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Swap' }));
    await expect(await canvas.findByText(/The quote was more than 30 seconds old/)).toBeVisible();
    await expect(sendChain.sent).toHaveLength(0);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Swap' })).toBeEnabled());
  },
};

/** Nothing to review (opened without a quote): a way back to the form. */
export const Incomplete: Story = {
  parameters: { keyway: kitWith(fillSwap()) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Something is missing in the swap form.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Back to the form' })).toBeEnabled();
  },
};

/** USDC → DAI where the router takes EIP-2612 permits (USDC is flagged eip2612 by the API). */
const permitParameters = {
  msw: { handlers: swapPermitHandlers() },
  keyway: kitWith(usdcToDai, { options: SWAP_PERMIT_OPTIONS }),
};

/** The approval step is a permit signature for exactly 100 USDC (no approval transaction); Swap waits for it. */
export const PermitNeeded: Story = {
  parameters: permitParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Sign a permit for exactly 100 USDC')).toBeVisible();
    await expect(canvas.getByText(en.swapPreview.permitNote)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Sign permit' })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: 'Approve' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Swap' })).toBeDisabled();
  },
};

/**
 * Signing: the wallet is asked for the Permit typed data (owner, the trusted router, exactly 100 USDC, a
 * deadline) and the step waits for it; nothing is sent.
 */
export const PermitSigning: Story = {
  parameters: permitParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const { wallet } = storyKit();
    wallet.setAutoApprove(false);
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign permit' }));
    await expect(await canvas.findByRole('button', { name: /Sign in your wallet/ })).toBeDisabled();
    await waitFor(() => expect(wallet.pending.map((p) => p.method)).toEqual(['eth_signTypedData_v4']));
    const [, data] = wallet.pending[0]!.params as [string, string];
    const typed = JSON.parse(data) as {
      primaryType: string;
      domain: object;
      message: Record<string, unknown>;
    };
    await expect(typed.primaryType).toBe('Permit');
    await expect(typed.domain).toMatchObject({ name: 'USD Coin', version: '1', chainId: 31337 });
    await expect(String(typed.message.spender).toLowerCase()).toBe(FIXTURE_ROUTER.toLowerCase());
    await expect(String(typed.message.value)).toBe('100000000');
    await expect(sendChain.sent).toHaveLength(0);
    await expect(canvas.getByRole('button', { name: 'Swap' })).toBeDisabled();
  },
};

/** Signed: the step says so, and Swap sends one transaction, the router's WithPermit call. */
export const PermitSignedSwap: Story = {
  parameters: permitParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign permit' }));
    await expect(await canvas.findByText('Signed')).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Swap' })).toBeEnabled());
    await userEvent.click(canvas.getByRole('button', { name: 'Swap' }));
    await toast('Swapped 100 USDC for 99.15 DAI');
    await expect(sendChain.sent).toHaveLength(1);
    const tx = parseTransaction(sendChain.sent[0]!);
    await expect(tx.to?.toLowerCase()).toBe(FIXTURE_ROUTER.toLowerCase());
    const call = decodeFunctionData({ abi: swapRouterAbi, data: tx.data! });
    await expect(call.functionName).toBe('swapExactTokensForTokensWithPermit');
    await expect(call.args.slice(0, 3)).toEqual([
      '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      '0x6B175474E89094C44Da98b954EedeAC495271d0F',
      100_000_000n,
    ]);
  },
};

/** The permit is refused in the wallet: a message, the form as it was, nothing sent. */
export const PermitRejected: Story = {
  parameters: permitParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    storyKit().wallet.rejectNext();
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign permit' }));
    await expect(await canvas.findByText('The permit was not signed. You can try again.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Sign permit' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Swap' })).toBeDisabled();
    await expect(sendChain.sent).toHaveLength(0);
    await expect(swapStore(storyKit()).getState().sourceTokenAmount).toBe('100');
  },
};
