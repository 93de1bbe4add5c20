import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../../src/components/Button/Button';
import { getConnectStore } from '../../src/hooks/connect/instance';
import { walletFixtures } from '../../src/testing/msw';
import { ConnectView } from '../../src/views/ConnectView';
import { ConnectView as LazyConnectView } from '../../src/views/index';
import { keywayBeforeEach, type StoryKitOptions, storyHandlers, storyKit } from '../_support/keyway';
import { viewDecorators } from '../_support/ViewFrame';

const FEATURED = [walletFixtures[1]!.id, walletFixtures[3]!.id];

const meta = {
  title: 'Views/ConnectView',
  component: ConnectView,
  decorators: viewDecorators('Connect wallet'),
  beforeEach: keywayBeforeEach,
  parameters: {
    msw: { handlers: storyHandlers() },
    keyway: { options: { featuredWalletIds: FEATURED } } satisfies StoryKitOptions,
  },
} satisfies Meta<typeof ConnectView>;
export default meta;
type Story = StoryObj<typeof meta>;

const wallets = (canvas: HTMLElement) => within(within(canvas).getByRole('list', { name: 'Wallets' }));

/** Installed (EIP-6963) first, then featured in the host's order, recommended, and "All wallets" with the count. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const list = wallets(canvasElement);
    const names = () => list.getAllByRole('button').map((b) => b.textContent);
    // Installed + featured (2) + recommended (4) + All wallets. The explorer recommends the installed dev wallet
    // too: the next recommended one (Uniswap Wallet) takes its row, so the list has the rows it reserved.
    await waitFor(() =>
      expect(names().slice(0, 7)).toEqual([
        'Keyway Dev WalletInstalled',
        'Trust Wallet',
        'Rainbow',
        'MetaMask',
        'Coinbase Wallet',
        'Zerion',
        'Uniswap Wallet',
      ]),
    );
    await expect(names()).toHaveLength(8);
    // The dev wallet is listed once, although the explorer knows it too (same rdns).
    await expect(list.getAllByRole('button', { name: /Keyway Dev Wallet/ })).toHaveLength(1);
    await waitFor(() => expect(list.getByRole('button', { name: 'All wallets 60' })).toBeVisible());
  },
};

export const RecentWallet: Story = {
  parameters: {
    keyway: {
      options: { featuredWalletIds: FEATURED },
      setup: ({ keyway }) => {
        const rainbow = walletFixtures[3]!;
        getConnectStore(keyway).getState().addRecent({
          id: rainbow.id,
          name: rainbow.name,
          explorerId: rainbow.id,
          source: 'explorer',
          links: {},
        });
      },
    } satisfies StoryKitOptions,
  },
  play: async ({ canvasElement }) => {
    const list = wallets(canvasElement);
    const first = await waitFor(() => list.getAllByRole('button')[0]!);
    await expect(first).toHaveTextContent('RainbowRecent');
    await waitFor(() => expect(list.getByRole('button', { name: /Trust Wallet/ })).toBeVisible());
    await expect(list.getAllByRole('button', { name: /Rainbow/ })).toHaveLength(1);
  },
};

/**
 * `disableAppend`: the host's own wallets with nothing of the explorer appended after them (the featured
 * wallets it named stay; "All wallets" still browses the explorer).
 */
export const HostWalletsOnly: Story = {
  parameters: {
    keyway: {
      options: {
        featuredWalletIds: FEATURED,
        customWallets: [
          {
            id: 'host-wallet',
            name: 'Host Wallet',
            homepage: 'https://wallet.example',
            mobile_link: 'hostwallet://',
          },
        ],
        disableAppend: true,
      },
    } satisfies StoryKitOptions,
  },
  play: async ({ canvasElement }) => {
    const list = wallets(canvasElement);
    const names = () => list.getAllByRole('button').map((b) => b.textContent);
    await waitFor(() =>
      expect(names().slice(0, 4)).toEqual([
        'Keyway Dev WalletInstalled',
        'Trust Wallet',
        'Rainbow',
        'Host Wallet',
      ]),
    );
    // Then only "All wallets" (the explorer is browsed there, on demand).
    await waitFor(() => expect(list.getByRole('button', { name: 'All wallets 60' })).toBeVisible());
    await expect(names()).toHaveLength(5);
    // None of the recommended wallets the Default story shows after the host's own.
    await expect(list.queryByRole('button', { name: 'MetaMask' })).toBeNull();
  },
};

