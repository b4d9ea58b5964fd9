import { recipeListInput, userRecipesInput, recipeInput } from '@recipehub/openapi/schemas/recipes';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../errors/field-errors.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { admit } from '../../auth/access.js';
import { parseIdText, VALIDATION_DETAIL } from '../shared/sql.js';
import {
  GET_RECIPE_ACCESS,
  LIST_RECIPES_ACCESS,
  getRecipe,
  listRecipes,
  listTrendingRecipes,
} from './recipe-list.js';
import { RECIPES_BY_USER_ACCESS, listRecipesByUser } from './recipes-by-user.js';
import {
  CREATE_RECIPE_ACCESS,
  DELETE_RECIPE_ACCESS,
  UPDATE_RECIPE_ACCESS,
  createRecipe,
  deleteRecipe,
  updateRecipe,
} from './recipe-write.js';

type IdParams = { Params: { id: string } };
const recipeId = (params: { id: string }) => parseIdText(params.id, 'id', 'Recipe id');

/**
 * The recipe calls of the REST façade (lists, trending, detail, writes, one user's recipes):
 * thin handlers that pass each use case's access declaration to `admit`, which checks and parses
 * in the declared order. Errors are problem details.
 */
export async function recipesRoutes(app: FastifyInstance, deps: ServiceDeps) {
  app.get('/api/recipes/lists/most_liked/', async (request) =>
    listTrendingRecipes(deps, request.viewer),
  );
  app.get('/api/recipes/lists/', async (request) => {
    const input = admit(LIST_RECIPES_ACCESS, request.viewer, () =>
      parseInput(recipeListInput, request.query, 'The request is not valid.'),
    );
    return listRecipes(deps, request.viewer, input);
  });
  app.post('/api/recipes/lists/', async (request, reply) => {
    const input = admit(CREATE_RECIPE_ACCESS, request.viewer, () =>
      parseInput(recipeInput, request.body, VALIDATION_DETAIL),
    );
    return reply.status(201).send(await createRecipe(deps, request.viewer, input));
  });
  app.get<IdParams>('/api/recipes/lists/:id/', async (request) => {
    const id = admit(GET_RECIPE_ACCESS, request.viewer, () => recipeId(request.params));
    return getRecipe(deps, request.viewer, id);
  });
  app.put<IdParams>('/api/recipes/lists/:id/', async (request) => {
    const { id, input } = admit(UPDATE_RECIPE_ACCESS, request.viewer, () => ({
      id: recipeId(request.params),
      input: parseInput(recipeInput, request.body, VALIDATION_DETAIL),
    }));
    return updateRecipe(deps, request.viewer, id, input);
  });
  app.delete<IdParams>('/api/recipes/lists/:id/', async (request, reply) => {
    const id = admit(DELETE_RECIPE_ACCESS, request.viewer, () => recipeId(request.params));
    await deleteRecipe(deps, request.viewer, id);
    return reply.status(204).send();
  });
  app.get<{ Params: { email: string }; Querystring: { page?: string } }>(
    '/api/recipes/by-user/:email/',
    async (request) => {
      const input = admit(RECIPES_BY_USER_ACCESS, request.viewer, () =>
        parseInput(
          userRecipesInput,
          { email: request.params.email, page: request.query.page },
          'The request is not valid.',
        ),
      );
      return listRecipesByUser(deps, request.viewer, input);
    },
  );
}
