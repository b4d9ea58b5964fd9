import type { Page } from '@playwright/test';
import { DEMO, expect, test } from './support/fixtures';

/*
 * Issue 15: signed in through the web app's login, the browser keeps the dashboard's page cookie
 * (server/src/http/page-cookie.ts), and `/dashboard/index/` arrives with the member's filters and
 * first cards in its HTML (server/src/modules/recipe-pages/dashboard-html.ts). The app hydrates
 * that page and swaps in its own render, laid out alike: no layout shift, no second download of
 * the first card's photo, no hydration mismatch (React reports one as a console error).
 */
const SUM_LAYOUT_SHIFTS = `(() => {
  window.__layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__layoutShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
})()`;

/** The first card's photo in the server's HTML: its file key, eager with high priority. */
const FIRST_PHOTO =
  /<div class="dash-lists" data-server-rendered="dashboard">[^]*?<source type="image\/avif" srcset="[^"]*\/media\/recipes\/([a-f0-9]{32})-\d+\.avif[^>]*>(?:<source[^>]*>)*<img [^>]*loading="eager" fetchpriority="high"/;

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Signs the demo chef in through the login form, as a person does (the page cookie comes too). */
async function logInThroughTheForm(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.chef2.email);
  await page.getByLabel('Password').fill(DEMO.chef2.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect.poll(() => new URL(page.url()).pathname).not.toBe('/login');
  const cookies = await page.context().cookies();
  const pageCookie = cookies.find((cookie) => cookie.name === 'recipehub_page');
  expect(pageCookie).toMatchObject({ path: '/dashboard/', httpOnly: true, sameSite: 'Lax' });
}

test('the dashboard’s first card is in the HTML and paints before any script runs', async ({
  page,
  browser,
}) => {
  await logInThroughTheForm(page);
  const html = await (await page.request.get('/dashboard/index/')).text();
  expect(html).toMatch(FIRST_PHOTO);
  const noScripts = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  try {
    const still = await noScripts.newPage();
    await still.goto('/dashboard/index/');
    const photo = still.locator('.dash-grid li').first().locator('img');
    await expect(photo).toBeVisible();
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
  } finally {
    await noScripts.close();
  }
});

for (const width of [390, 1280]) {
  test(`at ${width} px the app takes over the server's dashboard without a shift or a second download`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await logInThroughTheForm(page);
    const key = FIRST_PHOTO.exec(await (await page.request.get('/dashboard/index/')).text())?.[1];
    expect(key, 'a seeded photo on the first card').toBeTruthy();
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`/media/recipes/${key}-`)) requested.push(request.url());
    });
    const errors = collectErrors(page);
    await page.addInitScript(SUM_LAYOUT_SHIFTS);
    await page.goto('/dashboard/index/');
    // The app's own render has replaced the server's (its lists wrapper has no slot marker).
    await expect(page.locator('.dash-lists:not([data-server-rendered])')).toBeAttached();
    await expect(page.locator('.dash-grid li').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const shift = await page.evaluate(() => (window as { __layoutShift?: number }).__layoutShift);
    expect(shift).toBeLessThanOrEqual(0.01);
    expect(requested).toHaveLength(1);
    expect(errors).toEqual([]);
    // The page is the app's: a tab works.
    await page.getByRole('tab', { name: 'Saved Recipes' }).click();
    await expect(page.getByRole('tab', { name: 'Saved Recipes' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
}

test('logout drops the page cookie: the dashboard is the plain shell again', async ({ page }) => {
  await logInThroughTheForm(page);
  await page.goto('/logout');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'recipehub_page')).toBeUndefined();
  const html = await (await page.request.get('/dashboard/index/')).text();
  expect(html).toContain('<div id="root"></div>');
});
