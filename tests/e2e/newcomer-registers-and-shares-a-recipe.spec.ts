import { randomBytes } from 'node:crypto';
import { expect, test, toast, uniqueEmail } from './support/fixtures';
import { emailFiles, verificationLink, waitForEmail } from './support/mail';

const PASSWORD = 'saffron-and-cardamom';

test('a newcomer registers, verifies, logs in, shares a recipe, uses it and deletes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('newcomer');

  await test.step('registration refuses bad inputs with the spec messages', async () => {
    await page.goto('/register');
    await page.getByRole('button', { name: /register|sign up/i }).click();
    await expect(page.getByText('Email is required').first()).toBeVisible();
    await expect(page.getByText('First Name is required').first()).toBeVisible();
    await expect(page.getByText('Last Name is required').first()).toBeVisible();
    await expect(page.getByText('Password is required').first()).toBeVisible();
    await expect(
      page.getByText('Please fill in all required fields correctly').first(),
    ).toBeVisible();

    await page.getByLabel(/^email/i).fill(email);
    await page.getByLabel(/^first name/i).fill('Nadia');
    await page.getByLabel(/^last name/i).fill('Karim');
    await page.getByLabel(/^password/i).fill('short');
    await page.getByRole('button', { name: /register|sign up/i }).click();
    await expect(page.getByText('Password must be at least 8 characters').first()).toBeVisible();
  });

  await test.step('registers, sees the server message and goes to /login after ~3 s', async () => {
    const before = await emailFiles();
    await page.getByLabel(/^password/i).fill(PASSWORD);
    await page.getByRole('button', { name: /register|sign up/i }).click();
    await expect(
      toast(page, 'Registration successful! Please check your email to verify your account.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });
    await expect(page.getByRole('heading', { level: 1, name: /log ?in|sign in/i })).toBeVisible();
    const link = verificationLink(await waitForEmail(email, { seen: before }));

    await test.step('logging in before verifying goes to /not-verified', async () => {
      await page.getByLabel(/^email/i).fill(email);
      await page.getByLabel(/^password/i).fill(PASSWORD);
      await page.getByRole('button', { name: /^log ?in|sign in/i }).click();
      await expect(page).toHaveURL(/\/not-verified/);
      // It arrives with the email in navigation state (spec §2).
      await expect(page.getByText(email).first()).toBeVisible();
    });

    await test.step('the emailed link verifies the address', async () => {
      await page.goto(link);
      await expect(page).toHaveURL(/\/login\?verified=true/);
      await expect(
        page.getByText('Email verified successfully! You can log in NOW!').first(),
      ).toBeVisible();
    });
  });

  await test.step('logs in and lands on the dashboard', async () => {
    await page.getByLabel(/^email/i).fill(email);
    await page.getByLabel(/^password/i).fill(PASSWORD);
    await page.getByRole('button', { name: /^log ?in|sign in/i }).click();
    await expect(toast(page, 'Login Successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/index\/$/);
  });

  const title = `E2E lentil soup ${randomBytes(3).toString('hex')}`;
  await test.step('adds a recipe (validation first)', async () => {
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Add a Recipe' })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/add-recipe\/$/);
    await page.getByLabel(/^title/i).fill(title);
    await page.getByLabel(/^ingredients/i).fill('1) 200 g red lentils\nOnion\nCumin');
    await page.getByLabel(/^instructions/i).fill('Rinse the lentils.\nSimmer for 20 minutes.');
    const submit = page
      .locator('form')
      .filter({ has: page.getByLabel(/^title/i) })
      .getByRole('button', { name: /add|create|submit|save/i });
    await submit.click();
    await expect(page.getByText('Please select at least one category.').first()).toBeVisible();

    await page.getByRole('checkbox').first().check();
    await page.getByLabel(/image url/i).fill('not a url');
    await submit.click();
    await expect(page.getByText('Please provide a valid image URL.').first()).toBeVisible();

    await page.getByLabel(/image url/i).fill('');
    await submit.click();
    await expect(toast(page, 'Recipe created successfully!')).toBeVisible();
  });

  await test.step('finds it on the home page and opens it', async () => {
    await page.goto(`/?search=${encodeURIComponent(title)}`);
    await page.getByRole('link', { name: new RegExp(`View Full Recipe.*${title}`) }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  });

  const edited = `${title} (edited)`;
  await test.step('edits it', async () => {
    await page.getByRole('button', { name: 'Edit Recipe' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^title/i).fill(edited);
    await dialog.getByRole('button', { name: /save|update/i }).click();
    await expect(toast(page, 'Recipe updated successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(edited);
  });

  await test.step('reacts, saves, comments and reviews', async () => {
    await page.getByRole('button', { name: /^react/i }).click();
    // The toast shows the server's status text (spec §7).
    await expect(toast(page, /reaction added/i)).toBeVisible();

    await page.getByRole('button', { name: /^save$/i }).click();
    await expect(toast(page, 'Recipe saved!')).toBeVisible();
    await expect(page.getByRole('button', { name: /^saved$/i })).toBeVisible();

    const commentBox = page.getByRole('textbox', { name: /comment/i });
    await commentBox.fill('Made it tonight, delicious.');
    await page.locator('form').filter({ has: commentBox }).getByRole('button').click();
    await expect(toast(page, 'Comment added!')).toBeVisible();
    await expect(page.getByText('Made it tonight, delicious.').first()).toBeVisible();

    const review = page.getByRole('form', { name: 'Review' });
    await review.getByLabel('Your review (optional)').fill('Simple and warming.');
    await review.getByRole('button', { name: /submit/i }).click();
    await expect(toast(page, 'Review submitted successfully!')).toBeVisible();
  });

  await test.step('deletes it and returns to the home list', async () => {
    await page.getByRole('button', { name: 'Delete Recipe' }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.getByRole('button', { name: /delete|confirm|yes/i }).click();
    await expect(toast(page, 'Recipe deleted successfully!')).toBeVisible();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.goto(`/?search=${encodeURIComponent(edited)}`);
    await expect(
      page.getByText('No recipes found for this filter.', { exact: true }).first(),
    ).toBeVisible();
  });
});
