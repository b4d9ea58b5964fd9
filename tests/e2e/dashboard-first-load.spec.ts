import { DEMO, expect, test } from './support/fixtures';

/*
 * Landing on the dashboard: the server answers with dashboard.html, whose head modulepreloads the
 * dashboard's chunks so they download beside the entry script (web/scripts/dashboard-html.mjs).
 * Every script the first screen runs must be named there (a chunk missing from the list would
 * again be fetched only after the ones before it had run), and none is downloaded twice.
 */
test('the dashboard landed on runs only scripts its HTML names, each fetched once', async ({
  page,
  signInAs,
}) => {
  await signInAs(DEMO.chef);
  const scripts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'script' || pathname.endsWith('.js')) scripts.push(pathname);
  });
  const response = await page.goto('/dashboard/index/');
  const html = (await response?.text()) ?? '';
  await expect(page.locator('.dash-grid li').first()).toBeVisible();
  // The toaster loads a second after the page's load event (app/providers.tsx): on a busy
  // machine that can come before the cards, and it is no part of the first screen.
  const shownWith = scripts.filter((src) => !src.includes('toaster'));

  const named = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((match) => match[1]);
  expect(named.some((src) => src?.includes('dashboard-routes'))).toBe(true);
  expect(shownWith.filter((src) => !named.includes(src))).toEqual([]);
  expect(shownWith.length).toBe(new Set(shownWith).size);
  // Its text face too: painted before the face arrived, the swap moved the menu (CLS 0.12).
  expect(html).toMatch(/<link rel="preload" as="font"[^>]+href="\/assets\/inter-latin-wght/);
});

test('a route outside the dashboard still gets the plain shell, without its preloads', async ({
  page,
}) => {
  const response = await page.goto('/login');
  expect(await response?.text()).not.toContain('modulepreload');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
