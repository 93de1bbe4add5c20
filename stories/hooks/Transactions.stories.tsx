/**
 * Hooks: the account's activity in the host's own list. `useTransactions` loads the history of the active
 * network, newest first, grouped by day, with a title and a counterparty per row, spam left out; `refresh`
 * asks again after a failure. Built only from `keyway` exports.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { useTransactions } from '../../src/index';
import { useMessageText } from '../../src/views/index';
import { keywayBeforeEach, type StoryKitOptions, storyHandlers, withKeyway } from '../_support/keyway';
import { onStoryChain } from '../views/_walletData';

/** The host's own day heading: the store says which day a section is (today, yesterday, a date, unknown). */
function dayHeading({ key, day }: { key: string; day: string }): string {
  if (day === 'today') return 'Today';
  if (day === 'yesterday') return 'Yesterday';
  if (day === 'unknown') return 'Some day';
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(y, m - 1, d));
}

function Activity() {
  const say = useMessageText();
  const { sections, status, empty, refresh } = useTransactions();
  if (status === 'loading') return <p role="status">Loading the activity…</p>;
  if (status === 'error') {
    return (
      <p role="alert">
        The activity could not be loaded.{' '}
        <button type="button" onClick={() => void refresh()}>
          Try again
        </button>
      </p>
    );
  }
  if (empty) return <p>No transactions yet</p>;
  return (
    <section aria-label="Activity">
      {sections.map((section) => (
        <section key={section.key} aria-labelledby={`day-${section.key}`}>
          <h3 id={`day-${section.key}`}>{dayHeading(section)}</h3>
          <ul>
            {section.items.map((t) => (
              <li key={t.id}>
                {say(t.title)} {say(t.counterparty)}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

const meta = {
  title: 'Hooks/useTransactions',
  component: Activity,
  decorators: [withKeyway],
  beforeEach: keywayBeforeEach,
  parameters: {
    // An unstyled UI built from the hook: checked by its play functions, not a visual review.
    chromatic: { disableSnapshot: true },
    msw: { handlers: storyHandlers({ blockchain: { transactions: onStoryChain() } }) },
    keyway: { connect: true } satisfies StoryKitOptions,
  },
} satisfies Meta<typeof Activity>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Rows grouped by day with their titles; the spam airdrop is not listed. */
export const History: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The history first, then its region: before the first load the store is 'idle' (not 'loading'), so an empty
    // region shows first, and the list replaces it (loading, then a new region). Where React runs without an act
    // environment (the built Storybook) that empty region is painted and would be the one found.
    await canvas.findByRole('heading', { name: 'Jan 15, 2025' }, { timeout: 15_000 });
    const activity = within(canvas.getByRole('region', { name: 'Activity' }));
    await expect(activity.getByRole('heading', { name: 'Jan 15, 2025' })).toBeVisible();
    await expect(activity.getByText('Swapped ETH for USDC', { exact: false })).toBeVisible();
    await expect(activity.getByText('Minted Keyway Genesis #12', { exact: false })).toBeVisible();
    await expect(activity.queryByText(/Claim your FREE reward/)).toBeNull();
  },
};

/** An account without history. */
export const Empty: Story = {
  parameters: { msw: { handlers: storyHandlers({ blockchain: { variants: { history: 'empty' } } }) } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('No transactions yet', {}, { timeout: 15_000 }),
    ).toBeVisible();
  },
};
