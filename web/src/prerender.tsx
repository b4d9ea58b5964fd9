import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
import { paths } from './lib/paths';
import { startDashboardFirstPaint } from './lib/dashboard-first-paint';
import { renderFirstAsSignedIn } from './lib/token-store';

const routerAt = (location: string) =>
  function FixedLocation({ children }: { children: ReactNode }) {
    return <StaticRouter location={location}>{children}</StaticRouter>;
  };

/**
 * The home page's first render as HTML, for scripts/prerender.mjs: the top bar of a visitor,
 * the intro and the fixed-size placeholders of the slider, the list and the contact form (no
 * data: the page fetches it as before). Lazy sections render their placeholders here.
 */
export function renderHome(): string {
  return renderToString(<App Router={routerAt('/')} />);
}

/**
 * A recipe page's first render, the same for every recipe (no data yet): the top bar, the Back
 * button and the empty element the server fills with each recipe's hero, sent with each recipe's
 * own head (server/src/modules/recipe-pages). `prerender` waits for
 * the page's lazy chunk, which renderToString would leave as the route's spinner.
 */
export async function renderRecipeShell(): Promise<string> {
  const { prelude } = await prerender(<App Router={routerAt(paths.recipe(1))} />);
  return new Response(prelude).text();
}

/**
 * The dashboard's first render for a signed-in member (the token is a stand-in: nothing is
 * fetched here), the same for every member: the dashboard's top bar, menu, heading and tabs, and
 * the empty element the server fills with the member's filters and first cards (server/src/
 * modules/recipe-pages/dashboard-html.ts) when a valid page cookie asks for /dashboard/index/.
 * Rendered last: it leaves the app believing it is signed in.
 */
export async function renderDashboardShell(): Promise<string> {
  renderFirstAsSignedIn('prerender');
  startDashboardFirstPaint();
  const { prelude } = await prerender(<App Router={routerAt(paths.dashboard.index)} />);
  return new Response(prelude).text();
}
