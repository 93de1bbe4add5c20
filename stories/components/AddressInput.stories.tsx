import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AddressInput } from '../../src/components/AddressInput/AddressInput';
import { addressInputTexts } from './_texts';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const meta = {
  title: 'Components/AddressInput',
  tags: ['autodocs'],
  component: AddressInput,
  args: { ...addressInputTexts, label: 'Receiver', onValueChange: fn() },
} satisfies Meta<typeof AddressInput>;
export default meta;
type Story = StoryObj<typeof meta>;

const field = (root: HTMLElement) => within(root).getByRole('textbox', { name: 'Receiver' });

export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const input = field(canvasElement);
    await expect(input).toHaveAttribute('placeholder', 'Address or name');
    await expect(input).toHaveAttribute('spellcheck', 'false');
    await userEvent.type(input, 'vitalik.eth');
    await expect(input).toHaveValue('vitalik.eth');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('vitalik.eth');
    // Nothing is validated here: no error appears on its own.
    await expect(input).not.toHaveAttribute('aria-invalid');
  },
};

export const Resolving: Story = {
  args: { defaultValue: 'alice.keyway', resolving: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status', { name: 'Resolving name' })).toBeInTheDocument();
    await expect(field(canvasElement)).toHaveAttribute('aria-busy', 'true');
  },
};

export const ResolvedName: Story = {
  args: {
    defaultValue: ADDRESS,
    resolvedName: 'alice.keyway',
    avatar: <span aria-hidden="true">🙂</span>,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('alice.keyway')).toBeVisible();
    await expect(field(canvasElement)).toHaveValue(ADDRESS);
    await expect(field(canvasElement)).toHaveAccessibleDescription('alice.keyway');
  },
};

export const UntrustedName: Story = {
  args: { defaultValue: ADDRESS, resolvedName: '<img src=x onerror=alert(1)>' },
  play: async ({ canvasElement }) => {
    // A resolved name is shown as text, never as markup.
    await expect(within(canvasElement).getByText('<img src=x onerror=alert(1)>')).toBeVisible();
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};

export const WithError: Story = {
  args: { defaultValue: '0x1234', error: 'Invalid address', resolvedName: 'ignored.keyway' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = field(canvasElement);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Invalid address');
    await expect(canvas.getByText('Invalid address')).toBeVisible();
    await expect(canvas.queryByText('ignored.keyway')).not.toBeInTheDocument();
  },
};

export const Disabled: Story = {
  args: { defaultValue: ADDRESS, disabled: true },
  play: async ({ canvasElement, args }) => {
    const input = field(canvasElement);
    await expect(input).toBeDisabled();
    await userEvent.type(input, 'x', { pointerEventsCheck: 0 });
    await expect(input).toHaveValue(ADDRESS);
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};
