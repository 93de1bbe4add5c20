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
/**
 * Tests wait for conditions, never for fixed delays (scripts/fixed-sleeps.mjs), and a condition wait returns
 * as soon as its condition holds: so its limit can be generous. `expect.poll` waits up to 10 s (Vitest's
 * default is 1 s, which a loaded 2-core machine overran), and a test may take 20 s before it times out.
 * `vi.waitFor` has no setting for it: vitest.wait-setup.ts gives it the same 10 s in the node projects.
 */
const conditionWaits = { testTimeout: 20_000, expect: { poll: { timeout: 10_000 } } };

export default defineConfig({
  test: {
    // Projects that have no tests yet (e2e before the stack exists) must not fail the run.
    passWithNoTests: true,
    // Two files at a time in every project, and all projects side by side. Vitest's default on 2 cores is
    // one file at a time per pool, which left the machine idle more than half of the run: most test files
    // wait on a browser, a chain or a server. One value for all: projects in one group share it.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          ...conditionWaits,
          setupFiles: ['./vitest.wait-setup.ts'],
          include: ['src/**/*.test.ts', 'playground/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        plugins: [react(), vanillaExtractPlugin()],
        test: {
          name: 'dom',
          environment: 'jsdom',
          ...conditionWaits,
          // Lazily loaded views: their first transform under load (vitest.dom-setup.ts).
          testTimeout: 60_000,
          include: ['src/**/*.test.tsx'],
          setupFiles: ['./vitest.wait-setup.ts', './vitest.dom-setup.ts'],
        },
      },
      {
        plugins: [storybookTest({ configDir: '.storybook' })],
        optimizeDeps: { include: browserOptimizeDeps },
        test: {
          name: 'storybook',
          expect: conditionWaits.expect,
          browser: chromiumBrowser(),
          // The browser pool takes its parallelism from the project (each file in its own page and context).
          maxWorkers: 2,
          // A story's first view load on a cold Vite cache (a clean clone, 2 cores) can take several seconds, and
          // a file's first story pays it for the lazily loaded views it opens: such stories took 29-32 s in a full
          // run on 2 cores (their steps each wait up to 15 s for a condition, so they do not fail sooner).
          testTimeout: 60_000,
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
