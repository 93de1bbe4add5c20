import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { NetworksView } from '../../src/views/NetworksView';
import { keywayBeforeEach, type StoryKitOptions, storyHandlers, storyKit } from '../_support/keyway';
import { viewDecorators } from '../_support/ViewFrame';

const meta = {
  title: 'Views/NetworksView',
  component: NetworksView,
  decorators: viewDecorators('Choose network'),
  beforeEach: keywayBeforeEach,
  parameters: {
    msw: { handlers: storyHandlers() },
    // Connected; later wallet prompts (the switch) wait for approveNext/rejectNext.
    keyway: { connect: true, setup: ({ wallet }) => wallet.setAutoApprove(false) } satisfies StoryKitOptions,
  },
} satisfies Meta<typeof NetworksView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The network's row (its name is the row's `title`d label; a badge may follow it). */
const row = (root: HTMLElement, name: string): HTMLElement => {
  const rows = within(within(root).getByRole('list', { name: 'Networks' })).getAllByRole('button');
  const found = rows.find((b) => b.querySelector(`[title="${name}"]`));
  if (!found) throw new Error(`No row for ${name}`);
  return found;
};

export const List: Story = {
  play: async ({ canvasElement }) => {
    await expect(row(canvasElement, 'Keyway Local')).toHaveTextContent('Active');
    await expect(row(canvasElement, 'Keyway Local').closest('li')).toHaveAttribute('aria-current', 'true');
    await expect(row(canvasElement, 'Keyway Local L2')).not.toHaveTextContent('Active');
  },
};

/** A click asks the wallet; until it answers the row says so and the list is locked. */
export const Switching: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(row(canvasElement, 'Keyway Local L2'));
    await waitFor(() => expect(row(canvasElement, 'Keyway Local L2')).toHaveTextContent('Approve in wallet'));
    await expect(row(canvasElement, 'Keyway Local')).toBeDisabled();
    await waitFor(() => expect(storyKit().wallet.pending).toHaveLength(1));
  },
};

export const Switched: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(row(canvasElement, 'Keyway Local L2'));
    await waitFor(() => expect(storyKit().wallet.pending).toHaveLength(1));
    storyKit().wallet.approveNext();
    await waitFor(() => expect(row(canvasElement, 'Keyway Local L2')).toHaveTextContent('Active'));
    await expect(row(canvasElement, 'Keyway Local')).not.toHaveTextContent('Active');
    await expect(storyKit().keyway.stores.account.getState().chainId).toBe(31338);
  },
};

export const SwitchRefused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(row(canvasElement, 'Keyway Local L2'));
    await waitFor(() => expect(storyKit().wallet.pending).toHaveLength(1));
    storyKit().wallet.rejectNext();
    const alerts = await canvas.findAllByRole('alert');
    await expect(alerts.some((a) => /rejected/i.test(a.textContent ?? ''))).toBe(true);
    await expect(row(canvasElement, 'Keyway Local')).toHaveTextContent('Active');
  },
};

/** Asked (by the host) to switch to a network the app does not list. */
export const NetworkNotFound: Story = {
  parameters: {
    keyway: {
      connect: true,
      setup: ({ keyway }) => keyway.stores.modal.getState().open('Networks', { switchTo: 'eip155:10' }),
    } satisfies StoryKitOptions,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Network not found');
    await expect(row(canvasElement, 'Keyway Local')).toHaveTextContent('Active');
  },
};
