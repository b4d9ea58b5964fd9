import {
  commentInput,
  reactionInput,
  recipeFilterInput,
  reviewInput,
  reviewUpdateInput,
} from '@recipehub/openapi/schemas/engagement';
import {
  categoryInput,
  recipeListInput,
  userRecipesInput,
  recipeInput,
} from '@recipehub/openapi/schemas/recipes';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../errors/field-errors.js';
import { requireViewer } from '../accounts/viewer.js';
import {
  createCategory,
  deleteCategory,
  listCategories,
  renameCategory,
} from '../categories/categories.js';
import { addComment, deleteComment } from '../comments/comments.js';
import { listReactions, toggleReaction } from '../reactions/reactions.js';
import { createReview, deleteReview, listReviews, updateReview } from '../reviews/reviews.js';
import { toggleSave } from '../saves/save-toggle.js';
import type { ServiceDeps } from '../service-deps.js';
import { parseIdText, VALIDATION_DETAIL } from '../shared/sql.js';
import { getRecipe, listRecipes, listTrendingRecipes } from './recipe-list.js';
import { listRecipesByUser } from './recipes-by-user.js';
import { createRecipe, deleteRecipe, updateRecipe } from './recipe-write.js';

/** 401 before 400 on calls that need a login: an anonymous caller learns to log in first. */
const loggedIn = requireViewer;

type IdParams = { Params: { id: string } };
const recipeId = (params: { id: string }) => parseIdText(params.id, 'id', 'Recipe id');

/**
 * The recipe side of the REST façade (categories, recipes, saves, reactions, reviews, comments):
 * thin handlers that parse with the use case's schema and call it. Errors are problem details.
 */
export async function recipesRoutes(app: FastifyInstance, deps: ServiceDeps) {
  // ---------------------------------------------------------------- categories
  app.get('/api/recipes/categories/', async () => listCategories(deps));
  app.post('/api/recipes/categories/', async (request, reply) => {
    loggedIn(request.viewer);
    const input = parseInput(categoryInput, request.body, VALIDATION_DETAIL);
    return reply.status(201).send(await createCategory(deps, request.viewer, input));
  });
  app.put<IdParams>('/api/recipes/categories/:id/', async (request) => {
    loggedIn(request.viewer);
    const id = parseIdText(request.params.id, 'id', 'Category id');
    const input = parseInput(categoryInput, request.body, VALIDATION_DETAIL);
    return renameCategory(deps, request.viewer, id, input);
  });
  app.delete<IdParams>('/api/recipes/categories/:id/', async (request, reply) => {
    const id = parseIdText(request.params.id, 'id', 'Category id');
    await deleteCategory(deps, request.viewer, id);
    return reply.status(204).send();
  });

  // ---------------------------------------------------------------- recipes
  app.get('/api/recipes/lists/most_liked/', async (request) =>
    listTrendingRecipes(deps, request.viewer),
  );
  app.get('/api/recipes/lists/', async (request) => {
    const input = parseInput(recipeListInput, request.query, 'The request is not valid.');
    return listRecipes(deps, request.viewer, input);
  });
  app.post('/api/recipes/lists/', async (request, reply) => {
    const viewer = loggedIn(request.viewer);
    const input = parseInput(recipeInput, request.body, VALIDATION_DETAIL);
    return reply.status(201).send(await createRecipe(deps, viewer, input));
  });
  app.get<IdParams>('/api/recipes/lists/:id/', async (request) =>
    getRecipe(deps, request.viewer, recipeId(request.params)),
  );
  app.put<IdParams>('/api/recipes/lists/:id/', async (request) => {
    loggedIn(request.viewer);
    const id = recipeId(request.params);
    const input = parseInput(recipeInput, request.body, VALIDATION_DETAIL);
    return updateRecipe(deps, request.viewer, id, input);
  });
  app.delete<IdParams>('/api/recipes/lists/:id/', async (request, reply) => {
    await deleteRecipe(deps, request.viewer, recipeId(request.params));
    return reply.status(204).send();
  });
  app.get<{ Params: { email: string }; Querystring: { page?: string } }>(
    '/api/recipes/by-user/:email/',
    async (request) => {
      const input = parseInput(
        userRecipesInput,
        { email: request.params.email, page: request.query.page },
        'The request is not valid.',
      );
      return listRecipesByUser(deps, request.viewer, input);
    },
  );

  // ---------------------------------------------------------------- saves and reactions
  app.post<IdParams>('/api/recipes/lists/:id/save/', async (request) =>
    toggleSave(deps, request.viewer, recipeId(request.params)),
  );
  app.post<IdParams>('/api/recipes/lists/:id/like/', async (request) => {
    loggedIn(request.viewer);
    const id = recipeId(request.params);
    const input = parseInput(reactionInput, request.body, VALIDATION_DETAIL);
    return toggleReaction(deps, request.viewer, id, input);
  });
  app.get('/api/recipes/reactions/', async (request) => {
    const { recipe } = parseInput(recipeFilterInput, request.query, 'The request is not valid.');
    return listReactions(deps, recipe);
  });

  // ---------------------------------------------------------------- reviews
  app.get('/api/recipes/reviews/', async (request) => {
    const { recipe } = parseInput(recipeFilterInput, request.query, 'The request is not valid.');
    return listReviews(deps, request.viewer, recipe);
  });
  app.post('/api/recipes/reviews/', async (request, reply) => {
    loggedIn(request.viewer);
    const input = parseInput(reviewInput, request.body, VALIDATION_DETAIL);
    return reply.status(201).send(await createReview(deps, request.viewer, input));
  });
  app.put<IdParams>('/api/recipes/reviews/:id/', async (request) => {
    loggedIn(request.viewer);
    const id = parseIdText(request.params.id, 'id', 'Review id');
    const input = parseInput(reviewUpdateInput, request.body, VALIDATION_DETAIL);
    return updateReview(deps, request.viewer, id, input);
  });
  app.delete<IdParams>('/api/recipes/reviews/:id/', async (request, reply) => {
    const id = parseIdText(request.params.id, 'id', 'Review id');
    await deleteReview(deps, request.viewer, id);
    return reply.status(204).send();
  });

  // ---------------------------------------------------------------- comments
  app.post<IdParams>('/api/recipes/lists/:id/comments/', async (request, reply) => {
    loggedIn(request.viewer);
    const id = recipeId(request.params);
    const input = parseInput(commentInput, request.body, VALIDATION_DETAIL);
    return reply.status(201).send(await addComment(deps, request.viewer, id, input));
  });
  app.delete<{ Params: { id: string; commentId: string } }>(
    '/api/recipes/lists/:id/comments/:commentId/',
    async (request, reply) => {
      const id = recipeId(request.params);
      const commentId = parseIdText(request.params.commentId, 'commentId', 'Comment id');
      await deleteComment(deps, request.viewer, id, commentId);
      return reply.status(204).send();
    },
  );
}
