import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../../src/components/Button/Button';
import { Modal, type ModalProps } from '../../src/components/Modal/Modal';
import { createTheme } from '../../src/theme';
import { modalTexts } from './_texts';

type HarnessProps = Omit<ModalProps, 'open' | 'onOpenChange'> & {
  initiallyOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
};

/** A trigger button and the modal, with the open state held here as a host (or the modal store) would. */
function Harness({ initiallyOpen = false, onOpenChange, shake, ...props }: HarnessProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const [shaking, setShaking] = useState(false);
  useEffect(() => setShaking(Boolean(shake)), [shake]);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open modal</Button>
      <Modal
        {...props}
        shake={shaking}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          onOpenChange?.(next);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Components/Modal',
  tags: ['autodocs'],
  component: Harness,
  args: {
    ...modalTexts,
    title: 'Connect wallet',
    onOpenChange: fn(),
    children: <p>Choose how you want to connect.</p>,
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

async function openModal(canvasElement: HTMLElement) {
  const trigger = within(canvasElement).getByRole('button', { name: 'Open modal' });
  await userEvent.click(trigger);
  const dialog = await screen.findByRole('dialog', { name: 'Connect wallet' });
  return { trigger, dialog };
}

export const Default: Story = {
  play: async ({ canvasElement, args, step }) => {
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const { trigger, dialog } = await openModal(canvasElement);
    await waitFor(() => expect(within(dialog).getByText('Choose how you want to connect.')).toBeVisible());
    await expect(within(dialog).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    // The portalled content sits in its own kit root, so it is styled and themed.
    await expect(dialog.closest('[data-keyway]')).not.toBeNull();
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));

    await step('Escape closes and focus returns to the trigger', async () => {
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
      await waitFor(() => expect(trigger).toHaveFocus());
    });

    await step('The close button closes too', async () => {
      const again = await openModal(canvasElement);
      await userEvent.click(within(again.dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(again.trigger).toHaveFocus());
    });
  },
};

export const FocusTrap: Story = {
  args: {
    children: (
      <label>
        Email <input type="email" />
      </label>
    ),
  },
  play: async ({ canvasElement }) => {
    const { dialog } = await openModal(canvasElement);
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(close).toHaveFocus());
    await userEvent.tab();
    await expect(email).toHaveFocus();
    // Tab from the last element wraps to the first: focus never leaves the dialog.
    await userEvent.tab();
    await expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(email).toHaveFocus();
  },
};

export const WithBack: Story = {
  args: { title: 'Connect wallet', onBack: fn() },
  play: async ({ canvasElement, args }) => {
    const { dialog } = await openModal(canvasElement);
    const back = within(dialog).getByRole('button', { name: 'Back' });
    await userEvent.click(back);
    await expect(args.onBack).toHaveBeenCalledTimes(1);
    // Back is the caller's navigation: the modal stays open.
    await expect(dialog).toBeInTheDocument();
  },
};

export const WithFooter: Story = {
  args: { footer: <span>By connecting you agree to the Terms.</span> },
  play: async ({ canvasElement }) => {
    const { dialog } = await openModal(canvasElement);
    await waitFor(() =>
      expect(within(dialog).getByText('By connecting you agree to the Terms.')).toBeVisible(),
    );
  },
};

export const Shaking: Story = {
  args: { initiallyOpen: true, shake: true },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Connect wallet' });
    await expect(dialog).toHaveAttribute('data-shake');
    const style = getComputedStyle(dialog);
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      // Reduced motion (as in the test runs): no movement, an error-coloured outline instead.
      await expect(style.animationName).toBe('none');
      await expect(style.boxShadow).toMatch(/^rgb.*0px 0px 0px 2px$/);
    } else {
      await expect(style.animationName).not.toBe('none');
      await expect(style.animationDuration).toBe('0.5s');
    }
  },
};

