import type { Page } from '@playwright/test';
import { expect, test, toast } from './support/fixtures';

/** The list's cards: their View Full Recipe links carry fromPage (spec §2), the slider's do not. */
function listCards(page: Page) {
  return page.locator('a[href*="fromPage="]').filter({ hasText: 'View Full Recipe' });
}

function searchParam(page: Page, name: string): string | null {
  return new URL(page.url()).searchParams.get(name);
}

test.describe('a visitor on the home page', () => {
  test('sees trending recipes and a list of 10 cards with pagination', async ({ page }) => {
    await page.goto('/');
    const slider = page.getByRole('region', { name: 'Trending Recipes' });
    await expect(slider.getByRole('article').first()).toBeVisible();
    await expect(listCards(page)).toHaveCount(10);
    for (const control of ['First page', 'Previous page', 'Next page', 'Last page']) {
      await expect(page.getByRole('button', { name: control })).toBeVisible();
    }
  });

  test('pages forward, to the last page, and back with the browser', async ({ page }) => {
    await page.goto('/');
    await expect(listCards(page)).toHaveCount(10);
    const firstTitleOnPage1 = await listCards(page).first().getAttribute('href');

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => searchParam(page, 'page')).toBe('2');
    await expect(listCards(page)).toHaveCount(10);
    await expect(listCards(page).first()).not.toHaveAttribute('href', firstTitleOnPage1 ?? '');
    const firstTitleOnPage2 = await listCards(page).first().getAttribute('href');

    // At least 4 pages (34 seeded recipes); other tests running alongside add their own, so the
    // last page is read from the pagination rather than assumed.
    await page.getByRole('button', { name: 'Last page' }).click();
    await expect.poll(() => Number(searchParam(page, 'page'))).toBeGreaterThanOrEqual(4);
    const lastPage = searchParam(page, 'page');
    await expect(page.getByRole('button', { name: `Page ${lastPage}` })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await expect(listCards(page).first()).not.toHaveAttribute('href', firstTitleOnPage2 ?? '');
    expect(await listCards(page).count()).toBeGreaterThanOrEqual(1);

    await page.goBack();
    await expect.poll(() => searchParam(page, 'page')).toBe('2');
    await expect(listCards(page)).toHaveCount(10);
  });

  test('filters by a category, searches, and clears the filters', async ({ page, api }) => {
    const categories = await api.categories();
    const category = categories[0];
    if (!category) throw new Error('no categories seeded');

    await page.goto('/?page=2');
    await expect(listCards(page).first()).toBeVisible();
    const checkbox = page.getByRole('checkbox', { name: category.name, exact: true });
    await checkbox.click();
    await expect(checkbox).toBeChecked();
    // Changing a filter goes back to page 1 (spec §2).
    await expect.poll(() => searchParam(page, 'categories')).toBe(String(category.id));
    expect(searchParam(page, 'page') ?? '1').toBe('1');
    await expect(listCards(page).first()).toBeVisible();

    await page.getByRole('searchbox', { name: /search/i }).fill('chicken');
    // Debounced 500 ms: the URL follows once typing stops.
    await expect.poll(() => searchParam(page, 'search'), { timeout: 5_000 }).toBe('chicken');

    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect.poll(() => searchParam(page, 'search') ?? '').toBe('');
    await expect(page.getByRole('searchbox', { name: /search/i })).toHaveValue('');
    expect(searchParam(page, 'categories')).toBe(String(category.id));

    await page.getByRole('searchbox', { name: /search/i }).fill('zzzz-no-such-recipe');
    await expect(
      page.getByText('No recipes found for this filter.', { exact: true }).first(),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Clear All Filters' }).first().click();
    await expect.poll(() => searchParam(page, 'categories') ?? '').toBe('');
    await expect.poll(() => searchParam(page, 'search') ?? '').toBe('');
    await expect(listCards(page)).toHaveCount(10);
    await expect(
      page.getByRole('checkbox', { name: category.name, exact: true }),
    ).not.toBeChecked();
  });

  test('opens a recipe from the list and goes back to the same page', async ({ page }) => {
    await page.goto('/?page=2');
    const card = listCards(page).first();
    await expect(card).toBeVisible();
    const title =
      (
        await page
          .getByRole('article')
          .filter({ has: card })
          .getByRole('heading')
          .first()
          .textContent()
      )?.trim() ?? '';
    await card.click();

    await expect(page).toHaveURL(/\/recipes\/\d+\?fromPage=2/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('tab', { name: 'Ingredients' })).toBeVisible();
    await page.getByRole('tab', { name: 'Instructions' }).click();
    await expect(page.getByRole('tab', { name: 'Instructions' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // Author and creation time (shown in Asia/Dhaka).
    await expect(page.locator('main time').first()).toBeVisible();

    await page
      .getByRole('button', { name: 'Back' })
      .or(page.getByRole('link', { name: 'Back' }))
      .first()
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => searchParam(page, 'page')).toBe('2');
  });

  test('sends a contact message', async ({ page }) => {
    await page.goto('/');
    const form = page.getByRole('form', { name: /contact/i });
    await form.getByLabel('Name').fill('E2E Visitor');
    await form.getByLabel('Email').fill('visitor@example.com');
    await form.getByLabel('Message').fill('Hello from the end-to-end suite: lovely recipes!');
    await form.getByRole('button', { name: /send/i }).click();
    await expect(toast(page, 'Message sent successfully!')).toBeVisible();
  });

  test('a bad contact input shows the messages beside the fields', async ({ page }) => {
    await page.goto('/');
    const form = page.getByRole('form', { name: /contact/i });
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByRole('button', { name: /send/i }).click();
    for (const field of ['Name', 'Email', 'Message']) {
      await expect(form.getByLabel(field)).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByLabel(field)).toHaveAccessibleDescription(/\S/);
    }
    await expect(toast(page, 'Message sent successfully!')).toHaveCount(0);
  });
});
