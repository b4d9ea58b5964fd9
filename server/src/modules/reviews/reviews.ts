import { memberAccess, PUBLIC_ACCESS, requireAccess } from '../../auth/access.js';
import { LockMode, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { ReviewInput, ReviewUpdateInput } from '@recipehub/openapi/schemas/engagement';
import { AppError } from '../../errors/app-error.js';
import { type Viewer } from '../../auth/viewer.js';
import { canManage, type AuthorData } from '../recipes/data/recipe-read.js';
import { refreshRecipeCounters } from '../recipes/data/recipe.repository.js';
import { Recipe } from '../recipes/data/recipe.entity.js';
import { requireRecipe } from '../recipes/data/recipe-lookups.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { notFound, toInt, toIso, VALIDATION_DETAIL } from '../shared/sql.js';
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
  user: { id: number; firstName: string; lastName: string; email: string },
) {
  const data: AuthorData = { firstName: user.firstName, lastName: user.lastName };
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

export const LIST_REVIEWS_ACCESS = PUBLIC_ACCESS;

/** A recipe's reviews, newest first, with the reviewers' names. */
export async function listReviews(
  deps: ServiceDeps,
  viewer: Viewer | null,
  recipeId: number,
): Promise<ReviewData[]> {
  const em = deps.orm.em.fork();
  await requireRecipe(em, recipeId);
  const rows = await selectRows<{
    id: number;
    body: string | null;
    rating: number;
    created_at: unknown;
    user_id: number;
    first_name: string;
    last_name: string;
    email: string;
  }>(
    em,
    'select r.`id`, r.`body`, r.`rating`, r.`created_at`, r.`user_id`, u.`first_name`, u.`last_name`, u.`email` ' +
      'from `review` r join `user` u on u.`id` = r.`user_id` where r.`recipe_id` = ? ' +
      'order by r.`created_at` desc, r.`id` desc',
    [recipeId],
  );
  return rows.map((row) => ({
    id: toInt(row.id),
    recipe: recipeId,
    body: row.body,
    rating: toInt(row.rating),
    reviewer: reviewer(viewer, {
      id: toInt(row.user_id),
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
    }),
    created: toIso(row.created_at),
  }));
}

const alreadyReviewed = () =>
  new AppError('VALIDATION_FAILED', ALREADY_REVIEWED, { recipe: [ALREADY_REVIEWED] });

export const CREATE_REVIEW_ACCESS = memberAccess();

/** Reviews a recipe: one review per user per recipe (the database enforces it too). */
export async function createReview(
  deps: ServiceDeps,
  viewer: Viewer | null,
  input: ReviewInput,
): Promise<ReviewData> {
  const known = requireAccess(CREATE_REVIEW_ACCESS, viewer);
  try {
    // A retried attempt after a lost race finds the other review and answers 400.
    return await retryOnConflict(() =>
      deps.orm.em.fork().transactional(async (tx) => {
        const recipe = await tx.findOne(Recipe, input.recipe, {
          lockMode: LockMode.PESSIMISTIC_WRITE,
        });
        if (!recipe) {
          throw new AppError('VALIDATION_FAILED', VALIDATION_DETAIL, { recipe: [UNKNOWN_RECIPE] });
        }
        if ((await tx.count(Review, { user: known.userId, recipe: input.recipe })) > 0) {
          throw alreadyReviewed();
        }
        const user = await tx.findOneOrFail(User, known.userId);
        const review = tx.create(Review, { user, recipe, body: input.body, rating: input.rating });
        await tx.flush();
        await refreshRecipeCounters(tx, [input.recipe]);
        return toData(review, user, known);
      }),
    );
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw alreadyReviewed();
    throw error;
  }
}

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

export const UPDATE_REVIEW_ACCESS = memberAccess();

/** Changes a review's rating or text (the reviewer or an Admin). */
export async function updateReview(
  deps: ServiceDeps,
  viewer: Viewer | null,
  id: number,
  input: ReviewUpdateInput,
): Promise<ReviewData> {
  const known = requireAccess(UPDATE_REVIEW_ACCESS, viewer);
  return deps.orm.em.fork().transactional(async (tx) => {
    const review = await loadOwnReview(tx, known, id, REVIEW_UPDATE_FORBIDDEN);
    if (input.rating !== undefined) review.rating = input.rating;
    if (input.body !== undefined) review.body = input.body ? input.body : null;
    await tx.flush();
    await refreshRecipeCounters(tx, [review.recipe.id]);
    return toData(review, review.user.getEntity(), known);
  });
}

export const DELETE_REVIEW_ACCESS = memberAccess(['input', 'login']);

/** Deletes a review (the reviewer or an Admin). */
export async function deleteReview(
  deps: ServiceDeps,
  viewer: Viewer | null,
  id: number,
): Promise<void> {
  const known = requireAccess(DELETE_REVIEW_ACCESS, viewer);
  await deps.orm.em.fork().transactional(async (tx) => {
    const review = await loadOwnReview(tx, known, id, REVIEW_DELETE_FORBIDDEN);
    const recipeId = review.recipe.id;
    tx.remove(review);
    await tx.flush();
    await refreshRecipeCounters(tx, [recipeId]);
  });
}
