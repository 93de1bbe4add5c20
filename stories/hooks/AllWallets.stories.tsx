/**
 * Hooks: the explorer's whole wallet catalogue in the host's own list. `useAllWallets` pages through it
 * (`fetchNextPage`), searches it (`search`, results replace the list) and badges installed wallets; picking
 * one goes through `useWalletPicker`. Built only from `keyway` exports.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { useAllWallets } from '../../src/index';
import { useMessageText } from '../../src/views/index';
import { keywayBeforeEach, storyHandlers, withKeyway } from '../_support/keyway';

function Catalogue() {
  const say = useMessageText();
  const all = useAllWallets();
  const { status, fetchNextPage } = all;
  useEffect(() => {
    if (status === 'idle') void fetchNextPage();
  }, [status, fetchNextPage]);
  return (
    <section aria-label="All wallets">
      <label>
        Search <input type="search" value={all.query} onChange={(e) => all.search(e.target.value)} />
      </label>
      <p role="status">
        {status === 'loading' || all.searching ? 'Loading…' : `${all.wallets.length} of ${all.count} wallets`}
      </p>
      {all.error ? <p role="alert">{say(all.error)}</p> : null}
      <ul aria-label="Wallets">
        {all.wallets.map((w) => (
          <li key={w.id}>
            {w.name}
            {w.badge ? ` (${w.badge})` : ''}
          </li>
        ))}
      </ul>
      {all.hasMore && !all.query ? (
        <button type="button" onClick={() => void all.fetchNextPage()}>
          Show more
        </button>
      ) : null}
    </section>
  );
}

const meta = {
  title: 'Hooks/useAllWallets',
  component: Catalogue,
  decorators: [withKeyway],
  beforeEach: keywayBeforeEach,
  parameters: { chromatic: { disableSnapshot: true }, msw: { handlers: storyHandlers() } },
} satisfies Meta<typeof Catalogue>;
export default meta;
type Story = StoryObj<typeof meta>;

const names = (root: HTMLElement) =>
  within(within(root).getByRole('list', { name: 'Wallets' }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

/** The first page with the installed wallet badged, the next page on Show more, then a search. */
export const PagesAndSearch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(names(canvasElement)).toContain('MetaMask'), { timeout: 10_000 });
    await expect(names(canvasElement)).toContain('Keyway Dev Wallet (Installed)');
    const first = names(canvasElement).length;
    await userEvent.click(canvas.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(names(canvasElement).length).toBeGreaterThan(first));
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search' }), 'rain');
    await waitFor(() => expect(names(canvasElement)).toEqual(['Rainbow']), { timeout: 10_000 });
  },
};
