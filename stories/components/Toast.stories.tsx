import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../../src/components/Button/Button';
import { type ToastItem, ToastRegion } from '../../src/components/Toast/ToastRegion';
import { en } from '../../src/i18n/en';
import { toastRegionTexts } from './_texts';

const meta = {
  title: 'Components/Toast',
  tags: ['autodocs'],
  component: ToastRegion,
  args: { ...toastRegionTexts, toasts: [], onDismiss: fn() },
} satisfies Meta<typeof ToastRegion>;
export default meta;
type Story = StoryObj<typeof meta>;

const region = (root: HTMLElement) => within(root).getByRole('region', { name: 'Notifications' });

export const Success: Story = {
  args: { toasts: [{ id: 2, message: 'Address copied', variant: 'success' }] },
  play: async ({ canvasElement }) => {
    const status = within(region(canvasElement)).getByRole('status');
    await expect(status).toHaveTextContent('Address copied');
    await expect(status).toHaveAttribute('aria-live', 'polite');
  },
};

export const ErrorToast: Story = {
  name: 'Error',
  args: { toasts: [{ id: 3, message: en.toasts.fetchTransactions, variant: 'error' }] },
  play: async ({ canvasElement }) => {
    const alert = within(region(canvasElement)).getByRole('alert');
    await expect(alert).toHaveTextContent('Failed to fetch transactions');
    await expect(within(canvasElement).queryByRole('status')).not.toBeInTheDocument();
  },
};

export const Stack: Story = {
  args: {
    toasts: [
      { id: 'a', message: 'Transaction sent', variant: 'success' },
      { id: 'b', message: 'Address copied', variant: 'success' },
      { id: 'c', message: en.toasts.somethingWentWrong, variant: 'error' },
    ],
  },
  play: async ({ canvasElement }) => {
    const items = within(region(canvasElement)).getAllByRole('listitem');
    await expect(items.map((i) => i.textContent)).toEqual([
      'Transaction sent',
      'Address copied',
      'Something went wrong',
    ]);
  },
};

export const Dismiss: Story = {
  args: { toasts: [{ id: 7, message: 'Address copied', variant: 'success' }] },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Dismiss' }));
    await expect(args.onDismiss).toHaveBeenCalledWith(7);
  },
};

export const WithoutDismiss: Story = {
  args: { toasts: [{ id: 8, message: 'Address copied', variant: 'success' }], onDismiss: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
  },
};

export const UntrustedMessage: Story = {
  args: { toasts: [{ id: 9, message: '<b onmouseover=alert(1)>Wallet says hi</b>', variant: 'error' }] },
  play: async ({ canvasElement }) => {
    // Messages are text: markup from a wallet's error shows as typed.
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      '<b onmouseover=alert(1)>Wallet says hi</b>',
    );
    await expect(canvasElement.querySelector('b')).toBeNull();
  },
};

/** Driven by props as the toasts store drives it: an error toast that a retry turns into a success. */
export const Lifecycle: Story = {
  render: function LifecycleStory(args) {
    const [toasts, setToasts] = useState<ToastItem[]>([]);
    return (
      <>
        <Button onClick={() => setToasts([{ id: 1, message: 'Transaction failed', variant: 'error' }])}>
          Send
        </Button>
        <Button
          variant="secondary"
          onClick={() => setToasts([{ id: 1, message: 'Transaction sent', variant: 'success' }])}
        >
          Try again
        </Button>
        <ToastRegion
          {...args}
          toasts={toasts}
          onDismiss={(id) => {
            args.onDismiss?.(id);
            setToasts((all) => all.filter((t) => t.id !== id));
          }}
        />
      </>
    );
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('listitem')).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Transaction failed');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('Transaction sent');
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await expect(args.onDismiss).toHaveBeenCalledWith(1);
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
  },
};
