import { recipeImportInput } from '@recipehub/openapi/schemas/recipes';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../errors/field-errors.js';
import { requireViewer } from '../accounts/viewer.js';
import type { ServiceDeps } from '../service-deps.js';
import { VALIDATION_DETAIL } from '../shared/sql.js';
import { importRecipe } from './import-recipe.js';

/** POST /api/recipes/import/: the REST face of importRecipe (401 before the body is read). */
export async function recipeImportRoutes(app: FastifyInstance, deps: ServiceDeps) {
  app.post('/api/recipes/import/', async (request) => {
    const viewer = requireViewer(request.viewer);
    const input = parseInput(recipeImportInput, request.body, VALIDATION_DETAIL);
    return importRecipe(deps, viewer, input);
  });
}
