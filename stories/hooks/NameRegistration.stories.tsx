/**
 * Hooks: registering an account name with the host's own form. `useNameRegistration` checks the typed name's
 * rules at once, asks whether it is free, offers free suggestions when it is taken, and registers it with
 * the embedded wallet's signature. Built only from `keyway` exports.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { getNameRegistrationStore } from '../../src/hooks/names/instance';
import type { RegistrationTypedData } from '../../src/hooks/names/typedData';
import { useNameRegistration } from '../../src/index';
import { useMessageText } from '../../src/views/index';
import { keywayBeforeEach, type StoryKit, storyKit, withKeyway } from '../_support/keyway';
import { embeddedBeforeEach } from '../views/_embedded';
import { handlers } from '../views/_names';
import { socialKit } from '../views/_social';

function NameForm() {
  const say = useMessageText();
  const names = useNameRegistration();
  if (names.status === 'success' && names.registeredName)
    return <p role="status">Registered {names.registeredName}</p>;
  const message =
    names.ruleMessage ??
    names.unavailableMessage ??
    (names.availability === 'checking'
      ? 'Checking…'
      : names.availability === 'available'
        ? `${names.fullName} is free`
        : names.availability === 'taken'
          ? `${names.fullName} is taken`
          : null);
  const free = names.suggestions.filter((s) => !s.registered);
  return (
    <form
      aria-label="Choose a name"
      onSubmit={(e) => {
        e.preventDefault();
        void names.register();
      }}
    >
      <label>
        Name <input value={names.name} onChange={(e) => names.setName(e.target.value)} />
      </label>
      {message ? <p>{typeof message === 'string' ? message : say(message)}</p> : null}
      {free.length > 0 ? (
        <ul aria-label="Free names">
          {free.map((s) => (
            <li key={s.name}>
              <button type="button" onClick={() => names.selectSuggestion(s.name)}>
                {s.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {names.error ? <p role="alert">{say(names.error)}</p> : null}
      <button type="submit" disabled={!names.canRegister}>
        Register
      </button>
    </form>
  );
}

/** An embedded-wallet account; its signature is given at once (the wallet's approval is the frame's). */
const signed: RegistrationTypedData[] = [];
const nameKit = {
  ...socialKit({
    connected: true,
    setup: (kit: StoryKit) => {
      signed.length = 0;
      getNameRegistrationStore(kit.keyway);
    },
  }),
  partDeps: {
    names: {
      debounceMs: 150,
      signTypedData: (typedData: RegistrationTypedData) => {
        signed.push(typedData);
        return Promise.resolve(`0x${'ab'.repeat(65)}` as const);
      },
    },
  },
};

const meta = {
  title: 'Hooks/useNameRegistration',
  component: NameForm,
  decorators: [withKeyway],
  beforeEach: [keywayBeforeEach, embeddedBeforeEach],
  parameters: { chromatic: { disableSnapshot: true }, msw: { handlers: handlers() }, keyway: nameKit },
} satisfies Meta<typeof NameForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A too-short name breaks a rule; a taken one offers free names; picking one and Register registers it. */
export const TakenThenSuggestion: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = await canvas.findByLabelText('Name', {}, { timeout: 15_000 });
    await userEvent.type(field, 'ab');
    await expect(canvas.getByText('Use at least 4 characters')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Register' })).toBeDisabled();

    await userEvent.clear(field);
    await userEvent.type(field, 'alice');
    await expect(await canvas.findByText('alice.kw.id is taken', {}, { timeout: 10_000 })).toBeVisible();
    const free = within(await canvas.findByRole('list', { name: 'Free names' }));
    await userEvent.click(free.getByRole('button', { name: 'alice1.kw.id' }));
    await expect(await canvas.findByText('alice1.kw.id is free', {}, { timeout: 10_000 })).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Register' }));
    await expect(await canvas.findByRole('status', {}, { timeout: 10_000 })).toHaveTextContent(
      'Registered alice1.kw.id',
    );
    await expect(signed).toHaveLength(1);
    await expect(signed[0]).toMatchObject({
      primaryType: 'RegisterName',
      message: { name: 'alice1.kw.id' },
    });
    await expect(storyKit().keyway.stores.modal.getState().isOpen).toBe(false);
  },
};
