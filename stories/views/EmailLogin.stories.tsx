import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { type FakeFrameHandlers, NO_REPLY } from '../../src/frame/testing';
import { DemoHost } from '../_support/DemoHost';
import { keywayBeforeEach, storyHandlers, storyKit, withKeyway } from '../_support/keyway';
import {
  cooldownSeed,
  dialog,
  EMBEDDED_ADDRESS,
  embeddedBeforeEach,
  embeddedKit,
  embeddedStory,
  frameIframe,
  GOOD_CODE,
  openedDialog,
} from './_embedded';

const noReplyToEmail = (h: FakeFrameHandlers) => {
  h.CONNECT_EMAIL = () => NO_REPLY;
};

const meta = {
  title: 'Views/EmailLogin',
  component: DemoHost,
  decorators: [withKeyway],
  beforeEach: [keywayBeforeEach, embeddedBeforeEach],
  parameters: { msw: { handlers: storyHandlers() }, keyway: embeddedKit() },
} satisfies Meta<typeof DemoHost>;
export default meta;
type Story = StoryObj<typeof meta>;

async function openConnect(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Connect wallet' }));
  return openedDialog('Connect wallet');
}

async function submitEmail(d: HTMLElement, email: string) {
  const field = await within(d).findByRole('textbox', { name: 'Email' }, { timeout: 15_000 });
  await userEvent.clear(field);
  await userEvent.type(field, email);
  await userEvent.click(within(d).getByRole('button', { name: 'Continue' }));
}

const shortAddress = `${EMBEDDED_ADDRESS.slice(0, 6)}…${EMBEDDED_ADDRESS.slice(-4)}`;

/** The Connect view offers an email field above the wallets; nothing loads the frame before it is used. */
export const EmailEntry: Story = {
  play: async ({ canvasElement }) => {
    const d = await openConnect(canvasElement);
    await expect(await within(d).findByRole('textbox', { name: 'Email' }, { timeout: 15_000 })).toBeVisible();
    await expect(within(d).getByRole('button', { name: 'Continue' })).toBeEnabled();
    await expect(frameIframe()).toBeNull();
  },
};

/** An invalid address is refused in the kit: no frame, no request. */
export const InvalidEmail: Story = {
  play: async ({ canvasElement }) => {
    const d = await openConnect(canvasElement);
    await submitEmail(d, 'not-an-email');
    await expect(await within(d).findByText('Enter a valid email address')).toBeVisible();
    await expect(within(d).getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    await expect(frameIframe()).toBeNull();
    await expect(embeddedStory().fake.requests).toHaveLength(0);
  },
};

/** Email → "code sent" → the right code → the Account view shows the embedded wallet's address. */
export const CodeSentThenAccount: Story = {
  play: async ({ canvasElement }) => {
    const d = await openConnect(canvasElement);
    await submitEmail(d, 'ada@example.com');
    const otp = await dialog('Confirm email');
    await expect(
      await within(otp).findByText('ada@example.com', undefined, { timeout: 15_000 }),
    ).toBeVisible();
    await expect(within(otp).getByText(/We sent a 6-digit code to/)).toBeVisible();
    await waitFor(() => expect(within(otp).getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveFocus());
    await userEvent.keyboard(GOOD_CODE);
    const account = await dialog('Account');
    await expect(await within(account).findByText(shortAddress)).toBeVisible();
    await expect(storyKit().keyway.stores.account.getState().address).toBe(EMBEDDED_ADDRESS);
    await expect(embeddedStory().persistent.getItem('kw:auth:email-login-used')).toBe('true');
  },
};

/** Within 30 s of the last code: 'Please try again after N seconds', counting down, then allowed. */
export const Cooldown: Story = {
  // 8 s left when the kit starts: a loaded machine may take a few seconds to open the modal and type.
  parameters: { keyway: embeddedKit({ seed: cooldownSeed(8) }) },
  play: async ({ canvasElement }) => {
    const d = await openConnect(canvasElement);
    await submitEmail(d, 'ada@example.com');
    const message = await within(d).findByText(/^Please try again after [1-8] seconds?$/);
    await expect(message).toBeVisible();
    const first = message.textContent;
    await waitFor(() => expect(within(d).queryByText(first ?? '')).not.toBeInTheDocument(), {
      timeout: 10_000,
    });
    await waitFor(() => expect(within(d).queryByText(/Please try again after/)).not.toBeInTheDocument(), {
      timeout: 15_000,
    });
    await expect(embeddedStory().fake.requests).toHaveLength(0);
    await userEvent.click(within(d).getByRole('button', { name: 'Continue' }));
    await dialog('Confirm email');
  },
};

/** The frame does not answer in time: a clear message, the modal shakes. */
export const Timeout: Story = {
  parameters: {
    keyway: embeddedKit({ timeouts: { loginMs: 600 }, handlers: noReplyToEmail }),
  },
  play: async ({ canvasElement }) => {
    const d = await openConnect(canvasElement);
    await submitEmail(d, 'ada@example.com');
    await expect(
      await within(d).findByText('The secure wallet did not answer in time. Please try again.', undefined, {
        timeout: 10_000,
      }),
    ).toBeVisible();
  },
};

/** The frame page never becomes ready: 'Unable to load email login dependency'. */
export const FrameFailedToLoad: Story = {
  parameters: { keyway: embeddedKit({ answerHandshake: false, timeouts: { readyMs: 600 } }) },
  play: async ({ canvasElement }) => {
    const d = await openConnect(canvasElement);
    await submitEmail(d, 'ada@example.com');
    await expect(
      await within(d).findByText('Unable to load email login dependency', undefined, { timeout: 10_000 }),
    ).toBeVisible();
    await expect(within(d).getByRole('button', { name: 'Continue' })).toBeEnabled();
  },
};

/** Closing the modal while the frame is busy aborts the step: 'Request was aborted' on reopening. */
export const AbortedOnClose: Story = {
  parameters: { keyway: embeddedKit({ handlers: noReplyToEmail }) },
  play: async ({ canvasElement }) => {
    const d = await openConnect(canvasElement);
    await submitEmail(d, 'ada@example.com');
    await waitFor(() => expect(embeddedStory().fake.requests.length).toBeGreaterThan(0));
    await userEvent.click(within(d).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const again = await openConnect(canvasElement);
    await expect(await within(again).findByText('Request was aborted')).toBeVisible();
  },
};