/** The open is a short fade (at most 100 ms, the theme's fast duration); none under reduced motion. */
export const OpensWithShortFade: Story = {
  args: { initiallyOpen: true },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Connect wallet' });
    const positioner = getComputedStyle(dialog.parentElement!);
    const backdrop = document.querySelector('[data-scope="dialog"][data-part="backdrop"]');
    await expect(backdrop).not.toBeNull();
    const backdropStyle = getComputedStyle(backdrop!);
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      // Reduced motion (as in the test runs): the modal appears without animation.
      await expect(positioner.animationName).toBe('none');
      await expect(backdropStyle.animationName).toBe('none');
    } else {
      for (const style of [positioner, backdropStyle]) {
        await expect(style.animationName).not.toBe('none');
        await expect(Number.parseFloat(style.animationDuration)).toBeLessThanOrEqual(0.1);
      }
    }
  },
};

export const NotShaking: Story = {
  args: { initiallyOpen: true, shake: false },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Connect wallet' });
    await expect(dialog).not.toHaveAttribute('data-shake');
  },
};

export const Desktop: Story = {
  args: { initiallyOpen: true },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Connect wallet' });
    const box = dialog.getBoundingClientRect();
    await expect(window.innerWidth).toBeGreaterThanOrEqual(480);
    await expect(box.width).toBeLessThanOrEqual(400);
    // Centred: equal space left and right.
    await expect(Math.abs(box.left - (window.innerWidth - box.right))).toBeLessThanOrEqual(1);
  },
};

export const MobileBottomSheet: Story = {
  args: { initiallyOpen: true },
  globals: { viewport: { value: 'mobile' } },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Connect wallet' });
    await expect(window.innerWidth).toBeLessThan(480);
    await waitFor(() => {
      const box = dialog.getBoundingClientRect();
      expect(box.width).toBe(window.innerWidth);
      expect(Math.round(box.bottom)).toBe(window.innerHeight);
    });
    const style = getComputedStyle(dialog);
    await expect(style.borderTopLeftRadius).not.toBe('0px');
    await expect(style.borderBottomLeftRadius).toBe('0px');
  },
};

const LINES = Array.from({ length: 40 }, (_, i) => `Wallet number ${i + 1}`);

export const LongContent: Story = {
  args: {
    initiallyOpen: true,
    children: (
      <div>
        {LINES.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    ),
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Connect wallet' });
    // The card stays within the screen and its body scrolls; the header stays in view.
    await expect(dialog.getBoundingClientRect().height).toBeLessThanOrEqual(window.innerHeight);
    const last = within(dialog).getByText('Wallet number 40');
    const body = last.parentElement?.parentElement as HTMLElement;
    await expect(body.scrollHeight).toBeGreaterThan(body.clientHeight);
    // An overflowing body is a tab stop, so keyboard users can scroll it.
    await waitFor(() => expect(body).toHaveAttribute('tabindex', '0'));
    const close = within(dialog).getByRole('button', { name: 'Close' });
    await waitFor(() => expect(close).toHaveFocus());
    await userEvent.tab();
    await expect(body).toHaveFocus();
    await waitFor(() =>
      expect(within(dialog).getByRole('heading', { name: 'Connect wallet' })).toBeVisible(),
    );
  },
};

export const InheritsDarkTheme: Story = {
  args: { initiallyOpen: true },
  globals: { theme: 'dark' },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Connect wallet' });
    // Portalled out of the story's dark kit root, the modal still wears the dark theme.
    await expect(dialog.closest('[data-keyway]')).toHaveAttribute('data-kw-mode', 'dark');
    await expect(getComputedStyle(dialog).backgroundColor).toBe('rgb(38, 42, 51)');
  },
};

export const HostTheme: Story = {
  args: { initiallyOpen: true, theme: createTheme({ mode: 'light', accentColor: '#ff0066' }) },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Connect wallet' });
    const root = dialog.closest<HTMLElement>('[data-keyway]');
    await expect(root).toHaveAttribute('data-kw-mode', 'light');
    await expect(root?.style.getPropertyValue('--kw-color-accent')).toBe('#ff0066');
  },
};
