import { randomBytes } from 'node:crypto';
import { DEMO, expect, test, toast } from './support/fixtures';
import { choose } from './support/ui';

test.describe('an admin', () => {
  test('logs in with the demo login shown on the sign-in page', async ({ page }) => {
    await page.goto('/login');
    // Demo mode shows the demo admin's login (spec §1).
    await expect(page.getByText(DEMO.admin.email).first()).toBeVisible();
    await expect(page.getByText(DEMO.admin.password).first()).toBeVisible();
    await page.getByLabel(/^email/i).fill(DEMO.admin.email);
    await page.getByLabel(/^password/i).fill(DEMO.admin.password);
    await page.getByRole('button', { name: /^log ?in|sign in/i }).click();
    await expect(toast(page, 'Login Successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/index\/$/);
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link', { name: 'All Users' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'User Messages' })).toBeVisible();
  });

  test('filters all users by role, opens one and changes the role', async ({
    page,
    api,
    signInAs,
  }) => {
    // A fresh account, so changing its role disturbs no other test.
    const member = await api.verifiedAccount('role');
    const adminToken = await signInAs(DEMO.admin);
    await page.goto('/dashboard/index/');
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'All Users' })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/users\/$/);
    await expect(page.getByText(DEMO.chef.email).first()).toBeVisible();

    await choose(page, /role/i, 'Chef');
    await expect(page.getByText(DEMO.chef.email).first()).toBeVisible();
    await expect(page.getByText(DEMO.user.email)).toHaveCount(0);

    await page
      .getByRole('searchbox')
      .or(page.getByRole('textbox', { name: /search/i }))
      .first()
      .fill(member.email);
    await expect(page.getByText(DEMO.chef.email)).toHaveCount(0);
    await expect(page.getByText('No users found').first()).toBeVisible();
    await choose(page, /role/i, 'All');
    await expect(page.getByText(member.email).first()).toBeVisible();

    await page
      .getByRole('link', { name: new RegExp(member.firstName) })
      .first()
      .click();
    await expect(page).toHaveURL(
      (url) =>
        decodeURIComponent(url.pathname).replace(/\/$/, '') === `/dashboard/users/${member.email}`,
    );
    const update = page.getByRole('button', { name: 'Update Role' });
    await update.click();
    await expect(toast(page, 'Please select a different role to update')).toBeVisible();

    await choose(page, /role/i, 'Chef');
    await update.click();
    await expect(toast(page, /role/i).filter({ hasNotText: 'Please select' })).toBeVisible();
    const after = await api.request.get(`/api/accounts/profile/${member.email}/`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(JSON.stringify(await after.json())).toContain('"role":"Chef"');
  });

  test('reads the visitors’ messages', async ({ page, api, signInAs }) => {
    const text = `Question from the e2e suite ${randomBytes(3).toString('hex')}`;
    await api.contact({ name: 'Curious Visitor', email: 'curious@example.com', message: text });
    await signInAs(DEMO.admin);
    await page.goto('/dashboard/index/');
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'User Messages' })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/messages\/$/);
    await expect(page.getByText(text).first()).toBeVisible();
    await expect(page.getByText('curious@example.com').first()).toBeVisible();
  });
});