/** Three wallets were used in turn: the two latest are kept (spec §9: at most 2 recent), newest first. */
export const AtMostTwoRecent: Story = {
  parameters: {
    keyway: {
      options: { featuredWalletIds: FEATURED },
      setup: ({ keyway }) => {
        for (const w of [walletFixtures[0]!, walletFixtures[3]!, walletFixtures[5]!]) {
          getConnectStore(keyway)
            .getState()
            .addRecent({ id: w.id, name: w.name, explorerId: w.id, source: 'explorer', links: {} });
        }
      },
    } satisfies StoryKitOptions,
  },
  play: async ({ canvasElement }) => {
    const list = wallets(canvasElement);
    const recent = () => list.getAllByRole('button').filter((b) => /Recent$/.test(b.textContent ?? ''));
    await waitFor(() => expect(list.getByRole('button', { name: /Trust Wallet/ })).toBeVisible());
    await expect(recent().map((b) => b.textContent)).toEqual([
      `${walletFixtures[5]!.name}Recent`,
      `${walletFixtures[3]!.name}Recent`,
    ]);
    // The oldest one is no longer marked recent.
    await expect(
      list.queryByRole('button', { name: new RegExp(`^${walletFixtures[0]!.name}.*Recent`) }),
    ).toBeNull();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: storyHandlers({ explorer: { variant: 'slow' } }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading wallets');
    // Installed wallets do not wait for the explorer.
    await expect(wallets(canvasElement).getByRole('button', { name: /Keyway Dev Wallet/ })).toBeVisible();
  },
};

export const ListError: Story = {
  parameters: { msw: { handlers: storyHandlers({ explorer: { variant: 'error' } }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The client retries a failed GET with back-off before the list reports the error.
    await expect(await canvas.findByText('Failed to load wallets', {}, { timeout: 15_000 })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

export const NoInstalledWallet: Story = {
  parameters: { keyway: { announceWallet: false } satisfies StoryKitOptions },
  play: async ({ canvasElement }) => {
    const list = wallets(canvasElement);
    await waitFor(() => expect(list.getAllByRole('button').length).toBeGreaterThan(2));
    await expect(list.queryByText('Installed')).not.toBeInTheDocument();
  },
};

/**
 * A host without `@walletconnect/universal-provider`: the pointer resting on a wallet that pairs loads the
 * transport, which is missing; from then on the list offers only the wallets in the page (no choice ends in
 * "WalletConnect is not available").
 */
export const PairingNotInstalled: Story = {
  parameters: {
    keyway: {
      options: { featuredWalletIds: FEATURED },
      internals: { pairingProvider: () => Promise.resolve(null) },
    } satisfies StoryKitOptions,
  },
  play: async ({ canvasElement }) => {
    const list = wallets(canvasElement);
    const rainbow = await list.findByRole('button', { name: 'Rainbow' }, { timeout: 15_000 });
    await userEvent.hover(rainbow);
    await waitFor(() => expect(list.queryByRole('button', { name: 'Rainbow' })).not.toBeInTheDocument());
    await expect(list.getByRole('button', { name: /Keyway Dev Wallet/ })).toBeVisible();
    await expect(list.queryByRole('button', { name: 'Trust Wallet' })).not.toBeInTheDocument();
    await expect(getConnectStore(storyKit().keyway).getState().pairingAvailable).toBe(false);
  },
};

export const LegalConsent: Story = {
  parameters: {
    keyway: {
      options: {
        termsConditionsUrl: 'https://app.keyway.test/terms',
        privacyPolicyUrl: 'https://app.keyway.test/privacy',
      },
    } satisfies StoryKitOptions,
  },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    // The consent line's code loads with the view in the modal; rendered alone here, it follows a moment later.
    await expect(await canvas.findByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      'https://app.keyway.test/terms',
    );
    await expect(canvas.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      'https://app.keyway.test/privacy',
    );
    const dev = wallets(canvasElement).getByRole('button', { name: /Keyway Dev Wallet/ });
    await step('Without consent a wallet is not connected', async () => {
      // The shake lasts 500 ms: record that it happened rather than read it after the waits below.
      let shook = false;
      const stop = storyKit().keyway.stores.modal.subscribe((m) => {
        if (m.shaking) shook = true;
      });
      await userEvent.click(dev);
      await expect(await canvas.findByText('Accept the terms to connect a wallet')).toBeVisible();
      await expect(getConnectStore(storyKit().keyway).getState().attempt).toBeNull();
      stop();
      await expect(shook).toBe(true);
    });
    await step('With consent the wallet connects', async () => {
      await userEvent.click(canvas.getByRole('checkbox'));
      await waitFor(() => expect(canvas.queryByText('Accept the terms to connect a wallet')).toBeNull());
      await userEvent.click(dev);
      await waitFor(() => expect(storyKit().keyway.stores.account.getState().isConnected).toBe(true));
    });
  },
};

/** Email and social login are later capabilities: the view only offers slots for their entry points. */
export const WithLoginSlots: Story = {
  args: {
    emailSlot: <Button fullWidth>Continue with email</Button>,
    socialSlot: (
      <Button variant="secondary" fullWidth>
        Continue with a social account
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const email = canvas.getByRole('button', { name: 'Continue with email' });
    await expect(email).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Continue with a social account' })).toBeVisible();
    // The slots come before the wallet list.
    const list = canvas.getByRole('list', { name: 'Wallets' });
    await expect(email.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  },
};

/** `keyway/views` exports the view as a lazily loaded component: same view once its code has arrived. */
export const LazyExport: Story = {
  render: (args) => <LazyConnectView {...args} />,
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole('list', { name: 'Wallets' }, { timeout: 15_000 });
    await expect(await within(list).findByRole('button', { name: /Keyway Dev Wallet/ })).toBeVisible();
  },
};
