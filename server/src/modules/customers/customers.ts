import { adminAccess, memberAccess } from '../../auth/access.js';
import { defineUseCase, fromBody, NO_INPUT } from '../../auth/use-case.js';
import {
  customerInput,
  customerReferenceInput,
  customerUpdateInput,
} from '@recipehub/openapi/schemas/customers';
import { notFound, VALIDATION_DETAIL } from '../shared/sql.js';
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

/**
 * Every customer, by name (any logged-in member: the sale page's invoice builder reads it; the
 * spec keeps only users and messages Admin-only). Writes below stay Admin-only.
 */
export const listCustomers = defineUseCase({
  access: memberAccess(),
  input: NO_INPUT,
  rest: { method: 'GET', path: '/api/list-customer', read: () => undefined },
  trpc: { kind: 'query' },
  handle: async (deps): Promise<CustomerData[]> => {
    const customers = await deps.orm.em
      .fork()
      .find(Customer, {}, { orderBy: { name: 'asc', id: 'asc' } });
    return customers.map(toData);
  },
});

// The leftover writes: paths as the spec writes them (no trailing slash), the role checked
// before the body so other callers learn nothing from it.
const ADMIN_WRITE = adminAccess(['login', 'role', 'input']);

export const createCustomer = defineUseCase({
  access: ADMIN_WRITE,
  input: customerInput,
  rest: {
    method: 'POST',
    path: '/api/create-customer',
    status: 201,
    read: fromBody(customerInput, VALIDATION_DETAIL),
  },
  trpc: { kind: 'mutation', validationMessage: VALIDATION_DETAIL },
  handle: (deps, _admin, input): Promise<CustomerData> =>
    deps.orm.em.fork().transactional(async (tx) => {
      const customer = tx.create(Customer, input);
      await tx.flush();
      return toData(customer);
    }),
});

/** REST answers the legacy number of rows changed; tRPC the customer. */
export const updateCustomer = defineUseCase({
  access: ADMIN_WRITE,
  input: customerUpdateInput,
  rest: {
    method: 'POST',
    path: '/api/update-customer',
    read: fromBody(customerUpdateInput, VALIDATION_DETAIL),
    answer: () => ROWS_CHANGED,
  },
  trpc: { kind: 'mutation', validationMessage: VALIDATION_DETAIL },
  handle: (deps, _admin, input): Promise<CustomerData> =>
    deps.orm.em.fork().transactional(async (tx) => {
      const customer = await tx.findOne(Customer, input.id);
      if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
      customer.name = input.name;
      customer.email = input.email;
      customer.mobile = input.mobile;
      await tx.flush();
      return toData(customer);
    }),
});

/** REST answers the legacy number of rows changed; tRPC null. */
export const deleteCustomer = defineUseCase({
  access: ADMIN_WRITE,
  input: customerReferenceInput,
  rest: {
    method: 'POST',
    path: '/api/delete-customer',
    read: fromBody(customerReferenceInput, VALIDATION_DETAIL),
    answer: () => ROWS_CHANGED,
  },
  trpc: { kind: 'mutation' },
  async handle(deps, _admin, { id }) {
    await deps.orm.em.fork().transactional(async (tx) => {
      const customer = await tx.findOne(Customer, id);
      if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
      tx.remove(customer);
      await tx.flush();
    });
    return null;
  },
});

/** The customer calls, as tRPC names them (`leftovers.customers.*`); REST takes each one's path. */
export const CUSTOMER_USE_CASES = {
  list: listCustomers,
  create: createCustomer,
  update: updateCustomer,
  delete: deleteCustomer,
};
