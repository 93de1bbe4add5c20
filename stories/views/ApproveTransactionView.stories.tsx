import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { UserRejectedRequestError } from 'viem';
import { signMessage } from 'wagmi/actions';
import { getEmailLoginStore } from '../../src/hooks/email/store';
import { DemoHost } from '../_support/DemoHost';
import { keywayBeforeEach, type StoryKit, storyHandlers, storyKit, withKeyway } from '../_support/keyway';
import {
  dialog,
  EMBEDDED_ADDRESS,
  embeddedBeforeEach,
  embeddedKit,
  embeddedStory,
  frameIframe,
  GOOD_CODE,
} from './_embedded';

/** Logged in with the embedded wallet (email + code), the modal closed. */
const loggedIn = async ({ keyway }: StoryKit) => {
  const login = getEmailLoginStore(keyway);
  keyway.stores.modal.getState().open('Connect');
  await login.getState().submitEmail('ada@example.com');
  await login.getState().submitOtp(GOOD_CODE);
  if (keyway.stores.account.getState().address !== EMBEDDED_ADDRESS)
    throw new Error('Story setup: not logged in');
  keyway.stores.modal.getState().close();
};

const meta = {
  title: 'Views/ApproveTransaction',
  component: DemoHost,
  decorators: [withKeyway],
  beforeEach: [keywayBeforeEach, embeddedBeforeEach],
  parameters: { msw: { handlers: storyHandlers() }, keyway: embeddedKit({}, { setup: loggedIn }) },
} satisfies Meta<typeof DemoHost>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Starts a personal_sign through wagmi, as a host's "Sign message" button would. */
async function startSign() {
  const posted = embeddedStory().fake.nextRequest('RPC_REQUEST');
  const signed = signMessage(storyKit().keyway.wagmiConfig, { message: 'Hello from Keyway' });
  signed.catch(() => undefined);
  const request = await posted;
  const d = await dialog('Approve request');
  return { signed, request, d };
}

/**
 * personal_sign: the modal opens on ApproveTransaction and the frame's own approval screen is laid over
 * the modal body; the kit shows no approve button. The frame's answer resolves the signature and hides it.
 */
export const ApprovalShown: Story = {
  play: async () => {
    const { signed, request, d } = await startSign();
    await expect(request.payload.method).toBe('personal_sign');
    const region = await within(d).findByRole(
      'region',
      { name: 'Secure wallet approval' },
      { timeout: 15_000 },
    );
    await expect(within(region).getByRole('heading', { name: 'Sign message' })).toBeVisible();
    await expect(within(d).queryByRole('button', { name: /approve|sign|confirm/i })).not.toBeInTheDocument();
    const iframe = frameIframe();
    await waitFor(() => expect(iframe).toHaveAttribute('data-state', 'approval'));
    await waitFor(() => {
      const a = region.getBoundingClientRect();
      const b = (iframe as HTMLIFrameElement).getBoundingClientRect();
      expect(Math.round(b.top)).toBe(Math.round(a.top));
      expect(Math.round(b.left)).toBe(Math.round(a.left));
      expect(Math.round(b.width)).toBe(Math.round(a.width));
    });
    // Shown once the body has stopped moving (the modal's opening animation).
    await waitFor(() => expect(iframe).toHaveStyle({ visibility: 'visible' }));
    // Focus goes to the frame's screen; the frame is a named region that assistive technology sees (the
    // dialog hides the rest of the page), and a button in the view leads back to it.
    await waitFor(() => expect(document.activeElement).toBe(iframe));
    const back = within(d).getByRole('button', { name: 'Go to the approval screen' });
    const host = document.getElementById(back.getAttribute('aria-controls') ?? '');
    await expect(host).toContainElement(iframe as HTMLElement);
    await expect(host).toHaveAttribute('role', 'region');
    await expect(host).toHaveAccessibleName('Approve in your secure wallet');
    await expect(host).not.toHaveAttribute('aria-hidden');
    back.focus();
    back.click();
    await expect(document.activeElement).toBe(iframe);

    const signature = `0x${'ab'.repeat(65)}` as const;
    embeddedStory().fake.reply(request, { result: signature });
    await expect(signed).resolves.toBe(signature);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(iframe).not.toHaveAttribute('data-state');
    await expect(iframe).toHaveStyle({ visibility: 'hidden' });
  },
};

/** Rejected inside the frame: the request fails with the user-rejected error; the frame is hidden again. */
export const RejectedInFrame: Story = {
  play: async () => {
    const { signed, request, d } = await startSign();
    await within(d).findByRole('region', { name: 'Secure wallet approval' }, { timeout: 15_000 });
    embeddedStory().fake.replyError(request, { message: 'User rejected the request.', code: 4001 });
    const error = await signed.then(
      () => null,
      (e: unknown) => e,
    );
    await expect(error).toBeInstanceOf(Error);
    await expect(
      (error as Error & { walk(fn: (e: unknown) => boolean): unknown }).walk(
        (e) => e instanceof UserRejectedRequestError,
      ),
    ).toBeInstanceOf(UserRejectedRequestError);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(frameIframe()).toHaveStyle({ visibility: 'hidden' });
  },
};

/** Closing the modal during the approval aborts the request: 'Request was aborted'. */
export const ClosedWhileApproving: Story = {
  play: async () => {
    const { signed, d } = await startSign();
    await within(d).findByRole('region', { name: 'Secure wallet approval' }, { timeout: 15_000 });
    storyKit().keyway.stores.modal.getState().close();
    await expect(signed).rejects.toThrow(/Request was aborted/);
    await expect(frameIframe()).toHaveStyle({ visibility: 'hidden' });
  },
};
