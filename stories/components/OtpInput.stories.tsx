import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { OtpInput } from '../../src/components/OtpInput/OtpInput';
import { otpInputTexts } from './_texts';

const meta = {
  title: 'Components/OtpInput',
  tags: ['autodocs'],
  component: OtpInput,
  args: { ...otpInputTexts, onComplete: fn(), onChange: fn() },
} satisfies Meta<typeof OtpInput>;
export default meta;
type Story = StoryObj<typeof meta>;

const digits = (root: HTMLElement) =>
  Array.from({ length: 6 }, (_, i) => within(root).getByRole('textbox', { name: `Digit ${i + 1} of 6` }));

export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Verification code' })).toBeVisible();
    const boxes = digits(canvasElement);
    for (const box of boxes) await expect(box).toHaveValue('');
    await userEvent.click(boxes[0]!);
    // Letters are refused; each digit moves focus to the next box.
    await userEvent.keyboard('12a3');
    await expect(boxes.map((b) => (b as HTMLInputElement).value).join('')).toBe('123');
    await expect(boxes[3]).toHaveFocus();
    await userEvent.keyboard('456');
    await expect(args.onComplete).toHaveBeenCalledTimes(1);
    await expect(args.onComplete).toHaveBeenCalledWith('123456');
    await userEvent.keyboard('{Backspace}');
    await expect(boxes[5]).toHaveValue('');
    await expect(args.onChange).toHaveBeenLastCalledWith('12345');
  },
};

export const Filled: Story = {
  args: { defaultValue: '482913' },
  play: async ({ canvasElement }) => {
    const values = digits(canvasElement).map((b) => (b as HTMLInputElement).value);
    await expect(values.join('')).toBe('482913');
  },
};

export const PasteFills: Story = {
  play: async ({ canvasElement, args }) => {
    const boxes = digits(canvasElement);
    await userEvent.click(boxes[0]!);
    await userEvent.paste('654 321');
    await waitFor(() => expect(boxes.map((b) => (b as HTMLInputElement).value).join('')).toBe('654321'));
    await expect(args.onComplete).toHaveBeenCalledTimes(1);
    await expect(args.onComplete).toHaveBeenCalledWith('654321');
  },
};

/** A Persian (or Arabic, Hindi, Thai, fullwidth) keyboard's digits: typed and pasted, the code is ASCII digits. */
export const OtherScriptDigits: Story = {
  play: async ({ canvasElement, args }) => {
    const boxes = digits(canvasElement);
    await userEvent.click(boxes[0]!);
    await userEvent.keyboard('۱۲۳');
    await waitFor(() => expect(args.onChange).toHaveBeenLastCalledWith('123'));
    await expect(boxes[3]).toHaveFocus();
    await userEvent.keyboard('٤५๖');
    await expect(args.onComplete).toHaveBeenCalledWith('123456');
  },
};

export const OtherScriptDigitsPasted: Story = {
  play: async ({ canvasElement, args }) => {
    const boxes = digits(canvasElement);
    await userEvent.click(boxes[0]!);
    await userEvent.paste('۶۵۴ ۳۲۱');
    await waitFor(() => expect(args.onComplete).toHaveBeenCalledWith('654321'));
  },
};

export const PasteRejectsLetters: Story = {
  play: async ({ canvasElement, args }) => {
    const boxes = digits(canvasElement);
    await userEvent.click(boxes[0]!);
    await userEvent.paste('12ab56');
    for (const box of boxes) await expect(box).toHaveValue('');
    await expect(args.onComplete).not.toHaveBeenCalled();
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { defaultValue: '111111', error: 'Invalid code. Try again.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Invalid code. Try again.')).toBeVisible();
    for (const box of digits(canvasElement)) {
      await expect(box).toHaveAttribute('aria-invalid', 'true');
      await expect(box).toHaveAccessibleDescription('Invalid code. Try again.');
    }
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement, args }) => {
    const boxes = digits(canvasElement);
    for (const box of boxes) await expect(box).toBeDisabled();
    await userEvent.type(boxes[0]!, '1', { pointerEventsCheck: 0 });
    await expect(boxes[0]).toHaveValue('');
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};
