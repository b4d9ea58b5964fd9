import path from 'node:path';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

const here = import.meta.dirname;

// Debian's Chromium; Playwright never downloads a browser here.
const chromiumArgs = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

// `npm run test:stories`: every story is a test in Chromium (render, play function, axe check),
// plus plain unit tests for the pure helpers.
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [
          storybookTest({
            configDir: path.join(here, '../.storybook'),
            storybookScript: 'npm run storybook -- --no-open',
          }),
        ],
        // Pre-bundle up front: a dependency discovered mid-run reloads the page and fails the tests.
        optimizeDeps: {
          include: [
            '@radix-ui/react-avatar',
            '@radix-ui/react-checkbox',
            '@radix-ui/react-dialog',
            '@radix-ui/react-label',
            '@radix-ui/react-popover',
            '@radix-ui/react-slot',
            '@radix-ui/react-tabs',
            'embla-carousel-react',
            'lucide-react',
            'sonner',
          ],
        },
        test: {
          name: 'stories',
          // The Storybook plugin resolves story globs from the repository root (.storybook's parent).
          root: path.join(here, '..'),
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        test: {
          name: 'ui-unit',
          root: here,
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
    ],
  },
});
