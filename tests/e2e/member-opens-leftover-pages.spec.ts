import type { Page } from '@playwright/test';
import { cachedToken, DEMO, expect, test, type Api } from './support/fixtures';

/*
 * The leftover pages (spec §2: customer, category, product, sale, test) need a stored token like
 * every /dashboard/ route, but spec §6 keeps only users, one user and messages for Admins. So a
 * member reads every leftover list; the writes, which the server takes from Admins only, are not
 * offered to them, and a note says so.
 */
const CUSTOMER_NOTE = 'Only an Admin can add, change or delete customers.';
const CATEGORY_NOTE = 'Only an Admin can add, rename or delete categories.';

/** A customer of the test's own, made by the Admin through the REST API. */
async function createCustomer(api: Api, word: string) {
  const adminToken = await cachedToken(api, DEMO.admin);
  const created = await api.request.post('/api/create-customer', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { name: `${word} Traders`, email: `${word.toLowerCase()}@example.com`, mobile: '017' },
  });
  expect(created.status(), await created.text()).toBe(201);
}

/** Opens `path` and checks it stayed open: a refused member would land on /dashboard/index/. */
async function openLeftoverPage(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.getByRole('navigation', { name: 'Leftover pages' })).toBeVisible();
}

test.describe('a member who is not an admin', () => {
  test('opens every leftover page, reads the lists and the notes, and is offered no writes', async ({
    page,
    api,
    signInAs,
  }) => {
    const word = `Lm${Date.now().toString(36)}`;
    await createCustomer(api, word);
    await signInAs(DEMO.user);

    await test.step('customers: the list and the note, no Add, Edit or Delete', async () => {
      await openLeftoverPage(page, '/dashboard/customer/', 'Customers');
      await expect(page.getByRole('note')).toHaveText(CUSTOMER_NOTE);
      await page.getByRole('searchbox', { name: 'Search customers' }).fill(word);
      const table = page.getByRole('table', { name: 'Customers' });
      await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
      await expect(table).toContainText(`${word} Traders`);
      await expect(table.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Add customer' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
    });

    await test.step('categories: the list and the note, no Add, Rename or Delete', async () => {
      await openLeftoverPage(page, '/dashboard/category/', 'Categories');
      await expect(page.getByRole('note')).toHaveText(CATEGORY_NOTE);
      const table = page.getByRole('table', { name: 'Recipe categories' });
      // A full first page: the ten seeded categories (other tests may add more).
      await expect(table.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(10);
      await expect(table.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Add category' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^(Rename|Delete) / })).toHaveCount(0);
    });

    await test.step('products: the list, read-only for everybody', async () => {
      await openLeftoverPage(page, '/dashboard/product/', 'Products');
      // No product is seeded and the API has no product writes: the list loads, empty.
      await expect(page.getByText('No products yet.')).toBeVisible();
      await expect(page.getByText('Products are read-only here')).toBeVisible();
      await expect(page.getByText('Failed to load products.')).toHaveCount(0);
    });

    await test.step('sale: the invoice builder offers the customers', async () => {
      await openLeftoverPage(page, '/dashboard/sale/', 'Sale invoice');
      await expect(page.getByText('Failed to load customers or products.')).toHaveCount(0);
      const customer = page.getByRole('combobox', { name: 'Customer' });
      await customer.selectOption({ label: `${word} Traders (${word.toLowerCase()}@example.com)` });
      await expect(page.getByRole('region', { name: 'Invoice' })).toContainText(`${word} Traders`);
    });

    await test.step('test: the diagnostics show the member', async () => {
      await openLeftoverPage(page, '/dashboard/test/', 'Diagnostics');
      const session = page.getByRole('region', { name: 'Session' });
      await expect(session).toContainText(DEMO.user.email);
      await expect(session).toContainText('User');
      await expect(page.getByRole('region', { name: 'Server' })).toContainText('OK');
    });
  });
});

test('an admin is still offered every write on the customer and category pages', async ({
  page,
  api,
  signInAs,
}) => {
  // So that the customer table has a row whatever ran before.
  await createCustomer(api, `La${Date.now().toString(36)}`);
  await signInAs(DEMO.admin);
  await openLeftoverPage(page, '/dashboard/customer/', 'Customers');
  await expect(page.getByRole('button', { name: 'Add customer' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Customers' }).getByRole('columnheader', { name: 'Actions' }),
  ).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);

  await openLeftoverPage(page, '/dashboard/category/', 'Categories');
  await expect(page.getByRole('button', { name: 'Add category' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Rename / }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Delete / }).first()).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);
});
