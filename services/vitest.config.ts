import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'services',
    environment: 'node',
    include: ['services/**/*.test.ts'],
  },
});
