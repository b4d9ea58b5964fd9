import { recipeImportInput } from '@recipehub/openapi/schemas/recipes';
import { VALIDATION_DETAIL } from '../shared/sql.js';
import { authedProcedure, router } from '../../trpc/trpc.js';
import { importRecipe } from './import-recipe.js';

/** recipeImport.fromUrl: the tRPC face of importRecipe, answering what the REST call answers. */
export const recipeImportRouter = router({
  fromUrl: authedProcedure
    .meta({ validationMessage: VALIDATION_DETAIL })
    .input(recipeImportInput)
    .mutation(({ ctx, input }) => importRecipe(ctx.deps, ctx.viewer, input)),
});
