import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { browserOptimizeDeps, chromiumBrowser } from './vitest.browser.ts';

/**
 * Test projects (run all with `npm test`, one with `npx vitest run --project <name>`):
 * - unit:      node, `src/**\/*.test.ts`: stores, clients, protocol, formatting; `playground/**\/*.test.ts`,
 *              `scripts/**\/*.test.ts`
 * - dom:       jsdom, `src/**\/*.test.tsx`: hooks and provider bindings
 * - storybook: every story as a browser test (play function + axe) in Debian Chromium
 * - visual:    reference screenshots in Chromium (`visual/`)
 * - services:  contract tests of the local stack over real HTTP (`services/**\/*.test.ts`)
 * - e2e:       Playwright against the running local stack (`e2e/`)
 */
export default defineConfig({
  test: {
    // Projects that have no tests yet (e2e before the stack exists) must not fail the run.
    passWithNoTests: true,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts', 'playground/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        plugins: [react(), vanillaExtractPlugin()],
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['./vitest.dom-setup.ts'],
        },
      },
      {
        plugins: [storybookTest({ configDir: '.storybook' })],
        optimizeDeps: { include: browserOptimizeDeps },
        test: {
          name: 'storybook',
          browser: chromiumBrowser(),
          // A story's first view load on a cold Vite cache (a clean clone, 2 cores) can take several seconds.
          testTimeout: 30_000,
        },
      },
      'visual/vitest.config.ts',
      {
        // Node drives Chromium itself (playwright-core) against a page served with a strict CSP header.
        test: {
          name: 'csp',
          environment: 'node',
          include: ['visual/csp.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      'services/vitest.config.ts',
      'e2e/vitest.config.ts',
    ],
  },
});
