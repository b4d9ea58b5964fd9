import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { DEMO, expect, test, toast } from './support/fixtures';
import { choose } from './support/ui';

/*
 * Issue 30 item 6: an Admin changes a member's role with a reason, then finds the change in the
 * audit log (who, what, the role before and after, the reason), filtered by action.
 */

test.use({ reducedMotion: 'reduce' });

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

test('an admin changes a member’s role and sees the entry in the audit log', async ({
  page,
  api,
  signInAs,
}) => {
  const member = await api.verifiedAccount('Audited');
  const reason = `Promoted by the e2e suite ${randomBytes(3).toString('hex')}`;
  await signInAs(DEMO.admin);

  await test.step('changes the role with a reason', async () => {
    await page.goto(`/dashboard/users/${encodeURIComponent(member.email)}`);
    await choose(page, /^role$/i, 'Chef');
    await page.getByLabel('Reason (for the audit log)').fill(reason);
    await page.getByRole('button', { name: 'Update Role' }).click();
    await expect(toast(page, /role/i)).toBeVisible();
  });

  await test.step('opens the audit log from the dashboard menu', async () => {
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Audit Log' })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/audit\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  });

  await test.step('filters by action and finds the change, before and after', async () => {
    await page.getByLabel('Action').selectOption('role_change');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/action=role_change/);
    const table = page.getByRole('table', { name: 'Audit log' });
    const row = table.getByRole('row').filter({ hasText: reason });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('role change');
    await expect(row).toContainText('role: User');
    await expect(row).toContainText('role: Chef');
  });

  await test.step('the page passes axe', async () => {
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
    expect(results.violations).toEqual([]);
  });
});
