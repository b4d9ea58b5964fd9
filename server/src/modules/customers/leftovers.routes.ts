import {
  customerInput,
  customerReferenceInput,
  customerUpdateInput,
} from '@recipehub/openapi/schemas/customers';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../errors/field-errors.js';
import { requireAdmin } from '../accounts/viewer.js';
import { listProducts } from '../products/products.js';
import type { ServiceDeps } from '../service-deps.js';
import { VALIDATION_DETAIL } from '../shared/sql.js';
import {
  createCustomer,
  deleteCustomer,
  listCustomers,
  ROWS_CHANGED,
  updateCustomer,
} from './customers.js';

/**
 * The leftover customer and product calls (paths as the spec writes them, without a trailing
 * slash): the lists answer any logged-in member; the writes are Admin-only, the role checked
 * before the body so other callers learn nothing from it.
 * Update and delete answer their legacy shape, the number of rows changed (`1`).
 */
export async function leftoversRoutes(app: FastifyInstance, deps: ServiceDeps) {
  app.get('/api/list-customer', async (request) => listCustomers(deps, request.viewer));
  app.post('/api/create-customer', async (request, reply) => {
    requireAdmin(request.viewer);
    const input = parseInput(customerInput, request.body, VALIDATION_DETAIL);
    return reply.status(201).send(await createCustomer(deps, request.viewer, input));
  });
  app.post('/api/update-customer', async (request) => {
    requireAdmin(request.viewer);
    const input = parseInput(customerUpdateInput, request.body, VALIDATION_DETAIL);
    await updateCustomer(deps, request.viewer, input);
    return ROWS_CHANGED;
  });
  app.post('/api/delete-customer', async (request) => {
    requireAdmin(request.viewer);
    const { id } = parseInput(customerReferenceInput, request.body, VALIDATION_DETAIL);
    await deleteCustomer(deps, request.viewer, id);
    return ROWS_CHANGED;
  });
  app.get('/api/list-product', async (request) => listProducts(deps, request.viewer));
}
