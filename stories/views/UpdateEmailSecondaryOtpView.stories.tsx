import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { DemoHost } from '../_support/DemoHost';
import { keywayBeforeEach, storyHandlers, storyKit, withKeyway } from '../_support/keyway';
import { dialog, embeddedBeforeEach, embeddedStory } from './_embedded';
import {
  advanceStoryClock,
  findHeading,
  openSecondaryOtp,
  SECONDARY_CODE,
  socialKit,
  typeCode,
} from './_social';

const updateRequests = () =>
  embeddedStory().fake.requests.filter((r) => r.type === '@keyway-app/UPDATE_EMAIL');

const meta = {
  title: 'Views/UpdateEmailSecondaryOtpView',
  component: DemoHost,
  decorators: [withKeyway],
  beforeEach: [keywayBeforeEach, embeddedBeforeEach],
  parameters: {
    msw: { handlers: storyHandlers() },
    keyway: socialKit({ connected: true, setup: openSecondaryOtp }),
  },
} satisfies Meta<typeof DemoHost>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The code sent to the new address. */
export const EnterCode: Story = {
  play: async () => {
    const d = await dialog('Confirm new email');
    await expect(await findHeading(d, 'Confirm your new email')).toBeVisible();
    await expect(within(d).getByText('Enter the 6-digit code we sent to ada@new.example.')).toBeVisible();
    await expect(within(d).getByRole('button', { name: 'Resend code' })).toBeEnabled();
  },
};

/**
 * Resend right after the code to the new address was sent (when the current address's code was confirmed):
 * 'Please try again after N seconds' (one send per 30 s, counted from that code), nothing is sent.
 */
export const ResendCooldown: Story = {
  play: async () => {
    const d = await dialog('Confirm new email');
    await findHeading(d, 'Confirm your new email');
    await userEvent.click(within(d).getByRole('button', { name: 'Resend code' }));
    await expect(await within(d).findByText(/^Please try again after (29|30) seconds$/)).toBeVisible();
    await expect(updateRequests()).toHaveLength(1);
    await expect(within(d).getByRole('heading', { name: 'Confirm your new email' })).toBeVisible();
  },
};

/**
 * Resend once 30 s have passed: the same new address is sent again, the frame mails a new code there and the
 * step stays (not back to the current address); that code completes the change.
 */
export const Resend: Story = {
  play: async () => {
    const d = await dialog('Confirm new email');
    await findHeading(d, 'Confirm your new email');
    advanceStoryClock(30_000);
    await userEvent.click(within(d).getByRole('button', { name: 'Resend code' }));
    await expect(await within(d).findByText('A new code is on its way.')).toBeVisible();
    await expect(updateRequests().map((r) => r.payload)).toEqual([
      { email: 'ada@new.example' },
      { email: 'ada@new.example' },
    ]);
    await expect(within(d).getByRole('heading', { name: 'Confirm your new email' })).toBeVisible();
    await typeCode(d, SECONDARY_CODE);
    const settings = await dialog('Account settings');
    await expect(
      await within(settings).findByText('ada@new.example', undefined, { timeout: 15_000 }),
    ).toBeVisible();
  },
};

/** A wrong code: the message, and the email is unchanged. */
export const WrongCode: Story = {
  play: async () => {
    const d = await dialog('Confirm new email');
    await findHeading(d, 'Confirm your new email');
    await typeCode(d, '000000');
    // Queried again on each try: the message's element can be replaced while the view settles (a stress run
    // saw the first one leave the document between the find and the check).
    await waitFor(() => expect(within(d).getByText('Invalid code')).toBeVisible());
    await expect(embeddedStory().session.getItem('kw:auth:email')).toBe('ada@example.com');
  },
};

/** The right code: back to the account settings, which show the new email; a success toast. */
export const Updated: Story = {
  play: async () => {
    const d = await dialog('Confirm new email');
    await findHeading(d, 'Confirm your new email');
    await typeCode(d, SECONDARY_CODE);
    const settings = await dialog('Account settings');
    await expect(
      await within(settings).findByText('ada@new.example', undefined, { timeout: 15_000 }),
    ).toBeVisible();
    // The success toast (it fades in: visible once its entry animation has started).
    await waitFor(() => expect(within(settings).getByText('Email updated')).toBeVisible(), {
      timeout: 15_000,
    });
    await expect(embeddedStory().session.getItem('kw:auth:email')).toBe('ada@new.example');
    await expect(
      storyKit()
        .keyway.stores.modal.getState()
        .history.map((h) => h.view),
    ).toEqual(['Account', 'AccountSettings']);
  },
};
