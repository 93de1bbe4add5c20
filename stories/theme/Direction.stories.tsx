/**
 * The toolbar's Direction (ltr / rtl): the story root and the kit root of the portalled modal take the
 * direction. A story may fix it with `globals: { direction: 'rtl' }`, as these do.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, userEvent, within } from 'storybook/test';
import { Button, Modal } from '../../src/index';
import { modalTexts } from '../components/_texts';

function ModalPage() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open modal</Button>
      <Modal title="Connect wallet" open={open} onOpenChange={setOpen} {...modalTexts}>
        <p>Choose how you want to connect.</p>
      </Modal>
    </>
  );
}

const meta = {
  title: 'Theme/Direction',
  component: ModalPage,
} satisfies Meta<typeof ModalPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Right to left: the page and the modal (portalled to the body) are laid out right to left. */
export const RightToLeft: Story = {
  globals: { direction: 'rtl' },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Open modal' });
    await expect(getComputedStyle(trigger).direction).toBe('rtl');
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Connect wallet' });
    // The modal's own kit root, portalled to the body, is right to left too. (Ark UI parts such as the dialog
    // element set their `dir` from the locale: the Locale toolbar's Arabic or Hebrew turns them as well.)
    const portalRoot = dialog.closest('[data-keyway]') as HTMLElement;
    await expect(portalRoot).not.toBeNull();
    await expect(getComputedStyle(portalRoot).direction).toBe('rtl');
    await expect(within(dialog).getByText('Choose how you want to connect.')).toBeVisible();
  },
};

/** Left to right, the default. */
export const LeftToRight: Story = {
  globals: { direction: 'ltr' },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Open modal' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Connect wallet' });
    await expect(getComputedStyle(dialog.closest('[data-keyway]') as HTMLElement).direction).toBe('ltr');
  },
};
