import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { FakeFrameError } from '../../src/frame/testing';
import { DemoHost } from '../_support/DemoHost';
import { keywayBeforeEach, storyHandlers, withKeyway } from '../_support/keyway';
import { dialog, embeddedBeforeEach, embeddedStory } from './_embedded';
import { openSettings, socialKit, submitNewEmail } from './_social';

const meta = {
  title: 'Views/UpdateEmailView',
  component: DemoHost,
  decorators: [withKeyway],
  beforeEach: [keywayBeforeEach, embeddedBeforeEach],
  parameters: {
    msw: { handlers: storyHandlers() },
    keyway: socialKit({ connected: true, setup: openSettings }),
  },
} satisfies Meta<typeof DemoHost>;
export default meta;
type Story = StoryObj<typeof meta>;

async function openUpdateEmail() {
  const settings = await dialog('Account settings');
  await userEvent.click(
    await within(settings).findByRole('button', { name: 'Update email' }, { timeout: 15_000 }),
  );
  const d = await dialog('Update email');
  await within(d).findByRole('textbox', { name: 'New email' }, { timeout: 15_000 });
  return d;
}

/** Step 1: the new address, with the current one shown. */
export const EnterNewEmail: Story = {
  play: async () => {
    const d = await openUpdateEmail();
    await expect(within(d).getByText('Current email: ada@example.com')).toBeVisible();
    await expect(within(d).getByRole('textbox', { name: 'New email' })).toBeVisible();
    await expect(within(d).getByRole('button', { name: 'Continue' })).toBeEnabled();
  },
};

/** An invalid address, and the current one, are refused without asking the frame. */
export const InvalidEmail: Story = {
  play: async () => {
    const d = await openUpdateEmail();
    await submitNewEmail(d, 'not-an-email');
    await expect(await within(d).findByText('Enter a valid email address')).toBeVisible();
    await expect(within(d).getByRole('textbox', { name: 'New email' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await submitNewEmail(d, 'ada@example.com');
    await expect(await within(d).findByText('This is already your email address')).toBeVisible();
    await expect(
      embeddedStory().fake.requests.filter((r) => r.type === '@keyway-app/UPDATE_EMAIL'),
    ).toHaveLength(0);
  },
};

/** The frame refuses the address: its message is shown on the field. */
export const EmailRefused: Story = {
  parameters: {
    keyway: socialKit({
      connected: true,
      setup: openSettings,
      handlers: (h) => {
        h.UPDATE_EMAIL = () => {
          throw new FakeFrameError({ message: 'This email is already in use' });
        };
      },
    }),
  },
  play: async () => {
    const d = await openUpdateEmail();
    await submitNewEmail(d, 'taken@example.com');
    await expect(await within(d).findByText('This email is already in use')).toBeVisible();
  },
};

/** A valid new address: the next view asks for the code sent to the current one. */
export const CodeSentToCurrentEmail: Story = {
  play: async () => {
    const d = await openUpdateEmail();
    await submitNewEmail(d, 'ada@new.example');
    const otp = await dialog('Confirm current email');
    await expect(
      await within(otp).findByText('Enter the 6-digit code we sent to ada@example.com.', undefined, {
        timeout: 15_000,
      }),
    ).toBeVisible();
    await waitFor(() =>
      expect(
        embeddedStory()
          .fake.requests.filter((r) => r.type === '@keyway-app/UPDATE_EMAIL')
          .map((r) => r.payload),
      ).toEqual([{ email: 'ada@new.example' }]),
    );
  },
};
