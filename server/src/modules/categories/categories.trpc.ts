import { idSchema } from '@recipehub/openapi/schemas/fields';
import { categoryInput } from '@recipehub/openapi/schemas/recipes';
import { z } from 'zod';
import { accessProcedure } from '../../trpc/access-procedure.js';
import { publicProcedure, router } from '../../trpc/trpc.js';
import { VALIDATION_DETAIL } from '../shared/sql.js';
import {
  CREATE_CATEGORY_ACCESS,
  DELETE_CATEGORY_ACCESS,
  RENAME_CATEGORY_ACCESS,
  createCategory,
  deleteCategory,
  listCategories,
  renameCategory,
} from './categories.js';

const byId = z.object({ id: idSchema('Id') });
const form = { validationMessage: VALIDATION_DETAIL };

/** categories.*: the category calls of REST (categories.rest.ts), answering their success bodies. */
export const categoriesRouter = router({
  list: publicProcedure.query(({ ctx }) => listCategories(ctx.deps)),
  create: accessProcedure(CREATE_CATEGORY_ACCESS, categoryInput, form).mutation(({ ctx, input }) =>
    createCategory(ctx.deps, ctx.viewer, input),
  ),
  rename: accessProcedure(RENAME_CATEGORY_ACCESS, byId.extend(categoryInput.shape), form).mutation(
    ({ ctx, input }) => renameCategory(ctx.deps, ctx.viewer, input.id, { name: input.name }),
  ),
  delete: accessProcedure(DELETE_CATEGORY_ACCESS, byId).mutation(async ({ ctx, input }) => {
    await deleteCategory(ctx.deps, ctx.viewer, input.id);
    return null;
  }),
});
