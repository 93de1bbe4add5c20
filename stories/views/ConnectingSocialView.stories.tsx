import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { FakeFrameError } from '../../src/frame/testing';
import { DemoHost } from '../_support/DemoHost';
import { keywayBeforeEach, storyHandlers, storyKit, withKeyway } from '../_support/keyway';
import { dialog, EMBEDDED_ADDRESS, embeddedBeforeEach, embeddedStory, frameIframe } from './_embedded';
import { SOCIAL_RESULT_URI, socialKit, socialRedirect, storyPopup } from './_social';

const meta = {
  title: 'Views/ConnectingSocialView',
  component: DemoHost,
  decorators: [withKeyway],
  beforeEach: [keywayBeforeEach, embeddedBeforeEach],
  parameters: { msw: { handlers: storyHandlers() }, keyway: socialKit() },
} satisfies Meta<typeof DemoHost>;
export default meta;
type Story = StoryObj<typeof meta>;

const shortAddress = `${EMBEDDED_ADDRESS.slice(0, 6)}…${EMBEDDED_ADDRESS.slice(-4)}`;
const requests = (type: string) =>
  embeddedStory().fake.requests.filter((r) => r.type === `@keyway-app/${type}`);

async function openConnect(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Connect wallet' }));
  return dialog('Connect wallet');
}

async function logInWith(canvasElement: HTMLElement, name: string) {
  const d = await openConnect(canvasElement);
  await userEvent.click(
    await within(d).findByRole('button', { name: `Log in with ${name}` }, { timeout: 15_000 }),
  );
  return dialog('Log in');
}

/** The Connect view offers one button per social provider and Farcaster; nothing loads the frame yet. */
export const Providers: Story = {
  play: async ({ canvasElement }) => {
    const d = await openConnect(canvasElement);
    const row = await within(d).findByRole(
      'list',
      { name: 'Log in with a social account' },
      { timeout: 15_000 },
    );
    const brands = {
      Google: 'google',
      GitHub: 'github',
      Apple: 'apple',
      Facebook: 'facebook',
      X: 'x',
      Discord: 'discord',
      Farcaster: 'farcaster',
    };
    for (const [name, id] of Object.entries(brands)) {
      const button = within(row).getByRole('button', { name: `Log in with ${name}` });
      await expect(button).toBeEnabled();
      // The provider's brand mark (an SVG path), not letters standing in for it.
      const path = button.querySelector(`svg[data-kw-brand="${id}"] path`);
      await expect(path?.getAttribute('d')?.length ?? 0).toBeGreaterThan(100);
      await expect(button.textContent).toBe('');
    }
    // The embedded wallet's row in the wallet list shows the email glyph, not a missing-image placeholder.
    const embeddedRow = within(d).getByRole('button', { name: /Email & Social/ });
    await expect(embeddedRow.querySelector('[data-kw-image="fallback"]')).toBeNull();
    await expect(embeddedRow.querySelector('svg')).not.toBeNull();
    await expect(frameIframe()).toBeNull();
  },
};

/** The popup is open on the provider page (the frame's redirect URI); the view waits for it. */
export const PopupOpenWaiting: Story = {
  play: async ({ canvasElement }) => {
    const d = await logInWith(canvasElement, 'GitHub');
    await expect(await within(d).findByText('Continue in the GitHub window')).toBeVisible();
    await expect(within(d).getByRole('heading', { name: 'Log in with GitHub' })).toBeVisible();
    await expect(within(d).getByRole('button', { name: 'Show the login window' })).toBeEnabled();
    await expect(storyPopup().urls).toEqual([socialRedirect('github')]);
    await expect(requests('GET_SOCIAL_REDIRECT_URI').map((r) => r.payload)).toEqual([{ provider: 'github' }]);
  },
};

