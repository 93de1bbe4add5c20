/**
 * Story support for the embedded wallet: the fake frame (src/frame/testing) answering like the secure
 * frame's auth backend in miniature (a code per email, a device that must be approved, a user with an
 * address), the instance options that point the kit at it, and small helpers for play functions.
 */
import { expect, screen, waitFor } from 'storybook/test';
import {
  createLoginCache,
  createMemoryStorage,
  type FrameTimeouts,
  LOGIN_CACHE_KEYS,
  type LoginCache,
} from '../../src/frame';
import {
  type FakeFrame,
  FakeFrameError,
  type FakeFrameHandlers,
  installFakeFrame,
  NO_REPLY,
} from '../../src/frame/testing';
import { STORY_ADDRESS_2, type StoryKitOptions, whenStoryUnmounted } from '../_support/keyway';

/** The fake frame's origin: never reached over the network (the fake answers in the page). */
export const FAKE_FRAME_URL = 'https://frame.keyway.test/';
export const FAKE_FRAME_ORIGIN = new URL(FAKE_FRAME_URL).origin;
/** The embedded wallet's address in stories (anvil dev account 1: a well-known test address). */
export const EMBEDDED_ADDRESS = STORY_ADDRESS_2;
export const GOOD_CODE = '123456';
/** An address the fake backend treats as known from another device: the device must be approved first. */
export const NEW_DEVICE_EMAIL = 'new-device@example.com';

type MemoryStorage = ReturnType<typeof createMemoryStorage>;

/** A storage whose contents start afresh on `reset()` (each run of a story starts logged out). */
function resettableStorage(): MemoryStorage & { reset(): void } {
  let inner = createMemoryStorage();
  return {
    getItem: (k) => inner.getItem(k),
    setItem: (k, v) => inner.setItem(k, v),
    removeItem: (k) => inner.removeItem(k),
    get size() {
      return inner.size;
    },
    entries: () => inner.entries(),
    reset() {
      inner = createMemoryStorage();
    },
  };
}

export interface EmbeddedStoryState {
  fake: FakeFrame;
  persistent: MemoryStorage;
  session: MemoryStorage;
  cache: LoginCache;
  /** Resolves the pending device approval (the link in the email was followed). */
  approveDevice(): void;
}

let current: EmbeddedStoryState | null = null;

export function embeddedStory(): EmbeddedStoryState {
  if (!current) throw new Error('No embedded story state: use embeddedParameters + embeddedBeforeEach');
  return current;
}

export interface EmbeddedStoryOptions {
  timeouts?: Partial<FrameTimeouts>;
  /** false: the frame never answers the handshake (a frame that fails to load). */
  answerHandshake?: boolean;
  /** Changes the fake frame's handlers (assign the ones to override). */
  handlers?: (handlers: FakeFrameHandlers) => void;
  /** Seeds the login cache before the instance starts (a remembered login, a running cooldown). */
  seed?: (storage: { persistent: EmbeddedStoryState['persistent'] }) => void;
}

/** The story kit options of an instance with the embedded wallet on the fake frame. */
export function embeddedKit(opts: EmbeddedStoryOptions = {}, extra: StoryKitOptions = {}): StoryKitOptions {
  const persistent = resettableStorage();
  const session = resettableStorage();
  const cache = createLoginCache({ persistent, session });
  let releaseDevice: (() => void) | null = null;
  const handlers: FakeFrameHandlers = {};
  handlers.CONNECT_EMAIL = ({ email }) => ({
    action: email === NEW_DEVICE_EMAIL ? 'VERIFY_DEVICE' : 'VERIFY_OTP',
  });
  handlers.CONNECT_DEVICE = () =>
    new Promise((resolve) => {
      releaseDevice = () => resolve(undefined);
    });
  handlers.CONNECT_OTP = ({ otp }) => {
    if (otp !== GOOD_CODE) throw new FakeFrameError({ message: 'Invalid code' });
    return undefined;
  };
  handlers.GET_USER = ({ chainId }) => ({
    email: 'ada@example.com',
    address: EMBEDDED_ADDRESS,
    chainId: typeof chainId === 'number' ? chainId : 31337,
  });
  handlers.GET_CHAIN_ID = () => ({ chainId: 31337 });
  handlers.IS_CONNECTED = () => ({ isConnected: true });
  handlers.SIGN_OUT = () => undefined;
  handlers.RPC_REQUEST = () => NO_REPLY;
  opts.handlers?.(handlers);
  return {
    ...extra,
    options: { secureFrameUrl: FAKE_FRAME_URL, ...extra.options },
    internals: {
      embeddedFrame: {
        acceptSyntheticEvents: true,
        storage: cache,
        ...(opts.timeouts ? { timeouts: opts.timeouts } : {}),
      },
    },
    setup: async (kit) => {
      persistent.reset();
      session.reset();
      opts.seed?.({ persistent });
      const fake = installFakeFrame({
        document,
        frameOrigin: FAKE_FRAME_ORIGIN,
        handlers,
        ...(opts.answerHandshake === false ? { answerHandshake: false } : {}),
      });
      current = {
        fake,
        persistent,
        session,
        cache,
        approveDevice: () => releaseDevice?.(),
      };
      await extra.setup?.(kit);
    },
  };
}

/** Meta/story `beforeEach` (after keywayBeforeEach): removes the fake frame and its iframe afterwards. */
export function embeddedBeforeEach() {
  return () =>
    whenStoryUnmounted(() => {
      current?.fake.uninstall();
      current = null;
      for (const el of document.querySelectorAll('iframe[data-keyway-frame]')) el.remove();
    });
}

/** Seeds a cooldown that has `secondsLeft` seconds to run. */
export const cooldownSeed =
  (secondsLeft: number): EmbeddedStoryOptions['seed'] =>
  ({ persistent }) =>
    persistent.setItem(LOGIN_CACHE_KEYS.lastEmailLoginTime, String(Date.now() - (30 - secondsLeft) * 1000));

export const dialog = (name: string | RegExp) => screen.findByRole('dialog', { name }, { timeout: 15_000 });

/**
 * A dialog that has just opened, once its focus trap has moved the focus into it. The trap starts a frame after
 * the dialog shows; keys typed into a field before that move would go where the focus went (a loaded machine
 * delays the frame): type only into a dialog returned by this.
 */
export async function openedDialog(name: string | RegExp): Promise<HTMLElement> {
  const d = await dialog(name);
  await waitFor(() => expect(d.contains(document.activeElement)).toBe(true), { timeout: 15_000 });
  return d;
}

export const frameIframe = () => document.querySelector<HTMLIFrameElement>('iframe[data-keyway-frame]');
