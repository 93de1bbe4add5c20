import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AmountInput, type AmountInputProps } from '../../src/components/AmountInput/AmountInput';
import { amountInputTexts } from './_texts';

const meta = {
  title: 'Components/AmountInput',
  tags: ['autodocs'],
  component: AmountInput,
  args: {
    ...amountInputTexts,
    label: 'Amount',
    decimals: 18,
    onValueChange: fn(),
    trailing: <span>ETH</span>,
  },
} satisfies Meta<typeof AmountInput>;
export default meta;
type Story = StoryObj<typeof meta>;

const field = (root: HTMLElement) => within(root).getByRole('textbox', { name: 'Amount' });

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const input = field(canvasElement);
    await expect(input).toHaveAttribute('inputmode', 'decimal');
    await expect(input).toHaveAttribute('placeholder', '0');
    await userEvent.type(input, '0,5');
    // A comma typed as the decimal separator becomes a dot.
    await expect(input).toHaveValue('0.5');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('0.5');
    await userEvent.clear(input);
    // Letters, signs and a second separator are dropped; every digit is kept exactly.
    await userEvent.type(input, '-12a.3.4');
    await expect(input).toHaveValue('12.34');
    await userEvent.clear(input);
    await userEvent.type(input, '123456789012345678901234.123456789012345678');
    await expect(input).toHaveValue('123456789012345678901234.123456789012345678');
    await expect(input).not.toHaveAttribute('aria-invalid');
  },
};

export const EditInTheMiddle: Story = {
  args: { defaultValue: '1234' },
  play: async ({ canvasElement }) => {
    const input = field(canvasElement) as HTMLInputElement;
    await userEvent.click(input);
    input.setSelectionRange(2, 2);
    // A comma typed mid-value becomes the separator, and the caret stays right after it.
    await userEvent.keyboard(',');
    await expect(input).toHaveValue('12.34');
    await expect(input.selectionStart).toBe(3);
    await userEvent.keyboard('9');
    await expect(input).toHaveValue('12.934');
    // A refused key (a second separator) leaves value and caret as they were.
    await userEvent.keyboard('.');
    await expect(input).toHaveValue('12.934');
    await expect(input.selectionStart).toBe(4);
    await userEvent.keyboard('5');
    await expect(input).toHaveValue('12.9534');
  },
};

export const PasteWithGrouping: Story = {
  play: async ({ canvasElement, args }) => {
    const input = field(canvasElement);
    await userEvent.click(input);
    await userEvent.paste('1,234.56');
    await expect(input).toHaveValue('1234.56');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('1234.56');
  },
};

export const WithMax: Story = {
  render: function WithMaxStory(args: AmountInputProps) {
    const [value, setValue] = useState('');
    return (
      <AmountInput
        {...args}
        value={value}
        onValueChange={setValue}
        labelAside={<span>Balance: 1.25 ETH</span>}
        onMax={() => {
          args.onMax?.();
          setValue('1.25');
        }}
      />
    );
  },
  args: { onMax: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Balance: 1.25 ETH')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Max' }));
    await expect(args.onMax).toHaveBeenCalledTimes(1);
    await expect(field(canvasElement)).toHaveValue('1.25');
  },
};

export const TooManyDecimals: Story = {
  args: { decimals: 6, trailing: <span>USDC</span> },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const input = field(canvasElement);
    await step('Typing a seventh decimal is refused', async () => {
      await userEvent.type(input, '1.1234567');
      await expect(input).toHaveValue('1.123456');
      await expect(input).not.toHaveAttribute('aria-invalid');
    });
    await step('A pasted amount with too many decimals is kept and flagged, not rounded', async () => {
      await userEvent.clear(input);
      await userEvent.paste('0.12345678');
      await expect(input).toHaveValue('0.12345678');
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(canvas.getByText('Use at most 6 decimals')).toBeVisible();
      await expect(input).toHaveAccessibleDescription('Use at most 6 decimals');
    });
    await step('Deleting digits clears the error', async () => {
      await userEvent.type(input, '{Backspace}{Backspace}');
      await expect(input).toHaveValue('0.123456');
      await expect(input).not.toHaveAttribute('aria-invalid');
    });
  },
};

export const WithFiat: Story = {
  args: { defaultValue: '0.5', fiatValue: '≈ $1,523.40' },
  play: async ({ canvasElement }) => {
    const input = field(canvasElement);
    await expect(within(canvasElement).getByText('≈ $1,523.40')).toBeVisible();
    await expect(input).toHaveValue('0.5');
    await expect(input).toHaveAccessibleDescription('≈ $1,523.40');
  },
};

export const WithError: Story = {
  args: { defaultValue: '3', error: 'Insufficient balance', fiatValue: '≈ $9,140.40' },
  play: async ({ canvasElement }) => {
    const input = field(canvasElement);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(within(canvasElement).getByText('Insufficient balance')).toBeVisible();
    await expect(input).toHaveAccessibleDescription('Insufficient balance ≈ $9,140.40');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: '2', onMax: fn() },
  play: async ({ canvasElement, args }) => {
    const input = field(canvasElement);
    await expect(input).toBeDisabled();
    await expect(within(canvasElement).getByRole('button', { name: 'Max' })).toBeDisabled();
    await userEvent.type(input, '5', { pointerEventsCheck: 0 });
    await expect(input).toHaveValue('2');
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};
