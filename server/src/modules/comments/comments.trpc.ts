import { commentInput } from '@recipehub/openapi/schemas/engagement';
import { idSchema } from '@recipehub/openapi/schemas/fields';
import { z } from 'zod';
import { accessProcedure } from '../../trpc/access-procedure.js';
import { router } from '../../trpc/trpc.js';
import { VALIDATION_DETAIL } from '../shared/sql.js';
import {
  ADD_COMMENT_ACCESS,
  DELETE_COMMENT_ACCESS,
  addComment,
  deleteComment,
} from './comments.js';

const form = { validationMessage: VALIDATION_DETAIL };

/** comments.*: the comment calls of REST (comments.rest.ts); delete answers null. */
export const commentsRouter = router({
  create: accessProcedure(
    ADD_COMMENT_ACCESS,
    z.object({ recipe: idSchema('Recipe id'), content: commentInput.shape.content }),
    form,
  ).mutation(({ ctx, input }) =>
    addComment(ctx.deps, ctx.viewer, input.recipe, { content: input.content }),
  ),
  delete: accessProcedure(
    DELETE_COMMENT_ACCESS,
    z.object({ recipe: idSchema('Recipe id'), id: idSchema('Comment id') }),
  ).mutation(async ({ ctx, input }) => {
    await deleteComment(ctx.deps, ctx.viewer, input.recipe, input.id);
    return null;
  }),
});
