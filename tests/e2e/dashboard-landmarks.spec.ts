import AxeBuilder from '@axe-core/playwright';
import { DEMO, expect, test } from './support/fixtures';

/*
 * Issue 15: every dashboard screen has exactly one `main` landmark, at the top level. axe's
 * landmark rules are best practices, outside the WCAG tags accessibility.spec.ts runs, so they
 * are asked for by name here.
 */
const LANDMARK_RULES = [
  'landmark-main-is-top-level',
  'landmark-no-duplicate-main',
  'landmark-unique',
  'landmark-one-main',
];
const SCREENS = [
  '/dashboard/index/',
  '/dashboard/user-info/',
  '/dashboard/update-profile/',
  '/dashboard/add-recipe/',
  '/dashboard/users/',
  `/dashboard/users/${DEMO.chef.email}`,
  '/dashboard/messages/',
  '/dashboard/audit/',
  '/dashboard/customer/',
  '/dashboard/category/',
  '/dashboard/product/',
  '/dashboard/sale/',
  '/dashboard/test/',
];

for (const path of SCREENS) {
  test(`${path} has exactly one top-level main landmark`, async ({ page, signInAs }) => {
    await signInAs(DEMO.admin);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('main')).toHaveCount(1);
    const results = await new AxeBuilder({ page }).withRules(LANDMARK_RULES).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
}
