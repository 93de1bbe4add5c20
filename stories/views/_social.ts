/**
 * Story support for social / Farcaster login, update email and account settings, on top of the embedded
 * wallet's fake frame (`_embedded.ts`):
 * - a simulated login popup: a hidden same-page window the social store "opens" instead of a real one, so
 *   a play function can answer as the frame's callback page would (a message from the frame's origin and
 *   from that window), close it as a user would, or let it run into the time limit;
 * - fake frame handlers for the social, Farcaster, update-email and account-type events.
 */
import { userEvent, within } from 'storybook/test';
import type { FakeFrameHandlers } from '../../src/frame/testing';
import { FakeFrameError, NO_REPLY } from '../../src/frame/testing';
import {
  embeddedLoginStores,
  type SocialLoginInternals,
  setSocialLoginInternals,
} from '../../src/hooks/social/embeddedStores';
import { SOCIAL_RESULT_TYPE, type SocialPopup } from '../../src/hooks/social/store';
import type { StoryKit, StoryKitOptions } from '../_support/keyway';
import { EMBEDDED_ADDRESS, type EmbeddedStoryOptions, embeddedKit, FAKE_FRAME_ORIGIN } from './_embedded';

export const SMART_ACCOUNT_ADDRESS = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
export const PRIMARY_CODE = '111111';
export const SECONDARY_CODE = '222222';
export const FARCASTER_URL = `${FAKE_FRAME_ORIGIN}/farcaster/connect?channel=story-channel`;
export const socialRedirect = (provider: string) =>
  `${FAKE_FRAME_ORIGIN}/oauth/${provider}/authorize?state=storystate123`;
export const SOCIAL_RESULT_URI = `${FAKE_FRAME_ORIGIN}/auth/social/callback?provider=github&code=storycode&state=storystate123`;

export interface StoryPopup extends SocialPopup {
  /** URLs the kit sent the popup to. */
  readonly urls: string[];
  /** The provider page finished: the callback page posts the result to its opener. */
  complete(resultUri?: string): void;
  /** The user closes the window. */
  closeByUser(): void;
}

let popup: StoryPopup | null = null;

/**
 * The new address whose change the current address's code confirmed, as the local frame keeps it (a new
 * story starts without one).
 */
let confirmedFor: string | null = null;

/** How far the update-email store's clock runs ahead of the real one (its 30 s limit on sending codes). */
let clockAhead = 0;

/** Moves the update-email store's clock on by `ms` (a story's "30 s later" without waiting). */
export function advanceStoryClock(ms: number): void {
  clockAhead += ms;
}

/** The popup of the running story (once the kit opened it). */
export function storyPopup(): StoryPopup {
  if (!popup) throw new Error('No popup was opened');
  return popup;
}

function openStoryPopup(): StoryPopup {
  const frame = document.createElement('iframe');
  frame.title = 'Simulated login window';
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.display = 'none';
  frame.setAttribute('data-story-popup', '');
  document.body.appendChild(frame);
  const win = frame.contentWindow as Window;
  const urls: string[] = [];
  let closed = false;
  const p: StoryPopup = {
    get closed() {
      return closed;
    },
    urls,
    navigate(url) {
      urls.push(url);
    },
    close() {
      closed = true;
      frame.remove();
    },
    focus() {},
    source: win,
    complete(resultUri = SOCIAL_RESULT_URI) {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: SOCIAL_RESULT_TYPE, resultUri },
          origin: FAKE_FRAME_ORIGIN,
          source: win,
        }),
      );
    },
    closeByUser() {
      p.close();
    },
  };
  return p;
}

