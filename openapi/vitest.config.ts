import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'contract',
    root: import.meta.dirname,
    environment: 'node',
    include: ['test/**/*.test.ts'],
  },
});
