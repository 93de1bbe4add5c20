import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { DemoHost } from '../_support/DemoHost';
import { keywayBeforeEach, type StoryKit, storyKit, withKeyway } from '../_support/keyway';
import { dialog, EMBEDDED_ADDRESS, embeddedBeforeEach } from './_embedded';
import { form, handlers, nameField, registerKit, signed, typeAvailable, typeName } from './_names';

const meta = {
  title: 'Views/RegisterAccountName',
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

/** The empty form: the name field with its suffix, the account it is for, Register disabled, no message yet. */
export const Empty: Story = {
  play: async () => {
    const d = await form();
    const field = await within(d).findByRole('textbox', { name: 'Name' }, { timeout: 15_000 });
    await expect(field).toHaveValue('');
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
    await expect(within(d).getByRole('button', { name: 'Register' })).toBeDisabled();
    await expect(within(d).queryByRole('alert')).toBeNull();
  },
};

/** Typing a name that is too short: the rule is shown at once and nothing is asked. */
export const Typing: Story = {
  play: async () => {
    const d = await typeName('ab');
    await expect(await within(d).findByText('Use at least 4 characters')).toBeVisible();
    await expect(nameField(d)).toHaveAttribute('aria-invalid', 'true');
    await expect(within(d).getByRole('button', { name: 'Register' })).toBeDisabled();
    await userEvent.type(nameField(d), '_');
    await expect(await within(d).findByText('Use letters, digits and hyphens only')).toBeVisible();
  },
};

/** The availability check on its way. */
export const Checking: Story = {
  parameters: { msw: { handlers: handlers({ profile: 'slow' }) } },
  play: async () => {
    const d = await typeName('newname');
    await expect(await within(d).findByText('Checking availability…')).toBeVisible();
    await expect(within(d).getByRole('button', { name: 'Register' })).toBeDisabled();
  },
};

/** A free name (the lookup answers 404): Register is enabled. */
export const Available: Story = {
  play: async () => {
    const d = await typeAvailable('newname');
    await expect(within(d).getByRole('button', { name: 'Register' })).toBeEnabled();
    await expect(within(d).getByText(EMBEDDED_ADDRESS)).toBeVisible();
  },
};

/** A taken name: the free suggestions are offered as buttons. */
export const TakenWithSuggestions: Story = {
  play: async () => {
    const d = await typeName('alice');
    await expect(await within(d).findByText('alice.kw.id is taken', {}, { timeout: 10_000 })).toBeVisible();
    await expect(await within(d).findByRole('button', { name: 'alice1.kw.id' })).toBeVisible();
    await expect(within(d).getByRole('button', { name: 'alice-web3.kw.id' })).toBeVisible();
    await expect(within(d).queryByRole('button', { name: 'alice.kw.id' })).toBeNull();
    await expect(within(d).getByRole('button', { name: 'Register' })).toBeDisabled();
  },
};

/** A taken name whose suggestions cannot be fetched: the spec's message, the typed name kept, no suggestion. */
export const SuggestionsFailed: Story = {
  parameters: { msw: { handlers: handlers({ suggestions: 'error' }) } },
  play: async () => {
    const d = await typeName('alice');
    await expect(await within(d).findByText('alice.kw.id is taken', {}, { timeout: 10_000 })).toBeVisible();
    await expect(
      await within(d).findByText('Error fetching name suggestions', {}, { timeout: 10_000 }),
    ).toBeVisible();
    await expect(nameField(d)).toHaveValue('alice');
    await expect(within(d).queryByRole('button', { name: 'alice1.kw.id' })).toBeNull();
    await expect(within(d).getByRole('button', { name: 'Register' })).toBeDisabled();
  },
};

/** Picking a suggestion: it becomes the typed name and is checked again. */
export const SuggestionPicked: Story = {
  play: async () => {
    const d = await typeName('alice');
    await userEvent.click(
      await within(d).findByRole('button', { name: 'alice1.kw.id' }, { timeout: 10_000 }),
    );
    await expect(nameField(d)).toHaveValue('alice1');
    await expect(
      await within(d).findByText('alice1.kw.id is available', {}, { timeout: 10_000 }),
    ).toBeVisible();
    await expect(within(d).getByRole('button', { name: 'Register' })).toBeEnabled();
  },
};

/** Waiting for the signature: the RegisterName typed data (EIP-712) is with the wallet. */
export const Registering: Story = {
  parameters: { keyway: registerKit('hold') },
  play: async () => {
    const d = await typeAvailable('newname');
    await userEvent.click(within(d).getByRole('button', { name: 'Register' }));
    const button = await within(d).findByRole('button', { name: 'Sign the message in your wallet' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(signed).toHaveLength(1));
    await expect(signed[0]).toMatchObject({
      domain: { name: 'Keyway Names', version: '1' },
      primaryType: 'RegisterName',
      message: { name: 'newname.kw.id', attributes: '{}' },
    });
  },
};

/** The user rejects the signature: back on the form with the message and the typed name kept. */
export const RejectedSignature: Story = {
  parameters: { keyway: registerKit('reject') },
  play: async () => {
    const d = await typeAvailable('newname');
    await userEvent.click(within(d).getByRole('button', { name: 'Register' }));
    const alert = await within(d).findByRole('alert');
    await expect(alert).toHaveTextContent('Error registering name newname.kw.id');
    await expect(alert).toHaveTextContent('User rejected the request.');
    await expect(nameField(d)).toHaveValue('newname');
  },
};

/** The API refuses the registration: the §8 message and the server's first reason. */
export const ApiError: Story = {
  parameters: { msw: { handlers: handlers({ registerName: 'error' }) } },
  play: async () => {
    const d = await typeAvailable('newname');
    await userEvent.click(within(d).getByRole('button', { name: 'Register' }));
    const alert = await within(d).findByRole('alert', {}, { timeout: 10_000 });
    await expect(alert).toHaveTextContent('Error registering name newname.kw.id');
    await expect(alert).toHaveTextContent('Internal server error');
    await expect(nameField(d)).toHaveValue('newname');
  },
};

/** An embedded-wallet account without a name: the Account view offers one. */
export const OfferedInAccount: Story = {
  parameters: { msw: { handlers: handlers() }, keyway: registerKit('approve', { openAccount: true }) },
  play: async () => {
    const account = await dialog('Account');
    await userEvent.click(
      await within(account).findByRole('button', { name: 'Choose your name' }, { timeout: 15_000 }),
    );
    await form();
  },
};

/** Account settings of an embedded-wallet account without a name link to the form too. */
export const OfferedInSettings: Story = {
  parameters: { msw: { handlers: handlers() }, keyway: registerKit('approve', { openSettings: true }) },
  play: async () => {
    const settings = await dialog('Account settings');
    await userEvent.click(
      await within(settings).findByRole('button', { name: 'Choose your name' }, { timeout: 15_000 }),
    );
    await form();
  },
};

/** The offer can be skipped: it is not shown again for this address, the plain entry stays. */
export const OfferSkipped: Story = {
  parameters: { msw: { handlers: handlers() }, keyway: registerKit('approve', { openAccount: true }) },
  play: async () => {
    const account = await dialog('Account');
    const offer = await within(account).findByRole(
      'region',
      { name: 'Choose your name' },
      { timeout: 15_000 },
    );
    await expect(
      within(offer).getByText('Pick a name people can send to instead of your address.'),
    ).toBeVisible();
    await userEvent.click(within(offer).getByRole('button', { name: 'Not now' }));
    await waitFor(() =>
      expect(within(account).queryByRole('region', { name: 'Choose your name' })).toBeNull(),
    );
    await expect(within(account).getByRole('button', { name: 'Choose your name' })).toBeVisible();
    await expect(storyKit().keyway.storage.get('keyway:nameOfferSkipped')).toContain(
      EMBEDDED_ADDRESS.toLowerCase(),
    );
  },
};

/** An external-wallet account: registration needs the auth connector, and the form says so. */
export const ExternalWalletNotAvailable: Story = {
  parameters: {
    keyway: {
      connect: true,
      setup: (kit: StoryKit) => {
        kit.keyway.stores.modal.getState().open('Account');
        kit.keyway.stores.modal.getState().push('RegisterAccountName');
      },
    },
  },
  play: async () => {
    const d = await form();
    await expect(
      await within(d).findByText('Name registration is not available for this account'),
    ).toBeVisible();
    await expect(
      within(d).getByText('Names can be registered with an email or social login account'),
    ).toBeVisible();
    await expect(within(d).queryByRole('textbox', { name: 'Name' })).toBeNull();
    const account = storyKit().keyway.stores.account.getState();
    await expect(account.isConnected).toBe(true);
  },
};
