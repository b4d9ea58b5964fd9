import { idSchema } from '@recipehub/openapi/schemas/fields';
import { recipeInput, recipeListInput, userRecipesInput } from '@recipehub/openapi/schemas/recipes';
import { z } from 'zod';
import { PUBLIC_ACCESS } from '../../auth/access.js';
import { defineUseCase, fromBody, fromQuery, NO_INPUT } from '../../auth/use-case.js';
import { parseInput } from '../../errors/field-errors.js';
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

/**
 * The recipe calls (lists, trending, detail, writes, one user's recipes), each declared once
 * over its use case (recipe-list.ts, recipe-write.ts, recipes-by-user.ts); both faces answer
 * what the REST call's success body holds (delete: REST 204, tRPC null).
 */

const LIST_INVALID = 'The request is not valid.';
const recipeId = (value: string | undefined) => parseIdText(value, 'id', 'Recipe id');
const byId = z.object({ id: idSchema('Id') });

/** One page of recipes, filtered by categories, search and list (paging in `next`/`previous`). */
export const listRecipesUseCase = defineUseCase({
  access: LIST_RECIPES_ACCESS,
  input: recipeListInput,
  rest: {
    method: 'GET',
    path: '/api/recipes/lists/',
    read: fromQuery(recipeListInput, LIST_INVALID),
  },
  trpc: { kind: 'query' },
  handle: (deps, viewer, input) => listRecipes(deps, viewer, input),
});

/** Up to 10 recipes, most reactions first. */
export const trendingRecipesUseCase = defineUseCase({
  access: PUBLIC_ACCESS,
  input: NO_INPUT,
  rest: { method: 'GET', path: '/api/recipes/lists/most_liked/', read: () => undefined },
  trpc: { kind: 'query' },
  handle: (deps, viewer) => listTrendingRecipes(deps, viewer),
});

export const getRecipeUseCase = defineUseCase({
  access: GET_RECIPE_ACCESS,
  input: byId,
  rest: {
    method: 'GET',
    path: '/api/recipes/lists/:id/',
    read: (request) => ({ id: recipeId(request.params.id) }),
  },
  trpc: { kind: 'query' },
  handle: (deps, viewer, { id }) => getRecipe(deps, viewer, id),
});

export const createRecipeUseCase = defineUseCase({
  access: CREATE_RECIPE_ACCESS,
  input: recipeInput,
  rest: {
    method: 'POST',
    path: '/api/recipes/lists/',
    status: 201,
    read: fromBody(recipeInput, VALIDATION_DETAIL),
  },
  trpc: { kind: 'mutation', validationMessage: VALIDATION_DETAIL },
  handle: (deps, known, input) => createRecipe(deps, known, input),
});

export const updateRecipeUseCase = defineUseCase({
  access: UPDATE_RECIPE_ACCESS,
  input: z.object({ id: idSchema('Recipe id'), recipe: recipeInput }),
  rest: {
    method: 'PUT',
    path: '/api/recipes/lists/:id/',
    read: (request) => ({
      id: recipeId(request.params.id),
      recipe: parseInput(recipeInput, request.body, VALIDATION_DETAIL),
    }),
  },
  trpc: { kind: 'mutation', validationMessage: VALIDATION_DETAIL },
  handle: (deps, known, { id, recipe }) => updateRecipe(deps, known, id, recipe),
});

export const deleteRecipeUseCase = defineUseCase({
  access: DELETE_RECIPE_ACCESS,
  input: byId,
  rest: {
    method: 'DELETE',
    path: '/api/recipes/lists/:id/',
    status: 204,
    read: (request) => ({ id: recipeId(request.params.id) }),
  },
  trpc: { kind: 'mutation' },
  async handle(deps, known, { id }) {
    await deleteRecipe(deps, known, id);
    return null;
  },
});

/** One page of a user's recipes (Admin); the email is the path's, the page the query's. */
export const recipesByUserUseCase = defineUseCase({
  access: RECIPES_BY_USER_ACCESS,
  input: userRecipesInput,
  rest: {
    method: 'GET',
    path: '/api/recipes/by-user/:email/',
    read: (request) =>
      parseInput(
        userRecipesInput,
        { email: request.params.email, page: (request.query as { page?: string }).page },
        LIST_INVALID,
      ),
  },
  trpc: { kind: 'query' },
  handle: (deps, known, input) => listRecipesByUser(deps, known, input),
});

/**
 * The recipe calls, as tRPC names them (`recipes.list`, ...), assembled with the save and
 * reaction calls under `recipes` in app-router.ts; REST takes each one's path.
 */
export const RECIPE_USE_CASES = {
  list: listRecipesUseCase,
  trending: trendingRecipesUseCase,
  get: getRecipeUseCase,
  create: createRecipeUseCase,
  update: updateRecipeUseCase,
  delete: deleteRecipeUseCase,
  byUser: recipesByUserUseCase,
};
