import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { FakeFrameError } from '../../src/frame/testing';
import { getEmailLoginStore } from '../../src/hooks/email/store';
import { DemoHost } from '../_support/DemoHost';
import { keywayBeforeEach, type StoryKit, storyHandlers, withKeyway } from '../_support/keyway';
import {
  dialog,
  EMBEDDED_ADDRESS,
  embeddedBeforeEach,
  embeddedKit,
  embeddedStory,
  GOOD_CODE,
  NEW_DEVICE_EMAIL,
} from './_embedded';

/** A known address from a new device: the frame asks for the device to be approved first. */
const deviceRequested = async ({ keyway }: StoryKit) => {
  keyway.stores.modal.getState().open('Connect');
  await getEmailLoginStore(keyway).getState().submitEmail(NEW_DEVICE_EMAIL);
};

const meta = {
  title: 'Views/EmailVerifyDevice',
  component: DemoHost,
  decorators: [withKeyway],
  beforeEach: [keywayBeforeEach, embeddedBeforeEach],
  parameters: { msw: { handlers: storyHandlers() }, keyway: embeddedKit({}, { setup: deviceRequested }) },
} satisfies Meta<typeof DemoHost>;
export default meta;
type Story = StoryObj<typeof meta>;

async function deviceView() {
  const d = await dialog('Register device');
  await within(d).findByText(NEW_DEVICE_EMAIL, undefined, { timeout: 15_000 });
  return d;
}

/** Waiting for the approval link: the address, what to do, a waiting status, Resend link. */
export const WaitingForApproval: Story = {
  play: async () => {
    const d = await deviceView();
    await expect(within(d).getByRole('heading', { name: 'Approve this device' })).toBeVisible();
    await expect(await within(d).findByText('Waiting for approval…')).toBeVisible();
    await expect(within(d).getByRole('button', { name: 'Resend link' })).toBeEnabled();
    await waitFor(() =>
      expect(embeddedStory().fake.requests.map((r) => r.type)).toContain('@keyway-app/CONNECT_DEVICE'),
    );
  },
};

/** Once the link is followed the frame sends a code: the code view, then the Account view. */
export const ApprovedThenCode: Story = {
  play: async () => {
    await deviceView();
    await waitFor(() =>
      expect(embeddedStory().fake.requests.map((r) => r.type)).toContain('@keyway-app/CONNECT_DEVICE'),
    );
    embeddedStory().approveDevice();
    const otp = await dialog('Confirm email');
    const first = await within(otp).findByRole('textbox', { name: 'Digit 1 of 6' }, { timeout: 15_000 });
    await expect(within(otp).getByText(NEW_DEVICE_EMAIL)).toBeVisible();
    await waitFor(() => expect(first).toHaveFocus());
    await userEvent.keyboard(GOOD_CODE);
    const account = await dialog('Account');
    await expect(
      await within(account).findByText(`${EMBEDDED_ADDRESS.slice(0, 6)}…${EMBEDDED_ADDRESS.slice(-4)}`),
    ).toBeVisible();
  },
};

/** The approval expired: the frame's message and Try again. */
export const ApprovalExpired: Story = {
  parameters: {
    keyway: embeddedKit(
      {
        handlers: (h) => {
          h.CONNECT_DEVICE = () => {
            throw new FakeFrameError({ message: 'This device approval has expired.' });
          };
        },
      },
      { setup: deviceRequested },
    ),
  },
  play: async () => {
    const d = await deviceView();
    const message = await within(d).findByText('This device approval has expired.');
    await waitFor(() => expect(message).toBeVisible());
    await expect(within(d).getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};
