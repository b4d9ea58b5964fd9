import { DEMO, expect, test, toast } from './support/fixtures';

/*
 * The recipe page beyond the happy path of the newcomer flow (spec §2, §4, §8): what a visitor is
 * told, a member's review and comment managed after posting, the View Reactions modal, and where
 * a deletion leads back to.
 */

const recipeText = {
  ingredients: '2 cups red lentils\n1 onion',
  instructions: 'Rinse the lentils.\nSimmer until soft.',
};

test('a visitor is asked to log in before saving, reacting or reviewing', async ({ page, api }) => {
  const recipe = await api.seededRecipe();
  const attempts = [
    {
      click: () => page.getByRole('button', { name: /^save$/i }).click(),
      text: 'Please log in to save recipes.',
    },
    {
      click: () => page.getByRole('button', { name: /^react/i }).click(),
      text: 'Please log in to react to recipes.',
    },
    {
      click: () =>
        page
          .getByRole('form', { name: 'Review' })
          .getByRole('button', { name: 'Submit Review' })
          .click(),
      text: 'Please log in to review recipes.',
    },
  ];
  for (const attempt of attempts) {
    await page.goto(`/recipes/${recipe.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(recipe.title);
    await attempt.click();
    await expect(toast(page, attempt.text)).toBeVisible();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
  }
});

test('a member updates and deletes their review and comment, and sees their reaction listed', async ({
  page,
  api,
  signInAs,
}) => {
  const member = await api.verifiedAccount('Reviewer');
  const token = await api.login(member);
  const [category] = await api.categories();
  if (!category) throw new Error('the seeded database has no categories');
  const recipe = await api.createRecipe(token, {
    title: `Red lentil soup ${Date.now().toString(36)}`,
    category_ids: [category.id],
    ...recipeText,
  });
  await signInAs(member);
  await page.goto(`/recipes/${recipe.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(recipe.title);

  await test.step('reacts and finds the reaction in View Reactions', async () => {
    await page.getByRole('button', { name: /^react/i }).click();
    await expect(toast(page, /reaction added/i)).toBeVisible();
    await page.getByRole('button', { name: 'View Reactions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reactions' });
    await expect(dialog.getByRole('listitem')).toHaveCount(1);
    await expect(dialog.getByRole('listitem')).toContainText('Test Reviewer');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('submits, updates and deletes a review', async () => {
    const form = page.getByRole('form', { name: 'Review' });
    await form.getByLabel('Your review (optional)').fill('Good, needs salt.');
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expect(toast(page, 'Review submitted successfully!')).toBeVisible();
    const reviews = page.getByRole('list', { name: 'Reviews' });
    await expect(reviews).toContainText('Good, needs salt.');

    await form.getByLabel('Your review (optional)').fill('Very good with a pinch of salt.');
    await form.getByRole('button', { name: 'Update Review' }).click();
    await expect(toast(page, 'Review updated successfully!')).toBeVisible();
    await expect(reviews).toContainText('Very good with a pinch of salt.');

    await form.getByRole('button', { name: 'Delete Review' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Review' }).click();
    await expect(toast(page, 'Review deleted successfully!')).toBeVisible();
    await expect(page.getByText('No reviews yet.')).toBeVisible();
  });

  await test.step('adds and deletes a comment', async () => {
    const commentBox = page.getByRole('textbox', { name: /comment/i });
    await commentBox.fill('Added cumin, lovely.');
    await page.locator('form').filter({ has: commentBox }).getByRole('button').click();
    await expect(toast(page, 'Comment added!')).toBeVisible();
    const comments = page.getByRole('list', { name: 'Comments' });
    await expect(comments).toContainText('Added cumin, lovely.');

    await comments.getByRole('button', { name: 'Delete comment by Test Reviewer' }).click();
    await expect(toast(page, 'Comment deleted!')).toBeVisible();
    await expect(page.getByText('Added cumin, lovely.')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Comments (0)' })).toBeVisible();
  });
});

test('deleting from a recipe page returns to the list it came from, on a page that still exists', async ({
  page,
  api,
  signInAs,
}) => {
  const token = await api.login(DEMO.chef);
  const [category] = await api.categories();
  if (!category) throw new Error('the seeded database has no categories');
  const word = `zqx${Date.now().toString(36)}`;
  const kept = await api.createRecipe(token, {
    title: `Lentil soup ${word} one`,
    category_ids: [category.id],
    ...recipeText,
  });
  const doomed = await api.createRecipe(token, {
    title: `Lentil soup ${word} two`,
    category_ids: [category.id],
    ...recipeText,
  });
  await signInAs(DEMO.chef);

  // Opened from page 3 of this search, which after the deletion has one page.
  await page.goto(`/recipes/${doomed.id}?fromPage=3&search=${word}`);
  await page.getByRole('button', { name: 'Delete Recipe' }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /delete/i })
    .click();
  await expect(toast(page, 'Recipe deleted successfully!')).toBeVisible();

  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  const query = new URL(page.url()).searchParams;
  expect(query.get('search')).toBe(word);
  expect(query.get('page')).toBeNull();
  const cards = page.locator('a[href*="fromPage="]').filter({ hasText: 'View Full Recipe' });
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAttribute('href', new RegExp(`^/recipes/${kept.id}\\?`));
});

test('a save or reaction the server does not take is shown at once, then rolled back with the error', async ({
  page,
  api,
  signInAs,
}) => {
  const recipe = await api.seededRecipe();
  await signInAs(DEMO.user);
  await page.goto(`/recipes/${recipe.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(recipe.title);
  const saveButton = page.getByRole('button', { name: /^(save|saved)$/i });
  const savedBefore = (await saveButton.getAttribute('aria-pressed')) === 'true';

  // The connection drops half a second after the click: long enough to see the optimistic state.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/trpc\/[^?]*recipes\.(save|react)/, async (route) => {
    await released;
    await route.abort('connectionfailed');
  });

  await saveButton.click();
  await expect(saveButton).toHaveAttribute('aria-pressed', String(!savedBefore));
  release();
  await expect(toast(page, 'Failed to save recipe.')).toBeVisible();
  await expect(saveButton).toHaveAttribute('aria-pressed', String(savedBefore));

  const total = page.getByText(/^\d+ reactions?$/);
  const totalBefore = await total.textContent();
  await page.getByRole('button', { name: /^react/i }).click();
  await expect(toast(page, 'Failed to add reaction.')).toBeVisible();
  await expect(total).toHaveText(totalBefore ?? '');
});
