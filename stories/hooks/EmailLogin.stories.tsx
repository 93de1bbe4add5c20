/**
 * Hooks: email login with the host's own form. `useEmailLogin` sends the address to the embedded wallet's
 * secure frame, asks for the 6-digit code (or a device approval), and connects; `useAccount` then shows the
 * embedded wallet's address. Built only from `keyway` exports.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { useAccount, useEmailLogin } from '../../src/index';
import { useMessageText } from '../../src/views/index';
import { keywayBeforeEach, storyHandlers, storyKit, withKeyway } from '../_support/keyway';
import {
  EMBEDDED_ADDRESS,
  embeddedBeforeEach,
  embeddedKit,
  GOOD_CODE,
  NEW_DEVICE_EMAIL,
} from '../views/_embedded';

function EmailLogin() {
  const say = useMessageText();
  const login = useEmailLogin();
  const account = useAccount({ requestDetails: false });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  if (account.isConnected) return <p>Logged in as {account.address}</p>;
  if (!login.available) return <p>Email login is not available</p>;
  const busy = login.status === 'sending' || login.status === 'verifying' || login.status === 'connecting';
  const error = login.error ? <p role="alert">{say(login.error)}</p> : null;
  if (login.step === 'device') {
    return <p>Approve this device: follow the link sent to {login.email}</p>;
  }
  if (login.step === 'otp') {
    return (
      <form
        aria-label="Enter the code"
        onSubmit={(e) => {
          e.preventDefault();
          void login.submitOtp(code);
        }}
      >
        <p>Enter the code sent to {login.email}</p>
        <label>
          Code
          <input value={code} inputMode="numeric" onChange={(e) => setCode(e.target.value)} />
        </label>
        {error}
        <button type="submit" disabled={busy}>
          Verify
        </button>
      </form>
    );
  }
  return (
    <form
      aria-label="Log in by email"
      onSubmit={(e) => {
        e.preventDefault();
        void login.submitEmail(email);
      }}
    >
      <label>
        Email
        <input autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      {error}
      <button type="submit" disabled={busy}>
        Continue
      </button>
    </form>
  );
}

const meta = {
  title: 'Hooks/useEmailLogin',
  component: EmailLogin,
  decorators: [withKeyway],
  beforeEach: [keywayBeforeEach, embeddedBeforeEach],
  parameters: {
    chromatic: { disableSnapshot: true },
    msw: { handlers: storyHandlers() },
    keyway: embeddedKit(),
  },
} satisfies Meta<typeof EmailLogin>;
export default meta;
type Story = StoryObj<typeof meta>;

async function submitEmail(canvasElement: HTMLElement, email: string) {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText('Email'), email);
  await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
}

/** Email, then a wrong code ("Invalid code"), then the right one: logged in; the modal never opened. */
export const CodeThenLoggedIn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await submitEmail(canvasElement, 'ada@example.com');
    await expect(
      await canvas.findByText('Enter the code sent to ada@example.com', {}, { timeout: 15_000 }),
    ).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Code'), '000000');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Invalid code');
    await userEvent.clear(canvas.getByLabelText('Code'));
    await userEvent.type(canvas.getByLabelText('Code'), GOOD_CODE);
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(
      await canvas.findByText(`Logged in as ${EMBEDDED_ADDRESS}`, {}, { timeout: 15_000 }),
    ).toBeVisible();
    await expect(storyKit().keyway.stores.modal.getState().isOpen).toBe(false);
  },
};

/** An address that is not an email is refused before anything is sent. */
export const InvalidEmail: Story = {
  play: async ({ canvasElement }) => {
    await submitEmail(canvasElement, 'not-an-email');
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Enter a valid email address',
    );
  },
};

/** A login from a new device waits for the approval link first. */
export const DeviceApproval: Story = {
  play: async ({ canvasElement }) => {
    await submitEmail(canvasElement, NEW_DEVICE_EMAIL);
    await expect(
      await within(canvasElement).findByText(
        `Approve this device: follow the link sent to ${NEW_DEVICE_EMAIL}`,
        {},
        { timeout: 15_000 },
      ),
    ).toBeVisible();
  },
};
