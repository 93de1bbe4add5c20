import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'services',
    environment: 'node',
    // Relative to this folder (a project's root is the folder of its config file).
    include: ['**/*.test.ts'],
    // Each test file starts its own chains on its own ports (docs/local-stack.md), so files may run in parallel.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
