/**
 * Hooks: the connected account in the host's own UI. `useAccount` (address, native balance, disconnect),
 * `useNetworks` (the host's networks, the active one, switching) and `useBalances` (token balances with
 * their USD total). Built only from `keyway` exports.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { useAccount, useBalances, useNetworks } from '../../src/index';
import {
  keywayBeforeEach,
  STORY_ADDRESS,
  type StoryKitOptions,
  storyHandlers,
  withKeyway,
} from '../_support/keyway';

function Tokens() {
  const { balances, formattedTotalUsd, status } = useBalances();
  if (status === 'error') return <p>Balances unavailable</p>;
  return (
    <section aria-labelledby="tokens-heading">
      <h3 id="tokens-heading">Tokens ({formattedTotalUsd})</h3>
      <ul aria-label="Tokens">
        {balances.map((b) => (
          <li key={b.id}>
            {b.symbol} {b.name}
          </li>
        ))}
      </ul>
    </section>
  );
}

function AccountPanel() {
  const account = useAccount();
  const { networks, activeNetwork, switchNetwork, switching } = useNetworks();
  const [error, setError] = useState<string | null>(null);
  if (!account.isConnected) return <p>Not connected</p>;
  return (
    <section aria-labelledby="account-heading">
      <h2 id="account-heading">Account</h2>
      <dl>
        <dt>Address</dt>
        <dd>{account.address}</dd>
        <dt>Network</dt>
        <dd data-testid="network">{activeNetwork.name}</dd>
        <dt>Balance</dt>
        <dd data-testid="balance">
          {account.balanceStatus === 'success'
            ? `${account.balance} ${account.balanceSymbol ?? ''}`
            : 'Loading…'}
        </dd>
      </dl>
      <ul aria-label="Networks">
        {networks.map((n) => (
          <li key={n.id}>
            <button
              type="button"
              aria-pressed={n.id === activeNetwork.id}
              disabled={switching !== null}
              onClick={() => switchNetwork(n.id).catch((e: unknown) => setError(String(e)))}
            >
              {n.name}
            </button>
          </li>
        ))}
      </ul>
      {error ? <p role="alert">{error}</p> : null}
      <Tokens />
      <button type="button" onClick={() => account.disconnect().catch((e: unknown) => setError(String(e)))}>
        Disconnect
      </button>
    </section>
  );
}

const meta = {
  title: 'Hooks/useAccount, useNetworks and useBalances',
  component: AccountPanel,
  decorators: [withKeyway],
  beforeEach: keywayBeforeEach,
  parameters: {
    // An unstyled UI built from the hook: checked by its play functions, not a visual review.
    chromatic: { disableSnapshot: true },
    msw: { handlers: storyHandlers() },
    keyway: { connect: true } satisfies StoryKitOptions,
  },
} satisfies Meta<typeof AccountPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Address, balance from the network, the token list with its total; a network switch; disconnect. */
export const Connected: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(STORY_ADDRESS)).toBeVisible();
    await waitFor(() => expect(canvas.getByTestId('balance')).toHaveTextContent(/^12\.5 ETH$/));
    const tokens = within(await canvas.findByRole('list', { name: 'Tokens' }));
    await waitFor(() =>
      expect(tokens.getAllByRole('listitem').map((li) => li.textContent)).toContain('USDC USD Coin'),
    );
    await expect(canvas.getByRole('heading', { name: /^Tokens \(\$[\d,]+\.\d\d\)$/ })).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Keyway Local L2' }));
    await waitFor(() => expect(canvas.getByTestId('network')).toHaveTextContent('Keyway Local L2'));
    await expect(canvas.getByRole('button', { name: 'Keyway Local L2' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await userEvent.click(canvas.getByRole('button', { name: 'Disconnect' }));
    await expect(await canvas.findByText('Not connected')).toBeVisible();
  },
};
