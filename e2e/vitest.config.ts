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
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: at most two files (two Chromiums) at a time. A project with its own maxWorkers needs its
    // own group (Vitest 4): e2e runs after the other projects, so its browsers do not compete with theirs.
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
  },
});
