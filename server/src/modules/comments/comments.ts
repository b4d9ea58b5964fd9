import { memberAccess, requireAccess } from '../shared/access.js';
import type { CommentInput } from '@recipehub/openapi/schemas/engagement';
import { AppError } from '../../errors/app-error.js';
import { type Viewer } from '../accounts/viewer.js';
import type { CommentData } from '../recipes/data/recipe-read.js';
import { refreshRecipeCounters } from '../recipes/data/recipe.repository.js';
import { requireRecipe } from '../recipes/data/recipe-lookups.js';
import type { ServiceDeps } from '../service-deps.js';
import { notFound } from '../shared/sql.js';
import { User } from '../users/user.entity.js';
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
    const recipe = await requireRecipe(tx, recipeId, { lock: true });
    const user = await tx.findOneOrFail(User, known.userId);
    const comment = tx.create(Comment, { user, recipe, content: input.content });
    await tx.flush();
    await refreshRecipeCounters(tx, [recipeId]);
    return {
      id: comment.id,
      content: comment.content,
      user: { firstName: user.firstName, lastName: user.lastName },
      created: comment.createdAt.toISOString(),
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
    await requireRecipe(tx, recipeId, { lock: true });
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
