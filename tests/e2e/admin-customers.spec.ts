import { DEMO, expect, test, toast } from './support/fixtures';

/*
 * The leftover customer page (spec §2; issue: a real admin page with data tables and page sizes
 * 5, 10, 15, 20, 30): add, search, page, edit and delete. The customers share a unique word, so
 * the search isolates them from what other tests add.
 */
test('an admin adds, finds, pages through, edits and deletes customers', async ({
  page,
  api,
  signInAs,
}) => {
  const token = await api.login(DEMO.admin);
  const word = `Qz${Date.now().toString(36)}`;
  for (let i = 1; i <= 5; i++) {
    const response = await api.request.post('/api/create-customer', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name: `${word} Customer ${i}`,
        email: `${word.toLowerCase()}${i}@example.com`,
        mobile: `0171000000${i}`,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  // One the search leaves out: until the (debounced) search applies, the table counts it too, so
  // "Showing 1–6 of 6" below proves the search has applied before the test pages on.
  const unmatched = await api.request.post('/api/create-customer', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: 'Unmatched Shopper',
      email: `shopper.${Date.now()}@example.com`,
      mobile: '01710000009',
    },
  });
  expect(unmatched.status(), await unmatched.text()).toBe(201);
  await signInAs(DEMO.admin);
  await page.goto('/dashboard/customer/');
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();

  await test.step('adds one through the form', async () => {
    await page.getByRole('button', { name: 'Add customer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(`${word} Customer 6`);
    await dialog.getByLabel('Email').fill(`${word.toLowerCase()}6@example.com`);
    await dialog.getByLabel('Mobile').fill('01710000006');
    await dialog.getByRole('button', { name: 'Add customer' }).click();
    await expect(toast(page, 'Customer created successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  const table = page.getByRole('table', { name: 'Customers' });
  const bodyRows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await test.step('searches and pages with 5 rows per page', async () => {
    await page.getByRole('searchbox', { name: 'Search customers' }).fill(word);
    await expect(page.getByText('Showing 1–6 of 6')).toBeVisible();
    await page.getByLabel('Rows per page').selectOption('5');
    await expect(page.getByText('Showing 1–5 of 6')).toBeVisible();
    await expect(bodyRows).toHaveCount(5);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText('Showing 6–6 of 6')).toBeVisible();
    await expect(bodyRows).toHaveCount(1);
  });

  await test.step('edits a customer', async () => {
    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.getByRole('button', { name: `Edit ${word} Customer 1`, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(`${word} Customer One`);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Customer updated successfully!')).toBeVisible();
    // Rows are in name order: "Customer One" now sorts after "Customer 6", on page 2.
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(bodyRows).toHaveCount(1);
    await expect(bodyRows).toContainText(`${word} Customer One`);
  });

  await test.step('deletes a customer after confirming', async () => {
    await page.getByRole('button', { name: `Delete ${word} Customer One`, exact: true }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(toast(page, 'Customer deleted successfully!')).toBeVisible();
    await expect(page.getByText('Showing 1–5 of 5')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next page' })).toHaveCount(0);
    await expect(table).not.toContainText(`${word} Customer One`);
  });
});
