import { categoryInput } from '@recipehub/openapi/schemas/recipes';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../errors/field-errors.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { admit } from '../../auth/access.js';
import { parseIdText, VALIDATION_DETAIL } from '../shared/sql.js';
import {
  CREATE_CATEGORY_ACCESS,
  DELETE_CATEGORY_ACCESS,
  RENAME_CATEGORY_ACCESS,
  createCategory,
  deleteCategory,
  listCategories,
  renameCategory,
} from './categories.js';

type IdParams = { Params: { id: string } };
const categoryId = (params: { id: string }) => parseIdText(params.id, 'id', 'Category id');

/** The category calls of the REST façade; access is each use case's declaration. */
export async function categoriesRoutes(app: FastifyInstance, deps: ServiceDeps) {
  app.get('/api/recipes/categories/', async () => listCategories(deps));
  app.post('/api/recipes/categories/', async (request, reply) => {
    const input = admit(CREATE_CATEGORY_ACCESS, request.viewer, () =>
      parseInput(categoryInput, request.body, VALIDATION_DETAIL),
    );
    return reply.status(201).send(await createCategory(deps, request.viewer, input));
  });
  app.put<IdParams>('/api/recipes/categories/:id/', async (request) => {
    const { id, input } = admit(RENAME_CATEGORY_ACCESS, request.viewer, () => ({
      id: categoryId(request.params),
      input: parseInput(categoryInput, request.body, VALIDATION_DETAIL),
    }));
    return renameCategory(deps, request.viewer, id, input);
  });
  app.delete<IdParams>('/api/recipes/categories/:id/', async (request, reply) => {
    const id = admit(DELETE_CATEGORY_ACCESS, request.viewer, () => categoryId(request.params));
    await deleteCategory(deps, request.viewer, id);
    return reply.status(204).send();
  });
}
