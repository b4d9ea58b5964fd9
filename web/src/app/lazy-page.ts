import { lazy, type ComponentType } from 'react';

/** A page loaded on first visit, as its own chunk: `load` imports its module and picks the page. */
export const lazyPage = <Props extends object>(load: () => Promise<ComponentType<Props>>) =>
  lazy(() => load().then((Page) => ({ default: Page })));
