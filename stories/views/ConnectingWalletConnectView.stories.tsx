import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { KeywayError } from '../../src/core/errors';
import { getConnectStore } from '../../src/hooks/connect/instance';
import { explorerWalletToEntry } from '../../src/hooks/connect/wallets';
import { walletFixtures } from '../../src/testing/msw';
import { ConnectingWalletConnectView } from '../../src/views/ConnectingWalletConnectView';
import { keywayBeforeEach, type StoryKitOptions, storyHandlers, storyKit } from '../_support/keyway';
import { viewDecorators } from '../_support/ViewFrame';

const metamask = explorerWalletToEntry(walletFixtures[0]!);

/** Starts pairing MetaMask (an explorer wallet without a connector in the page: QR / deep link). */
const pairing = (extra: Partial<StoryKitOptions> = {}, wallet = metamask): StoryKitOptions => ({
  ...extra,
  setup: ({ keyway }) => {
    void getConnectStore(keyway).getState().connect(wallet);
  },
});

const meta = {
  title: 'Views/ConnectingWalletConnectView',
  component: ConnectingWalletConnectView,
  decorators: viewDecorators('MetaMask'),
  beforeEach: keywayBeforeEach,
  parameters: { msw: { handlers: storyHandlers() }, keyway: pairing() },
} satisfies Meta<typeof ConnectingWalletConnectView>;
export default meta;
type Story = StoryObj<typeof meta>;

const qr = (canvas: HTMLElement) => within(canvas).findByRole('img', { name: 'QR code to connect MetaMask' });

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const code = await qr(canvasElement);
    await expect(code).toHaveAttribute('data-kw-qr', storyKit().pairing.uris[0]);
    await expect(code.querySelector('svg')).not.toBeNull();
    await expect(canvas.getByText('Scan with MetaMask')).toBeVisible();
    // 4 minutes, less the 10 s margin: the countdown starts at 3:50.
    await expect(canvas.getByText(/Expires in 3:[45]\d/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Copy link' })).toBeEnabled();
    // The code's text alternative, next to Copy link, describes it.
    await expect(code).toHaveAccessibleDescription(
      'Can’t scan the code? Copy the link and open it in your wallet.',
    );
  },
};

/** The countdown runs: the next second shows a lower remaining time than the first one read. */
export const CountdownTicks: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await qr(canvasElement);
    const seconds = () => {
      const m = /Expires in (\d+):(\d\d)/.exec(canvas.getByText(/Expires in/).textContent ?? '');
      if (!m) throw new Error('no countdown');
      return Number(m[1]) * 60 + Number(m[2]);
    };
    const first = seconds();
    await expect(first).toBeLessThanOrEqual(230);
    await waitFor(() => expect(seconds()).toBeLessThan(first), { timeout: 10_000 });
  },
};

/** The relay reports the URI expired and is slow to give a new one: the QR is replaced by a notice. */
export const Expired: Story = {
  parameters: {
    keyway: pairing({
      wrapPairing: (base) => ({
        connect: () => base.connect(),
        cancel: () => base.cancel(),
        // Only the first URI comes through: the refreshed one is still on its way.
        onUri: (cb) => base.onUri((uri) => (uri === base.uris[0] ? cb(uri) : undefined)),
      }),
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await qr(canvasElement);
    storyKit().pairing.expire();
    await expect(await canvas.findByText('This QR code expired. Getting a new one…')).toBeVisible();
    await expect(canvas.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Copy link' })).toBeDisabled();
  },
};

export const Refreshed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const first = (await qr(canvasElement)).getAttribute('data-kw-qr');
    storyKit().pairing.expire();
    await expect(await canvas.findByText(/QR code refreshed/)).toBeVisible();
    const code = await qr(canvasElement);
    await expect(code.getAttribute('data-kw-qr')).not.toBe(first);
    await expect(code).toHaveAttribute('data-kw-qr', storyKit().pairing.uris[1]);
  },
};

export const Declined: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await qr(canvasElement);
    storyKit().pairing.decline();
    await expect(await canvas.findByText('Connection declined')).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('User rejected the request.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    // A new pairing: a new QR code.
    const code = await qr(canvasElement);
    await waitFor(() => expect(code).toHaveAttribute('data-kw-qr', storyKit().pairing.uris[1]));
    await waitFor(() => expect(storyKit().pairing.pending).toBe(true));
  },
};

