import AxeBuilder from '@axe-core/playwright';
import { DEMO, cachedToken, expect, test } from './support/fixtures';

/*
 * Issue 30, item 4: a hidden recipe is "not found" for everyone but its author and Admins, who see
 * it with a banner saying why.
 */

test.use({ reducedMotion: 'reduce' });

test('the author of a hidden recipe sees it with the reason; a visitor sees not found', async ({
  page,
  api,
  signInAs,
}) => {
  const author = await api.verifiedAccount('Hidden');
  const authorToken = await api.login(author);
  const [category] = await api.categories();
  const recipe = await api.createRecipe(authorToken, {
    title: 'Questionable Stew',
    ingredients: '1 pot\nWater',
    instructions: 'Boil.',
    category_ids: [category!.id],
  });
  const adminToken = await cachedToken(api, DEMO.admin);
  const hide = await api.request.post('/api/moderation/actions/', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { target_type: 'recipe', target_id: recipe.id, action: 'hide', reason: 'Spam links.' },
  });
  expect(hide.status(), await hide.text()).toBe(200);

  await test.step('a visitor gets the not-found page', async () => {
    const response = await page.goto(`/recipes/${recipe.id}`);
    expect(response?.status()).toBe(404);
  });

  await test.step('the author sees the recipe with the banner, and the page passes axe', async () => {
    await signInAs(author);
    await page.goto(`/recipes/${recipe.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Questionable Stew');
    const banner = page.getByRole('status').filter({ hasText: 'This recipe is hidden.' });
    await expect(banner).toContainText('Reason: Spam links.');
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(results.violations).toEqual([]);
  });
});
