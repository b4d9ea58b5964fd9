import { memberAccess, PUBLIC_ACCESS } from '../../auth/access.js';
import { defineUseCase, fromQuery } from '../../auth/use-case.js';
import { type ReactionType } from '@recipehub/openapi/enums';
import { reactionInput, recipeFilterInput } from '@recipehub/openapi/schemas/engagement';
import { idSchema } from '@recipehub/openapi/schemas/fields';
import { z } from 'zod';
import { parseInput } from '../../errors/field-errors.js';
import { type Viewer } from '../../auth/viewer.js';
import {
  reactionCounts,
  type ReactionCountsData,
} from '../recipes/data/recipe-decoration-statements.js';
import type { PersonData } from '../recipes/data/recipe-read.js';
import { refreshRecipeCounters } from '../recipes/data/recipe.repository.js';
import { lockRecipe, requireRecipe } from '../recipes/data/recipe-lookups.js';
import { refuseBlockedWriter } from '../recipes/data/member-blocks.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { retryOnConflict } from '../shared/retry.js';
import { parseIdText, toIso, VALIDATION_DETAIL } from '../shared/sql.js';
import { selectRows } from '../../db/select-rows.js';
import { Reaction } from './reaction.entity.js';

export interface ReactionToggleData {
  status: string;
  reaction_counts: ReactionCountsData;
  user_reaction: ReactionType | null;
}

/** No reaction yet adds one, another type replaces it, the same type removes it (`recipes.react`). */
export const toggleReaction = defineUseCase({
  access: memberAccess(),
  input: z.object({ id: idSchema('Id') }).extend(reactionInput.shape),
  rest: {
    method: 'POST',
    path: '/api/recipes/lists/:id/like/',
    read: (request) => ({
      id: parseIdText(request.params.id, 'id', 'Recipe id'),
      ...parseInput(reactionInput, request.body, VALIDATION_DETAIL),
    }),
  },
  trpc: { kind: 'mutation', validationMessage: VALIDATION_DETAIL },
  handle: (deps, known, input) => react(deps, known, input.id, input.reaction_type),
});

async function react(
  deps: ServiceDeps,
  known: Viewer,
  recipeId: number,
  type: ReactionType,
): Promise<ReactionToggleData> {
  return retryOnConflict(() =>
    deps.orm.em.fork().transactional(async (tx) => {
      await lockRecipe(deps.database, tx, recipeId);
      await refuseBlockedWriter(tx, recipeId, known.userId);
      // Native statements, no entities (see lockRecipe).
      const mineNow = { user: known.userId, recipe: recipeId };
      const [existing] = await selectRows<{ type: ReactionType }>(
        tx,
        'select `type` from `reaction` where `user_id` = ? and `recipe_id` = ?',
        [known.userId, recipeId],
      );
      let status: string;
      let mine: ReactionType | null;
      if (!existing) {
        await tx.insert(Reaction, { ...mineNow, type, createdAt: new Date() });
        status = `reaction added: ${type}`;
        mine = type;
      } else if (existing.type === type) {
        await tx.nativeDelete(Reaction, mineNow);
        status = 'reaction removed';
        mine = null;
      } else {
        await tx.nativeUpdate(Reaction, mineNow, { type });
        status = `reaction updated to ${type}`;
        mine = type;
      }
      await refreshRecipeCounters(tx, [recipeId]);
      const counts = await reactionCounts(deps.database, tx, [recipeId]);
      return { status, reaction_counts: counts.get(recipeId)!, user_reaction: mine };
    }),
  );
}

export interface ReactionData {
  user: PersonData;
  reaction_type: ReactionType;
  created_on: string;
}

/** Who reacted how to a recipe, newest first (`recipes.reactions`). */
export const listReactions = defineUseCase({
  access: PUBLIC_ACCESS,
  input: recipeFilterInput,
  rest: {
    method: 'GET',
    path: '/api/recipes/reactions/',
    read: fromQuery(recipeFilterInput, 'The request is not valid.'),
  },
  trpc: { kind: 'query' },
  handle: (deps, _viewer, input) => readReactions(deps, input.recipe),
});

async function readReactions(deps: ServiceDeps, recipeId: number): Promise<ReactionData[]> {
  const em = deps.orm.em.fork();
  await requireRecipe(em, recipeId);
  const rows = await selectRows<{
    type: ReactionType;
    created_at: unknown;
    first_name: string;
    last_name: string;
    handle: string;
  }>(
    em,
    'select r.`type`, r.`created_at`, u.`first_name`, u.`last_name`, u.`handle` from `reaction` r ' +
      'join `user` u on u.`id` = r.`user_id` where r.`recipe_id` = ? ' +
      'order by r.`created_at` desc, r.`id` desc',
    [recipeId],
  );
  return rows.map((row) => ({
    user: { firstName: row.first_name, lastName: row.last_name, handle: row.handle },
    reaction_type: row.type,
    created_on: toIso(row.created_at),
  }));
}

/** The reaction calls, as tRPC names them under `recipes`; REST takes each one's path. */
export const REACTION_USE_CASES = { react: toggleReaction, reactions: listReactions };
