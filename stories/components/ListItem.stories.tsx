import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ListItem } from '../../src/components/ListItem/ListItem';
import { icons, JAVASCRIPT_URL, LONG_NAME } from './_fixtures';

const meta = {
  title: 'Components/ListItem',
  tags: ['autodocs'],
  component: ListItem,
  args: { name: 'MetaMask', iconUrl: icons.fox, onClick: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ListItem>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Button: Story = {
  play: async ({ canvasElement, args }) => {
    const row = within(canvasElement).getByRole('button', { name: 'MetaMask' });
    await userEvent.click(row);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const WithDescriptionAndBadge: Story = {
  args: { description: 'Browser extension', badge: 'Installed', badgeTone: 'success' },
  play: async ({ canvasElement }) => {
    const row = within(canvasElement).getByRole('button', { name: 'MetaMask Browser extension Installed' });
    await expect(within(row).getByText('Browser extension')).toBeVisible();
    await expect(within(row).getByText('Installed')).toBeVisible();
  },
};

export const Recent: Story = {
  args: { name: 'Coinbase Wallet', iconUrl: icons.coin, badge: 'Recent', badgeTone: 'accent' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Coinbase Wallet Recent' })).toBeVisible();
  },
};

export const Link: StoryObj<typeof ListItem> = {
  args: {
    name: 'Get a wallet',
    description: 'Opens the wallet directory',
    href: 'https://example.com/wallets',
    external: true,
    iconUrl: icons.grid,
    onClick: undefined,
  },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: /Get a wallet/ });
    await expect(link).toHaveAttribute('href', 'https://example.com/wallets');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  },
};

export const UnsafeLinkIsNotALink: StoryObj<typeof ListItem> = {
  args: { name: 'Claim airdrop', href: JAVASCRIPT_URL, iconUrl: JAVASCRIPT_URL, onClick: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Claim airdrop')).toBeVisible();
    await expect(canvas.queryByRole('link')).toBeNull();
    await expect(canvasElement.innerHTML).not.toContain('javascript:');
  },
};

export const Disabled: Story = {
  args: { disabled: true, description: 'Not available on this network' },
  play: async ({ canvasElement, args }) => {
    const row = within(canvasElement).getByRole('button', { name: /MetaMask/ });
    await expect(row).toBeDisabled();
    await userEvent.click(row, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const WithoutChevron: Story = {
  args: { chevron: false, name: 'Ethereum', iconUrl: icons.ethereum, iconShape: 'circle' },
  play: async ({ canvasElement }) => {
    const row = within(canvasElement).getByRole('button', { name: 'Ethereum' });
    await expect(row.querySelector('svg')).toBeNull();
  },
};

export const LongName: Story = {
  args: { name: LONG_NAME, description: LONG_NAME },
  play: async ({ canvasElement }) => {
    const row = within(canvasElement).getByRole('button');
    await expect(row.offsetWidth).toBeLessThanOrEqual(360);
    const name = row.querySelector('[title]') as HTMLElement;
    await expect(name.scrollWidth).toBeGreaterThan(name.clientWidth);
  },
};
