/**
 * Hooks: social login with the host's own buttons. `useSocialLogin().connectSocial(provider)` opens the
 * provider's window from the click, waits for it, and connects the embedded wallet; the status and the
 * error kind (popup blocked, timeout, failed) are the hook's. Built only from `keyway` exports.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { SOCIAL_LOGIN_PROVIDERS, SOCIAL_PROVIDER_NAMES, useAccount, useSocialLogin } from '../../src/index';
import { useMessageText } from '../../src/views/index';
import { keywayBeforeEach, storyHandlers, storyKit, withKeyway } from '../_support/keyway';
import { EMBEDDED_ADDRESS, embeddedBeforeEach } from '../views/_embedded';
import { socialKit, storyPopup } from '../views/_social';

function SocialButtons() {
  const say = useMessageText();
  const social = useSocialLogin();
  const account = useAccount({ requestDetails: false });
  if (account.isConnected) return <p>Logged in as {account.address}</p>;
  if (!social.available) return <p>Social login is not available</p>;
  const name = social.provider ? SOCIAL_PROVIDER_NAMES[social.provider] : '';
  return (
    <section aria-label="Social login">
      <ul>
        {SOCIAL_LOGIN_PROVIDERS.map((p) => (
          <li key={p}>
            <button type="button" onClick={() => void social.connectSocial(p)}>
              Log in with {SOCIAL_PROVIDER_NAMES[p]}
            </button>
          </li>
        ))}
      </ul>
      {social.status === 'waiting' ? <p role="status">Continue in the {name} window</p> : null}
      {social.status === 'error' ? (
        <p role="alert">
          {social.errorKind === 'popupBlocked' ? 'The browser blocked the login window' : say(social.error)}
        </p>
      ) : null}
    </section>
  );
}

const meta = {
  title: 'Hooks/useSocialLogin',
  component: SocialButtons,
  decorators: [withKeyway],
  beforeEach: [keywayBeforeEach, embeddedBeforeEach],
  parameters: {
    chromatic: { disableSnapshot: true },
    msw: { handlers: storyHandlers() },
    keyway: socialKit(),
  },
} satisfies Meta<typeof SocialButtons>;
export default meta;
type Story = StoryObj<typeof meta>;

/** GitHub's window opens; when it completes, the embedded wallet is connected; the modal never opened. */
export const LoggedIn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Log in with GitHub' }));
    await expect(await canvas.findByRole('status', {}, { timeout: 10_000 })).toHaveTextContent(
      'Continue in the GitHub window',
    );
    storyPopup().complete();
    await expect(
      await canvas.findByText(`Logged in as ${EMBEDDED_ADDRESS}`, {}, { timeout: 10_000 }),
    ).toBeVisible();
    await expect(storyKit().keyway.stores.modal.getState().isOpen).toBe(false);
  },
};

/** A blocked popup is reported by the hook's error kind. */
export const PopupBlocked: Story = {
  parameters: { keyway: socialKit({ blockPopup: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Log in with Google' }));
    await expect(await canvas.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'The browser blocked the login window',
    );
  },
};
