import { lazy, type ComponentType } from 'react';

/** A route module loaded on first visit; every route module exports its page as `Component`. */
export const lazyPage = (load: () => Promise<{ Component: ComponentType }>) =>
  lazy(() => load().then((module) => ({ default: module.Component })));
