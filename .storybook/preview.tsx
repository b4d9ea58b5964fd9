import type { Preview } from '@storybook/react-vite';
import '@fontsource-variable/inter';
import '../ui/src/styles/tokens.css';

// Viewports named by the width the components care about (768 px and 1024 px breakpoints).
// Story tests apply them through globals.viewport; the visual test reads the same sizes from tags.
const viewports = {
  mobile: { name: 'Mobile 375', styles: { width: '375px', height: '720px' }, type: 'mobile' },
  tablet: { name: 'Tablet 900', styles: { width: '900px', height: '900px' }, type: 'tablet' },
  desktop: { name: 'Desktop 1280', styles: { width: '1280px', height: '900px' }, type: 'desktop' },
} as const;

const preview = {
  parameters: {
    layout: 'padded',
    // Any axe violation fails the story test.
    a11y: { test: 'error' },
    viewport: { options: viewports },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    chromatic: { prefersReducedMotion: 'reduce', pauseAnimationAtEnd: true },
  },
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light' },
  decorators: [
    (Story, context) => {
      // The theme is an attribute on <html>, as the web app sets it.
      document.documentElement.dataset.theme = context.globals.theme === 'dark' ? 'dark' : 'light';
      return <Story />;
    },
  ],
} satisfies Preview;

export default preview;
