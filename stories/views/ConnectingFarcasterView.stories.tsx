import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { FakeFrameError } from '../../src/frame/testing';
import { DemoHost } from '../_support/DemoHost';
import { keywayBeforeEach, storyHandlers, storyKit, withKeyway } from '../_support/keyway';
import { dialog, EMBEDDED_ADDRESS, embeddedBeforeEach, embeddedStory } from './_embedded';
import { FARCASTER_URL, socialKit } from './_social';

const meta = {
  title: 'Views/ConnectingFarcasterView',
  component: DemoHost,
  decorators: [withKeyway],
  beforeEach: [keywayBeforeEach, embeddedBeforeEach],
  parameters: { msw: { handlers: storyHandlers() }, keyway: socialKit() },
} satisfies Meta<typeof DemoHost>;
export default meta;
type Story = StoryObj<typeof meta>;

const shortAddress = `${EMBEDDED_ADDRESS.slice(0, 6)}…${EMBEDDED_ADDRESS.slice(-4)}`;

async function logInWithFarcaster(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Connect wallet' }));
  const d = await dialog('Connect wallet');
  await userEvent.click(
    await within(d).findByRole('button', { name: 'Log in with Farcaster' }, { timeout: 15_000 }),
  );
  return dialog('Farcaster');
}

/** The QR code of the frame's Farcaster URL and a link to it, while the approval is awaited. */
export const QrWaiting: Story = {
  play: async ({ canvasElement }) => {
    const d = await logInWithFarcaster(canvasElement);
    await expect(
      await within(d).findByRole('img', { name: 'QR code to log in with Farcaster' }),
    ).toBeVisible();
    await expect(within(d).getByRole('link', { name: 'Open Farcaster' })).toHaveAttribute(
      'href',
      FARCASTER_URL,
    );
    await expect(await within(d).findByText(/Scan the code with your phone/)).toBeVisible();
    await waitFor(() =>
      expect(embeddedStory().fake.requests.map((r) => r.type)).toContain('@keyway-app/CONNECT_FARCASTER'),
    );
  },
};

/** Approved on the phone: the wallet connects and the Account view shows the address. */
export const Approved: Story = {
  play: async ({ canvasElement }) => {
    const pending = embeddedStory().fake.nextRequest('CONNECT_FARCASTER');
    await logInWithFarcaster(canvasElement);
    embeddedStory().fake.reply(await pending, { userName: 'dwr' });
    const account = await dialog('Account');
    await expect(await within(account).findByText(shortAddress)).toBeVisible();
    await expect(storyKit().keyway.stores.account.getState().address).toBe(EMBEDDED_ADDRESS);
    await expect(embeddedStory().session.getItem('kw:auth:social-username')).toBe('dwr');
    await expect(embeddedStory().persistent.getItem('kw:auth:social')).toBe('farcaster');
  },
};

/** The request expired before it was approved: the frame's message and Try again. */
export const Expired: Story = {
  parameters: {
    keyway: socialKit({
      handlers: (h) => {
        h.CONNECT_FARCASTER = () => {
          throw new FakeFrameError({ message: 'This Farcaster request has expired.' });
        };
      },
    }),
  },
  play: async ({ canvasElement }) => {
    const d = await logInWithFarcaster(canvasElement);
    await expect(await within(d).findByRole('alert')).toHaveTextContent(
      'This Farcaster request has expired.',
    );
    await expect(within(d).getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** Cancel goes back to the Connect view. */
export const Cancelled: Story = {
  play: async ({ canvasElement }) => {
    const d = await logInWithFarcaster(canvasElement);
    await within(d).findByRole('img', { name: 'QR code to log in with Farcaster' });
    await userEvent.click(within(d).getByRole('button', { name: 'Cancel' }));
    await dialog('Connect wallet');
  },
};
