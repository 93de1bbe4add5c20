import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NetworkBadge } from '../../src/components/NetworkBadge/NetworkBadge';
import { icons, JAVASCRIPT_URL, LONG_NAME } from './_fixtures';
import { networkBadgeTexts } from './_texts';

const meta = {
  title: 'Components/NetworkBadge',
  tags: ['autodocs'],
  component: NetworkBadge,
  args: { ...networkBadgeTexts, name: 'Ethereum', imageUrl: icons.ethereum },
} satisfies Meta<typeof NetworkBadge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Supported: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Ethereum')).toBeVisible();
    await expect(canvasElement.querySelector('img')).toHaveAttribute('src', icons.ethereum);
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const Unsupported: Story = {
  args: { unsupported: true, name: 'Chain 99999' },
  play: async ({ canvasElement }) => {
    const text = within(canvasElement).getByText('Unsupported network');
    await expect(text).toBeVisible();
    const badge = canvasElement.querySelector('[data-kw-network-badge]') as HTMLElement;
    await expect(badge).toHaveAttribute('data-kw-network-badge', 'unsupported');
    // Colour too, not colour alone: the badge turns the theme's error colour.
    const probe = document.createElement('span');
    probe.style.color = 'var(--kw-color-error)';
    badge.append(probe);
    await expect(getComputedStyle(badge).color).toBe(getComputedStyle(probe).color);
    probe.remove();
  },
};

export const Clickable: Story = {
  args: { name: 'Polygon', imageUrl: icons.polygon, onClick: fn() },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Polygon' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const UnsafeImage: Story = {
  args: { imageUrl: JAVASCRIPT_URL },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Ethereum')).toBeVisible();
    await expect(canvasElement.querySelector('img')).toBeNull();
    // The refused picture is replaced by the network's initial.
    await expect(canvasElement.querySelector('[data-kw-image="fallback"]')).toHaveTextContent('E');
  },
};

export const NoImage: Story = {
  args: { name: 'Keyway Local', imageUrl: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Keyway Local')).toBeVisible();
    await expect(canvasElement.querySelector('[data-kw-image="fallback"]')).toHaveTextContent('K');
  },
};

export const LongName: Story = {
  args: { name: LONG_NAME },
  play: async ({ canvasElement }) => {
    const badge = canvasElement.querySelector('[data-kw-network-badge]') as HTMLElement;
    await expect(badge.offsetWidth).toBeLessThanOrEqual(220);
  },
};
