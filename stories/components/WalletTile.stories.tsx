import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { WalletTile } from '../../src/components/WalletTile/WalletTile';
import { MAX_TEXT } from '../../src/core/text';
import { BROKEN_IMAGE, icons, JAVASCRIPT_URL, LONG_NAME } from './_fixtures';

const meta = {
  title: 'Components/WalletTile',
  tags: ['autodocs'],
  component: WalletTile,
  args: { name: 'MetaMask', iconUrl: icons.fox, onClick: fn() },
  decorators: [
    (Story) => (
      <div style={{ width: 96 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof WalletTile>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const tile = within(canvasElement).getByRole('button', { name: 'MetaMask' });
    await expect(tile).toHaveAttribute('title', 'MetaMask');
    await userEvent.click(tile);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Installed: Story = {
  args: { badge: 'Installed', badgeTone: 'success' },
  play: async ({ canvasElement }) => {
    const tile = within(canvasElement).getByRole('button', { name: 'MetaMask Installed' });
    await expect(within(tile).getByText('Installed')).toBeVisible();
  },
};

export const Recent: Story = {
  args: { name: 'Coinbase Wallet', iconUrl: icons.coin, badge: 'Recent', badgeTone: 'accent' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Coinbase Wallet Recent' })).toBeVisible();
  },
};

export const LongName: Story = {
  args: { name: LONG_NAME },
  play: async ({ canvasElement }) => {
    const tile = within(canvasElement).getByRole('button');
    const title = tile.getAttribute('title') ?? '';
    // Capped in code, full (capped) text in the tooltip, ellipsis on screen.
    await expect(Array.from(title).length).toBeLessThanOrEqual(MAX_TEXT.name);
    await expect(title.endsWith('…')).toBe(true);
    await expect(LONG_NAME.startsWith(title.slice(0, -1).trimEnd())).toBe(true);
    const label = within(tile).getByText(title);
    await expect(label.scrollWidth).toBeGreaterThan(label.clientWidth);
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement, args }) => {
    const tile = within(canvasElement).getByRole('button', { name: 'MetaMask' });
    await expect(tile).toBeDisabled();
    await userEvent.click(tile, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const UnsafeIconUrl: Story = {
  args: { name: 'Evil Wallet', iconUrl: JAVASCRIPT_URL },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Evil Wallet' })).toBeVisible();
    await expect(canvasElement.querySelector('img')).toBeNull();
    await expect(canvasElement.querySelector('[data-kw-image="fallback"]')).not.toBeNull();
  },
};

export const BrokenIcon: Story = {
  args: { name: 'Trust Wallet', iconUrl: BROKEN_IMAGE },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[data-kw-image="fallback"]')).not.toBeNull());
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};

export const UntrustedName: Story = {
  args: { name: '<script>alert(1)</script>' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('<script>alert(1)</script>')).toBeVisible();
    await expect(canvasElement.querySelector('script')).toBeNull();
  },
};

export const Grid: Story = {
  decorators: [
    (Story) => (
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 96px)', gap: 8 }}>
        <Story />
      </div>
    ),
  ],
  render: (args) => (
    <>
      <WalletTile {...args} name="MetaMask" iconUrl={icons.fox} badge="Installed" badgeTone="success" />
      <WalletTile {...args} name="Coinbase Wallet" iconUrl={icons.coin} badge="Recent" badgeTone="accent" />
      <WalletTile {...args} name="Rainbow" iconUrl={icons.rainbow} />
      <WalletTile {...args} name="All Wallets" iconUrl={icons.grid} badge="430+" />
    </>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('button')).toHaveLength(4);
    await userEvent.click(canvas.getByRole('button', { name: 'Rainbow' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};
