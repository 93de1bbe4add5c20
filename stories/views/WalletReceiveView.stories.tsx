import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { solanaLocal } from '../../src/core/networks';
import { WalletReceiveView } from '../../src/views/WalletReceiveView';
import {
  keywayBeforeEach,
  STORY_ADDRESS,
  STORY_NETWORKS,
  type StoryKitOptions,
  storyHandlers,
} from '../_support/keyway';
import { viewDecorators } from '../_support/ViewFrame';

/** What the copy button wrote (headless Chromium has no clipboard permission: a stand-in records it). */
let clipboardText: string | null = null;
function recordClipboard() {
  clipboardText = null;
  const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: async (text: string) => {
        clipboardText = text;
      },
    },
  });
  return () => {
    if (original) Object.defineProperty(navigator, 'clipboard', original);
    else delete (navigator as { clipboard?: unknown }).clipboard;
  };
}

const meta = {
  title: 'Views/WalletReceiveView',
  component: WalletReceiveView,
  decorators: viewDecorators('Receive'),
  beforeEach: async (context) => {
    const restore = recordClipboard();
    const teardown = await keywayBeforeEach(context);
    return () => {
      teardown();
      restore();
    };
  },
  parameters: {
    msw: { handlers: storyHandlers() },
    keyway: {
      connect: true,
      // A Solana network in the list: an EVM address is not valid there, so it is not offered.
      options: { networks: [...STORY_NETWORKS, solanaLocal] },
    } satisfies StoryKitOptions,
  },
} satisfies Meta<typeof WalletReceiveView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The address as a QR code, the EVM networks it works on, the warning, and copy with its copied state. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const qr = await canvas.findByRole('img', { name: 'QR code of your address' }, { timeout: 15_000 });
    await expect(qr).toHaveAttribute('data-kw-qr', STORY_ADDRESS);
    await expect(qr.querySelector('svg path, svg rect')).not.toBeNull();
    await expect(canvas.getByText(STORY_ADDRESS)).toBeVisible();

    const networks = within(canvas.getByRole('list', { name: 'Networks this address works on' }));
    await expect(networks.getAllByRole('listitem')).toHaveLength(2);
    await expect(networks.getByText('Keyway Local')).toBeVisible();
    await expect(networks.getByText('Keyway Local L2')).toBeVisible();
    await expect(networks.queryByText(solanaLocal.name)).toBeNull();
    await expect(canvas.getByRole('note')).toHaveTextContent(
      'Only send assets on Keyway Local or Keyway Local L2 to this address. Assets sent on another network may be lost.',
    );

    await userEvent.click(canvas.getByRole('button', { name: 'Copy address' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Copied' })).toBeVisible());
    await expect(clipboardText).toBe(STORY_ADDRESS);
  },
};

export const NotConnected: Story = {
  parameters: { keyway: { connect: false } satisfies StoryKitOptions },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No wallet is connected.')).toBeVisible();
    await expect(canvas.queryByRole('img', { name: 'QR code of your address' })).toBeNull();
  },
};
