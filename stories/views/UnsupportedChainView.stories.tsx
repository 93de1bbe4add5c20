import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { UnsupportedChainView } from '../../src/views/UnsupportedChainView';
import {
  keywayBeforeEach,
  type StoryKitOptions,
  storyHandlers,
  storyKit,
  UNSUPPORTED_CHAIN_ID,
} from '../_support/keyway';
import { viewDecorators } from '../_support/ViewFrame';

const meta = {
  title: 'Views/UnsupportedChainView',
  component: UnsupportedChainView,
  decorators: viewDecorators('Switch network'),
  beforeEach: keywayBeforeEach,
  parameters: {
    msw: { handlers: storyHandlers() },
    // The wallet is on chain 31339, which the app does not list.
    keyway: { connect: true, walletChainId: UNSUPPORTED_CHAIN_ID } satisfies StoryKitOptions,
  },
} satisfies Meta<typeof UnsupportedChainView>;
export default meta;
type Story = StoryObj<typeof meta>;

const list = (root: HTMLElement) => within(within(root).getByRole('list', { name: 'Networks' }));

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/does not support the network your wallet is on/)).toBeVisible();
    await expect(list(canvasElement).getAllByRole('button')).toHaveLength(2);
    await expect(list(canvasElement).queryByText('Active')).not.toBeInTheDocument();
    await expect(storyKit().keyway.stores.networks.getState().isUnsupported).toBe(true);
  },
};

export const SwitchToSupported: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(list(canvasElement).getByRole('button', { name: /^Keyway Local L2/ }));
    await waitFor(() => expect(storyKit().keyway.stores.networks.getState().isUnsupported).toBe(false));
    await expect(storyKit().keyway.stores.account.getState().chainId).toBe(31338);
  },
};

export const Disconnect: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(storyKit().keyway.stores.account.getState().isConnected).toBe(false));
  },
};
