/**
 * Hooks: connecting with the host's own UI. `useConnect` lists the wallets and reports the attempt,
 * `useWalletPicker` decides between pairing and the browser wallet and starts the connection, `usePairing`
 * gives the pairing link for a QR code, `useAccount` shows the result. Built only from `keyway` exports.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { useAccount, useConnect, usePairing, useWalletPicker, type WalletRoute } from '../../src/index';
import { keywayBeforeEach, STORY_ADDRESS, storyHandlers, storyKit, withKeyway } from '../_support/keyway';

function PairingPanel() {
  const { status, uri } = usePairing();
  return (
    <p data-testid="pairing" data-status={status}>
      {uri ? `Scan this link with the wallet: ${uri.slice(0, 12)}…` : 'Waiting for the pairing link…'}
    </p>
  );
}

function WalletPicker() {
  const { wallets, attempt, prefetch } = useConnect();
  const { pick } = useWalletPicker();
  const account = useAccount({ requestDetails: false });
  const [route, setRoute] = useState<WalletRoute | null>(null);
  useEffect(() => {
    void prefetch();
  }, [prefetch]);
  if (account.isConnected) return <p>Connected as {account.address}</p>;
  return (
    <section aria-labelledby="picker-heading">
      <h2 id="picker-heading">Wallets</h2>
      <ul>
        {wallets.map((w) => (
          <li key={w.id}>
            <button type="button" onClick={() => setRoute(pick(w))}>
              Connect {w.name}
            </button>
          </li>
        ))}
      </ul>
      {route === 'pairing' ? <PairingPanel /> : null}
      {route === 'browser' ? <p>Confirm in your browser wallet</p> : null}
      {attempt ? (
        <p role="status">
          {attempt.wallet.name}: {attempt.status}
        </p>
      ) : null}
    </section>
  );
}

const meta = {
  title: 'Hooks/useConnect and useWalletPicker',
  component: WalletPicker,
  decorators: [withKeyway],
  beforeEach: keywayBeforeEach,
  parameters: { chromatic: { disableSnapshot: true }, msw: { handlers: storyHandlers() } },
} satisfies Meta<typeof WalletPicker>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An announced browser wallet connects in the page: "Confirm in your browser wallet", then the account. */
export const BrowserWallet: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Connect Keyway Dev Wallet' }));
    await expect(await canvas.findByText(`Connected as ${STORY_ADDRESS}`)).toBeVisible();
    // Headless: the modal was never opened.
    await expect(storyKit().keyway.stores.modal.getState().isOpen).toBe(false);
  },
};

/** An explorer wallet pairs: the pairing link appears; the wallet declines, then a new pick is approved. */
export const PairingWallet: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Connect MetaMask' }, { timeout: 15_000 }),
    );
    await expect(await canvas.findByText(/^Scan this link with the wallet: wc:/)).toBeVisible();
    await waitFor(() => expect(storyKit().pairing.pending).toBe(true));
    storyKit().pairing.decline();
    await expect(await canvas.findByRole('status')).toHaveTextContent('MetaMask: declined');
    await userEvent.click(canvas.getByRole('button', { name: 'Connect MetaMask' }));
    await waitFor(() => expect(storyKit().pairing.pending).toBe(true));
    await storyKit().pairing.approve();
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('MetaMask: connected'));
    await expect(storyKit().keyway.stores.modal.getState().isOpen).toBe(false);
  },
};
