import { memberAccess } from '../../auth/access.js';
import { defineUseCase } from '../../auth/use-case.js';
import { commentInput } from '@recipehub/openapi/schemas/engagement';
import { idSchema } from '@recipehub/openapi/schemas/fields';
import { z } from 'zod';
import { AppError, UNAUTHENTICATED_DETAIL } from '../../errors/app-error.js';
import { parseInput } from '../../errors/field-errors.js';
import type { CommentData } from '../recipes/data/recipe-read.js';
import { refreshRecipeCounters } from '../recipes/data/recipe.repository.js';
import { lockRecipe } from '../recipes/data/recipe-lookups.js';
import { refuseBlockedWriter } from '../recipes/data/member-blocks.js';
import { notFound, parseIdText, toInt, VALIDATION_DETAIL } from '../shared/sql.js';
import { selectRows } from '../../db/select-rows.js';
import { retryOnConflict } from '../shared/retry.js';
import { Comment } from './comment.entity.js';

export const COMMENT_NOT_FOUND = 'No comment found.';
export const COMMENT_DELETE_FORBIDDEN = 'You do not have permission to delete this comment.';

// Comments sit under their recipe's path on REST; tRPC names the recipe in the input.
const recipeId = (value: string | undefined) => parseIdText(value, 'id', 'Recipe id');

/** Comments on a recipe (any logged-in role); blank content is refused and stores nothing. */
export const addComment = defineUseCase({
  access: memberAccess(),
  input: z.object({ recipe: idSchema('Recipe id'), content: commentInput.shape.content }),
  rest: {
    method: 'POST',
    path: '/api/recipes/lists/:id/comments/',
    status: 201,
    read: (request) => ({
      recipe: recipeId(request.params.id),
      ...parseInput(commentInput, request.body, VALIDATION_DETAIL),
    }),
  },
  trpc: { kind: 'mutation', validationMessage: VALIDATION_DETAIL },
  // Retried when MySQL picks it as a deadlock victim (the counter refresh's reads of `comment`
  // meet another request's insert), as the other engagement writes are (shared/retry.ts).
  handle: (deps, known, { recipe: recipeId, content }): Promise<CommentData> =>
    retryOnConflict(() =>
      deps.orm.em.fork().transactional(async (tx) => {
        await lockRecipe(deps.database, tx, recipeId);
        await refuseBlockedWriter(tx, recipeId, known.userId);
        // Native statements, no entities (see lockRecipe).
        const [author] = await selectRows<{
          first_name: string;
          last_name: string;
          handle: string;
        }>(tx, 'select `first_name`, `last_name`, `handle` from `user` where `id` = ?', [
          known.userId,
        ]);
        // The account went away after this request was authenticated.
        if (!author) throw new AppError('UNAUTHENTICATED', UNAUTHENTICATED_DETAIL);
        const createdAt = new Date();
        const id = await tx.insert(Comment, {
          user: known.userId,
          recipe: recipeId,
          content,
          createdAt,
        });
        await refreshRecipeCounters(tx, [recipeId]);
        return {
          id: toInt(id),
          content,
          user: {
            firstName: author.first_name,
            lastName: author.last_name,
            handle: author.handle,
          },
          created: createdAt.toISOString(),
          can_delete: true,
        };
      }),
    ),
});

/** Deletes a comment on that recipe (its author or an Admin); REST answers 204, tRPC null. */
export const deleteComment = defineUseCase({
  access: memberAccess(['input', 'login']),
  input: z.object({ recipe: idSchema('Recipe id'), id: idSchema('Comment id') }),
  rest: {
    method: 'DELETE',
    path: '/api/recipes/lists/:id/comments/:commentId/',
    status: 204,
    read: (request) => ({
      recipe: recipeId(request.params.id),
      id: parseIdText(request.params.commentId, 'commentId', 'Comment id'),
    }),
  },
  trpc: { kind: 'mutation' },
  async handle(deps, known, { recipe: recipeId, id: commentId }) {
    await deps.orm.em.fork().transactional(async (tx) => {
      await lockRecipe(deps.database, tx, recipeId);
      const comment = await tx.findOne(Comment, { id: commentId, recipe: recipeId });
      if (!comment) throw notFound(COMMENT_NOT_FOUND);
      if (known.role !== 'Admin' && comment.user.id !== known.userId) {
        throw new AppError('FORBIDDEN', COMMENT_DELETE_FORBIDDEN);
      }
      tx.remove(comment);
      await tx.flush();
      await refreshRecipeCounters(tx, [recipeId]);
    });
    return null;
  },
});

/** The comment calls, as tRPC names them (`comments.create`, ...); REST takes each one's path. */
export const COMMENT_USE_CASES = { create: addComment, delete: deleteComment };
