import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    root: import.meta.dirname,
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Migrating a fresh MariaDB database and hashing passwords take seconds, not milliseconds.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Safe in parallel on MySQL too: every test file gets its own throwaway database
    // (test/support/test-database.ts), so files never share tables.
    fileParallelism: true,
  },
});
