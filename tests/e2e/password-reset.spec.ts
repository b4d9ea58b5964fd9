import { DEMO, expect, test, toast } from './support/fixtures';
import { emailFiles, resetCode, waitForEmail } from './support/mail';

const NEW_PASSWORD = 'new-cardamom-password';

test('a demo user resets a forgotten password with the emailed code', async ({ page }) => {
  test.setTimeout(90_000);
  const { email } = DEMO.resetUser;

  await page.goto('/reset-password');
  const before = await emailFiles();
  await page.getByLabel(/email/i).fill(email);
  await page.getByRole('button', { name: /send|continue|reset|next/i }).click();
  await expect(page).toHaveURL(/\/reset-password-otp/);

  const code = resetCode(await waitForEmail(email, { seen: before }));
  await page
    .getByLabel(/code|otp/i)
    .first()
    .fill(code);
  await page.getByRole('button', { name: /verify|continue|next|submit/i }).click();
  await expect(page).toHaveURL(/\/set-new-password/);

  // The new password's rules (spec §5) are checked before sending.
  await page.getByRole('button', { name: /reset|save|set|submit|update/i }).click();
  await expect(page.getByText('Password is required').first()).toBeVisible();

  await page
    .getByLabel(/password/i)
    .first()
    .fill(NEW_PASSWORD);
  const confirm = page.getByLabel(/confirm/i);
  if (await confirm.count()) await confirm.fill(NEW_PASSWORD);
  await page.getByRole('button', { name: /reset|save|set|submit|update/i }).click();
  await expect(toast(page, 'Password Reset Successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/index\/$/, { timeout: 8_000 });

  // The new password now works at the login form.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByLabel(/^email/i).fill(email);
  await page.getByLabel(/^password/i).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: /^log ?in|sign in/i }).click();
  await expect(toast(page, 'Login Successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/index\/$/);
});
