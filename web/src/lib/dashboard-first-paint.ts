/*
 * The dashboard's first paint from the server. With a valid page cookie the server answers
 * /dashboard/index/ with dashboard.html (scripts/prerender.mjs: the app's first render of that
 * page for a signed-in member) whose `<div data-server-rendered="dashboard">` it has filled with
 * the member's filters and first cards (server/src/modules/recipe-pages/dashboard-html.ts), so
 * the first card's photo, the page's largest paint, loads from the HTML instead of after the
 * entry script, the route's and the page's chunks, the two reads and React's render (LCP 2.1-2.3 s
 * throttled, 2026-11-24). main.tsx turns this on before hydrating such a page; the dashboard page
 * then keeps the slot as the server filled it until its own reads have answered, and swaps in
 * its render, laid out alike, in one commit.
 */
export const DASHBOARD_SLOT_SELECTOR = '[data-server-rendered="dashboard"]';

let firstPaint = false;

/** The page being hydrated holds the server's dashboard (or the build prerenders it). */
export function startDashboardFirstPaint() {
  firstPaint = true;
}

/** Once the page has its own render: a later visit to the dashboard renders it as before. */
export function endDashboardFirstPaint() {
  firstPaint = false;
}

export function dashboardFirstPaintActive(): boolean {
  return firstPaint;
}
