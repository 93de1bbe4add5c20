import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { DemoHost } from '../_support/DemoHost';
import { keywayBeforeEach, withKeyway } from '../_support/keyway';
import { dialog, EMBEDDED_ADDRESS, embeddedBeforeEach } from './_embedded';
import { handlers, registerKit, typeAvailable } from './_names';

const meta = {
  title: 'Views/RegisterAccountNameSuccess',
  component: DemoHost,
  decorators: [withKeyway],
  beforeEach: [keywayBeforeEach, embeddedBeforeEach],
  parameters: {
    msw: { handlers: handlers() },
    keyway: registerKit(),
  },
} satisfies Meta<typeof DemoHost>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Signed and registered: the success view shows the name and the address. */
export const Success: Story = {
  // Its own handlers: the registered name must not reach the other stories.
  parameters: { msw: { handlers: handlers() } },
  play: async () => {
    const d = await typeAvailable('newname');
    await userEvent.click(within(d).getByRole('button', { name: 'Register' }));
    const done = await dialog('Name registered');
    await expect(within(done).getByText('newname.kw.id')).toBeVisible();
    await expect(within(done).getByText(EMBEDDED_ADDRESS)).toBeVisible();
    await userEvent.click(within(done).getByRole('button', { name: 'Done' }));
    // The account's name was read again: the Account view shows it, the address stays next to it.
    const account = await dialog('Account');
    await expect(await within(account).findByText('newname.kw.id', {}, { timeout: 10_000 })).toBeVisible();
    await expect(within(account).queryByRole('button', { name: 'Choose your name' })).toBeNull();
  },
};
