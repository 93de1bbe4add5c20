/**
 * Hooks: the embedded wallet's account type in the host's own settings. `usePreferredAccountType` says
 * whether the active network offers a smart account and switches to it through the secure frame; the
 * account's address follows (`useAccount`). Built only from `keyway` exports.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { useAccount, usePreferredAccountType } from '../../src/index';
import { useMessageText } from '../../src/views/index';
import { keywayBeforeEach, storyHandlers, storyKit, withKeyway } from '../_support/keyway';
import { embeddedBeforeEach } from '../views/_embedded';
import { SMART_ACCOUNT_ADDRESS, socialKit } from '../views/_social';

function AccountType() {
  const say = useMessageText();
  const type = usePreferredAccountType();
  const { address } = useAccount({ requestDetails: false });
  const { load, status } = type;
  useEffect(() => {
    if (status === 'idle') void load();
  }, [status, load]);
  if (!type.isEmbedded) return <p>Only the embedded wallet has an account type</p>;
  return (
    <section aria-label="Account type">
      <p>Address: {address}</p>
      <p data-testid="type">
        {type.preferredAccountType === 'smartAccount' ? 'Smart account' : 'Externally owned account'}
      </p>
      {type.smartAccountEnabled && type.preferredAccountType !== 'smartAccount' ? (
        <button
          type="button"
          disabled={type.switchingTo !== null}
          onClick={() => void type.setPreferredAccountType('smartAccount')}
        >
          Switch to smart account
        </button>
      ) : null}
      {type.error ? <p role="alert">{say(type.error)}</p> : null}
    </section>
  );
}

const meta = {
  title: 'Hooks/usePreferredAccountType',
  component: AccountType,
  decorators: [withKeyway],
  beforeEach: [keywayBeforeEach, embeddedBeforeEach],
  parameters: {
    chromatic: { disableSnapshot: true },
    msw: { handlers: storyHandlers() },
    keyway: socialKit({ connected: true }),
  },
} satisfies Meta<typeof AccountType>;
export default meta;
type Story = StoryObj<typeof meta>;

/** On a network with smart accounts: the switch, then the smart account's address; the modal stays shut. */
export const SwitchToSmartAccount: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('type', {}, { timeout: 15_000 })).toHaveTextContent(
      'Externally owned account',
    );
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Switch to smart account' }, { timeout: 10_000 }),
    );
    await expect(
      await canvas.findByText(`Address: ${SMART_ACCOUNT_ADDRESS}`, {}, { timeout: 10_000 }),
    ).toBeVisible();
    await expect(canvas.getByTestId('type')).toHaveTextContent('Smart account');
    await expect(storyKit().keyway.stores.modal.getState().isOpen).toBe(false);
  },
};
