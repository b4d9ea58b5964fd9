import { expect, test } from './support/fixtures';

/* The top bar (spec §2, §9): the Recipe entry, the shadow after 50 px, the phone menu. */

test('Recipe scrolls to the list, from home and from another page', async ({ page }) => {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const listTitle = page.getByRole('heading', { name: 'Explore Recipes' });
  // The list's top sits just under the fixed bar (about 64 px) once scrolled to.
  const listTop = () =>
    page.evaluate(() => document.getElementById('recipes')?.getBoundingClientRect().top ?? NaN);

  await page.goto('/login');
  await nav.getByRole('button', { name: 'Recipe' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  await expect(listTitle).toBeInViewport();
  await expect.poll(listTop).toBeLessThan(150);

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(listTop).toBeGreaterThan(300);
  await nav.getByRole('button', { name: 'Recipe' }).click();
  await expect.poll(listTop).toBeLessThan(150);
  await expect(listTitle).toBeInViewport();
});

test('the bar gets its shadow once the page has scrolled past 50 px', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toHaveAttribute('data-scrolled', 'false');
  await page.evaluate(() => window.scrollTo(0, 40));
  await expect(nav).toHaveAttribute('data-scrolled', 'false');
  await page.evaluate(() => window.scrollTo(0, 120));
  await expect(nav).toHaveAttribute('data-scrolled', 'true');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(nav).toHaveAttribute('data-scrolled', 'false');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu opens from its button and closes on a click outside it', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Login' })).toBeHidden();
    await nav.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav).toHaveAttribute('data-state', 'open');
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();

    // Below the open menu, on the page itself.
    await page.mouse.click(195, 800);
    await expect(nav).toHaveAttribute('data-state', 'closed');
    await expect(nav.getByRole('link', { name: 'Login' })).toBeHidden();
  });
});
