/**
 * Hooks: sign-in with wallet in the host's own UI. `useSiwe` asks the host's `siwe` callbacks for a nonce,
 * has the wallet sign the message, lets the host verify it, and keeps the session; `signOut` ends it.
 * Built only from `keyway` exports.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { type Hex, verifyMessage } from 'viem';
import { type SiweSession, useSiwe } from '../../src/index';
import { useMessageText } from '../../src/views/index';
import {
  keywayBeforeEach,
  STORY_ADDRESS,
  type StoryKitOptions,
  storyHandlers,
  storyKit,
  withKeyway,
} from '../_support/keyway';

function SignIn() {
  const say = useMessageText();
  const siwe = useSiwe();
  if (!siwe.enabled) return <p>Sign-in with wallet is off</p>;
  if (siwe.session) {
    return (
      <section aria-label="Session">
        <p>
          Signed in as {siwe.session.address} on chain {siwe.session.chainId}
        </p>
        <button type="button" onClick={() => void siwe.signOut()}>
          Sign out
        </button>
      </section>
    );
  }
  return (
    <section aria-label="Sign in">
      <button
        type="button"
        disabled={siwe.status === 'signing' || siwe.status === 'verifying'}
        onClick={() => void siwe.signIn()}
      >
        Sign in with your wallet
      </button>
      {siwe.status === 'signing' ? <p>Confirm the message in your wallet</p> : null}
      {siwe.error ? <p role="alert">{say(siwe.error)}</p> : null}
    </section>
  );
}

/** The host's session, kept by its own backend in a real app. */
let hostSession: SiweSession | null = null;

const siweOptions = (verified: boolean): StoryKitOptions => ({
  connect: true,
  setup: () => {
    hostSession = null;
  },
  options: {
    isSiweEnabled: true,
    metadata: { name: 'Demo dapp', description: 'Demo', url: 'https://app.keyway.test', icons: [] },
    siwe: {
      getNonce: async () => 'hooknonce12345678',
      getMessageParams: async () => ({ domain: 'app.keyway.test', uri: 'https://app.keyway.test' }),
      verifyMessage: async ({ message, signature }) => {
        const ok =
          verified && (await verifyMessage({ address: STORY_ADDRESS, message, signature: signature as Hex }));
        if (ok) hostSession = { address: STORY_ADDRESS, chainId: 31337 };
        return ok;
      },
      getSession: async () => hostSession,
      signOut: async () => {
        hostSession = null;
        return true;
      },
    },
  },
});

const meta = {
  title: 'Hooks/useSiwe',
  component: SignIn,
  decorators: [withKeyway],
  beforeEach: keywayBeforeEach,
  parameters: {
    chromatic: { disableSnapshot: true },
    msw: { handlers: storyHandlers() },
    keyway: siweOptions(true),
  },
} satisfies Meta<typeof SignIn>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Sign in: the wallet signs, the host verifies, the session shows; sign out ends it. The modal stays shut. */
export const SignInAndOut: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign in with your wallet' }));
    await expect(
      await canvas.findByText(`Signed in as ${STORY_ADDRESS} on chain 31337`, {}, { timeout: 10_000 }),
    ).toBeVisible();
    await expect(storyKit().keyway.stores.modal.getState().isOpen).toBe(false);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign out' }));
    await expect(await canvas.findByRole('button', { name: 'Sign in with your wallet' })).toBeVisible();
  },
};

/** The host refuses the signature: the error shows and there is no session. */
export const VerificationRefused: Story = {
  parameters: { keyway: siweOptions(false) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign in with your wallet' }));
    await expect(await canvas.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'Signature verification failed',
    );
    await expect(canvas.queryByText(/^Signed in as/)).toBeNull();
  },
};
