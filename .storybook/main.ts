import type { StorybookConfig } from '@storybook/react-vite';

// Stories live beside the components in ui/src; Storybook is run from ui/ with -c ../.storybook.
const config = {
  framework: '@storybook/react-vite',
  stories: ['../ui/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest', '@storybook/addon-docs'],
  core: { disableTelemetry: true },
} satisfies StorybookConfig;

export default config;
