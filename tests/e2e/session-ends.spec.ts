import { DEMO, expect, test, toast } from './support/fixtures';

test.describe('a session', () => {
  test('logout says so, clears the token and goes to /login', async ({ page, api }) => {
    // Its own login (not the shared cached token): logging out revokes it.
    const token = await api.login(DEMO.sessionUser);
    await page.goto('/login');
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    await page.goto('/dashboard/index/');
    await expect(page).toHaveURL(/\/dashboard\/index\/$/);

    await page
      .getByRole('link', { name: 'Logout' })
      .or(page.getByRole('button', { name: 'Logout' }))
      .first()
      .click();
    await expect(toast(page, 'Logged out successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    // The server revoked it too.
    const profile = await api.request.get('/api/accounts/profile/', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.status()).toBe(401);
    // And the navigation bar shows Login again.
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
  });

  test('an invalid stored token is cleared on the first call and the browser goes to /login', async ({
    page,
  }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('token', 'not-a-real-token'));
    await page.goto('/dashboard/index/');
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test("an invalid token met by the home page's first reads still ends at /login", async ({
    page,
  }) => {
    // Home starts its reads before React renders; their 401 must not be lost.
    await page.addInitScript(() => localStorage.setItem('token', 'expired-token'));
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });
});
