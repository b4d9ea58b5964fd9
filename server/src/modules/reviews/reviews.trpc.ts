import {
  recipeFilterInput,
  reviewInput,
  reviewUpdateInput,
} from '@recipehub/openapi/schemas/engagement';
import { idSchema } from '@recipehub/openapi/schemas/fields';
import { z } from 'zod';
import { accessProcedure } from '../../trpc/access-procedure.js';
import { router } from '../../trpc/trpc.js';
import { VALIDATION_DETAIL } from '../shared/sql.js';
import {
  CREATE_REVIEW_ACCESS,
  DELETE_REVIEW_ACCESS,
  LIST_REVIEWS_ACCESS,
  UPDATE_REVIEW_ACCESS,
  createReview,
  deleteReview,
  listReviews,
  updateReview,
} from './reviews.js';

const form = { validationMessage: VALIDATION_DETAIL };

/** reviews.*: the review calls of REST (reviews.rest.ts); delete answers null. */
export const reviewsRouter = router({
  list: accessProcedure(LIST_REVIEWS_ACCESS, recipeFilterInput).query(({ ctx, input }) =>
    listReviews(ctx.deps, ctx.viewer, input.recipe),
  ),
  create: accessProcedure(CREATE_REVIEW_ACCESS, reviewInput, form).mutation(({ ctx, input }) =>
    createReview(ctx.deps, ctx.viewer, input),
  ),
  update: accessProcedure(
    UPDATE_REVIEW_ACCESS,
    z.object({ id: idSchema('Review id'), review: reviewUpdateInput }),
    form,
  ).mutation(({ ctx, input }) => updateReview(ctx.deps, ctx.viewer, input.id, input.review)),
  delete: accessProcedure(DELETE_REVIEW_ACCESS, z.object({ id: idSchema('Id') })).mutation(
    async ({ ctx, input }) => {
      await deleteReview(ctx.deps, ctx.viewer, input.id);
      return null;
    },
  ),
});
