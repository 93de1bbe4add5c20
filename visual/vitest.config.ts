import { fileURLToPath } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineProject } from 'vitest/config';
import { browserOptimizeDeps, CHROMIUM, chromiumArgs } from '../vitest.browser.ts';
import { setForcedColors } from './commands.ts';

/**
 * Visual regression: reference screenshots in `visual/__screenshots__/<file>/<name>-chromium-linux.png`
 * (committed). A first run writes a missing reference and fails; `npm run test:visual:update` rewrites them.
 * Failed comparisons write the actual and diff images under `.vitest-attachments/` (git-ignored).
 *
 * Comparator: pixelmatch. Anti-aliased pixels are detected and ignored (`includeAA: false`); a per-pixel
 * YIQ threshold of 0.02 tolerates rendering noise but not a real colour change; at most 20 other pixels may
 * differ. A 1px padding change shifts whole runs of pixels and a colour change repaints an area: both fail
 * (proved once; see docs/theming.md, "Visual tests").
 */
// The runner page (Playwright's context viewport, 1280x720 by default) must be larger than the test frame
// (`page.viewport()` in harness.tsx), or Vitest scales the frame down to fit and screenshots shrink.
const FRAME = { width: 1280, height: 2400 };
const browser = {
  enabled: true,
  headless: true,
  provider: playwright({
    launchOptions: { executablePath: CHROMIUM, args: chromiumArgs },
    contextOptions: {
      viewport: { width: FRAME.width + 200, height: FRAME.height + 200 },
      deviceScaleFactor: 1,
      // English whatever the machine's language: with no host locale the kit follows navigator.languages.
      locale: 'en-US',
    },
  }),
  instances: [{ browser: 'chromium' as const, viewport: FRAME }],
};

export default defineProject({
  // The repository root: paths below, and postcss.config.js (the `[data-keyway]` scoping), resolve from there.
  root: fileURLToPath(new URL('..', import.meta.url)),
  plugins: [react(), vanillaExtractPlugin()],
  optimizeDeps: { include: [...browserOptimizeDeps, 'react-dom', '@storybook/react-vite'] },
  test: {
    name: 'visual',
    // Covers the screenshot stability wait above.
    testTimeout: 60_000,
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['visual/**/*.visual.tsx'],
    setupFiles: ['visual/setup.ts'],
    browser: {
      ...browser,
      // Media emulation the page in the browser cannot do itself (visual/commands.ts).
      commands: { setForcedColors },
      expect: {
        toMatchScreenshot: {
          // How long to wait for two identical consecutive frames. On a loaded 2-core machine the 5 s default
          // ran out before the page settled (a timeout, not a mismatch); the comparison itself is unchanged.
          timeout: 20_000,
          comparatorName: 'pixelmatch',
          comparatorOptions: {
            threshold: 0.02,
            includeAA: false,
            allowedMismatchedPixels: 20,
          },
        },
      },
    },
  },
});
