import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { getConnectStore } from '../../src/hooks/connect/instance';
import { ConnectingExternalView } from '../../src/views/ConnectingExternalView';
import { keywayBeforeEach, type StoryKitOptions, storyHandlers, storyKit } from '../_support/keyway';
import { viewDecorators } from '../_support/ViewFrame';

const meta = {
  title: 'Views/ConnectingExternalView',
  component: ConnectingExternalView,
  decorators: viewDecorators('Keyway Dev Wallet'),
  beforeEach: keywayBeforeEach,
  parameters: { msw: { handlers: storyHandlers() } },
} satisfies Meta<typeof ConnectingExternalView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Starts connecting the dev wallet; with manual approval the wallet waits for approveNext/rejectNext. */
const connecting: StoryKitOptions = {
  manualApproval: true,
  setup: ({ keyway, wallet }) => {
    void getConnectStore(keyway).getState().connect(wallet.info.rdns);
  },
};

export const Waiting: Story = {
  parameters: { keyway: connecting },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Continue in Keyway Dev Wallet')).toBeVisible();
    await expect(canvas.getByText('Accept the connection request in your wallet.')).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Keyway Dev Wallet' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  },
};

export const Connected: Story = {
  parameters: { keyway: connecting },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Continue in Keyway Dev Wallet');
    storyKit().wallet.approveNext();
    await expect(await canvas.findByRole('status')).toHaveTextContent('Connected');
    await waitFor(() => expect(storyKit().keyway.stores.account.getState().isConnected).toBe(true));
  },
};

/** The wallet declines; "Try again" asks it again and the second request is approved. */
export const Declined: Story = {
  parameters: { keyway: connecting },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Continue in Keyway Dev Wallet');
    storyKit().wallet.rejectNext();
    await expect(await canvas.findByText('Connection declined')).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('The request was declined in the wallet.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByText('Continue in Keyway Dev Wallet')).toBeVisible();
    storyKit().wallet.approveNext();
    await expect(await canvas.findByRole('status')).toHaveTextContent('Connected');
  },
};

/** A wallet whose connector is gone (e.g. the extension was removed) fails with the reason. */
export const Failed: Story = {
  parameters: {
    keyway: {
      setup: ({ keyway }) => {
        void getConnectStore(keyway).getState().connect({
          id: 'eip6963:com.gone.wallet',
          name: 'Gone Wallet',
          source: 'announced',
          connectorId: 'com.gone.wallet',
          links: {},
        });
      },
    } satisfies StoryKitOptions,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Connection failed')).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Gone Wallet is not available in this browser');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};
