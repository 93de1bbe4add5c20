import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { Avatar } from '../../src/components/Avatar/Avatar';
import { ADDRESS_A, ADDRESS_B, ADDRESS_C, BROKEN_IMAGE, icons, JAVASCRIPT_URL } from './_fixtures';

const meta = {
  title: 'Components/Avatar',
  tags: ['autodocs'],
  component: Avatar,
  args: { address: ADDRESS_A, alt: 'Account avatar', size: 'lg' },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg', 'xl'] } },
} satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithImage: Story = {
  args: { src: icons.rainbow, alt: 'vitalik.eth avatar' },
  play: async ({ canvasElement }) => {
    const img = within(canvasElement).getByRole('img', { name: 'vitalik.eth avatar' });
    await expect(img.tagName).toBe('IMG');
    await expect(img).toHaveAttribute('src', icons.rainbow);
  },
};

export const GradientFromAddress: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12 }}>
      <Avatar {...args} address={ADDRESS_A} alt="Checksummed" />
      <Avatar {...args} address={ADDRESS_A.toLowerCase()} alt="Lowercase" />
      <Avatar {...args} address={ADDRESS_B} alt="Other account" />
      <Avatar {...args} address={ADDRESS_C} alt="Third account" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const a = canvas.getByRole('img', { name: 'Checksummed' });
    const lower = canvas.getByRole('img', { name: 'Lowercase' });
    const b = canvas.getByRole('img', { name: 'Other account' });
    // Same address (any case): the same picture. Another address: another picture.
    await expect(getComputedStyle(a).backgroundImage).toMatch(/gradient/);
    await expect(getComputedStyle(a).backgroundImage).toBe(getComputedStyle(lower).backgroundImage);
    await expect(getComputedStyle(a).backgroundImage).not.toBe(getComputedStyle(b).backgroundImage);
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};

export const Placeholder: Story = {
  args: { address: undefined, alt: 'No account' },
  play: async ({ canvasElement }) => {
    const el = within(canvasElement).getByRole('img', { name: 'No account' });
    await expect(el).toHaveAttribute('data-kw-avatar', 'placeholder');
  },
};

export const UnsafeImageFallsBackToGradient: Story = {
  args: { src: JAVASCRIPT_URL, alt: 'Account avatar' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('img')).toBeNull();
    const fallback = within(canvasElement).getByRole('img', { name: 'Account avatar' });
    await expect(getComputedStyle(fallback.firstElementChild as Element).backgroundImage).toMatch(/gradient/);
  },
};

export const BrokenImageFallsBackToGradient: Story = {
  args: { src: BROKEN_IMAGE, alt: 'Account avatar' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('img')).toBeNull());
    await expect(within(canvasElement).getByRole('img', { name: 'Account avatar' })).toHaveAttribute(
      'data-kw-image',
      'fallback',
    );
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      {(['sm', 'md', 'lg', 'xl'] as const).map((size) => (
        <Avatar key={size} {...args} size={size} alt={`Size ${size}`} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const widths = ['sm', 'md', 'lg', 'xl'].map(
      (s) => canvas.getByRole('img', { name: `Size ${s}` }).offsetWidth,
    );
    await expect(widths).toEqual([24, 32, 48, 72]);
  },
};