/** The provider page completes: the frame connects, and the Account view shows the embedded address. */
export const LoggedIn: Story = {
  play: async ({ canvasElement }) => {
    const d = await logInWith(canvasElement, 'GitHub');
    await within(d).findByText('Continue in the GitHub window');
    storyPopup().complete();
    const account = await dialog('Account');
    await expect(await within(account).findByText(shortAddress)).toBeVisible();
    await expect(requests('CONNECT_SOCIAL').map((r) => r.payload)).toEqual([{ uri: SOCIAL_RESULT_URI }]);
    await expect(storyKit().keyway.stores.account.getState().address).toBe(EMBEDDED_ADDRESS);
    // Login cache (spec §4): the username returned by the frame, and the provider as the social marker.
    await expect(embeddedStory().session.getItem('kw:auth:social-username')).toBe('octocat');
    await expect(embeddedStory().persistent.getItem('kw:auth:social')).toBe('github');
  },
};

/** A message from another origin is not a login result: the view keeps waiting. */
export const ForeignMessageIgnored: Story = {
  play: async ({ canvasElement }) => {
    const d = await logInWith(canvasElement, 'Discord');
    await within(d).findByText('Continue in the Discord window');
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: '@keyway-frame/SOCIAL_RESULT', resultUri: SOCIAL_RESULT_URI },
        origin: 'https://evil.example',
        source: storyPopup().source as Window,
      }),
    );
    await expect(await within(d).findByText('Continue in the Discord window')).toBeVisible();
    await expect(requests('CONNECT_SOCIAL')).toHaveLength(0);
  },
};

/** The browser blocked the popup: a clear message and a Try again button (a new click may open it). */
export const PopupBlocked: Story = {
  parameters: { keyway: socialKit({ blockPopup: true }) },
  play: async ({ canvasElement }) => {
    const d = await logInWith(canvasElement, 'Google');
    await expect(
      await within(d).findByText(
        'The login window was blocked by the browser. Allow pop-ups for this site, then try again.',
      ),
    ).toBeVisible();
    await expect(within(d).getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expect(embeddedStory().fake.requests).toHaveLength(0);
  },
};

/** The user closes the popup: the modal goes back to the Connect view. */
export const PopupClosedByUser: Story = {
  play: async ({ canvasElement }) => {
    const d = await logInWith(canvasElement, 'Apple');
    await within(d).findByText('Continue in the Apple window');
    storyPopup().closeByUser();
    const back = await dialog('Connect wallet');
    await expect(within(back).getByRole('button', { name: 'Log in with Apple' })).toBeVisible();
    await expect(requests('CONNECT_SOCIAL')).toHaveLength(0);
  },
};

/** No result in time: the popup is closed and the view says so. */
export const Timeout: Story = {
  parameters: { keyway: socialKit({ social: { timeoutMs: 700 } }) },
  play: async ({ canvasElement }) => {
    const d = await logInWith(canvasElement, 'Facebook');
    await expect(
      await within(d).findByText('The login took too long. Try again.', undefined, { timeout: 10_000 }),
    ).toBeVisible();
    await waitFor(() => expect(storyPopup().closed).toBe(true));
    await expect(within(d).getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** The frame refuses the result (an expired code): its message is shown, nothing is connected. */
export const ConnectFailed: Story = {
  parameters: {
    keyway: socialKit({
      handlers: (h) => {
        h.CONNECT_SOCIAL = () => {
          throw new FakeFrameError({ message: 'The login code has expired' });
        };
      },
    }),
  },
  play: async ({ canvasElement }) => {
    const d = await logInWith(canvasElement, 'X');
    await within(d).findByText('Continue in the X window');
    storyPopup().complete();
    await expect(await within(d).findByRole('alert')).toHaveTextContent('The login code has expired');
    await expect(storyKit().keyway.stores.account.getState().isConnected).toBe(false);
    await userEvent.click(within(d).getByRole('button', { name: 'Cancel' }));
    await dialog('Connect wallet');
    await expect(screen.getByRole('dialog')).toBeVisible();
  },
};
