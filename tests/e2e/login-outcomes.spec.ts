import { expect, test, toast, uniqueEmail } from './support/fixtures';

/* What the login page says besides "Login Successful!" (spec §4, §8). */

test('wrong credentials mark both fields and say Invalid Credentials', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(toast(page, 'Invalid Credentials')).toBeVisible();
  for (const field of ['Email', 'Password']) {
    await expect(page.getByLabel(field)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(field)).toHaveAccessibleDescription('Invalid Credentials');
  }
  await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
});

test('an unverified account is sent to the not-verified page, where a resend starts the cooldown', async ({
  page,
  api,
}) => {
  const email = uniqueEmail('unverified');
  const password = 'saffron-and-cardamom';
  const registered = await api.request.post('/api/accounts/register/', {
    data: { email, firstName: 'Not', lastName: 'Verified', password, mobile: '' },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(toast(page, 'Please verify your email before logging in.')).toBeVisible();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/not-verified');
  await expect(page.getByText(email)).toBeVisible();

  await page.getByRole('button', { name: 'Resend verification link' }).click();
  // Whether this resend is sent or refused as too soon after registering, the button then
  // counts down (300 s cooldown, shown as m:ss) and cannot be pressed.
  const countdown = page.getByRole('timer');
  await expect(countdown).toHaveText(/^[0-5]:[0-5]\d$/);
  await expect(page.getByRole('button', { name: /Resend verification link in/ })).toBeDisabled();
});

for (const [result, text] of [
  ['true', 'Email verified successfully! You can log in NOW!'],
  ['already', 'Email already verified.'],
  ['failed', 'Invalid or expired activation link.'],
] as const) {
  test(`?verified=${result} shows "${text}"`, async ({ page }) => {
    await page.goto(`/login?verified=${result}`);
    await expect(page.locator('main').getByText(text)).toBeVisible();
    await expect(toast(page, text)).toBeVisible();
  });
}
