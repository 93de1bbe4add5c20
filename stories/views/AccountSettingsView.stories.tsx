import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { TrackedEvent } from '../../src/core/events';
import { FakeFrameError } from '../../src/frame/testing';
import { DemoHost } from '../_support/DemoHost';
import { keywayBeforeEach, storyHandlers, storyKit, withKeyway } from '../_support/keyway';
import { dialog, embeddedBeforeEach } from './_embedded';
import { openAccount, SMART_ACCOUNT_ADDRESS, socialKit } from './_social';

const meta = {
  title: 'Views/AccountSettingsView',
  component: DemoHost,
  decorators: [withKeyway],
  beforeEach: [keywayBeforeEach, embeddedBeforeEach],
  parameters: {
    msw: { handlers: storyHandlers() },
    keyway: socialKit({ connected: true, setup: openAccount }),
  },
} satisfies Meta<typeof DemoHost>;
export default meta;
type Story = StoryObj<typeof meta>;

const smartShort = `${SMART_ACCOUNT_ADDRESS.slice(0, 6)}…${SMART_ACCOUNT_ADDRESS.slice(-4)}`;

async function openSettingsFromAccount() {
  const account = await dialog('Account');
  await userEvent.click(
    await within(account).findByRole('button', { name: 'Account settings' }, { timeout: 15_000 }),
  );
  const d = await dialog('Account settings');
  await within(d).findByRole('heading', { name: 'Account type' }, { timeout: 15_000 });
  return d;
}

/** From the Account view: the email with Update email, the account type and the switch (supported network). */
export const WithSmartAccountSupport: Story = {
  play: async () => {
    const d = await openSettingsFromAccount();
    await expect(within(d).getByText('ada@example.com')).toBeVisible();
    await expect(within(d).getByRole('button', { name: 'Update email' })).toBeEnabled();
    await expect(within(d).getByText('Externally owned account (EOA)')).toBeVisible();
    await expect(await within(d).findByRole('button', { name: 'Switch to smart account' })).toBeEnabled();
  },
};

/** Switching: the frame sets the type, SET_PREFERRED_ACCOUNT_TYPE is tracked once, the Account view shows the smart account. */
export const SwitchToSmartAccount: Story = {
  play: async () => {
    const tracked: TrackedEvent[] = [];
    const stop = storyKit().keyway.events.subscribe((e) => tracked.push(e));
    try {
      const d = await openSettingsFromAccount();
      await userEvent.click(await within(d).findByRole('button', { name: 'Switch to smart account' }));
      const account = await dialog('Account');
      await expect(await within(account).findByText(smartShort)).toBeVisible();
      await waitFor(() =>
        expect(tracked.filter((e) => e.event === 'SET_PREFERRED_ACCOUNT_TYPE')).toEqual([
          expect.objectContaining({ properties: expect.objectContaining({ accountType: 'smartAccount' }) }),
        ]),
      );
      await expect(storyKit().keyway.stores.account.getState().preferredAccountType).toBe('smartAccount');
    } finally {
      stop();
    }
  },
};

/** The active network is not in the smart-account-enabled list: no switch, an explanation. */
export const WithoutSmartAccountSupport: Story = {
  parameters: {
    keyway: socialKit({
      connected: true,
      setup: openAccount,
      handlers: (h) => {
        h.GET_SMART_ACCOUNT_ENABLED_NETWORKS = () => ({ smartAccountEnabledNetworks: [8453] });
      },
    }),
  },
  play: async () => {
    const d = await openSettingsFromAccount();
    await expect(
      await within(d).findByText('Smart accounts are not available on Keyway Local.'),
    ).toBeVisible();
    await expect(
      within(d).queryByRole('button', { name: 'Switch to smart account' }),
    ).not.toBeInTheDocument();
  },
};

/** The networks cannot be fetched: treated as an empty list (no switch). */
export const NetworksUnavailable: Story = {
  parameters: {
    keyway: socialKit({
      connected: true,
      setup: openAccount,
      handlers: (h) => {
        h.GET_SMART_ACCOUNT_ENABLED_NETWORKS = () => {
          throw new FakeFrameError({ message: 'down' });
        };
      },
    }),
  },
  play: async () => {
    const d = await openSettingsFromAccount();
    await expect(
      await within(d).findByText('Smart accounts are not available on Keyway Local.'),
    ).toBeVisible();
  },
};

/** The frame refuses the switch: the message, the type unchanged, the settings stay. */
export const SwitchFailed: Story = {
  parameters: {
    keyway: socialKit({
      connected: true,
      setup: openAccount,
      handlers: (h) => {
        h.SET_PREFERRED_ACCOUNT = () => {
          throw new FakeFrameError({ message: 'Smart account not deployed' });
        };
      },
    }),
  },
  play: async () => {
    const d = await openSettingsFromAccount();
    await userEvent.click(await within(d).findByRole('button', { name: 'Switch to smart account' }));
    // Announced once (the toast), and kept in view next to the switch button.
    await expect(await within(d).findByRole('alert')).toHaveTextContent('Smart account not deployed');
    const inline = d.querySelector('[data-kw-account-type-error]');
    await expect(inline).toHaveTextContent('Smart account not deployed');
    await expect(within(d).getByText('Externally owned account (EOA)')).toBeVisible();
  },
};
