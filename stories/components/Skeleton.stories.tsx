import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Skeleton, SkeletonRegion, SkeletonText } from '../../src/components/Skeleton/Skeleton';

const meta = {
  title: 'Components/Skeleton',
  tags: ['autodocs'],
  component: Skeleton,
  args: { shape: 'text', width: 'full' },
  argTypes: {
    shape: { control: 'inline-radio', options: ['text', 'title', 'circle', 'rect', 'tile'] },
    width: { control: 'inline-radio', options: ['full', '3/4', '1/2', '1/3', '1/4'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Skeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Single: Story = {
  play: async ({ canvasElement }) => {
    const shape = canvasElement.querySelector('[data-kw-skeleton="text"]');
    await expect(shape).toHaveAttribute('aria-hidden', 'true');
    await expect(within(canvasElement).queryByRole('status')).toBeNull();
  },
};

export const Shapes: Story = {
  render: () => (
    <SkeletonRegion label="Loading account">
      <div style={{ display: 'grid', gap: 12, maxWidth: 320 }}>
        <Skeleton shape="title" width="1/2" />
        <SkeletonText lines={3} />
        <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
          <Skeleton shape="circle" size="sm" />
          <Skeleton shape="circle" size="md" />
          <Skeleton shape="circle" size="lg" />
          <Skeleton shape="tile" />
        </div>
        <Skeleton shape="rect" size="md" />
      </div>
    </SkeletonRegion>
  ),
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('status');
    await expect(region).toHaveTextContent('Loading account');
    await expect(region).toHaveAttribute('aria-busy', 'true');
    const shapes = canvasElement.querySelectorAll('[data-kw-skeleton]');
    await expect(shapes.length).toBe(9);
    for (const s of shapes) await expect(s.closest('[aria-hidden="true"]')).not.toBeNull();
  },
};

export const WalletListLoading: Story = {
  render: () => (
    <SkeletonRegion label="Loading wallets">
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 76px)', gap: 8 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} shape="tile" />
        ))}
      </div>
    </SkeletonRegion>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveAccessibleName('');
    await expect(within(canvasElement).getByText('Loading wallets')).toBeInTheDocument();
    await expect(canvasElement.querySelectorAll('[data-kw-skeleton="tile"]')).toHaveLength(4);
  },
};
