/**
 * The styled modal in Arabic (right to left) and German (long words) at 360 px, light and dark: Connect,
 * Account, Send and Swap on a real instance (the story kit: msw-backed explorer, Blockchain API and RPC, the test
 * wallet), and an error toast. Each test first waits for the locale's own texts, so a screenshot never shows the
 * English that stands in while a catalogue loads, and checks the direction of the modal's root.
 */
import type { RequestHandler } from 'msw';
import { setupWorker } from 'msw/browser';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { getBalancesStore } from '../src/hooks/balances/instance';
import { KeywayProvider } from '../src/hooks/KeywayProvider';
import { directionOf, loadCatalogue } from '../src/i18n/loaders';
import type { Locale } from '../src/i18n/locales';
import type { Catalogue } from '../src/i18n/types';
import { createTheme } from '../src/theme';
import { KeywayModal } from '../src/views/KeywayModal';
import {
  createStoryKit,
  type StoryKit,
  type StoryKitOptions,
  storyHandlers,
} from '../stories/_support/keyway';
import { fillSend, sendHandlers } from '../stories/views/_sendData';
import { fillSwap, SWAP_OPTIONS, swapHandlers } from '../stories/views/_swapData';
import { cleanup, MODES, type Mode, settle, show } from './harness';

const WIDTH = 360;
const LOCALES = ['ar', 'de'] as const satisfies readonly Locale[];

const worker = setupWorker();
let teardown: (() => void) | null = null;

beforeAll(async () => {
  await worker.start({ quiet: true, onUnhandledRequest: 'bypass' });
});
afterEach(() => {
  cleanup();
  teardown?.();
  teardown = null;
  worker.resetHandlers();
});
afterAll(() => worker.stop());

async function catalogueOf(locale: Locale): Promise<Catalogue> {
  const catalogue = await loadCatalogue(locale);
  if (!catalogue) throw new Error(`no catalogue for ${locale}`);
  return catalogue;
}

/** A kit instance in `locale` with the given handlers and setup, rendered as a host renders the modal. */
async function mount(
  locale: Locale,
  mode: Mode,
  handlers: RequestHandler[],
  kitOptions: StoryKitOptions,
  extra?: ReactNode,
): Promise<StoryKit> {
  worker.use(...handlers);
  const { kit, cleanup: dispose } = await createStoryKit({
    ...kitOptions,
    options: { ...kitOptions.options, locale },
  });
  teardown = dispose;
  const theme = createTheme({ mode });
  await show(
    <KeywayProvider keyway={kit.keyway}>
      <KeywayModal theme={theme} />
      {extra}
    </KeywayProvider>,
    { theme, width: WIDTH },
  );
  return kit;
}

/** The open modal once its title and `text` are shown in the locale, in the locale's direction. */
async function modalShowing(locale: Locale, title: string, text: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect.element(dialog, { timeout: 20_000 }).toBeVisible();
  await expect.element(dialog.getByText(text, { exact: true }).first(), { timeout: 20_000 }).toBeVisible();
  const root = dialog.element().closest('[data-keyway]');
  expect(root?.getAttribute('dir')).toBe(directionOf(locale));
  await settle();
  return dialog;
}

for (const locale of LOCALES) {
  describe(`${locale} at ${WIDTH}px`, () => {
    for (const mode of MODES) {
      test(`Connect (${mode})`, async () => {
        const t = await catalogueOf(locale);
        const kit = await mount(locale, mode, storyHandlers(), {});
        kit.keyway.stores.modal.getState().open('Connect');
        const dialog = await modalShowing(locale, t.titles.Connect, t.connect.allWallets);
        await expect.element(dialog.getByRole('button', { name: /Keyway Dev Wallet/ })).toBeVisible();
        await expect.element(dialog).toMatchScreenshot(`${locale}-connect-${mode}`);
      });

      test(`Account (${mode})`, async () => {
        const t = await catalogueOf(locale);
        const kit = await mount(locale, mode, storyHandlers(), { connect: true });
        await getBalancesStore(kit.keyway).getState().load();
        kit.keyway.stores.modal.getState().open('Account');
        const dialog = await modalShowing(locale, t.titles.Account, t.walletFeatures.send);
        await expect.element(dialog.getByText(t.tokens.total, { exact: true })).toBeVisible();
        await expect.element(dialog).toMatchScreenshot(`${locale}-account-${mode}`);
      });

      test(`Send (${mode})`, async () => {
        const t = await catalogueOf(locale);
        const kit = await mount(locale, mode, sendHandlers(), {
          connect: true,
          setup: (k) => fillSend(k, { symbol: 'ETH', amount: '0.25' }),
        });
        // From the Account view, as a user gets there: the header shows Back.
        kit.keyway.stores.modal.getState().open('Account');
        kit.keyway.stores.modal.getState().push('Send');
        const dialog = await modalShowing(locale, t.titles.Send, t.send.fee);
        await expect.element(dialog.getByRole('button', { name: t.modal.back })).toBeVisible();
        await expect.element(dialog).toMatchScreenshot(`${locale}-send-${mode}`);
      });

      test(`Swap (${mode})`, async () => {
        const t = await catalogueOf(locale);
        const kit = await mount(locale, mode, swapHandlers(), {
          connect: true,
          options: SWAP_OPTIONS,
          setup: fillSwap({ to: 'USDC', amount: '1' }),
        });
        // From the Account view, as a user gets there: the header shows Back.
        kit.keyway.stores.modal.getState().open('Account');
        kit.keyway.stores.modal.getState().push('Swap');
        const dialog = await modalShowing(locale, t.titles.Swap, t.swap.priceImpact);
        await expect.element(dialog.getByRole('button', { name: t.modal.back })).toBeVisible();
        await expect.element(dialog).toMatchScreenshot(`${locale}-swap-${mode}`);
      });

      test(`error toast (${mode})`, async () => {
        const t = await catalogueOf(locale);
        const kit = await mount(locale, mode, storyHandlers(), {});
        // Set as state, not through show(): an error toast dismisses itself after a few seconds, which a
        // screenshot that waits for two identical frames on a loaded machine could outlast.
        kit.keyway.stores.toasts.setState({
          toasts: [{ id: 1, message: 'Failed to create transaction', variant: 'error' }],
        });
        const region = page.getByRole('region', { name: t.toastRegion.label });
        await expect.element(region.getByText(t.toasts.createTransaction), { timeout: 20_000 }).toBeVisible();
        const root = region.element().closest('[data-keyway]');
        expect(root?.getAttribute('dir')).toBe(directionOf(locale));
        await settle();
        await expect.element(region).toMatchScreenshot(`${locale}-toast-error-${mode}`);
      });
    }
  });
}
