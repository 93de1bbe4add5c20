import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { LOGIN_CACHE_KEYS } from '../../src/frame';
import { DemoHost } from '../_support/DemoHost';
import { keywayBeforeEach, storyHandlers, storyKit, withKeyway } from '../_support/keyway';
import {
  dialog,
  EMBEDDED_ADDRESS,
  embeddedBeforeEach,
  embeddedKit,
  embeddedStory,
  GOOD_CODE,
  openedDialog,
} from './_embedded';

const meta = {
  title: 'Views/EmailVerifyOtp',
  component: DemoHost,
  decorators: [withKeyway],
  beforeEach: [keywayBeforeEach, embeddedBeforeEach],
  parameters: { msw: { handlers: storyHandlers() }, keyway: embeddedKit() },
} satisfies Meta<typeof DemoHost>;
export default meta;
type Story = StoryObj<typeof meta>;

const digit = (root: HTMLElement, n: number) =>
  within(root).getByRole('textbox', { name: `Digit ${n} of 6` });

/** The user path: Connect wallet → email → Continue → the code view. */
async function codeView(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Connect wallet' }));
  const connect = await openedDialog('Connect wallet');
  const field = await within(connect).findByRole('textbox', { name: 'Email' }, { timeout: 15_000 });
  await userEvent.type(field, 'ada@example.com');
  await userEvent.click(within(connect).getByRole('button', { name: 'Continue' }));
  const d = await dialog('Confirm email');
  await within(d).findByText('ada@example.com', undefined, { timeout: 15_000 });
  return d;
}

/** Code sent: the address, six empty boxes with the focus in the first, Resend. */
export const CodeSent: Story = {
  play: async ({ canvasElement }) => {
    const d = await codeView(canvasElement);
    await expect(within(d).getByText(/We sent a 6-digit code to/)).toBeVisible();
    await waitFor(() => expect(digit(d, 1)).toHaveFocus());
    for (let n = 1; n <= 6; n++) await expect(digit(d, n)).toHaveValue('');
    await expect(within(d).getByRole('button', { name: 'Resend code' })).toBeEnabled();
    await expect(within(d).getByRole('button', { name: 'Back' })).toBeEnabled();
  },
};

/** A wrong code: the frame's message, the boxes emptied and the focus back in the first; then the right one. */
export const WrongCode: Story = {
  play: async ({ canvasElement }) => {
    const d = await codeView(canvasElement);
    await waitFor(() => expect(digit(d, 1)).toHaveFocus());
    await userEvent.keyboard('000000');
    await waitFor(() => expect(within(d).getByText('Invalid code')).toBeVisible());
    for (let n = 1; n <= 6; n++) await expect(digit(d, n)).toHaveValue('');
    await waitFor(() => expect(digit(d, 1)).toHaveFocus());
    await expect(digit(d, 1)).toHaveAttribute('aria-invalid', 'true');
    await userEvent.keyboard(GOOD_CODE);
    const account = await dialog('Account');
    await expect(
      await within(account).findByText(`${EMBEDDED_ADDRESS.slice(0, 6)}…${EMBEDDED_ADDRESS.slice(-4)}`),
    ).toBeVisible();
  },
};

/** Resend right after the code was sent: the 30 s cooldown message instead of a new request. */
export const ResendDuringCooldown: Story = {
  play: async ({ canvasElement }) => {
    const d = await codeView(canvasElement);
    const sent = embeddedStory().fake.requests.filter((r) => r.type === '@keyway-app/CONNECT_EMAIL').length;
    await userEvent.click(within(d).getByRole('button', { name: 'Resend code' }));
    await expect(await within(d).findByText(/^Please try again after (29|30) seconds$/)).toBeVisible();
    await expect(
      embeddedStory().fake.requests.filter((r) => r.type === '@keyway-app/CONNECT_EMAIL'),
    ).toHaveLength(sent);
  },
};

/** Resend once the cooldown is over: a new code is requested and announced. */
export const Resent: Story = {
  play: async ({ canvasElement }) => {
    const d = await codeView(canvasElement);
    // The last code was sent more than 30 s ago.
    embeddedStory().persistent.setItem(LOGIN_CACHE_KEYS.lastEmailLoginTime, String(Date.now() - 31_000));
    await userEvent.click(within(d).getByRole('button', { name: 'Resend code' }));
    await expect(await within(d).findByText('A new code is on its way')).toBeVisible();
    await expect(
      embeddedStory().fake.requests.filter((r) => r.type === '@keyway-app/CONNECT_EMAIL'),
    ).toHaveLength(2);
    await expect(storyKit().keyway.stores.modal.getState().history.at(-1)?.view).toBe('EmailVerifyOtp');
  },
};