/** Handlers of the fake frame for these stories (the rest comes from `_embedded.ts`). */
export function applySocialHandlers(h: FakeFrameHandlers): void {
  let preferred: 'eoa' | 'smartAccount' = 'eoa';
  let pendingEmail: string | null = null;
  h.GET_SOCIAL_REDIRECT_URI = ({ provider }) => ({ uri: socialRedirect(provider) });
  h.CONNECT_SOCIAL = () => ({ address: EMBEDDED_ADDRESS, chainId: 31337, userName: 'octocat' });
  h.GET_USER = ({ chainId }) => ({
    email: 'ada@example.com',
    address: preferred === 'smartAccount' ? SMART_ACCOUNT_ADDRESS : EMBEDDED_ADDRESS,
    chainId: typeof chainId === 'number' ? chainId : 31337,
    accounts: [
      { address: EMBEDDED_ADDRESS, type: 'eoa' },
      { address: SMART_ACCOUNT_ADDRESS, type: 'smartAccount' },
    ],
  });
  h.GET_FARCASTER_URI = () => ({ url: FARCASTER_URL });
  h.CONNECT_FARCASTER = () => NO_REPLY;
  h.UPDATE_EMAIL = ({ email }) => {
    // The same new address once the current one confirmed it: a new code to the new address (Resend there).
    if (confirmedFor === email) return { action: 'VERIFY_SECONDARY_OTP' };
    pendingEmail = email;
    confirmedFor = null;
    return { action: 'VERIFY_PRIMARY_OTP' };
  };
  h.UPDATE_EMAIL_PRIMARY_OTP = ({ otp }) => {
    if (otp !== PRIMARY_CODE) throw new FakeFrameError({ message: 'Invalid code' });
    confirmedFor = pendingEmail;
    return undefined;
  };
  h.UPDATE_EMAIL_SECONDARY_OTP = ({ otp }) => {
    if (otp !== SECONDARY_CODE || !pendingEmail) throw new FakeFrameError({ message: 'Invalid code' });
    return { newEmail: pendingEmail };
  };
  h.GET_SMART_ACCOUNT_ENABLED_NETWORKS = () => ({ smartAccountEnabledNetworks: [31337] });
  h.SET_PREFERRED_ACCOUNT = ({ type }) => {
    preferred = type;
    return { type, address: type === 'smartAccount' ? SMART_ACCOUNT_ADDRESS : EMBEDDED_ADDRESS };
  };
}

export interface SocialKitOptions extends EmbeddedStoryOptions {
  /** The browser blocks the popup. */
  blockPopup?: boolean;
  social?: SocialLoginInternals;
  /** Log in (email) and connect before the story renders. */
  connected?: boolean;
  setup?: (kit: StoryKit) => void | Promise<void>;
  options?: StoryKitOptions['options'];
}

/** Story kit options: the embedded wallet on the fake frame, the simulated popup, optional connection. */
export function socialKit(opts: SocialKitOptions = {}): StoryKitOptions {
  const { blockPopup, social, connected, setup, options, handlers, ...embedded } = opts;
  return embeddedKit(
    {
      ...embedded,
      handlers: (h) => {
        applySocialHandlers(h);
        handlers?.(h);
      },
    },
    {
      ...(options ? { options } : {}),
      setup: async (kit) => {
        popup = null;
        clockAhead = 0;
        confirmedFor = null;
        for (const el of document.querySelectorAll('iframe[data-story-popup]')) el.remove();
        setSocialLoginInternals(kit.keyway, {
          openPopup: () => {
            if (blockPopup) return null;
            popup = openStoryPopup();
            return popup;
          },
          messages: window,
          acceptSyntheticEvents: true,
          pollMs: 50,
          updateEmailNow: () => Date.now() + clockAhead,
          ...social,
        });
        if (connected) {
          const embeddedWallet = kit.keyway.embedded;
          if (!embeddedWallet) throw new Error('Story setup: no embedded wallet');
          await embeddedWallet.getAuth();
          await embeddedWallet.connect();
        }
        await setup?.(kit);
      },
    },
  );
}

/** Setup: the modal open on the Account view. */
export function openAccount(kit: StoryKit) {
  kit.keyway.stores.modal.getState().open('Account');
}

/** Setup: the modal open on the account settings (above the Account view). */
export function openSettings(kit: StoryKit) {
  kit.keyway.stores.modal.getState().open('Account');
  kit.keyway.stores.modal.getState().push('AccountSettings');
}

/** Setup: the update-email flow at the code sent to the current address. */
export async function openPrimaryOtp(kit: StoryKit) {
  openSettings(kit);
  kit.keyway.stores.modal.getState().push('UpdateEmail');
  const update = embeddedLoginStores(kit.keyway).updateEmail.getState();
  update.start();
  if (!(await update.submitEmail('ada@new.example'))) throw new Error('Story setup: update email failed');
}

/** Setup: the update-email flow at the code sent to the new address. */
export async function openSecondaryOtp(kit: StoryKit) {
  await openPrimaryOtp(kit);
  const ok = await embeddedLoginStores(kit.keyway).updateEmail.getState().submitPrimaryOtp(PRIMARY_CODE);
  if (!ok) throw new Error('Story setup: the primary code was refused');
}

export async function submitNewEmail(d: HTMLElement, email: string) {
  const field = within(d).getByRole('textbox', { name: 'New email' });
  await userEvent.clear(field);
  await userEvent.type(field, email);
  await userEvent.click(within(d).getByRole('button', { name: 'Continue' }));
}

/** Types a code into the six boxes (the first box focused first). */
export async function typeCode(d: HTMLElement, code: string) {
  await userEvent.click(within(d).getByRole('textbox', { name: 'Digit 1 of 6' }));
  await userEvent.keyboard(code);
}

/** The view's heading, once the view's code has loaded. */
export function findHeading(d: HTMLElement, name: string) {
  return within(d).findByRole('heading', { name }, { timeout: 15_000 });
}
