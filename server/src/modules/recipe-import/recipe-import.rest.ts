import { recipeImportInput } from '@recipehub/openapi/schemas/recipes';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../errors/field-errors.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { admit } from '../../auth/access.js';
import { VALIDATION_DETAIL } from '../shared/sql.js';
import { IMPORT_RECIPE_ACCESS, importRecipe } from './import-recipe.js';

/** POST /api/recipes/import/: the REST face of importRecipe (401 before the body is read). */
export async function recipeImportRoutes(app: FastifyInstance, deps: ServiceDeps) {
  app.post('/api/recipes/import/', async (request) => {
    const input = admit(IMPORT_RECIPE_ACCESS, request.viewer, () =>
      parseInput(recipeImportInput, request.body, VALIDATION_DETAIL),
    );
    return importRecipe(deps, request.viewer, input);
  });
}
