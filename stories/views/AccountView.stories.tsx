import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { type CreateConnectorFn, mock } from 'wagmi';
import { identityFixture } from '../../src/testing/msw';
import { AccountView } from '../../src/views/AccountView';
import {
  keywayBeforeEach,
  STORY_ADDRESS,
  STORY_ADDRESS_2,
  type StoryKitOptions,
  storyHandlers,
  storyKit,
} from '../_support/keyway';
import { viewDecorators } from '../_support/ViewFrame';

const noName = storyHandlers({ blockchain: { identity: { name: null, avatar: null } } });

const meta = {
  title: 'Views/AccountView',
  component: AccountView,
  decorators: viewDecorators('Account'),
  beforeEach: keywayBeforeEach,
  parameters: { msw: { handlers: noName }, keyway: { connect: true } satisfies StoryKitOptions },
} satisfies Meta<typeof AccountView>;
export default meta;
type Story = StoryObj<typeof meta>;

const balance = (root: HTMLElement) => root.querySelector('[data-kw-balance]');

/** The dev wallet connected: short address, balance from the chain, network, explorer link. */
export const Connected: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('0xf39F…2266')).toHaveAttribute('title', STORY_ADDRESS);
    await waitFor(() => expect(balance(canvasElement)).toHaveTextContent('12.5 ETH'));
    // No profile picture: the avatar is the gradient generated from the address.
    await expect(canvasElement.querySelector('[data-kw-avatar="gradient"]')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Keyway Local' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'View on block explorer' })).toHaveAttribute(
      'href',
      `https://explorer-31337.keyway.test/address/${STORY_ADDRESS}`,
    );
    await step('The network badge opens the network list', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Keyway Local' }));
      const history = storyKit().keyway.stores.modal.getState().history;
      await expect(history[history.length - 1]?.view).toBe('Networks');
    });
  },
};

export const WithProfileName: Story = {
  parameters: { msw: { handlers: storyHandlers() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(identityFixture.name)).toHaveAttribute('title', STORY_ADDRESS);
    // The address stays visible under the name.
    await expect(canvas.getByText('0xf39F…2266')).toBeVisible();
    await waitFor(() => expect(canvasElement.querySelector('[data-kw-avatar="image"] img')).not.toBeNull());
  },
};

/** The chain has not answered the balance read yet: a placeholder stands in for it. */
export const BalanceLoading: Story = {
  parameters: {
    msw: {
      handlers: storyHandlers({
        blockchain: { identity: { name: null, avatar: null } },
        rpc: { holdBalance: true },
      }),
    },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('0xf39F…2266');
    await expect(balance(canvasElement)?.querySelector('[data-kw-skeleton]')).not.toBeNull();
    await expect(balance(canvasElement)).not.toHaveTextContent('ETH');
  },
};

let copiedText: string | null = null;
export const CopyAddress: Story = {
  beforeEach: () => {
    copiedText = null;
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async (text: string) => {
          copiedText = text;
        },
      },
    });
    return () => {
      delete (navigator as { clipboard?: unknown }).clipboard;
    };
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Copy address' }));
    const toast = await canvas.findByText('Address copied');
    await waitFor(() => expect(toast).toBeVisible());
    await expect(copiedText).toBe(STORY_ADDRESS);
  },
};

/** A wallet that exposes two accounts, with the host's hasMultipleAddresses on: the picker switches. */
export const MultipleAddresses: Story = {
  parameters: {
    keyway: {
      options: { hasMultipleAddresses: true },
      connectors: [mock({ accounts: [STORY_ADDRESS, STORY_ADDRESS_2], features: { reconnect: true } })],
      connect: 'mock',
    } satisfies StoryKitOptions,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = await canvas.findByRole('group', { name: 'Addresses' });
    const first = within(group).getByRole('button', { name: /0xf39F…2266/ });
    await expect(first).toHaveTextContent('Active');
    await userEvent.click(within(group).getByRole('button', { name: /0x7099…79C8/ }));
    const shown = canvasElement.querySelector('[data-kw-account-name]');
    await waitFor(() => expect(shown).toHaveTextContent('0x7099…79C8'));
    await expect(shown).toHaveAttribute('title', STORY_ADDRESS_2);
    await expect(within(group).getByRole('button', { name: /0x7099…79C8/ })).toHaveTextContent('Active');
  },
};

export const Disconnected: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Disconnect' }));
    await expect(await canvas.findByText('No wallet is connected.')).toBeVisible();
    await expect(storyKit().keyway.stores.account.getState().isConnected).toBe(false);
  },
};

/** A wallet that refuses to disconnect: the toast says so and the account stays. */
const stubborn: CreateConnectorFn = (config) => {
  // reconnect: the provider's reconnect-on-mount keeps the session (as a real wallet does).
  const base = mock({ accounts: [STORY_ADDRESS], features: { reconnect: true } })(config);
  return {
    ...base,
    id: 'stubborn',
    name: 'Stubborn Wallet',
    async disconnect() {
      throw new Error('wallet is busy');
    },
  };
};

export const DisconnectFailed: Story = {
  parameters: { keyway: { connectors: [stubborn], connect: 'stubborn' } satisfies StoryKitOptions },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Disconnect' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Failed to disconnect');
    await expect(canvas.getByText('0xf39F…2266')).toBeVisible();
    await expect(storyKit().keyway.stores.account.getState().isConnected).toBe(true);
  },
};
