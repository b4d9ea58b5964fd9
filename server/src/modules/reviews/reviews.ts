import { memberAccess, PUBLIC_ACCESS } from '../../auth/access.js';
import { defineUseCase, fromBody, fromQuery } from '../../auth/use-case.js';
import { LockMode, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import {
  recipeFilterInput,
  reviewInput,
  reviewUpdateInput,
} from '@recipehub/openapi/schemas/engagement';
import { idSchema } from '@recipehub/openapi/schemas/fields';
import { z } from 'zod';
import { parseInput } from '../../errors/field-errors.js';
import { AppError } from '../../errors/app-error.js';
import { type Viewer } from '../../auth/viewer.js';
import { canManage, type AuthorData } from '../recipes/data/recipe-read.js';
import { refreshRecipeCounters } from '../recipes/data/recipe.repository.js';
import { Recipe } from '../recipes/data/recipe.entity.js';
import { requireReadableRecipe } from '../recipes/data/recipe-lookups.js';
import { publicRow } from '../recipes/data/visibility.js';
import { blockedViewOf, refuseBlockedWriter } from '../recipes/data/member-blocks.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { notFound, parseIdText, toInt, toIso, VALIDATION_DETAIL } from '../shared/sql.js';
import { selectRows } from '../../db/select-rows.js';
import { retryOnConflict } from '../shared/retry.js';
import { User } from '../users/user.entity.js';
import { Review } from './review.entity.js';

export const REVIEW_NOT_FOUND = 'No review found.';
export const ALREADY_REVIEWED = 'You have already reviewed this recipe.';
export const REVIEW_UPDATE_FORBIDDEN = 'You do not have permission to update this review.';
export const REVIEW_DELETE_FORBIDDEN = 'You do not have permission to delete this review.';
export const UNKNOWN_RECIPE = 'No recipe found.';

export interface ReviewData {
  id: number;
  recipe: number;
  body: string | null;
  rating: number;
  reviewer: AuthorData;
  created: string;
}

function reviewer(
  viewer: Viewer | null,
  user: { id: number; firstName: string; lastName: string; handle: string; email: string },
) {
  const data: AuthorData = {
    firstName: user.firstName,
    lastName: user.lastName,
    handle: user.handle,
  };
  // Emails only for the reviewer themself and Admins.
  if (canManage(viewer, user.id)) data.email = user.email;
  return data;
}

function toData(review: Review, user: User, viewer: Viewer | null): ReviewData {
  return {
    id: review.id,
    recipe: review.recipe.id,
    body: review.body ?? null,
    rating: review.rating,
    reviewer: reviewer(viewer, user),
    created: review.createdAt.toISOString(),
  };
}

/** A recipe's reviews, newest first, with the reviewers' names. */
export const listReviews = defineUseCase({
  access: PUBLIC_ACCESS,
  input: recipeFilterInput,
  rest: {
    method: 'GET',
    path: '/api/recipes/reviews/',
    read: fromQuery(recipeFilterInput, 'The request is not valid.'),
  },
  trpc: { kind: 'query' },
  handle: (deps, viewer, input) => readReviews(deps, viewer, input.recipe),
});

async function readReviews(
  deps: ServiceDeps,
  viewer: Viewer | null,
  recipeId: number,
): Promise<ReviewData[]> {
  const em = deps.orm.em.fork();
  await requireReadableRecipe(em, recipeId, viewer);
  const rows = await selectRows<{
    id: number;
    body: string | null;
    rating: number;
    created_at: unknown;
    user_id: number;
    first_name: string;
    last_name: string;
    handle: string;
    email: string;
  }>(
    em,
    'select r.`id`, r.`body`, r.`rating`, r.`created_at`, r.`user_id`, u.`first_name`, u.`last_name`, u.`handle`, u.`email` ' +
      'from `review` r join `user` u on u.`id` = r.`user_id` ' +
      `where r.\`recipe_id\` = ? and ${publicRow('r')} ` +
      'order by r.`created_at` desc, r.`id` desc',
    [recipeId],
  );
  const blocks = await blockedViewOf(em, viewer);
  return rows
    .filter((row) => !blocks.hides(toInt(row.user_id)))
    .map((row) => ({
      id: toInt(row.id),
      recipe: recipeId,
      body: row.body,
      rating: toInt(row.rating),
      reviewer: reviewer(viewer, {
        id: toInt(row.user_id),
        firstName: row.first_name,
        lastName: row.last_name,
        handle: row.handle,
        email: row.email,
      }),
      created: toIso(row.created_at),
    }));
}

const alreadyReviewed = () =>
  new AppError('VALIDATION_FAILED', ALREADY_REVIEWED, { recipe: [ALREADY_REVIEWED] });

/** Reviews a recipe: one review per user per recipe (the database enforces it too). */
export const createReview = defineUseCase({
  access: memberAccess(),
  input: reviewInput,
  rest: {
    method: 'POST',
    path: '/api/recipes/reviews/',
    status: 201,
    read: fromBody(reviewInput, VALIDATION_DETAIL),
  },
  trpc: { kind: 'mutation', validationMessage: VALIDATION_DETAIL },
  async handle(deps, known, input): Promise<ReviewData> {
    try {
      // A retried attempt after a lost race finds the other review and answers 400.
      return await retryOnConflict(() =>
        deps.orm.em.fork().transactional(async (tx) => {
          const recipe = await tx.findOne(Recipe, input.recipe, {
            lockMode: LockMode.PESSIMISTIC_WRITE,
          });
          if (!recipe) {
            throw new AppError('VALIDATION_FAILED', VALIDATION_DETAIL, {
              recipe: [UNKNOWN_RECIPE],
            });
          }
          await refuseBlockedWriter(tx, input.recipe, known.userId);
          if ((await tx.count(Review, { user: known.userId, recipe: input.recipe })) > 0) {
            throw alreadyReviewed();
          }
          const user = await tx.findOneOrFail(User, known.userId);
          const review = tx.create(Review, {
            user,
            recipe,
            body: input.body,
            rating: input.rating,
          });
          await tx.flush();
          await refreshRecipeCounters(tx, [input.recipe]);
          return toData(review, user, known);
        }),
      );
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw alreadyReviewed();
      throw error;
    }
  },
});

async function loadOwnReview(tx: EntityManager, viewer: Viewer, id: number, forbidden: string) {
  const review = await tx.findOne(Review, id, { populate: ['user'] });
  if (!review) throw notFound(REVIEW_NOT_FOUND);
  // Lock the recipe so concurrent review writes recompute its counters one after the other.
  await tx.findOne(Recipe, review.recipe.id, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (viewer.role !== 'Admin' && review.user.id !== viewer.userId) {
    throw new AppError('FORBIDDEN', forbidden);
  }
  return review;
}

const reviewId = (value: string | undefined) => parseIdText(value, 'id', 'Review id');

/** Changes a review's rating or text (the reviewer or an Admin). */
export const updateReview = defineUseCase({
  access: memberAccess(),
  input: z.object({ id: idSchema('Review id'), review: reviewUpdateInput }),
  rest: {
    method: 'PUT',
    path: '/api/recipes/reviews/:id/',
    read: (request) => ({
      id: reviewId(request.params.id),
      review: parseInput(reviewUpdateInput, request.body, VALIDATION_DETAIL),
    }),
  },
  trpc: { kind: 'mutation', validationMessage: VALIDATION_DETAIL },
  handle: (deps, known, { id, review: input }): Promise<ReviewData> =>
    deps.orm.em.fork().transactional(async (tx) => {
      const review = await loadOwnReview(tx, known, id, REVIEW_UPDATE_FORBIDDEN);
      if (input.rating !== undefined) review.rating = input.rating;
      if (input.body !== undefined) review.body = input.body ? input.body : null;
      await tx.flush();
      await refreshRecipeCounters(tx, [review.recipe.id]);
      return toData(review, review.user.getEntity(), known);
    }),
});

/** Deletes a review (the reviewer or an Admin); REST answers 204, tRPC null. */
export const deleteReview = defineUseCase({
  access: memberAccess(['input', 'login']),
  input: z.object({ id: idSchema('Id') }),
  rest: {
    method: 'DELETE',
    path: '/api/recipes/reviews/:id/',
    status: 204,
    read: (request) => ({ id: reviewId(request.params.id) }),
  },
  trpc: { kind: 'mutation' },
  async handle(deps, known, { id }) {
    await deps.orm.em.fork().transactional(async (tx) => {
      const review = await loadOwnReview(tx, known, id, REVIEW_DELETE_FORBIDDEN);
      const recipeId = review.recipe.id;
      tx.remove(review);
      await tx.flush();
      await refreshRecipeCounters(tx, [recipeId]);
    });
    return null;
  },
});

/** The review calls, as tRPC names them (`reviews.list`, ...); REST takes each one's path. */
export const REVIEW_USE_CASES = {
  list: listReviews,
  create: createReview,
  update: updateReview,
  delete: deleteReview,
};
