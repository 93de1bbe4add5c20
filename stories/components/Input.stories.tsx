import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { IconButton } from '../../src/components/Button/Button';
import { CloseIcon, SearchIcon } from '../../src/components/Icon/Icon';
import { Input } from '../../src/components/Input/Input';

const meta = {
  title: 'Components/Input',
  tags: ['autodocs'],
  component: Input,
  args: { label: 'Email', placeholder: 'you@example.com', type: 'email', onChange: fn() },
} satisfies Meta<typeof Input>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.click(within(canvasElement).getByText('Email'));
    await expect(input).toHaveFocus();
    await userEvent.type(input, 'ada@example.com');
    await expect(input).toHaveValue('ada@example.com');
    await expect(args.onChange).toHaveBeenCalled();
  },
};

export const WithHint: Story = {
  args: { hint: 'We send a one-time code to this address.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await expect(input).toHaveAccessibleDescription('We send a one-time code to this address.');
  },
};

export const WithError: Story = {
  args: {
    defaultValue: 'ada@',
    hint: 'We send a one-time code to this address.',
    error: 'Enter a valid email address',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Email' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(
      'We send a one-time code to this address. Enter a valid email address',
    );
    await expect(canvas.getByText('Enter a valid email address')).toBeVisible();
  },
};

export const WithAdornments: Story = {
  args: {
    label: 'Search wallets',
    type: 'search',
    placeholder: 'Search',
    leading: <SearchIcon />,
    trailing: (
      <IconButton aria-label="Clear search" icon={<CloseIcon size={16} />} size="sm" onClick={fn()} />
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('searchbox', { name: 'Search wallets' });
    await userEvent.type(input, 'rain');
    await expect(input).toHaveValue('rain');
    await expect(canvas.getByRole('button', { name: 'Clear search' })).toBeEnabled();
  },
};

export const HiddenLabel: Story = {
  args: { hideLabel: true },
  play: async ({ canvasElement }) => {
    // Still named for screen readers, though the label is not shown.
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await expect(within(canvasElement).getByText('Email').closest('div')?.getBoundingClientRect().width).toBe(
      1,
    );
    await expect(input).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'ada@example.com' },
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await expect(input).toBeDisabled();
    await userEvent.type(input, 'x', { pointerEventsCheck: 0 });
    await expect(input).toHaveValue('ada@example.com');
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};
