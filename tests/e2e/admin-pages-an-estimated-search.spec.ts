import type { Page } from '@playwright/test';
import { DEMO, cachedToken, expect, test, toast } from './support/fixtures';

/*
 * A search with more matches than the count's cap (SEARCH_COUNT_CAP=20 on the e2e server) answers
 * an estimated count, and a page past its real end answers 404. The lists say "About N recipes",
 * offer only the pages known to exist, and a page that turns out not to exist settles on the real
 * last page without "Failed to fetch recipes.".
 */
const MATCHES = 25;

const cardTitles = (page: Page) => page.getByRole('tabpanel').getByRole('heading', { level: 3 });
const homeCards = (page: Page) =>
  page.locator('a[href*="fromPage="]').filter({ hasText: 'View Full Recipe' });
const pageParam = (page: Page) => new URL(page.url()).searchParams.get('page');

test('an admin pages a search whose count is an estimate, on the dashboard and at home', async ({
  page,
  api,
  signInAs,
}) => {
  test.setTimeout(90_000);
  const token = await cachedToken(api, DEMO.admin);
  const [category] = await api.categories();
  if (!category) throw new Error('the seeded database has no categories');
  const word = `qzv${Date.now().toString(36)}`;
  const made: { id: number; title: string }[] = [];
  for (let i = 1; i <= MATCHES; i++) {
    made.push(
      await api.createRecipe(token, {
        title: `Estimate ${word} ${i}`,
        ingredients: '1 cup rice',
        instructions: 'Boil.',
        category_ids: [category.id],
      }),
    );
  }
  const failed = toast(page, 'Failed to fetch recipes.');

  await test.step('home: a link past the real end settles on the last page', async () => {
    await page.goto(`/?search=${word}&page=7`);
    await expect.poll(() => pageParam(page)).toBe('3');
    await expect(homeCards(page)).toHaveCount(MATCHES - 20);
    const pages = page.getByRole('navigation', { name: 'Recipe pages' });
    await expect(pages.getByRole('button', { name: 'Page 3' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(pages.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await expect(page.getByText(/does not exist for this filter/)).toHaveCount(0);
    await expect(failed).toHaveCount(0);
    await pages.getByRole('button', { name: 'Page 1' }).click();
    await expect(page.getByText(/^About [\d,]+ recipes$/)).toBeVisible();
    await expect(pages.getByRole('button', { name: 'Last page' })).toHaveCount(0);
    // The settled page took the place of the missing one in the history.
    await page.goBack();
    await expect.poll(() => pageParam(page)).toBe('3');
  });

  await signInAs(DEMO.admin);
  await page.goto('/dashboard/index/');
  const pages = page.getByRole('navigation', { name: 'My recipes pages' });

  await test.step('dashboard: about N recipes, and only the pages known to exist', async () => {
    await page.getByRole('searchbox', { name: 'Search recipes' }).fill(word);
    const about = page.getByText(/^About [\d,]+ recipes$/);
    await expect(about).toBeVisible();
    const estimate = Number((await about.textContent())!.replace(/\D/g, ''));
    expect(estimate).toBeGreaterThan(20);
    await expect(cardTitles(page)).toHaveCount(10);
    await expect(pages.getByRole('button', { name: 'Last page' })).toHaveCount(0);
    await expect(pages.getByText('More pages may follow')).toHaveCount(1);
    await expect(pages.getByRole('button', { name: 'Page 3' })).toHaveCount(0);

    await pages.getByRole('button', { name: 'Next page' }).click();
    await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await pages.getByRole('button', { name: 'Next page' }).click();
    // The page that reaches the end knows the real count: every page, no estimate.
    await expect(cardTitles(page)).toHaveCount(MATCHES - 20);
    await expect(about).toHaveCount(0);
    await expect(pages.getByRole('button', { name: 'Last page' })).toBeDisabled();
    await expect(pages.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  await test.step('dashboard: a last page emptied meanwhile settles on the new last page', async () => {
    const shown = await cardTitles(page).allTextContents();
    const onPage3 = made.filter((recipe) => shown.includes(recipe.title));
    expect(onPage3).toHaveLength(MATCHES - 20);
    const [mine, ...others] = onPage3;
    for (const recipe of others) {
      const response = await api.request.delete(`/api/recipes/lists/${recipe.id}/`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status()).toBe(204);
    }
    await page.getByRole('button', { name: new RegExp(`^Delete\\s*: ${mine!.title}$`) }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: /delete/i })
      .click();
    await expect(toast(page, 'Recipe deleted successfully!')).toBeVisible();
    await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(cardTitles(page)).toHaveCount(10);
    await expect(failed).toHaveCount(0);
  });
});
