import {
  customerInput,
  customerReferenceInput,
  customerUpdateInput,
} from '@recipehub/openapi/schemas/customers';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../errors/field-errors.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { admit } from '../../auth/access.js';
import { VALIDATION_DETAIL } from '../shared/sql.js';
import {
  CREATE_CUSTOMER_ACCESS,
  DELETE_CUSTOMER_ACCESS,
  UPDATE_CUSTOMER_ACCESS,
  createCustomer,
  deleteCustomer,
  listCustomers,
  ROWS_CHANGED,
  updateCustomer,
} from './customers.js';

/**
 * The leftover customer calls (paths as the spec writes them, without a trailing slash): the
 * list answers any logged-in member; the writes are Admin-only, their declarations checking the
 * role before the body so other callers learn nothing from it.
 * Update and delete answer their legacy shape, the number of rows changed (`1`).
 */
export async function customersRoutes(app: FastifyInstance, deps: ServiceDeps) {
  app.get('/api/list-customer', async (request) => listCustomers(deps, request.viewer));
  app.post('/api/create-customer', async (request, reply) => {
    const input = admit(CREATE_CUSTOMER_ACCESS, request.viewer, () =>
      parseInput(customerInput, request.body, VALIDATION_DETAIL),
    );
    return reply.status(201).send(await createCustomer(deps, request.viewer, input));
  });
  app.post('/api/update-customer', async (request) => {
    const input = admit(UPDATE_CUSTOMER_ACCESS, request.viewer, () =>
      parseInput(customerUpdateInput, request.body, VALIDATION_DETAIL),
    );
    await updateCustomer(deps, request.viewer, input);
    return ROWS_CHANGED;
  });
  app.post('/api/delete-customer', async (request) => {
    const { id } = admit(DELETE_CUSTOMER_ACCESS, request.viewer, () =>
      parseInput(customerReferenceInput, request.body, VALIDATION_DETAIL),
    );
    await deleteCustomer(deps, request.viewer, id);
    return ROWS_CHANGED;
  });
}
