import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/*
 * Issue 15: one owner for each head tag. The server answers `/recipes/{id}` with head tags about
 * that recipe (canonical URL, Open Graph, Twitter card, the hero's preload, the schema.org
 * Recipe); the app keeps them while that page is shown (its own JSON-LD used to replace the
 * server's after hydration) and removes them when it navigates elsewhere (they used to linger
 * on the next page, describing a recipe no longer shown).
 */
const SERVER_TAGS = [
  'link[rel="canonical"]',
  'link[rel="preload"][as="image"]',
  'meta[property^="og:"]',
  'meta[property^="article:"]',
  'meta[name^="twitter:"]',
  'meta[name="robots"]',
].join(', ');

const jsonLd = (page: Page) => page.locator('script[type="application/ld+json"]');

async function readJsonLd(page: Page): Promise<Record<string, unknown>> {
  await expect(jsonLd(page)).toHaveCount(1);
  return JSON.parse((await jsonLd(page).textContent()) ?? '{}') as Record<string, unknown>;
}

/** The app has hydrated the page and rendered the recipe itself (its tools are the app's). */
async function appShowsRecipe(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cook mode' })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test('the server-rendered recipe keeps the server head; in-app navigation takes it away', async ({
  page,
  api,
}) => {
  const recipe = await api.seededRecipe();
  await page.goto(`/recipes/${recipe.id}`);
  await appShowsRecipe(page, recipe.title);

  // After hydration: the server's tags, and its Recipe (with dateModified, which only the
  // server's has), not a copy written by the app.
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', recipe.title);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  const served = await readJsonLd(page);
  expect(served).toMatchObject({ '@type': 'Recipe', name: recipe.title });
  expect(served.dateModified).toEqual(expect.any(String));
  await expect(jsonLd(page)).toHaveAttribute('id', 'recipe-json-ld');

  // In-app to home: nothing of the recipe's head stays.
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page).toHaveTitle('RecipeHub');
  await expect(page.locator(SERVER_TAGS)).toHaveCount(0);
  await expect(jsonLd(page)).toHaveCount(0);

  // In-app to another recipe: the app's Recipe for that one, no social tags of the first.
  // Another recipe's card on the home page (its link is named "View Full Recipe: <title>").
  const link = page
    .getByRole('link', { name: /^View Full Recipe\s*:/ })
    .filter({ visible: true })
    .filter({ hasNotText: recipe.title })
    .first();
  const otherTitle = (await link.textContent())!.replace(/^View Full Recipe\s*:\s*/, '').trim();
  await link.click();
  await appShowsRecipe(page, otherTitle);
  await expect(page).toHaveTitle(`${otherTitle} · RecipeHub`);
  expect(await readJsonLd(page)).toMatchObject({ '@type': 'Recipe', name: otherTitle });
  await expect(page.locator(SERVER_TAGS)).toHaveCount(0);

  // Back to the first recipe, in-app: the app's Recipe for it, the server's tags stay gone.
  await page.goBack();
  await page.goBack();
  await appShowsRecipe(page, recipe.title);
  expect(await readJsonLd(page)).toMatchObject({ name: recipe.title });
  await expect(page.locator(SERVER_TAGS)).toHaveCount(0);
});

test('a missing recipe’s noindex goes when the visitor moves on in the app', async ({ page }) => {
  const response = await page.goto('/recipes/999999');
  expect(response?.status()).toBe(404);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveTitle('RecipeHub');
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
});
