import { expect, test } from './support/fixtures';

test.describe('a visitor who follows a dead link', () => {
  test('an unknown route shows the not-found page with Back to Home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(
      page.getByText('The page you are looking for was not found.').first(),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown recipe shows "Oops! No recipe found!"', async ({ page }) => {
    await page.goto('/recipes/999999');
    await expect(page.getByText('Oops! No recipe found!').first()).toBeVisible();
    await expect(
      page.getByText('The page you are looking for was not found.').first(),
    ).toBeVisible();
  });
});
