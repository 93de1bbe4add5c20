import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { kitMessage } from '../../src/core/messages';
import { createMemoryStorage } from '../../src/core/storage';
import { identityFixture, walletFixtures } from '../../src/testing/msw';
import { stubConnector } from '../../src/testing/stub-connector';
import { DemoHost } from '../_support/DemoHost';
import {
  keywayBeforeEach,
  type StoryKitOptions,
  storyHandlers,
  storyKit,
  UNSUPPORTED_CHAIN_ID,
  withKeyway,
} from '../_support/keyway';

const meta = {
  title: 'Views/KeywayModal',
  component: DemoHost,
  decorators: [withKeyway],
  beforeEach: keywayBeforeEach,
  parameters: { msw: { handlers: storyHandlers() } },
} satisfies Meta<typeof DemoHost>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (name: string | RegExp) => screen.findByRole('dialog', { name }, { timeout: 10_000 });

/** Closed until the Connect button opens it on the Connect view (the view's code loads lazily). */
export const ConnectButtonOpens: Story = {
  play: async ({ canvasElement }) => {
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Connect wallet' }));
    const d = await dialog('Connect wallet');
    await expect(
      await within(d).findByRole('button', { name: /Keyway Dev Wallet/ }, { timeout: 15_000 }),
    ).toBeVisible();
    await expect(within(d).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await userEvent.click(within(d).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** The restore of the remembered wallet below waits until the story answers whether the wallet still allows the site. */
let answerRestore: ((authorized: boolean) => void) | null = null;
/** A wallet whose restore (wagmi's `isAuthorized` on reconnect) waits for `answerRestore`. */
const slowToRestore = stubConnector({
  id: 'slow-restore',
  name: 'Slow wallet',
  type: 'injected',
  getProvider: async () => ({}),
  isAuthorized: () =>
    new Promise<boolean>((resolve) => {
      answerRestore = resolve;
    }),
});
/**
 * What wagmi kept of the last visit: that wallet, connected, its account not known (wagmi shows a remembered
 * account while it reconnects; without one the account has only its status).
 */
const rememberedVisit = () =>
  createMemoryStorage({
    'keyway.wagmi.store': JSON.stringify({
      state: {
        connections: {
          __type: 'Map',
          value: [
            [
              'slow1',
              {
                accounts: [],
                chainId: 31337,
                connector: { id: 'slow-restore', name: 'Slow wallet', type: 'injected', uid: 'slow1' },
              },
            ],
          ],
        },
        chainId: 31337,
        current: 'slow1',
      },
      version: 3,
    }),
  });

/**
 * A reload with a remembered wallet: while it is being restored (the account's status 'reconnecting'), the
 * Connect button shows a spinner in its own size, named "Reconnecting…", never "Connect wallet", and pressing it
 * opens nothing. When the wallet turns out not to allow the site any more, "Connect wallet" comes back in the
 * same size.
 */
export const RestoringAfterReload: Story = {
  parameters: {
    keyway: {
      announceWallet: false,
      connectors: [slowToRestore],
      options: { storage: rememberedVisit() },
    } satisfies StoryKitOptions,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const restoring = await canvas.findByRole('button', { name: 'Reconnecting…' });
    await expect(restoring).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryByText('Connect wallet')).not.toBeVisible();
    await expect(storyKit().keyway.stores.account.getState().status).toBe('reconnecting');
    // Sizes compared with the page's font in place (a fallback font while it loads is wider).
    await document.fonts.ready;
    const { width, height } = restoring.getBoundingClientRect();
    await userEvent.click(restoring);
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await waitFor(() => expect(answerRestore).not.toBeNull());
    answerRestore?.(false);
    const connect = await canvas.findByRole('button', { name: 'Connect wallet' });
    await expect(connect).not.toHaveAttribute('aria-busy');
    const after = connect.getBoundingClientRect();
    await expect([after.width, after.height]).toEqual([width, height]);
    await expect(storyKit().keyway.stores.account.getState().status).toBe('disconnected');
  },
};

/**
 * No layout shift when the wallet list arrives: until the featured and recommended wallets come, skeleton rows
 * of the same height hold their place, so the dialog keeps its height and position when they replace them.
 * (No installed wallet here: one that the explorer recommends too is listed once, a row fewer.)
 */
export const WalletListArrivesInPlace: Story = {
  parameters: {
    msw: { handlers: storyHandlers({ explorer: { delayMs: 1500 } }) },
    keyway: {
      announceWallet: false,
      options: { featuredWalletIds: [walletFixtures[1]!.id, walletFixtures[3]!.id] },
    } satisfies StoryKitOptions,
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Connect wallet' }));
    const d = await dialog('Connect wallet');
    await expect(await within(d).findByRole('status', {}, { timeout: 15_000 })).toHaveTextContent(
      'Loading wallets',
    );
    // The opening animation over (the card moves while it runs).
    const positioner = d.parentElement!;
    await waitFor(() => expect(positioner.getAnimations()).toHaveLength(0));
    const before = d.getBoundingClientRect();
    const list = within(within(d).getByRole('list', { name: 'Wallets' }));
    await waitFor(() => expect(list.getByRole('button', { name: 'Trust Wallet' })).toBeVisible(), {
      timeout: 10_000,
    });
    await waitFor(() => expect(within(d).queryByRole('status')).not.toBeInTheDocument());
    await expect(list.getAllByRole('button')).toHaveLength(7);
    const after = d.getBoundingClientRect();
    await expect({ top: after.top, height: after.height }).toEqual({
      top: before.top,
      height: before.height,
    });
  },
};

/** Each view has its title; Back pops one view. */
export const BackNavigation: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Connect wallet' }));
    const d = await dialog('Connect wallet');
    await userEvent.click(
      await within(d).findByRole('button', { name: /^All wallets/ }, { timeout: 15_000 }),
    );
    const all = await dialog('All wallets');
    await expect(await within(all).findByRole('searchbox', { name: 'Search wallets' })).toBeVisible();
    await userEvent.click(within(all).getByRole('button', { name: 'Back' }));
    await dialog('Connect wallet');
  },
};

/** A declined connection shows the error with Retry, and the modal shakes. */
export const ShakesOnDeclined: Story = {
  parameters: { keyway: { manualApproval: true } satisfies StoryKitOptions },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Connect wallet' }));
    const d = await dialog('Connect wallet');
    await userEvent.click(
      await within(d).findByRole('button', { name: /Keyway Dev Wallet/ }, { timeout: 15_000 }),
    );
    const connecting = await dialog('Keyway Dev Wallet');
    await expect(await within(connecting).findByText('Continue in Keyway Dev Wallet')).toBeVisible();
    await waitFor(() => expect(storyKit().wallet.pending).toHaveLength(1));
    storyKit().wallet.rejectNext();
    await expect(await within(connecting).findByText('Connection declined')).toBeVisible();
    await waitFor(() => expect(connecting).toHaveAttribute('data-shake'));
    await expect(within(connecting).getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/**
 * Connected: the account button shows the short address (from the wallet's state, no request) and opens the
 * Account view; the balance appears on the button once the modal has been opened (nothing loads before).
 */
export const AccountButtonOpensAccount: Story = {
  parameters: { keyway: { connect: true } satisfies StoryKitOptions },
  play: async ({ canvasElement }) => {
    const button = await within(canvasElement).findByRole('button', { name: /0xf39F…2266/ });
    await expect(button).toHaveTextContent(/^0xf39F…2266$/);
    await userEvent.click(button);
    const d = await dialog('Account');
    await expect(await within(d).findByText('0xf39F…2266')).toBeVisible();
    await waitFor(() => expect(button).toHaveTextContent(`${identityFixture.name}12.5 ETH`));
  },
};

export const NetworkButtonOpensNetworks: Story = {
  parameters: { keyway: { connect: true } satisfies StoryKitOptions },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Keyway Local' }));
    const d = await dialog('Choose network');
    const list = await within(d).findByRole('list', { name: 'Networks' });
    // The dialog fades in: wait for the end of its opening transition.
    await waitFor(() => expect(list).toBeVisible());
    await expect(within(list).getByRole('button', { name: /Keyway Local L2/ })).toBeVisible();
  },
};

/** A wallet on a chain the app does not list lands on the unsupported-chain view. */
export const UnsupportedChain: Story = {
  parameters: { keyway: { connect: true, walletChainId: UNSUPPORTED_CHAIN_ID } satisfies StoryKitOptions },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Switch network' })).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: /0xf39F…2266/ }));
    const d = await dialog('Switch network');
    await expect(
      await within(d).findByText(/does not support the network your wallet is on/, {}, { timeout: 15_000 }),
    ).toBeVisible();
  },
};

/**
 * From the unsupported-chain view (the modal's only view), switching to a listed network closes the modal
 * (spec §2: after a switch, back to the view before Networks, or close); the header shows the new network.
 */
export const UnsupportedChainSwitched: Story = {
  parameters: { keyway: { connect: true, walletChainId: UNSUPPORTED_CHAIN_ID } satisfies StoryKitOptions },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Switch network' })).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: /0xf39F…2266/ }));
    const d = await dialog('Switch network');
    const list = await within(d).findByRole('list', { name: 'Networks' }, { timeout: 15_000 });
    await userEvent.click(within(list).getByRole('button', { name: /^Keyway Local L2/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(await canvas.findByRole('button', { name: 'Keyway Local L2' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Switch network' })).not.toBeInTheDocument();
  },
};

/** From the unsupported-chain view, Disconnect closes the modal and the page offers to connect again. */
export const UnsupportedChainDisconnect: Story = {
  parameters: { keyway: { connect: true, walletChainId: UNSUPPORTED_CHAIN_ID } satisfies StoryKitOptions },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /0xf39F…2266/ }));
    const d = await dialog('Switch network');
    await userEvent.click(await within(d).findByRole('button', { name: 'Disconnect' }, { timeout: 15_000 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(await canvas.findByRole('button', { name: 'Connect wallet' })).toBeVisible();
  },
};

/** Toasts show inside the open modal (the rest of the page is hidden from assistive technology then). */
export const ToastInModal: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Connect wallet' }));
    const d = await dialog('Connect wallet');
    storyKit()
      .keyway.stores.toasts.getState()
      .show({ message: kitMessage('disconnectFailed'), variant: 'error' });
    await expect(await within(d).findByRole('alert')).toHaveTextContent('Failed to disconnect');
  },
};
