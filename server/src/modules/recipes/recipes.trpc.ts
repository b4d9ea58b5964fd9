import { idSchema } from '@recipehub/openapi/schemas/fields';
import { recipeListInput, userRecipesInput, recipeInput } from '@recipehub/openapi/schemas/recipes';
import { z } from 'zod';
import { accessProcedure } from '../../trpc/access-procedure.js';
import { publicProcedure } from '../../trpc/trpc.js';
import { VALIDATION_DETAIL } from '../shared/sql.js';
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

const byId = z.object({ id: idSchema('Id') });
const form = { validationMessage: VALIDATION_DETAIL };

/**
 * recipes.*: the recipe calls of REST (recipes.rest.ts) over the same use cases, schemas and
 * access declarations; each answers what the REST call's success body holds (delete answers
 * null). Assembled with the save and reaction procedures under `recipes` in _app.ts.
 */
export const recipeProcedures = {
  list: accessProcedure(LIST_RECIPES_ACCESS, recipeListInput).query(({ ctx, input }) =>
    listRecipes(ctx.deps, ctx.viewer, input),
  ),
  trending: publicProcedure.query(({ ctx }) => listTrendingRecipes(ctx.deps, ctx.viewer)),
  get: accessProcedure(GET_RECIPE_ACCESS, byId).query(({ ctx, input }) =>
    getRecipe(ctx.deps, ctx.viewer, input.id),
  ),
  create: accessProcedure(CREATE_RECIPE_ACCESS, recipeInput, form).mutation(({ ctx, input }) =>
    createRecipe(ctx.deps, ctx.viewer, input),
  ),
  update: accessProcedure(
    UPDATE_RECIPE_ACCESS,
    z.object({ id: idSchema('Recipe id'), recipe: recipeInput }),
    form,
  ).mutation(({ ctx, input }) => updateRecipe(ctx.deps, ctx.viewer, input.id, input.recipe)),
  delete: accessProcedure(DELETE_RECIPE_ACCESS, byId).mutation(async ({ ctx, input }) => {
    await deleteRecipe(ctx.deps, ctx.viewer, input.id);
    return null;
  }),
  byUser: accessProcedure(RECIPES_BY_USER_ACCESS, userRecipesInput).query(({ ctx, input }) =>
    listRecipesByUser(ctx.deps, ctx.viewer, input),
  ),
};
