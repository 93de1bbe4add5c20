/**
 * Hooks: changing the embedded wallet's email with the host's own form. `useUpdateEmail` sends the new
 * address to the secure frame, then asks for the code mailed to the current address and the one mailed to
 * the new address; `step` says which to show. Built only from `keyway` exports.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { useUpdateEmail } from '../../src/index';
import { useMessageText } from '../../src/views/index';
import { keywayBeforeEach, storyHandlers, storyKit, withKeyway } from '../_support/keyway';
import { embeddedBeforeEach } from '../views/_embedded';
import { PRIMARY_CODE, SECONDARY_CODE, socialKit } from '../views/_social';

function CodeForm({ label, onCode, busy }: { label: string; onCode: (code: string) => void; busy: boolean }) {
  const [code, setCode] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onCode(code);
      }}
    >
      <label>
        {label} <input inputMode="numeric" value={code} onChange={(e) => setCode(e.target.value)} />
      </label>
      <button type="submit" disabled={busy}>
        Confirm
      </button>
    </form>
  );
}

function UpdateEmail() {
  const say = useMessageText();
  const update = useUpdateEmail();
  const [email, setEmail] = useState('');
  const { start } = update;
  useEffect(() => start(), [start]);
  const error = update.error ? <p role="alert">{say(update.error)}</p> : null;
  if (update.step === 'done') return <p role="status">Your email is now {update.currentEmail}</p>;
  return (
    <section aria-label="Update email">
      <p>Current email: {update.currentEmail}</p>
      {update.step === 'email' ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void update.submitEmail(email);
          }}
        >
          <label>
            New email <input value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
          <button type="submit" disabled={update.submitting}>
            Continue
          </button>
        </form>
      ) : update.step === 'primaryOtp' ? (
        <CodeForm
          key="primary"
          label={`Code sent to ${update.currentEmail}`}
          busy={update.submitting}
          onCode={(code) => void update.submitPrimaryOtp(code)}
        />
      ) : (
        <CodeForm
          key="secondary"
          label={`Code sent to ${update.newEmail}`}
          busy={update.submitting}
          onCode={(code) => void update.submitSecondaryOtp(code)}
        />
      )}
      {error}
    </section>
  );
}

const meta = {
  title: 'Hooks/useUpdateEmail',
  component: UpdateEmail,
  decorators: [withKeyway],
  beforeEach: [keywayBeforeEach, embeddedBeforeEach],
  parameters: {
    chromatic: { disableSnapshot: true },
    msw: { handlers: storyHandlers() },
    keyway: socialKit({ connected: true }),
  },
} satisfies Meta<typeof UpdateEmail>;
export default meta;
type Story = StoryObj<typeof meta>;

/** New address, the current address's code, a wrong then the right code of the new one: updated. */
export const Updated: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('Current email: ada@example.com', {}, { timeout: 15_000 }),
    ).toBeVisible();
    await userEvent.type(canvas.getByLabelText('New email'), 'ada@new.example');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await userEvent.type(
      await canvas.findByLabelText('Code sent to ada@example.com', {}, { timeout: 15_000 }),
      PRIMARY_CODE,
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm' }));
    const second = await canvas.findByLabelText('Code sent to ada@new.example', {}, { timeout: 15_000 });
    await userEvent.type(second, '000000');
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Invalid code');
    await userEvent.clear(second);
    await userEvent.type(second, SECONDARY_CODE);
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm' }));
    await expect(await canvas.findByRole('status', {}, { timeout: 15_000 })).toHaveTextContent(
      'Your email is now ada@new.example',
    );
    await expect(storyKit().keyway.stores.modal.getState().isOpen).toBe(false);
  },
};

/** The current address is refused without asking the frame. */
export const SameAddress: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByLabelText('New email', {}, { timeout: 15_000 }),
      'ada@example.com',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This is already your email address');
  },
};
