import { adminAccess, memberAccess, requireAccess } from '../../auth/access.js';
import type { CustomerInput, CustomerUpdateInput } from '@recipehub/openapi/schemas/customers';
import { type Viewer } from '../../auth/viewer.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { notFound } from '../shared/sql.js';
import { Customer } from './customer.entity.js';

export const CUSTOMER_NOT_FOUND = 'No customer found.';

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
