import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'services',
    environment: 'node',
    // Relative to this folder (a project's root is the folder of its config file).
    include: ['**/*.test.ts'],
    setupFiles: ['../vitest.wait-setup.ts'],
    // Each test file starts its own chains and servers on free ports (port 0, or services/free-ports.ts), so
    // files may run in parallel, and so may two runs of the suite side by side.
    hookTimeout: 60_000,
    testTimeout: 30_000,
    // expect.poll waits up to 10 s for its condition (Vitest's default of 1 s is short on a loaded machine).
    expect: { poll: { timeout: 10_000 } },
  },
});
