import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { type Hex, verifyMessage } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import type { SiweConfig, SiweSession } from '../../src/core/options';
import { ConnectingSiweView } from '../../src/views/ConnectingSiweView';
import {
  keywayBeforeEach,
  STORY_ADDRESS,
  type StoryKitOptions,
  storyHandlers,
  storyKit,
} from '../_support/keyway';
import { viewDecorators } from '../_support/ViewFrame';

const NONCE = 'keywaystorynonce42';

/** A host's SIWE backend in miniature: one nonce, real signature verification with viem. */
function hostSiwe(verify: 'real' | 'reject' | 'hang' = 'real'): SiweConfig {
  let session: SiweSession | null = null;
  return {
    getNonce: async () => NONCE,
    getMessageParams: async () => ({
      domain: 'app.keyway.test',
      uri: 'https://app.keyway.test',
      statement: 'Sign in to Keyway Stories',
    }),
    verifyMessage: async ({ message, signature }) => {
      if (verify === 'hang') return new Promise<boolean>(() => undefined);
      if (verify === 'reject') return false;
      const parsed = parseSiweMessage(message);
      if (parsed.nonce !== NONCE || !parsed.address) return false;
      const ok = await verifyMessage({ address: parsed.address, message, signature: signature as Hex });
      if (ok) session = { address: parsed.address, chainId: parsed.chainId ?? 0 };
      return ok;
    },
    getSession: async () => session,
    signOut: async () => {
      session = null;
      return true;
    },
  };
}

const appMetadata = {
  name: 'Keyway Stories',
  description: 'Stories of the Keyway kit',
  url: 'https://app.keyway.test',
  icons: [],
};

const siwe = (verify: 'real' | 'reject' | 'hang' = 'real'): StoryKitOptions => ({
  // A new host backend for each story's instance (read once as it is made): a session one story signed in must
  // not be there for the next, whose kit checks the host's session when it connects.
  get options() {
    return { isSiweEnabled: true, siwe: hostSiwe(verify), metadata: appMetadata };
  },
  connect: true,
  // The signature prompt waits for approveNext/rejectNext.
  setup: ({ wallet }) => wallet.setAutoApprove(false),
});
const meta = {
  title: 'Views/ConnectingSiweView',
  component: ConnectingSiweView,
  decorators: viewDecorators('Sign in'),
  beforeEach: keywayBeforeEach,
  parameters: { msw: { handlers: storyHandlers() }, keyway: siwe() },
} satisfies Meta<typeof ConnectingSiweView>;
export default meta;
type Story = StoryObj<typeof meta>;

const sign = (root: HTMLElement) => userEvent.click(within(root).getByRole('button', { name: 'Sign' }));
const preview = (root: HTMLElement) => within(root).findByRole('region', { name: 'Message to sign' });

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Keyway Stories wants you to sign in')).toBeVisible();
    await expect(canvas.getByText(/It costs nothing/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Sign' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  },
};

/** The wallet shows the message; the view shows the same message while it waits. */
export const Signing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await sign(canvasElement);
    const message = await preview(canvasElement);
    await expect(message).toHaveTextContent(
      'app.keyway.test wants you to sign in with your Ethereum account:',
    );
    await expect(message).toHaveTextContent(STORY_ADDRESS);
    await expect(message).toHaveTextContent(`Nonce: ${NONCE}`);
    await expect(await canvas.findByText('Approve the signature request in your wallet')).toBeVisible();
    await waitFor(() => expect(storyKit().wallet.pending.map((p) => p.method)).toEqual(['personal_sign']));
  },
};

export const Verifying: Story = {
  parameters: { keyway: siwe('hang') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await sign(canvasElement);
    await waitFor(() => expect(storyKit().wallet.pending).toHaveLength(1));
    storyKit().wallet.approveNext();
    await expect(await canvas.findByText('Verifying the signature…')).toBeVisible();
  },
};

export const SignedIn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await sign(canvasElement);
    await waitFor(() => expect(storyKit().wallet.pending).toHaveLength(1));
    storyKit().wallet.approveNext();
    await expect(await canvas.findByText('Signed in')).toBeVisible();
    await expect(storyKit().keyway.peekPart('siwe')?.getState().session).toEqual({
      address: STORY_ADDRESS,
      chainId: 31337,
    });
  },
};

export const Declined: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await sign(canvasElement);
    await waitFor(() => expect(storyKit().wallet.pending).toHaveLength(1));
    storyKit().wallet.rejectNext();
    await expect(await canvas.findByText('Signature declined')).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(/rejected/i);
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

export const VerificationFailed: Story = {
  parameters: { keyway: siwe('reject') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await sign(canvasElement);
    await waitFor(() => expect(storyKit().wallet.pending).toHaveLength(1));
    storyKit().wallet.approveNext();
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Signature verification failed');
    await expect(canvas.getByText('Sign-in failed')).toBeVisible();
  },
};

/** Cancel gives up signing in, which disconnects the wallet. */
export const Cancelled: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(storyKit().keyway.stores.account.getState().isConnected).toBe(false));
  },
};
