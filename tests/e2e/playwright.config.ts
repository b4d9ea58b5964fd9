import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const repo = path.resolve(import.meta.dirname, '../..');
// E2E_PORT lets two checkouts on one machine run their suites side by side.
const port = Number(process.env.E2E_PORT ?? 3200);
const baseURL = `http://127.0.0.1:${port}`;

/*
 * Every run gets its own directory with a fresh SQLite database (the server migrates and seeds an
 * empty embedded database at start), its mail folder and its media folder. The config is loaded
 * by the runner and again by every worker: the first load picks the directory and puts it in the
 * environment, which the workers inherit, so all of them read the same mail folder.
 */
if (!process.env.E2E_RUN_DIR) {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  process.env.E2E_RUN_DIR = path.join(repo, 'test-results/e2e-runs', `run-${stamp}-${process.pid}`);
  mkdirSync(process.env.E2E_RUN_DIR, { recursive: true });
  // Printed so a surprising result can be traced to its database and emails.
  console.log(`e2e run directory: ${process.env.E2E_RUN_DIR}`);
}
const runDir = process.env.E2E_RUN_DIR;
process.env.E2E_MAIL_DIR = path.join(runDir, 'mail');
process.env.E2E_BASE_URL = baseURL;
// member-imports-a-recipe.spec.ts serves recipe pages here; the server may fetch them only
// because IMPORT_ALLOWED_HOSTS names this loopback address and port (never set in production).
process.env.E2E_IMPORT_SITE_PORT = String(port + 2);

const serverEnv: Record<string, string> = {
  PORT: String(port),
  HOST: '127.0.0.1',
  DATABASE_URL: `sqlite:${path.join(runDir, 'recipehub.db')}`,
  MAIL_DIR: process.env.E2E_MAIL_DIR,
  MEDIA_DIR: path.join(runDir, 'media'),
  // Every test plays its own visitor through X-Forwarded-For (support/fixtures.ts), which the
  // server believes only from a trusted proxy: here the test runner on loopback. A trusted proxy
  // turns the loopback default of demo mode off, so the demo login the tests read is asked for.
  TRUST_PROXY: 'loopback',
  DEMO_MODE: 'true',
  LOG_LEVEL: 'warn',
  WEB_DIST_DIR: path.join(repo, 'web/dist'),
  PUBLIC_URL: baseURL,
  // third-party-client-cors.spec.ts serves a client page on this origin.
  CORS_ORIGINS: 'http://127.0.0.1:3201',
  IMPORT_ALLOWED_HOSTS: `127.0.0.1:${port + 2}`,
  // A search's count is exact up to 20 matches and estimated beyond (1,000 in production), so
  // admin-pages-an-estimated-search.spec.ts reaches an estimate with a few recipes of its own.
  SEARCH_COUNT_CAP: '20',
};

// The web app in Chromium against the real server (built web/, server from source via tsx).
// `npm run test:e2e` builds web/ first.
export default defineConfig({
  testDir: import.meta.dirname,
  testMatch: '**/*.spec.ts',
  outputDir: path.join(repo, 'test-results/e2e'),
  // Two cores: two workers. Flows use their own users and client addresses, so order is free.
  workers: 2,
  fullyParallel: true,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    viewport: { width: 1280, height: 900 },
    timezoneId: 'Asia/Dhaka',
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright never downloads a browser here.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `npx tsx ${path.join(repo, 'server/src/main.ts')}`,
    cwd: repo,
    url: `${baseURL}/api/health`,
    env: serverEnv,
    // A stale server on the port would answer with another database and give false passes: CI
    // always starts its own. Locally a running one is reused (its mail folder is then elsewhere,
    // so email-reading tests will time out and say so).
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
