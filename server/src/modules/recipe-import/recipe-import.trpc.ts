import { recipeImportInput } from '@recipehub/openapi/schemas/recipes';
import { accessProcedure } from '../../trpc/access-procedure.js';
import { router } from '../../trpc/trpc.js';
import { VALIDATION_DETAIL } from '../shared/sql.js';
import { IMPORT_RECIPE_ACCESS, importRecipe } from './import-recipe.js';

/** recipeImport.fromUrl: the tRPC face of importRecipe, answering what the REST call answers. */
export const recipeImportRouter = router({
  fromUrl: accessProcedure(IMPORT_RECIPE_ACCESS, recipeImportInput, {
    validationMessage: VALIDATION_DETAIL,
  }).mutation(({ ctx, input }) => importRecipe(ctx.deps, ctx.viewer, input)),
});
