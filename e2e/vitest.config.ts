import { defineProject } from 'vitest/config';

/**
 * End-to-end tests: playwright-core drives Debian's Chromium against the local stack that
 * e2e/global-setup.ts starts once per run (inject('keywayStack') in a test file; e2e/support/browser.ts
 * launches the browser). One browser per file, waits by condition, no sleeps.
 */
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    // Relative to this folder (a project's root is the folder of its config file).
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    setupFiles: ['../vitest.wait-setup.ts'],
    testTimeout: 60_000,
    // expect.poll waits up to 10 s for its condition (Vitest's default of 1 s is short on a loaded machine).
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    // At most two files (two Chromiums) at a time, beside the other projects (vitest.config.ts, maxWorkers).
  },
});
