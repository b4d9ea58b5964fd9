import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app/app';

function HomeLocation({ children }: { children: ReactNode }) {
  return <StaticRouter location="/">{children}</StaticRouter>;
}

/**
 * The home page's first render as HTML, for scripts/prerender-home.mjs: the top bar of a visitor,
 * the intro and the fixed-size placeholders of the slider, the list and the contact form (no
 * data: the page fetches it as before). Lazy sections render their placeholders here.
 */
export function renderHome(): string {
  return renderToString(<App Router={HomeLocation} />);
}
