import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { AccountView } from '../../src/views/AccountView';
import { keywayBeforeEach, type StoryKitOptions } from '../_support/keyway';
import { viewDecorators } from '../_support/ViewFrame';
import {
  registerStorySolanaWallet,
  STORY_SOLANA_ADDRESS,
  STORY_SOLANA_NETWORK,
  STORY_SOLANA_NETWORKS,
  STORY_SOLANA_WALLET,
  solanaBeforeEach,
  solanaStoryHandlers,
} from './_solana';

/** The Account view with the Solana test wallet connected on the Solana network. */
const meta = {
  title: 'Views/Solana/AccountView',
  component: AccountView,
  decorators: viewDecorators('Account'),
  beforeEach: [keywayBeforeEach, solanaBeforeEach],
  parameters: {
    msw: { handlers: solanaStoryHandlers() },
    keyway: {
      options: { networks: STORY_SOLANA_NETWORKS },
      setup: async ({ keyway }) => {
        registerStorySolanaWallet();
        await keyway.stores.networks.getState().switchNetwork(STORY_SOLANA_NETWORK.id);
        await keyway.solana?.connect(STORY_SOLANA_WALLET);
      },
    } satisfies StoryKitOptions,
  },
} satisfies Meta<typeof AccountView>;
export default meta;
type Story = StoryObj<typeof meta>;

const SHORT = `${STORY_SOLANA_ADDRESS.slice(0, 4)}…${STORY_SOLANA_ADDRESS.slice(-4)}`;

/** Short base58 address, the SOL balance read from the Solana RPC, the network badge, the explorer link. */
export const ConnectedOnSolana: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(SHORT)).toHaveAttribute('title', STORY_SOLANA_ADDRESS);
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-kw-balance]')).toHaveTextContent('2.5 SOL'),
    );
    await expect(canvas.getByRole('button', { name: STORY_SOLANA_NETWORK.name })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'View on block explorer' })).toHaveAttribute(
      'href',
      `https://explorer.solana.keyway.test/address/${STORY_SOLANA_ADDRESS}`,
    );
  },
};
