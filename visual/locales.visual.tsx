/**
 * The styled modal at 360 px, light and dark: Connect, Account, Send and Swap on a real instance (the story kit,
 * `modal.tsx`) in Arabic (right to left) and German (long words), with an error toast, and in the scripts that
 * break layouts: Thai (no spaces between words, marks above and below), Hindi (Devanagari's head line and
 * conjuncts), Persian (right to left, its own digits) and Traditional Chinese. Each test first waits for the
 * locale's own texts, so a screenshot never shows the English that stands in while a catalogue loads, and checks
 * the direction and the language of the modal's root.
 */
import '@fontsource/noto-sans-thai/400.css';
import '@fontsource/noto-sans-thai/500.css';
import '@fontsource/noto-sans-thai/600.css';
import '@fontsource/noto-sans-devanagari/400.css';
import '@fontsource/noto-sans-devanagari/500.css';
import '@fontsource/noto-sans-devanagari/600.css';
import '@fontsource/vazirmatn/400.css';
import '@fontsource/vazirmatn/500.css';
import '@fontsource/vazirmatn/600.css';
import '@fontsource/noto-sans-tc/400.css';
import '@fontsource/noto-sans-tc/500.css';
import '@fontsource/noto-sans-tc/600.css';
import './script-fonts.css';
import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { directionOf } from '../src/i18n/loaders';
import type { Locale } from '../src/i18n/locales';
import { storyHandlers } from '../stories/_support/keyway';
import { MODES, settle } from './harness';
import { catalogueOf, MODAL_VIEWS, modalKit } from './modal';

const WIDTH = 360;
const LOCALES = ['ar', 'de', 'th', 'hi', 'fa', 'zh-TW'] as const satisfies readonly Locale[];
/** The locales whose error toast is checked too (its layout is the same in the others). */
const TOAST_LOCALES: readonly Locale[] = ['ar', 'de'];

const { mount, openView } = modalKit();

for (const locale of LOCALES) {
  describe(`${locale} at ${WIDTH}px`, () => {
    for (const mode of MODES) {
      for (const view of MODAL_VIEWS) {
        test(`${view} (${mode})`, async () => {
          const { dialog } = await openView(view, { locale, mode, width: WIDTH });
          expect(dialog.element().closest('[data-keyway]')?.getAttribute('lang')).toBe(locale);
          await expect.element(dialog).toMatchScreenshot(`${locale}-${view.toLowerCase()}-${mode}`);
        });
      }

      test.runIf(TOAST_LOCALES.includes(locale))(`error toast (${mode})`, async () => {
        const t = await catalogueOf(locale);
        const kit = await mount({ locale, mode, width: WIDTH }, storyHandlers(), {});
        // Set as state, not through show(): an error toast dismisses itself after a few seconds, which a
        // screenshot that waits for two identical frames on a loaded machine could outlast.
        kit.keyway.stores.toasts.setState({
          toasts: [{ id: 1, message: { code: 'createTransaction' }, variant: 'error' }],
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
