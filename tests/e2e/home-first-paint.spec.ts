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
  test('carries the top bar and the intro in the HTML, and only `/` does', async ({ request }) => {
    const home = await (await request.get('/?page=2')).text();
    expect(home).toContain('Cook, share and discover recipes');
    expect(home).toMatch(/<nav[^>]+aria-label="Main"/);
    expect(home).toContain('aria-label="Loading trending recipes"');

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

test("preloads the slider's first photo from the HTML, and the card uses that download", async ({
  page,
}) => {
  const html = await (await page.request.get('/')).text();
  const preload =
    /<link rel="preload" as="image" type="image\/avif" imagesrcset="[^"]*\/media\/recipes\/([a-f0-9]{32})-\d+\.avif/.exec(
      html,
    );
  expect(preload, 'the head preloads a seeded photo').not.toBeNull();
  const key = preload![1]!;
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(`/media/recipes/${key}-`)) requested.push(request.url());
  });
  await page.goto('/');
  await expect(listCards(page)).toHaveCount(10);
  // The preload names the width and format the card picks (same `sizes`, same first source): one
  // download of that photo, not a second one for the card (also when another test's reaction
  // moved another recipe to the front meanwhile: then the card never asks for this photo).
  await page.waitForLoadState('networkidle');
  expect(requested).toHaveLength(1);
});
