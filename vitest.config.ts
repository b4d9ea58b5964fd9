import { defineConfig } from 'vitest/config';

// `npm test`: everything that needs nothing but Node (the contract package's schemas; server on
// SQLite, plus MariaDB when MYSQL_URL is set; the contract; the deployment files). Browser suites have their own commands
// (test:stories, test:visual, test:e2e) because they need Chromium.
export default defineConfig({
  test: {
    projects: ['openapi/vitest.config.ts', 'server/vitest.config.ts', 'tests/vitest.config.ts'],
  },
});
