import { memberAccess, requireAccess } from '../../auth/access.js';
import type { CommentInput } from '@recipehub/openapi/schemas/engagement';
import { AppError, UNAUTHENTICATED_DETAIL } from '../../errors/app-error.js';
import { type Viewer } from '../../auth/viewer.js';
import type { CommentData } from '../recipes/data/recipe-read.js';
import { refreshRecipeCounters } from '../recipes/data/recipe.repository.js';
import { lockRecipe } from '../recipes/data/recipe-lookups.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { notFound, toInt } from '../shared/sql.js';
import { selectRows } from '../../db/select-rows.js';
import { Comment } from './comment.entity.js';

export const COMMENT_NOT_FOUND = 'No comment found.';
export const COMMENT_DELETE_FORBIDDEN = 'You do not have permission to delete this comment.';

export const ADD_COMMENT_ACCESS = memberAccess();

/** Comments on a recipe (any logged-in role); blank content is refused and stores nothing. */
export async function addComment(
  deps: ServiceDeps,
  viewer: Viewer | null,
  recipeId: number,
  input: CommentInput,
): Promise<CommentData> {
  const known = requireAccess(ADD_COMMENT_ACCESS, viewer);
  return deps.orm.em.fork().transactional(async (tx) => {
    await lockRecipe(tx, recipeId);
    // Native statements, no entities (see lockRecipe).
    const [author] = await selectRows<{ first_name: string; last_name: string }>(
      tx,
      'select `first_name`, `last_name` from `user` where `id` = ?',
      [known.userId],
    );
    // The account went away after this request was authenticated.
    if (!author) throw new AppError('UNAUTHENTICATED', UNAUTHENTICATED_DETAIL);
    const createdAt = new Date();
    const id = await tx.insert(Comment, {
      user: known.userId,
      recipe: recipeId,
      content: input.content,
      createdAt,
    });
    await refreshRecipeCounters(tx, [recipeId]);
    return {
      id: toInt(id),
      content: input.content,
      user: { firstName: author.first_name, lastName: author.last_name },
      created: createdAt.toISOString(),
      can_delete: true,
    };
  });
}

export const DELETE_COMMENT_ACCESS = memberAccess(['input', 'login']);

/** Deletes a comment on that recipe (its author or an Admin). */
export async function deleteComment(
  deps: ServiceDeps,
  viewer: Viewer | null,
  recipeId: number,
  commentId: number,
): Promise<void> {
  const known = requireAccess(DELETE_COMMENT_ACCESS, viewer);
  await deps.orm.em.fork().transactional(async (tx) => {
    await lockRecipe(tx, recipeId);
    const comment = await tx.findOne(Comment, { id: commentId, recipe: recipeId });
    if (!comment) throw notFound(COMMENT_NOT_FOUND);
    if (known.role !== 'Admin' && comment.user.id !== known.userId) {
      throw new AppError('FORBIDDEN', COMMENT_DELETE_FORBIDDEN);
    }
    tx.remove(comment);
    await tx.flush();
    await refreshRecipeCounters(tx, [recipeId]);
  });
}
