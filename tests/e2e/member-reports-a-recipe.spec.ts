import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/fixtures';

/*
 * Issue 30: a member reports a recipe from its page with the keyboard (a dialog with the reasons
 * as a radio group), and a second report of the same recipe is refused with the server's words.
 */

test.use({ reducedMotion: 'reduce' });

test('a member reports a recipe, and is told a second report waits for the first', async ({
  page,
  api,
  signInAs,
}) => {
  const member = await api.verifiedAccount('Reporter');
  const recipe = await api.seededRecipe();
  await signInAs(member);
  await page.goto(`/recipes/${recipe.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(recipe.title);

  const report = page.getByRole('button', { name: 'Report this recipe' });
  const dialog = page.getByRole('dialog', { name: 'Report this recipe' });

  await test.step('the page with its Report buttons passes axe', async () => {
    await page.waitForLoadState('networkidle');
    await expect(report).toBeVisible();
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(results.violations).toEqual([]);
  });

  await test.step('opens the dialog and chooses a reason with the keyboard', async () => {
    await report.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    const reasons = dialog.getByRole('group', { name: 'Why are you reporting it?' });
    await reasons.getByRole('radio', { name: 'Spam' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(reasons.getByRole('radio', { name: /Unsafe/ })).toBeChecked();
    await dialog.getByLabel('Details (optional)').fill('Chicken served pink.');

    const results = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(results.violations).toEqual([]);
  });

  await test.step('sends it and is thanked', async () => {
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'Thank you. A moderator will review your report.',
    );
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(report).toBeFocused();
  });

  await test.step('a second report is refused with the 409 message', async () => {
    await report.click();
    await dialog.getByRole('radio', { name: 'Offensive' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'You have already reported this, and your report is waiting for a moderator.',
    );
  });
});

test('a member is offered no report of their own recipe, and a visitor none at all', async ({
  page,
  api,
  signInAs,
}) => {
  const member = await api.verifiedAccount('Author');
  const token = await api.login(member);
  const [category] = await api.categories();
  if (!category) throw new Error('the seeded database has no categories');
  const own = await api.createRecipe(token, {
    title: `Own dal ${Date.now().toString(36)}`,
    category_ids: [category.id],
    ingredients: '1 cup lentils',
    instructions: 'Simmer.',
  });
  await page.goto(`/recipes/${own.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(own.title);
  await expect(page.getByRole('button', { name: 'Report this recipe' })).toHaveCount(0);
  await signInAs(member);
  await page.goto(`/recipes/${own.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(own.title);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: 'Report this recipe' })).toHaveCount(0);
});
