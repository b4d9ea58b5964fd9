import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/* Every page has a title and a meta description; a recipe page also carries a schema.org Recipe. */

const description = (page: Page) =>
  page.locator('meta[name="description"]').getAttribute('content');

for (const [path, title] of [
  ['/', 'RecipeHub'],
  ['/login', 'Log in · RecipeHub'],
  ['/register', 'Register · RecipeHub'],
  ['/reset-password', 'Reset your password · RecipeHub'],
  ['/no-such-page', 'Page not found · RecipeHub'],
] as const) {
  test(`${path} has the title "${title}" and a description`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    await expect.poll(() => description(page)).toMatch(/\w{3,}.*\w{3,}/);
  });
}

test('a recipe page is titled by the recipe and describes it as a schema.org Recipe', async ({
  page,
  api,
}) => {
  const recipe = await api.seededRecipe();
  await page.goto(`/recipes/${recipe.id}`);
  await expect(page).toHaveTitle(`${recipe.title} · RecipeHub`);
  const jsonLd = page.locator('script[type="application/ld+json"]');
  await expect(jsonLd).toHaveCount(1);
  const data = JSON.parse((await jsonLd.textContent()) ?? '{}') as Record<string, unknown>;
  expect(data).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: recipe.title,
  });
  expect(Array.isArray(data.recipeIngredient) && data.recipeIngredient.length).toBeGreaterThan(0);
  expect(Array.isArray(data.recipeInstructions) && data.recipeInstructions.length).toBeGreaterThan(
    0,
  );

  // Leaving the recipe takes its structured data along.
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page).toHaveTitle('RecipeHub');
  await expect(jsonLd).toHaveCount(0);
});
