import { DEMO, expect, test, toast } from './support/fixtures';

/*
 * Spec §6: the users list, one user and the messages are Admin-only. The leftover pages are open
 * to every member (member-opens-leftover-pages.spec.ts).
 */
test.describe('a member who is not an admin', () => {
  for (const path of [
    '/dashboard/users/',
    `/dashboard/users/${DEMO.chef.email}`,
    '/dashboard/messages/',
    '/dashboard/audit/',
  ]) {
    test(`opening ${path} is refused and lands on the dashboard`, async ({ page, signInAs }) => {
      await signInAs(DEMO.user);
      await page.goto(path);
      await expect(toast(page, 'You do not have permission to view this page.')).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/index\/$/);
      // The admin entries are not in the menu either.
      const menu = page.getByRole('navigation', { name: 'Dashboard' });
      await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'All Users' })).toHaveCount(0);
      await expect(menu.getByRole('link', { name: 'User Messages' })).toHaveCount(0);
    });
  }
});

test('a logged-out visitor opening the dashboard is sent to /login', async ({ page }) => {
  await page.goto('/');
  await page.goto('/dashboard/index/');
  await expect(page).toHaveURL(/\/login$/);
  // Replace, not push (spec §2): Back skips the dashboard and returns home.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});
