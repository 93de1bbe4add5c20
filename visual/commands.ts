/**
 * Browser commands of the visual project: they run in the Vitest process and drive the Playwright page that
 * holds the test frame. A test calls them through `commands` from `vitest/browser`.
 */
import type { BrowserCommand } from 'vitest/node';

/** A forced (high-contrast) palette, or `none` for the page's own colours. */
export type ForcedPalette = 'light' | 'dark' | 'none';

/**
 * Emulates `forced-colors: active` (Windows high contrast) for the whole page, frames included. Chromium then
 * repaints with a high-contrast palette, white or black depending on `prefers-color-scheme`, which is emulated
 * with it: `light` is black on white, `dark` white on black. `none` turns both emulations off.
 */
export const setForcedColors: BrowserCommand<[palette: ForcedPalette]> = async (context, palette) => {
  if (context.provider.name !== 'playwright') {
    throw new Error(`setForcedColors needs the playwright provider, not ${context.provider.name}`);
  }
  await context.page.emulateMedia(
    palette === 'none'
      ? { forcedColors: 'none', colorScheme: null }
      : { forcedColors: 'active', colorScheme: palette },
  );
};

declare module 'vitest/browser' {
  interface BrowserCommands {
    setForcedColors: (palette: ForcedPalette) => Promise<void>;
  }
}
