import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { recordDeviceApis } from './support/device-apis';
import { DEMO, expect, test, type Api } from './support/fixtures';

/*
 * Issue 16, cook mode at 390 px: one step at a time (keyboard, buttons, swipe), the ingredients
 * one tap away at the chosen scale, the screen kept on (or a plain word where the browser cannot),
 * and timers from the steps' durations that run on across steps and end with a sound and an
 * alert. Time is Playwright's clock; the Wake Lock and Web Audio APIs are recorded by stand-ins
 * (headless Chromium has no screen to keep on and no speaker).
 */

test.use({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });

const STEPS = [
  'Rinse the rice until the water runs clear.',
  'Simmer for 10 minutes, stirring once.',
  'Rest for 5 minutes, then fluff with a fork.',
];

async function newRecipe(api: Api, token: string) {
  const [category] = await api.categories();
  if (!category) throw new Error('the seeded database has no categories');
  return api.createRecipe(token, {
    title: `Cook-mode pilaf ${Date.now().toString(36)}`,
    ingredients: '2 cups basmati rice\n1 tsp salt',
    instructions: STEPS.join('\n'),
    category_ids: [category.id],
    servings: 4,
  });
}

const stepHeading = (page: Page) => page.getByRole('heading', { name: /^Step \d+ of \d+$/ });

test('a cook follows a recipe with the keyboard alone, with the screen on and two timers', async ({
  page,
  api,
  signInAs,
}) => {
  const recipe = await newRecipe(api, await signInAs(DEMO.chef));
  await recordDeviceApis(page, { wakeLock: true });
  await page.clock.install();
  await page.goto(`/recipes/${recipe.id}?servings=6`);

  // Keyboard only: focus the link and press Enter.
  await page.getByRole('link', { name: 'Cook mode' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/recipes/${recipe.id}/cook\\?servings=6$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(recipe.title);
  await expect(stepHeading(page)).toHaveText('Step 1 of 3');
  await expect(page.getByText(STEPS[0]!)).toBeVisible();
  await expect(page.getByText('The screen stays on while cook mode is open.')).toBeVisible();
  expect(
    await page.evaluate(
      () => (window as unknown as { wakeLockRequests: string[] }).wakeLockRequests,
    ),
  ).toEqual(['screen']);
  // Nothing of the site around it: no navigation bar, no footer.
  await expect(page.getByRole('navigation', { name: /main/i })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);

  await test.step('the ingredients are one tap away, at the chosen 6 servings', async () => {
    await page.getByRole('button', { name: 'Ingredients' }).press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Ingredients' });
    await expect(dialog).toContainText('Amounts for 6 servings.');
    await expect(dialog.getByRole('listitem')).toHaveText([
      '• 3 cups basmati rice',
      '• 1½ tsp salt',
    ]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('arrow keys turn the steps; a step with a duration offers its timer', async () => {
    await page.keyboard.press('ArrowRight');
    await expect(stepHeading(page)).toHaveText('Step 2 of 3');
    await expect(page.getByText(STEPS[1]!)).toBeVisible();
    await page.getByRole('button', { name: 'Start 10 min timer' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await expect(stepHeading(page)).toHaveText('Step 3 of 3');
    await page.getByRole('button', { name: 'Start 5 min timer' }).focus();
    await page.keyboard.press('Enter');
    const timers = page.getByRole('region', { name: 'Timers' }).getByRole('group');
    await expect(timers).toHaveCount(2);
    await expect(timers.nth(0)).toContainText('10:00');
    await expect(timers.nth(1)).toContainText('5:00');
  });

  await test.step('timers run on while the cook moves between steps, and ring at the end', async () => {
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(stepHeading(page)).toHaveText('Step 1 of 3');
    await page.clock.runFor('05:01');
    const alert = page.getByRole('alert').filter({ hasText: 'Time is up' });
    await expect(alert).toHaveText('Time is up: Step 3 · 5 min');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { beeps: number }).beeps))
      .toBe(3);
    const tenMinutes = page.getByRole('group', { name: 'Timer Step 2 · 10 min' });
    await expect(tenMinutes).toContainText('4:59');

    // Paused, it keeps its time; resumed, it ends 10 minutes after it started plus the pause.
    await page.getByRole('button', { name: 'Pause timer Step 2 · 10 min' }).press('Enter');
    await page.clock.runFor('02:00');
    await expect(tenMinutes).toContainText('4:59');
    await page.getByRole('button', { name: 'Resume timer Step 2 · 10 min' }).press('Enter');
    await page.clock.runFor('05:00');
    await expect(page.getByRole('alert').filter({ hasText: 'Time is up' })).toHaveText([
      'Time is up: Step 2 · 10 min',
      'Time is up: Step 3 · 5 min',
    ]);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { beeps: number }).beeps))
      .toBe(6);
  });

  await test.step('no axe violations, with both alerts showing', async () => {
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  await test.step('dismissing silences a timer; Exit returns to the recipe at the same scale', async () => {
    await page.getByRole('button', { name: 'Dismiss timer Step 3 · 5 min' }).press('Enter');
    await expect(page.getByRole('region', { name: 'Timers' }).getByRole('group')).toHaveCount(1);
    await page.getByRole('link', { name: 'Exit cook mode' }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`/recipes/${recipe.id}\\?servings=6$`));
    await expect(page.getByRole('spinbutton', { name: 'Servings' })).toHaveAttribute(
      'aria-valuetext',
      '6 servings',
    );
  });
});

test('buttons and swipes turn the steps on a touch screen', async ({ page, api, signInAs }) => {
  const recipe = await newRecipe(api, await signInAs(DEMO.chef));
  await page.goto(`/recipes/${recipe.id}/cook`);
  await expect(stepHeading(page)).toHaveText('Step 1 of 3');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(page)).toHaveText('Step 2 of 3');
  const area = page.getByRole('region', { name: 'Current step' });
  const swipe = async (fromX: number, toX: number) => {
    const touch = { pointerId: 3, pointerType: 'touch', isPrimary: true, clientY: 400 };
    await area.dispatchEvent('pointerdown', { ...touch, clientX: fromX });
    await area.dispatchEvent('pointerup', { ...touch, clientX: toX });
  };
  await swipe(330, 80);
  await expect(stepHeading(page)).toHaveText('Step 3 of 3');
  await swipe(60, 320);
  await expect(stepHeading(page)).toHaveText('Step 2 of 3');
  // A short or mostly vertical movement is a scroll or a tap, not a swipe.
  await swipe(200, 170);
  await expect(stepHeading(page)).toHaveText('Step 2 of 3');
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(stepHeading(page)).toHaveText('Step 1 of 3');
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
});

test('a browser without the Wake Lock API is told so plainly', async ({ page, api, signInAs }) => {
  const recipe = await newRecipe(api, await signInAs(DEMO.chef));
  await recordDeviceApis(page, { wakeLock: false });
  await page.goto(`/recipes/${recipe.id}/cook`);
  await expect(
    page.getByText(
      'This browser cannot keep the screen on: set a longer screen timeout while you cook.',
    ),
  ).toBeVisible();
});
