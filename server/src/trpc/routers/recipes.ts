import {
  commentInput,
  reactionInput,
  recipeFilterInput,
  reviewInput,
  reviewUpdateInput,
} from '@recipehub/openapi/schemas/engagement';
import { idSchema } from '@recipehub/openapi/schemas/fields';
import {
  categoryInput,
  recipeListInput,
  userRecipesInput,
  recipeInput,
} from '@recipehub/openapi/schemas/recipes';
import { z } from 'zod';
import {
  createCategory,
  deleteCategory,
  listCategories,
  renameCategory,
} from '../../modules/categories/categories.js';
import { addComment, deleteComment } from '../../modules/comments/comments.js';
import { listReactions, toggleReaction } from '../../modules/reactions/reactions.js';
import { getRecipe, listRecipes, listTrendingRecipes } from '../../modules/recipes/recipe-list.js';
import { listRecipesByUser } from '../../modules/recipes/recipes-by-user.js';
import { createRecipe, deleteRecipe, updateRecipe } from '../../modules/recipes/recipe-write.js';
import {
  createReview,
  deleteReview,
  listReviews,
  updateReview,
} from '../../modules/reviews/reviews.js';
import { toggleSave } from '../../modules/saves/save-toggle.js';
import { VALIDATION_DETAIL } from '../../modules/shared/sql.js';
import { adminProcedure, authedProcedure, publicProcedure, router } from '../trpc.js';

const byId = z.object({ id: idSchema('Id') });
const form = { validationMessage: VALIDATION_DETAIL };

/**
 * The recipe side of the REST façade (recipes.routes.ts) over the same use cases and schemas;
 * each procedure answers what the REST call's success body holds (deletes answer null).
 */
export const categoriesRouter = router({
  list: publicProcedure.query(({ ctx }) => listCategories(ctx.deps)),
  create: adminProcedure
    .meta(form)
    .input(categoryInput)
    .mutation(({ ctx, input }) => createCategory(ctx.deps, ctx.viewer, input)),
  rename: adminProcedure
    .meta(form)
    .input(byId.extend(categoryInput.shape))
    .mutation(({ ctx, input }) =>
      renameCategory(ctx.deps, ctx.viewer, input.id, { name: input.name }),
    ),
  delete: adminProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await deleteCategory(ctx.deps, ctx.viewer, input.id);
    return null;
  }),
});

export const recipesRouter = router({
  list: publicProcedure
    .input(recipeListInput)
    .query(({ ctx, input }) => listRecipes(ctx.deps, ctx.viewer, input)),
  trending: publicProcedure.query(({ ctx }) => listTrendingRecipes(ctx.deps, ctx.viewer)),
  get: publicProcedure
    .input(byId)
    .query(({ ctx, input }) => getRecipe(ctx.deps, ctx.viewer, input.id)),
  create: authedProcedure
    .meta(form)
    .input(recipeInput)
    .mutation(({ ctx, input }) => createRecipe(ctx.deps, ctx.viewer, input)),
  update: authedProcedure
    .meta(form)
    .input(z.object({ id: idSchema('Recipe id'), recipe: recipeInput }))
    .mutation(({ ctx, input }) => updateRecipe(ctx.deps, ctx.viewer, input.id, input.recipe)),
  delete: authedProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await deleteRecipe(ctx.deps, ctx.viewer, input.id);
    return null;
  }),
  byUser: adminProcedure
    .input(userRecipesInput)
    .query(({ ctx, input }) => listRecipesByUser(ctx.deps, ctx.viewer, input)),
  save: authedProcedure
    .input(byId)
    .mutation(({ ctx, input }) => toggleSave(ctx.deps, ctx.viewer, input.id)),
  react: authedProcedure
    .meta(form)
    .input(byId.extend(reactionInput.shape))
    .mutation(({ ctx, input }) =>
      toggleReaction(ctx.deps, ctx.viewer, input.id, { reaction_type: input.reaction_type }),
    ),
  reactions: publicProcedure
    .input(recipeFilterInput)
    .query(({ ctx, input }) => listReactions(ctx.deps, input.recipe)),
});

export const reviewsRouter = router({
  list: publicProcedure
    .input(recipeFilterInput)
    .query(({ ctx, input }) => listReviews(ctx.deps, ctx.viewer, input.recipe)),
  create: authedProcedure
    .meta(form)
    .input(reviewInput)
    .mutation(({ ctx, input }) => createReview(ctx.deps, ctx.viewer, input)),
  update: authedProcedure
    .meta(form)
    .input(z.object({ id: idSchema('Review id'), review: reviewUpdateInput }))
    .mutation(({ ctx, input }) => updateReview(ctx.deps, ctx.viewer, input.id, input.review)),
  delete: authedProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await deleteReview(ctx.deps, ctx.viewer, input.id);
    return null;
  }),
});

export const commentsRouter = router({
  create: authedProcedure
    .meta(form)
    .input(z.object({ recipe: idSchema('Recipe id'), content: commentInput.shape.content }))
    .mutation(({ ctx, input }) =>
      addComment(ctx.deps, ctx.viewer, input.recipe, { content: input.content }),
    ),
  delete: authedProcedure
    .input(z.object({ recipe: idSchema('Recipe id'), id: idSchema('Comment id') }))
    .mutation(async ({ ctx, input }) => {
      await deleteComment(ctx.deps, ctx.viewer, input.recipe, input.id);
      return null;
    }),
});
