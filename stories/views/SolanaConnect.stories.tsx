import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { getConnectStore } from '../../src/hooks/connect/instance';
import { ConnectView } from '../../src/views/ConnectView';
import { keywayBeforeEach, type StoryKitOptions, storyKit } from '../_support/keyway';
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

/** The Connect view while a Solana network is active: the Wallet Standard wallets that support Solana. */
const meta = {
  title: 'Views/Solana/ConnectView',
  component: ConnectView,
  decorators: viewDecorators('Connect wallet'),
  beforeEach: [keywayBeforeEach, solanaBeforeEach],
  parameters: {
    msw: { handlers: solanaStoryHandlers() },
    keyway: {
      options: { networks: STORY_SOLANA_NETWORKS },
      setup: async ({ keyway }) => {
        registerStorySolanaWallet();
        await keyway.stores.networks.getState().switchNetwork(STORY_SOLANA_NETWORK.id);
        // What the modal's first open does: listen for Wallet Standard wallets.
        keyway.solana?.startDiscovery();
      },
    } satisfies StoryKitOptions,
  },
} satisfies Meta<typeof ConnectView>;
export default meta;
type Story = StoryObj<typeof meta>;

const wallets = (canvas: HTMLElement) => within(within(canvas).getByRole('list', { name: 'Wallets' }));

/**
 * The Solana wallet first, badged Installed, then the phone wallets the explorer recommends: pairing one
 * proposes the Solana namespace too. No EVM browser extension and no "All wallets" entry.
 */
export const SolanaWallets: Story = {
  play: async ({ canvasElement }) => {
    const list = wallets(canvasElement);
    await waitFor(() =>
      expect(list.getAllByRole('button').map((b) => b.textContent)).toEqual([
        `${STORY_SOLANA_WALLET}Installed`,
        'MetaMask',
        'Trust Wallet',
        'Coinbase Wallet',
        'Rainbow',
      ]),
    );
    await expect(within(canvasElement).queryByRole('button', { name: /All wallets/ })).toBeNull();
    await expect(within(canvasElement).queryByRole('button', { name: /Keyway Dev Wallet/ })).toBeNull();
  },
};

/** Choosing the Solana wallet connects it: the account is the Solana address on the Solana network. */
export const ConnectsSolanaWallet: Story = {
  play: async ({ canvasElement }) => {
    const list = wallets(canvasElement);
    await userEvent.click(await list.findByRole('button', { name: new RegExp(STORY_SOLANA_WALLET) }));
    const { keyway } = storyKit();
    await waitFor(() => expect(keyway.stores.account.getState().isConnected).toBe(true));
    await expect(keyway.stores.account.getState().caipAddress).toBe(
      `${STORY_SOLANA_NETWORK.id}:${STORY_SOLANA_ADDRESS}`,
    );
    await expect(getConnectStore(keyway).getState().attempt?.status).toBe('connected');
  },
};

/**
 * Choosing a phone wallet on Solana pairs it as on EVM networks: its QR code and "Copy link" (the session it
 * proposes carries the Solana namespace; the pairing e2e test pairs one and sends SOL through it).
 */
export const PairsPhoneWallet: Story = {
  play: async ({ canvasElement }) => {
    const list = wallets(canvasElement);
    await userEvent.click(await list.findByRole('button', { name: 'Rainbow' }, { timeout: 15_000 }));
    const { keyway } = storyKit();
    await waitFor(() =>
      expect(getConnectStore(keyway).getState().attempt).toMatchObject({
        via: 'pairing',
        status: 'connecting',
        wallet: { name: 'Rainbow' },
      }),
    );
    await waitFor(() => expect(getConnectStore(keyway).pairing.getState().uri).toMatch(/^wc:/));
  },
};

/** The wallet refuses the connection: the attempt is declined and nothing is connected. */
export const SolanaWalletDeclines: Story = {
  parameters: {
    keyway: {
      options: { networks: STORY_SOLANA_NETWORKS },
      setup: async ({ keyway }) => {
        registerStorySolanaWallet().rejectNext();
        await keyway.stores.networks.getState().switchNetwork(STORY_SOLANA_NETWORK.id);
        keyway.solana?.startDiscovery();
      },
    } satisfies StoryKitOptions,
  },
  play: async ({ canvasElement }) => {
    const list = wallets(canvasElement);
    await userEvent.click(await list.findByRole('button', { name: new RegExp(STORY_SOLANA_WALLET) }));
    const { keyway } = storyKit();
    await waitFor(() =>
      expect(getConnectStore(keyway).getState().attempt).toMatchObject({
        status: 'declined',
        error: expect.objectContaining({ reason: 'User rejected the request.' }),
      }),
    );
    await expect(keyway.stores.account.getState().isConnected).toBe(false);
  },
};
