import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { type Hex, verifyMessage } from 'viem';
import type { SiweSession } from '../../src/core/options';
import { getConnectStore } from '../../src/hooks/connect/instance';
import { DemoHost } from '../_support/DemoHost';
import {
  keywayBeforeEach,
  STORY_ADDRESS,
  type StoryKitOptions,
  storyHandlers,
  storyKit,
  withKeyway,
} from '../_support/keyway';

const meta = {
  title: 'Flows/Connect',
  component: DemoHost,
  decorators: [withKeyway],
  beforeEach: keywayBeforeEach,
  parameters: {
    // An account without any name (no identity name, no registered account name).
    msw: {
      handlers: storyHandlers({ blockchain: { identity: { name: null, avatar: null }, profiles: [] } }),
    },
  },
} satisfies Meta<typeof DemoHost>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (name: string) => screen.findByRole('dialog', { name }, { timeout: 10_000 });

/** Open the modal, pick the test wallet, then the Account view shows its address and balance. */
export const ConnectTestWallet: Story = {
  play: async ({ canvasElement, step }) => {
    const page = within(canvasElement);
    await step('Pick the installed test wallet', async () => {
      await userEvent.click(page.getByRole('button', { name: 'Connect wallet' }));
      const d = await dialog('Connect wallet');
      // The Connect view's code loads on first open (up to a few seconds on a cold dev server).
      await userEvent.click(
        await within(d).findByRole('button', { name: /Keyway Dev Wallet/ }, { timeout: 15_000 }),
      );
      // Connected: the modal closes and the header shows the account.
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });
    await step('The account view shows the address', async () => {
      const account = await page.findByRole('button', { name: /0xf39F…2266/ });
      await userEvent.click(account);
      const d = await dialog('Account');
      await expect(await within(d).findByText('0xf39F…2266')).toHaveAttribute('title', STORY_ADDRESS);
      await waitFor(() => expect(d.querySelector('[data-kw-balance]')).toHaveTextContent('12.5 ETH'));
    });
    await step('Switch network from the account, then come back to it', async () => {
      const d = await dialog('Account');
      await userEvent.click(within(d).getByRole('button', { name: 'Keyway Local' }));
      const networks = await dialog('Choose network');
      const l2 = await within(networks).findByRole('button', { name: /Keyway Local L2/ });
      await userEvent.click(l2);
      const back = await dialog('Account');
      await waitFor(() =>
        expect(within(back).getByRole('button', { name: 'Keyway Local L2' })).toBeVisible(),
      );
    });
    await step('Disconnect', async () => {
      const d = await dialog('Account');
      await userEvent.click(within(d).getByRole('button', { name: 'Disconnect' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await expect(await page.findByRole('button', { name: 'Connect wallet' })).toBeVisible();
    });
  },
};

/** With sign-in with wallet on: connect, then sign the SIWE message in the modal. */
/** The host's sign-in session of ConnectAndSignIn (its backend's, in a real app). */
let flowSession: SiweSession | null = null;

export const ConnectAndSignIn: Story = {
  parameters: {
    keyway: {
      setup: () => {
        flowSession = null;
      },
      options: {
        isSiweEnabled: true,
        metadata: { name: 'Demo dapp', description: 'Demo', url: 'https://app.keyway.test', icons: [] },
        siwe: {
          getNonce: async () => 'flownonce12345678',
          getMessageParams: async () => ({ domain: 'app.keyway.test', uri: 'https://app.keyway.test' }),
          verifyMessage: async ({ message, signature }) => {
            const ok = await verifyMessage({ address: STORY_ADDRESS, message, signature: signature as Hex });
            if (ok) flowSession = { address: STORY_ADDRESS, chainId: 31337 };
            return ok;
          },
          // The host's session exists once it verified a signature (the kit checks it on connecting).
          getSession: async () => flowSession,
          signOut: async () => {
            flowSession = null;
            return true;
          },
        },
      },
    } satisfies StoryKitOptions,
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Connect wallet' }));
    const d = await dialog('Connect wallet');
    // The Connect view's code loads on first open (up to a few seconds on a cold dev server).
    await userEvent.click(
      await within(d).findByRole('button', { name: /Keyway Dev Wallet/ }, { timeout: 15_000 }),
    );
    const signIn = await dialog('Sign in');
    await expect(await within(signIn).findByText('Demo dapp wants you to sign in')).toBeVisible();
    await userEvent.click(within(signIn).getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(storyKit().keyway.peekPart('siwe')?.getState().session).toEqual({
      address: STORY_ADDRESS,
      chainId: 31337,
    });
  },
};

/** A wallet that is not installed pairs by QR code: declined once, retried, approved; it becomes recent. */
export const PairByQrCode: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Connect wallet' }));
    const d = await dialog('Connect wallet');
    await userEvent.click(await within(d).findByRole('button', { name: /^MetaMask/ }, { timeout: 15_000 }));
    const pairing = await dialog('MetaMask');
    await within(pairing).findByRole('img', { name: 'QR code to connect MetaMask' }, { timeout: 15_000 });
    storyKit().pairing.decline();
    await expect(await within(pairing).findByText('Connection declined')).toBeVisible();
    await userEvent.click(within(pairing).getByRole('button', { name: 'Try again' }));
    await within(pairing).findByRole('img', { name: 'QR code to connect MetaMask' });
    await waitFor(() => expect(storyKit().pairing.pending).toBe(true));
    await storyKit().pairing.approve();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(getConnectStore(storyKit().keyway).getState().recent[0]?.name).toBe('MetaMask');
  },
};
