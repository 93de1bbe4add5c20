import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { getBalancesStore } from '../../src/hooks/balances/instance';
import { fixtureIcon } from '../../src/testing/msw';
import { AccountTokensList } from '../../src/views/AccountTokensList';
import {
  keywayBeforeEach,
  STORY_API_URL,
  type StoryKitOptions,
  storyHandlers,
  storyKit,
} from '../_support/keyway';
import { viewDecorators } from '../_support/ViewFrame';

const meta = {
  title: 'Views/AccountTokens',
  component: AccountTokensList,
  decorators: viewDecorators('Tokens'),
  beforeEach: keywayBeforeEach,
  parameters: {
    msw: { handlers: storyHandlers() },
    keyway: { connect: true } satisfies StoryKitOptions,
  },
} satisfies Meta<typeof AccountTokensList>;
export default meta;
type Story = StoryObj<typeof meta>;

const tokens = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('list', { name: 'Tokens' }, { timeout: 15_000 }));

/** Each token with its quantity and USD value, and the total; a dust balance reads `<0.001`. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const list = await tokens(canvasElement);
    const rows = list.getAllByRole('listitem');
    await expect(rows).toHaveLength(3);
    await expect(rows[0]).toHaveTextContent('Ether');
    await expect(rows[0]).toHaveTextContent('1.697 ETH');
    await expect(rows[0]).toHaveTextContent('$5,432.11');
    await expect(rows[1]).toHaveTextContent('1,250 USDC');
    await expect(rows[1]).toHaveTextContent('$1,250.00');
    await expect(within(canvasElement).getByText('$6,682.11')).toBeVisible();
  },
};

const HOST_TOKEN_IMAGE = fixtureIcon('Host token');

/** The host named DAI as its token for this network (`tokens`): listed first, with the host's image. */
export const HostToken: Story = {
  parameters: {
    keyway: {
      connect: true,
      options: {
        tokens: {
          'eip155:31337': { address: '0x6B175474E89094C44Da98b954EedeAC495271d0F', image: HOST_TOKEN_IMAGE },
        },
      },
    } satisfies StoryKitOptions,
  },
  play: async ({ canvasElement }) => {
    const list = await tokens(canvasElement);
    await waitFor(() => expect(list.getAllByRole('listitem')[0]).toHaveTextContent('Dai Stablecoin'));
    const rows = list.getAllByRole('listitem');
    await expect(rows[0]).toHaveTextContent('<0.001 DAI');
    await expect(rows[1]).toHaveTextContent('Ether');
    await expect(rows[2]).toHaveTextContent('USD Coin');
    await expect(rows[0]!.querySelector('img')?.getAttribute('src')).toBe(HOST_TOKEN_IMAGE);
  },
};

export const TinyAmount: Story = {
  play: async ({ canvasElement }) => {
    const list = await tokens(canvasElement);
    const dai = list.getAllByRole('listitem')[2]!;
    await expect(dai).toHaveTextContent('Dai Stablecoin');
    await expect(within(dai).getByText('<0.001 DAI')).toBeVisible();
    await expect(within(dai).getByText('<$0.01')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: storyHandlers({ blockchain: { variants: { balance: 'slow' } } }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByText('Loading balances')).toBeInTheDocument(), {
      timeout: 15_000,
    });
    await expect(canvasElement.querySelectorAll('[data-kw-skeleton]').length).toBeGreaterThan(0);
    await expect(canvas.queryByRole('list', { name: 'Tokens' })).toBeNull();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: storyHandlers({ blockchain: { variants: { balance: 'empty' } } }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No tokens yet', {}, { timeout: 15_000 })).toBeVisible();
    await expect(canvas.getByText('$0.00')).toBeVisible();
  },
};

/** The first load fails: the toast and a way to try again. */
export const FetchError: Story = {
  parameters: { msw: { handlers: storyHandlers({ blockchain: { variants: { balance: 'error' } } }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert', {}, { timeout: 15_000 });
    await expect(alert).toHaveTextContent('Failed to fetch token balance');
    await expect(canvas.getByText('Balances could not be loaded.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

let balancesDown = false;
const flakyBalances = http.get(`${STORY_API_URL}/v1/account/:address/balance`, () =>
  balancesDown
    ? HttpResponse.json({ status: 'FAILED', reasons: [{ field: '', description: 'down' }] }, { status: 500 })
    : undefined,
);

/** A refresh (as after a transaction) fails: the toast, and the last known balances stay on screen. */
export const KeptAfterRefreshError: Story = {
  parameters: {
    msw: { handlers: [flakyBalances, ...storyHandlers()] },
    keyway: {
      connect: true,
      setup: () => {
        balancesDown = false;
      },
    } satisfies StoryKitOptions,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await tokens(canvasElement);
    balancesDown = true;
    await getBalancesStore(storyKit().keyway).getState().refresh({ forceUpdate: [] });
    const alert = await canvas.findByRole('alert', {}, { timeout: 15_000 });
    await expect(alert).toHaveTextContent('Failed to fetch token balance');
    await expect(canvas.getByText(/Showing the last known balances/)).toBeVisible();
    const list = await tokens(canvasElement);
    await expect(list.getAllByRole('listitem')).toHaveLength(3);
    await expect(list.getByText('1.697 ETH')).toBeVisible();
    await expect(canvas.getByText('$6,682.11')).toBeVisible();

    balancesDown = false;
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(canvas.queryByText(/Showing the last known balances/)).toBeNull());
  },
};
