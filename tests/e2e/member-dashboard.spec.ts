import type { Page } from '@playwright/test';
import { expect, test, toast, type Api } from './support/fixtures';

/*
 * The dashboard's two lists (spec §2): My Recipes with search, Edit in a modal and Delete;
 * Saved Recipes with View and Remove. A fresh member, so both lists hold only what the test made.
 */
/** The titles of the cards in the open tab (each card's heading, under the tab's own h2). */
const cardTitles = (page: Page) => page.getByRole('tabpanel').getByRole('heading', { level: 3 });

/** A card's action by its accessible name: the verb, then the recipe's title (visually hidden). */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const action = (verb: string, title: string) => new RegExp(`^${verb}\\s*: ${escapeRegExp(title)}$`);

/** The first seeded recipe: other tests delete only recipes they made, never this one. */
async function oldestRecipe(api: Api): Promise<{ id: number; title: string }> {
  const first = (await (await api.request.get('/api/recipes/lists/')).json()) as { count: number };
  const lastPage = Math.ceil(first.count / 10);
  const last = (await (await api.request.get(`/api/recipes/lists/?page=${lastPage}`)).json()) as {
    results: { id: number; title: string }[];
  };
  const oldest = last.results.at(-1);
  if (!oldest) throw new Error('the seeded database has no recipes');
  return oldest;
}

test('a member manages their recipes and saves from the dashboard', async ({
  page,
  api,
  signInAs,
}) => {
  const member = await api.verifiedAccount('Dashboard');
  const token = await api.login(member);
  const [category] = await api.categories();
  if (!category) throw new Error('the seeded database has no categories');
  const stamp = Date.now().toString(36);
  await api.createRecipe(token, {
    title: `Saffron pilaf ${stamp}`,
    ingredients: '2 cups rice\nA pinch of saffron',
    instructions: 'Soak the rice.\nSimmer with saffron.',
    category_ids: [category.id],
  });
  const lassi = await api.createRecipe(token, {
    title: `Mango lassi ${stamp}`,
    ingredients: '1 mango\n1 cup yogurt',
    instructions: 'Blend everything.',
    category_ids: [category.id],
  });
  const saved = await oldestRecipe(api);
  const saveResponse = await api.request.post(`/api/recipes/lists/${saved.id}/save/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(saveResponse.status()).toBe(200);
  await signInAs(member);

  await page.goto('/dashboard/index/');
  await expect(cardTitles(page)).toHaveText([`Mango lassi ${stamp}`, `Saffron pilaf ${stamp}`]);

  await test.step('searches My Recipes', async () => {
    await page.getByRole('searchbox', { name: 'Search recipes' }).fill('saffron');
    await expect(cardTitles(page)).toHaveText([`Saffron pilaf ${stamp}`]);
    await page.getByRole('searchbox', { name: 'Search recipes' }).fill('no-such-word-anywhere');
    await expect(page.getByText('No recipes found for this filter.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await expect(cardTitles(page)).toHaveCount(2);
    await expect(page.getByRole('searchbox', { name: 'Search recipes' })).toHaveValue('');
  });

  await test.step('edits a recipe in the modal', async () => {
    await page.getByRole('button', { name: action('Edit', `Saffron pilaf ${stamp}`) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^title/i).fill(`Saffron pilaf ${stamp} (edited)`);
    await dialog.getByRole('button', { name: /save|update/i }).click();
    await expect(toast(page, 'Recipe Updated Successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(cardTitles(page)).toContainText([`Saffron pilaf ${stamp} (edited)`]);
  });

  await test.step('deletes a recipe after confirming', async () => {
    await page.getByRole('button', { name: action('Delete', `Mango lassi ${stamp}`) }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(toast(page, 'Recipe deleted successfully!')).toBeVisible();
    await expect(cardTitles(page)).toHaveText([`Saffron pilaf ${stamp} (edited)`]);
    const gone = await api.request.get(`/api/recipes/lists/${lassi.id}/`);
    expect(gone.status()).toBe(404);
  });

  await test.step('views and removes a saved recipe', async () => {
    await page.getByRole('tab', { name: 'Saved Recipes' }).click();
    await expect(cardTitles(page)).toHaveText([saved.title]);
    await page.getByRole('link', { name: action('View', saved.title) }).click();
    await expect(page).toHaveURL(new RegExp(`/recipes/${saved.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(saved.title);
    await page.goBack();

    await page.getByRole('tab', { name: 'Saved Recipes' }).click();
    await page.getByRole('button', { name: action('Remove', saved.title) }).click();
    await expect(toast(page, 'Recipe removed from saved list!')).toBeVisible();
    await expect(page.getByText('You have not saved any recipes yet.')).toBeVisible();
  });
});
