import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { DemoHost } from '../_support/DemoHost';
import { keywayBeforeEach, storyHandlers, withKeyway } from '../_support/keyway';

/**
 * The kit in another language, chosen with the toolbar's Locale (the `locale` global): the catalogue loads when
 * selected, texts and titles follow it, and Arabic turns the modal right to left while the wallet list and its
 * Back/Close buttons keep working.
 */
const meta = {
  title: 'Views/Locales',
  component: DemoHost,
  decorators: [withKeyway],
  beforeEach: keywayBeforeEach,
  parameters: { msw: { handlers: storyHandlers() } },
} satisfies Meta<typeof DemoHost>;
export default meta;
type Story = StoryObj<typeof meta>;

/** German: the Connect button, the title and the All wallets row in German; the modal root left to right. */
export const German: Story = {
  globals: { locale: 'de' },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('button', { name: 'Wallet verbinden' }, { timeout: 10_000 }),
    );
    const d = await screen.findByRole('dialog', { name: 'Wallet verbinden' }, { timeout: 10_000 });
    await expect(
      await within(d).findByRole('button', { name: /^Alle Wallets/ }, { timeout: 15_000 }),
    ).toBeVisible();
    await expect(within(d).getByRole('button', { name: 'Schließen' })).toBeVisible();
    await expect(d.closest('[data-keyway]')).toHaveAttribute('dir', 'ltr');
    await userEvent.click(within(d).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** Arabic: Arabic texts, the modal's root `dir="rtl"`, and Back leads back in right-to-left order too. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('button', { name: 'ربط المحفظة' }, { timeout: 10_000 }),
    );
    const d = await screen.findByRole('dialog', { name: 'ربط المحفظة' }, { timeout: 10_000 });
    await expect(d.closest('[data-keyway]')).toHaveAttribute('dir', 'rtl');
    await userEvent.click(await within(d).findByRole('button', { name: /^كل المحافظ/ }, { timeout: 15_000 }));
    const all = await screen.findByRole('dialog', { name: 'كل المحافظ' }, { timeout: 10_000 });
    await userEvent.click(within(all).getByRole('button', { name: 'رجوع' }));
    await screen.findByRole('dialog', { name: 'ربط المحفظة' }, { timeout: 10_000 });
  },
};
