import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { DemoHost } from '../_support/DemoHost';
import { keywayBeforeEach, storyHandlers, withKeyway } from '../_support/keyway';
import { dialog, embeddedBeforeEach, embeddedStory } from './_embedded';
import { findHeading, openPrimaryOtp, PRIMARY_CODE, socialKit, typeCode } from './_social';

const meta = {
  title: 'Views/UpdateEmailPrimaryOtpView',
  component: DemoHost,
  decorators: [withKeyway],
  beforeEach: [keywayBeforeEach, embeddedBeforeEach],
  parameters: {
    msw: { handlers: storyHandlers() },
    keyway: socialKit({ connected: true, setup: openPrimaryOtp }),
  },
} satisfies Meta<typeof DemoHost>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The code sent to the current address. */
export const EnterCode: Story = {
  play: async () => {
    const d = await dialog('Confirm current email');
    await expect(await findHeading(d, 'Confirm your current email')).toBeVisible();
    await expect(within(d).getByText('Enter the 6-digit code we sent to ada@example.com.')).toBeVisible();
    await expect(within(d).getByRole('button', { name: 'Resend code' })).toBeEnabled();
  },
};

/** A wrong code: the frame's message, the boxes cleared for another try. */
export const WrongCode: Story = {
  play: async () => {
    const d = await dialog('Confirm current email');
    await findHeading(d, 'Confirm your current email');
    await typeCode(d, '999999');
    await waitFor(() => expect(within(d).getByText('Invalid code')).toBeVisible());
    await waitFor(() => expect(within(d).getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveValue(''));
    await expect(within(d).getByRole('heading', { name: 'Confirm your current email' })).toBeVisible();
  },
};

/** The right code: the next view asks for the code sent to the new address. */
export const RightCode: Story = {
  play: async () => {
    const d = await dialog('Confirm current email');
    await findHeading(d, 'Confirm your current email');
    await typeCode(d, PRIMARY_CODE);
    const next = await dialog('Confirm new email');
    await findHeading(next, 'Confirm your new email');
    await expect(within(next).getByText('Enter the 6-digit code we sent to ada@new.example.')).toBeVisible();
  },
};

/** Resending right after the first code: 'Please try again after N seconds' (one send per 30 s). */
export const ResendCooldown: Story = {
  play: async () => {
    const d = await dialog('Confirm current email');
    await findHeading(d, 'Confirm your current email');
    await userEvent.click(within(d).getByRole('button', { name: 'Resend code' }));
    await expect(await within(d).findByText(/^Please try again after (29|30) seconds$/)).toBeVisible();
    await expect(
      embeddedStory().fake.requests.filter((r) => r.type === '@keyway-app/UPDATE_EMAIL'),
    ).toHaveLength(1);
  },
};
