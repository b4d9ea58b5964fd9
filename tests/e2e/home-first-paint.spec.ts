import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO, expect, test } from './support/fixtures';

/*
 * `/` arrives with the home page's first render in its HTML (web/scripts/prerender.mjs) and
 * the app hydrates it. React reports a markup mismatch as a console error and then throws the
 * markup away; these tests fail on either, for a visitor, a member and a shared link.
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const listCards = (page: Page) =>
  page.locator('a[href*="fromPage="]').filter({ hasText: 'View Full Recipe' });

test.describe('the home page as the server sends it', () => {
  test('carries the top bar, the intro and the trending slider in the HTML, and only `/` does', async ({
    request,
  }) => {
    const home = await (await request.get('/?page=2')).text();
    expect(home).toContain('Cook, share and discover recipes');
    expect(home).toMatch(/<nav[^>]+aria-label="Main"/);
    // The server puts the slider, seeded recipes and all, where the prerender has its placeholder.
    expect(home).toMatch(/<div data-server-rendered="trending"><div class="home-trending">/);
    expect(home).toMatch(/<h3 class="rh-recipe-card__title">[^<]+<\/h3>/);
    expect(home).not.toContain('aria-label="Loading trending recipes"');

    const other = await (await request.get('/login')).text();
    expect(other).toContain('<div id="root"></div>');
    expect(other).not.toContain('Cook, share and discover recipes');
  });

  test('hydrates for a visitor without a mismatch, then loads the list', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    await expect(listCards(page)).toHaveCount(10);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("hydrates for a member and switches the top bar to the member's links", async ({
    page,
    signInAs,
  }) => {
    await signInAs(DEMO.user);
    const errors = collectErrors(page);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(listCards(page)).toHaveCount(10);
    expect(errors).toEqual([]);
  });

  test('hydrates a shared link into the page it names', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/?page=2');
    await expect(listCards(page)).toHaveCount(10);
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(errors).toEqual([]);
  });
});

test("paints the slider's first card from the HTML, and the app's card uses that download", async ({
  page,
}) => {
  const html = await (await page.request.get('/')).text();
  const first =
    /<source type="image\/avif" srcset="[^"]*\/media\/recipes\/([a-f0-9]{32})-\d+\.avif[^>]*>(?:<source[^>]*>)*<img [^>]*loading="eager" fetchpriority="high"/.exec(
      html,
    );
  expect(first, "the first card's seeded photo, eager with high priority").not.toBeNull();
  const key = first![1]!;
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(`/media/recipes/${key}-`)) requested.push(request.url());
  });
  await page.goto('/');
  await expect(listCards(page)).toHaveCount(10);
  // The slider the app renders in place of the server's (it is there once the carousel has
  // started) asks for the same file with the same `sizes`: one download of that photo, not a
  // second one (also when another test's reaction moved another recipe to the front meanwhile:
  // then neither card asks for this photo twice).
  await expect(page.locator('.rh-slider[data-selected-index]')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requested).toHaveLength(1);
});

test.describe("without the server's slider", () => {
  const slider = (page: Page) => page.locator('.rh-slider[data-selected-index]');

  test("hydrates the build's home.html as a static host sends it, placeholder and all", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const built = readFileSync(
      path.resolve(import.meta.dirname, '../../web/dist/home.html'),
      'utf8',
    );
    expect(built).toContain('aria-label="Loading trending recipes"');
    await page.route(
      (url) => url.pathname === '/',
      (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: built }),
    );
    await page.goto('/');
    await expect(slider(page)).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading trending recipes' })).toHaveCount(0);
    await expect(listCards(page)).toHaveCount(10);
    expect(errors).toEqual([]);
  });

  test('renders the slider when the app comes home from another page', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/login');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Home', exact: true })
      .click();
    await expect(slider(page)).toBeVisible();
    await expect(listCards(page)).toHaveCount(10);
    expect(errors).toEqual([]);
  });
});

test.describe('before any script runs', () => {
  test.use({ javaScriptEnabled: false });
  test("shows the trending slider's first card, its photo loaded", async ({ page }) => {
    await page.goto('/');
    const card = page.locator('.rh-slider__slide').first();
    await expect(card.getByRole('heading', { level: 3 })).toBeVisible();
    await expect(card.getByRole('link', { name: /View Full Recipe/ })).toBeVisible();
    const photo = card.locator('img.rh-picture__image');
    await expect(photo).toBeVisible();
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
  });
});
