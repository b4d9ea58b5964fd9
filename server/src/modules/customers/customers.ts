import { adminAccess, memberAccess, requireAccess } from '../shared/access.js';
import { z } from 'zod';
import { emailField, requiredText } from '../accounts/account-schemas.js';
import { type Viewer } from '../accounts/viewer.js';
import type { ServiceDeps } from '../service-deps.js';
import { idSchema, notFound } from '../shared/sql.js';
import { Customer } from './customer.entity.js';

export const CUSTOMER_NOT_FOUND = 'No customer found.';

export const customerInput = z.object({
  name: requiredText('Name is required', 100, 'Name must be at most 100 characters.'),
  email: emailField,
  mobile: requiredText('Mobile is required', 20, 'Mobile must be at most 20 characters.'),
});
export type CustomerInput = z.output<typeof customerInput>;
/** 1 to 2147483647 (the Id range) in decimal without leading zeros: openapi/'s LegacyId pattern. */
const ID_TEXT =
  /^(?:[1-9][0-9]{0,8}|1[0-9]{9}|20[0-9]{8}|21[0-3][0-9]{7}|214[0-6][0-9]{6}|2147[0-3][0-9]{5}|21474[0-7][0-9]{4}|214748[0-2][0-9]{3}|2147483[0-5][0-9]{2}|21474836[0-3][0-9]|214748364[0-7])$/;

/**
 * The leftover calls' clients are form-based and send ids as text (`"id": "12"`): the same number
 * as text is accepted (openapi/'s LegacyId), anything else gets the id's own message.
 */
const legacyId = (field: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && ID_TEXT.test(value) ? Number(value) : value),
    idSchema(field),
  );

export const customerUpdateInput = customerInput.extend({ id: legacyId('Customer id') });
export type CustomerUpdateInput = z.output<typeof customerUpdateInput>;
export const customerReferenceInput = z.object({ id: legacyId('Customer id') });

/**
 * What the legacy update and delete calls answer on REST: the number of rows changed, which their
 * clients check before saying "Customer updated successfully" (an unknown id is a 404, never 0).
 */
export const ROWS_CHANGED = 1 as const;

export interface CustomerData {
  id: number;
  name: string;
  email: string;
  mobile: string;
}

const toData = (customer: Customer): CustomerData => ({
  id: customer.id,
  name: customer.name,
  email: customer.email,
  mobile: customer.mobile,
});

export const LIST_CUSTOMERS_ACCESS = memberAccess();

/**
 * Every customer, by name (any logged-in member: the sale page's invoice builder reads it; the
 * spec keeps only users and messages Admin-only). Writes below stay Admin-only.
 */
export async function listCustomers(
  deps: ServiceDeps,
  viewer: Viewer | null,
): Promise<CustomerData[]> {
  requireAccess(LIST_CUSTOMERS_ACCESS, viewer);
  const customers = await deps.orm.em
    .fork()
    .find(Customer, {}, { orderBy: { name: 'asc', id: 'asc' } });
  return customers.map(toData);
}

export const CREATE_CUSTOMER_ACCESS = adminAccess(['login', 'role', 'input']);

export async function createCustomer(
  deps: ServiceDeps,
  viewer: Viewer | null,
  input: CustomerInput,
): Promise<CustomerData> {
  requireAccess(CREATE_CUSTOMER_ACCESS, viewer);
  return deps.orm.em.fork().transactional(async (tx) => {
    const customer = tx.create(Customer, input);
    await tx.flush();
    return toData(customer);
  });
}

export const UPDATE_CUSTOMER_ACCESS = adminAccess(['login', 'role', 'input']);

export async function updateCustomer(
  deps: ServiceDeps,
  viewer: Viewer | null,
  input: CustomerUpdateInput,
): Promise<CustomerData> {
  requireAccess(UPDATE_CUSTOMER_ACCESS, viewer);
  return deps.orm.em.fork().transactional(async (tx) => {
    const customer = await tx.findOne(Customer, input.id);
    if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
    customer.name = input.name;
    customer.email = input.email;
    customer.mobile = input.mobile;
    await tx.flush();
    return toData(customer);
  });
}

export const DELETE_CUSTOMER_ACCESS = adminAccess(['login', 'role', 'input']);

export async function deleteCustomer(
  deps: ServiceDeps,
  viewer: Viewer | null,
  id: number,
): Promise<void> {
  requireAccess(DELETE_CUSTOMER_ACCESS, viewer);
  await deps.orm.em.fork().transactional(async (tx) => {
    const customer = await tx.findOne(Customer, id);
    if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
    tx.remove(customer);
    await tx.flush();
  });
}
