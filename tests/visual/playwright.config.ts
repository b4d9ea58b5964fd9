import path from 'node:path';
import { defineConfig } from '@playwright/test';

const repo = path.resolve(import.meta.dirname, '../..');
const port = 6107;

// Visual regression of the static Storybook build against committed baselines (zero tolerance).
// `npm run test:visual -- --update-snapshots` accepts an intended change.
export default defineConfig({
  testDir: import.meta.dirname,
  testMatch: 'stories.visual.test.ts',
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  outputDir: path.join(repo, 'test-results/visual'),
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 900 },
    deviceScaleFactor: 1,
    colorScheme: 'light',
    reducedMotion: 'reduce',
    timezoneId: 'Asia/Dhaka',
    locale: 'en-US',
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
        // Deterministic rasterisation for zero-tolerance comparison (no partial/LCD raster noise).
        '--disable-partial-raster',
        '--disable-skia-runtime-opts',
        '--disable-lcd-text',
        '--font-render-hinting=none',
        '--force-color-profile=srgb',
      ],
    },
  },
  // Zero tolerance: no pixel may differ, by any amount (threshold 0; Playwright's default is 0.2).
  expect: {
    toHaveScreenshot: { maxDiffPixels: 0, threshold: 0, animations: 'disabled', caret: 'hide' },
  },
  webServer: {
    command: `node ${path.join(import.meta.dirname, 'serve.mjs')} ${path.join(repo, 'storybook-static')} ${port}`,
    url: `http://127.0.0.1:${port}/index.json`,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
