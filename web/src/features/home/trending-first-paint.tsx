import { TrendingSkeleton } from './list-skeletons';
import './home.css';

/**
 * The trending slider's place until the slider (its chunk and the trending read) is ready. The
 * build's prerender (home.html) puts the slider's placeholder in it; the server (server/src/
 * modules/recipe-pages/home-page.routes.ts) puts the slider itself there, its first card's photo
 * being the page's largest paint, so that photo paints before this script has run. In the
 * browser the element's inner HTML is left alone (empty): hydration keeps what the HTML holds
 * (React's production build does not compare inner HTML, and only that build ever hydrates
 * home.html: `vite dev` serves the empty index.html; without suppressHydrationWarning the first
 * download stays at 108.42 kB, measured 2026-11-24), and home.tsx keeps this element
 * until it swaps in TrendingSection, which lays out the same. Rendered in the browser without
 * hydration (the app came here from another page) it is empty, and home.css draws the
 * placeholder's footprint (`:empty`), so the placeholder's code stays out of the first download.
 * One element, made once (it has no props).
 */
export const trendingFirstPaint = import.meta.env.SSR ? (
  <div data-server-rendered="trending">
    <TrendingSkeleton />
  </div>
) : (
  <div data-server-rendered="trending" dangerouslySetInnerHTML={{ __html: '' }} />
);
