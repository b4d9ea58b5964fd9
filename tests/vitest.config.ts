import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'cross-package',
    root: import.meta.dirname,
    environment: 'node',
    include: [
      'contract/**/*.test.ts',
      'deploy/**/*.test.ts',
      'lint/**/*.test.ts',
      'unit/**/*.test.ts',
      'unit/**/*.test.tsx',
    ],
    testTimeout: 30_000,
  },
});
