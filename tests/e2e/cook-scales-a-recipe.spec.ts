import type { Page } from '@playwright/test';
import { DEMO, expect, test, type Api } from './support/fixtures';

/*
 * Issue 16, ingredient scaling: a recipe that states its servings is scaled with a servings
 * stepper (buttons or the keyboard), one that does not by a factor; the amounts follow, the
 * choice stays in the address, and lines without an amount are left alone.
 */

const ingredients = '1) 2 cups basmati rice\n½ tsp salt\n1 egg\n250 g butter\nsalt to taste';

async function newRecipe(api: Api, token: string, servings: number | null) {
  const [category] = await api.categories();
  if (!category) throw new Error('the seeded database has no categories');
  return api.createRecipe(token, {
    title: `Scaled pilaf ${Date.now().toString(36)}`,
    ingredients,
    instructions: 'Rinse the rice.\nSimmer for 10 minutes.',
    category_ids: [category.id],
    servings,
  });
}

const lines = (page: Page) =>
  page.getByRole('tabpanel', { name: 'Ingredients' }).getByRole('listitem');

test('a cook scales a 4-serving recipe to 6 with the buttons and back with the keyboard', async ({
  page,
  api,
  signInAs,
}) => {
  const token = await signInAs(DEMO.chef);
  const recipe = await newRecipe(api, token, 4);
  await page.goto(`/recipes/${recipe.id}`);
  const servings = page.getByRole('spinbutton', { name: 'Servings' });
  await expect(servings).toHaveAttribute('aria-valuetext', '4 servings');
  await expect(lines(page)).toHaveText([
    '1) 2 cups basmati rice',
    '• ½ tsp salt',
    '• 1 egg',
    '• 250 g butter',
    '• salt to taste',
  ]);

  await page.getByRole('button', { name: 'More servings' }).click();
  await page.getByRole('button', { name: 'More servings' }).click();
  await expect(servings).toHaveAttribute('aria-valuetext', '6 servings');
  await expect(lines(page)).toHaveText([
    '1) 3 cups basmati rice',
    '• ¾ tsp salt',
    '• 1½ eggs',
    '• 375 g butter',
    '• salt to taste',
  ]);
  await expect(page).toHaveURL(/[?&]servings=6\b/);

  // A reload (or a shared link) keeps the amounts.
  await page.reload();
  await expect(servings).toHaveAttribute('aria-valuetext', '6 servings');
  await expect(lines(page).first()).toHaveText('1) 3 cups basmati rice');

  // Keyboard only: the stepper is a spinbutton.
  await servings.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(servings).toHaveAttribute('aria-valuetext', '3 servings');
  await expect(lines(page).first()).toHaveText('1) 1½ cups basmati rice');
  await page.getByRole('button', { name: 'Reset to 4 servings' }).click();
  await expect(lines(page).first()).toHaveText('1) 2 cups basmati rice');
  await expect(page).not.toHaveURL(/servings=/);

  // Search engines read the servings as the recipe's yield.
  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
  ) as Record<string, unknown>;
  expect(jsonLd.recipeYield).toBe('4');

  // Scaling replaced this first entry of the tab: Back still goes home, not out of the site.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('a recipe without servings scales by a factor, and says why', async ({
  page,
  api,
  signInAs,
}) => {
  const token = await signInAs(DEMO.chef);
  const recipe = await newRecipe(api, token, null);
  await page.goto(`/recipes/${recipe.id}`);
  const scale = page.getByRole('spinbutton', { name: 'Scale' });
  await expect(scale).toHaveAttribute('aria-valuetext', '×1');
  await expect(scale).toHaveAccessibleDescription(/does not say how many it serves/);
  await page.getByRole('button', { name: 'Make more' }).click();
  await page.getByRole('button', { name: 'Make more' }).click();
  await expect(scale).toHaveAttribute('aria-valuetext', '×2');
  await expect(lines(page)).toHaveText([
    '1) 4 cups basmati rice',
    '• 1 tsp salt',
    '• 2 eggs',
    '• 500 g butter',
    '• salt to taste',
  ]);
  await expect(page).toHaveURL(/[?&]scale=2\b/);
});
