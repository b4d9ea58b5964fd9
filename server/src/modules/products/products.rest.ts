import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../shared/service-deps.js';
import { requireAccess } from '../../auth/access.js';
import { LIST_PRODUCTS_ACCESS, listProducts } from './products.js';

/** GET /api/list-product: the leftover product list (members; the contract has no writes). */
export async function productsRoutes(app: FastifyInstance, deps: ServiceDeps) {
  app.get('/api/list-product', async (request) => {
    requireAccess(LIST_PRODUCTS_ACCESS, request.viewer);
    return listProducts(deps, request.viewer);
  });
}
