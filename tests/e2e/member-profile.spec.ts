import { expect, test, toast } from './support/fixtures';

/* Update Profile (spec §2): a new picture is previewed before saving, then shown on User Info. */

// A valid 1×1 PNG: the server re-encodes what it receives, so the upload has to be a real image.
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

test('a member previews and saves a new picture and bio, then sees them on User Info', async ({
  page,
  api,
  signInAs,
}) => {
  const member = await api.verifiedAccount('Profile');
  await signInAs(member);
  await page.goto('/dashboard/update-profile/');
  const picture = page.getByLabel('Profile picture');

  await test.step('refuses a file that is not an image', async () => {
    await picture.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Upload a JPEG, PNG, WebP or GIF image.')).toBeVisible();
    await expect(toast(page, 'Profile Update Failed!')).toBeVisible();
  });

  await test.step('previews the chosen picture and saves it with the bio', async () => {
    await picture.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await expect(
      page.getByRole('img', { name: 'Preview of your new profile picture' }),
    ).toHaveAttribute('src', /^blob:/);
    await page.getByLabel('Bio').fill('Slow-cooked everything.');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(toast(page, 'Profile Updated Successfully!')).toBeVisible();
  });

  await page.goto('/dashboard/user-info/');
  await expect(page.getByText('Slow-cooked everything.')).toBeVisible();
  const avatar = page.getByRole('img', { name: `${member.firstName} Profile` });
  await expect(avatar).toHaveAttribute('src', /\/media\//);
  const image = await api.request.get((await avatar.getAttribute('src')) ?? '');
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toMatch(/^image\//);
});
