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