export const Failed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await qr(canvasElement);
    storyKit().pairing.fail('Relay unavailable');
    await expect(await canvas.findByText('Connection failed')).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Relay unavailable');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/**
 * The relay cannot be reached: the transport gives up after RELAY_CONNECT_TIMEOUT_MS with no URI (never a
 * spinner without end); Try again starts a new pairing.
 */
export const RelayUnreachable: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await qr(canvasElement);
    storyKit().pairing.fail(KeywayError.of('relayUnreachable'));
    await expect(await canvas.findByText('Connection failed')).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Can’t reach the wallet relay. Check your connection and try again.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(storyKit().pairing.uris).toHaveLength(2));
    await qr(canvasElement);
  },
};

let copiedText: string | null = null;
/** The system clipboard is outside the page: the story records what was written to it. */
const stubClipboard = () => {
  copiedText = null;
  const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: async (text: string) => {
        copiedText = text;
      },
    },
  });
  return () => {
    delete (navigator as { clipboard?: unknown }).clipboard;
    if (original) Object.defineProperty(Navigator.prototype, 'clipboard', original);
  };
};

export const Copied: Story = {
  beforeEach: stubClipboard,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await qr(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy link' }));
    await expect(await canvas.findByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(copiedText).toBe(storyKit().pairing.uris[0]);
  },
};

/** On a phone the wallet's own link opens it with the pairing URI. */
const stubCoarsePointer = () => {
  const original = window.matchMedia;
  window.matchMedia = (query: string) => {
    const list = original.call(window, query);
    if (query !== '(pointer: coarse)') return list;
    const none = () => undefined;
    return {
      matches: true,
      media: query,
      onchange: null,
      addEventListener: none,
      removeEventListener: none,
      addListener: none,
      removeListener: none,
      dispatchEvent: () => false,
    } as MediaQueryList;
  };
  return () => {
    window.matchMedia = original;
  };
};

/** Links the view opened by itself (their navigation is stopped here: no app to hand them to). */
const opened: string[] = [];
const recordOpenedLinks = () => {
  opened.length = 0;
  const stop = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest('a[data-kw-deep-link]') : null;
    if (!link) return;
    event.preventDefault();
    opened.push(link.getAttribute('href') ?? '');
  };
  document.addEventListener('click', stop, true);
  const restore = stubCoarsePointer();
  return () => {
    document.removeEventListener('click', stop, true);
    restore();
  };
};

/**
 * On a phone, picking the wallet opens its app with the pairing URI as soon as the link is ready (its own
 * scheme, once); "Open MetaMask" stays for a second try, and "Copy link" copies the same URI.
 */
export const DeepLinkOnMobile: Story = {
  beforeEach: recordOpenedLinks,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const link = await canvas.findByRole('link', { name: 'Open MetaMask' }, { timeout: 15_000 });
    const uri = storyKit().pairing.uris[0]!;
    const expected = `metamask://wc?uri=${encodeURIComponent(uri)}`;
    await expect(link).toHaveAttribute('href', expected);
    await waitFor(() => expect(opened).toEqual([expected]));
    await userEvent.click(link);
    await expect(opened).toEqual([expected, expected]);
  },
};

/** A wallet whose phone link is an https universal link: it opens on a tap only (never by itself). */
export const UniversalLinkOnMobile: Story = {
  beforeEach: recordOpenedLinks,
  parameters: {
    viewTitle: 'Link Wallet',
    keyway: pairing(
      {},
      explorerWalletToEntry({
        id: 'link-wallet',
        name: 'Link Wallet',
        mobile_link: 'https://link.wallet.example/app',
      }),
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const link = await canvas.findByRole('link', { name: 'Open Link Wallet' }, { timeout: 15_000 });
    const uri = storyKit().pairing.uris[0]!;
    const expected = `https://link.wallet.example/app/wc?uri=${encodeURIComponent(uri)}`;
    await expect(link).toHaveAttribute('href', expected);
    await expect(opened).toEqual([]);
    await userEvent.click(link);
    await expect(opened).toEqual([expected]);
  },
};

/** A wallet whose explorer record carries a `javascript:` link gets no deep link at all. */
export const UnsafeLinkRefused: Story = {
  beforeEach: stubCoarsePointer,
  parameters: {
    viewTitle: 'Evil Wallet',
    keyway: pairing(
      {},
      explorerWalletToEntry({ id: 'evil', name: 'Evil Wallet', mobile_link: 'javascript:alert(1)//' }),
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('img', { name: 'QR code to connect Evil Wallet' });
    await expect(canvas.queryByRole('link', { name: /Open/ })).not.toBeInTheDocument();
  },
};
