import type { EntityManager } from '@mikro-orm/core';
import type { ModeratedContentType } from '@recipehub/openapi/enums';
import type { Database } from '../../db/database.js';
import { selectRows } from '../../db/select-rows.js';
import { refreshRecipeCounters } from '../recipes/data/recipe.repository.js';
import {
  deleteRecipeRow,
  lockRecipeForModeration,
  setRecipeHidden,
  type ModeratedRow,
} from '../recipes/data/recipe-moderation.js';
import { hiddenColumns, type HiddenState } from '../recipes/data/visibility.js';
import { toInt } from '../shared/sql.js';
import { Comment } from '../comments/comment.entity.js';
import { Review } from '../reviews/review.entity.js';

/**
 * The items a content action applies to, each read (locked) with its hidden state, hidden or shown,
 * and deleted, behind one interface so the actions and the automatic hiding are written once.
 * Comments and reviews move their recipe's counters (which count the visible ones only).
 */

export async function lockModerated(
  database: Database,
  tx: EntityManager,
  type: ModeratedContentType,
  id: number,
): Promise<ModeratedRow | null> {
  if (type === 'recipe') return lockRecipeForModeration(database, tx, id);
  const [row] = await selectRows<HiddenState & { user_id: unknown; recipe_id: unknown }>(
    tx,
    `select t.\`user_id\`, t.\`recipe_id\`, ${hiddenColumns('t')} from \`${type}\` t where t.\`id\` = ?${database.forUpdate}`,
    [id],
  );
  if (!row) return null;
  return {
    ownerId: toInt(row.user_id),
    recipeId: toInt(row.recipe_id),
    hidden_at: row.hidden_at,
    hidden_reason: row.hidden_reason,
  };
}

export async function setModeratedHidden(
  tx: EntityManager,
  type: ModeratedContentType,
  item: { id: number; recipeId: number },
  hidden: { at: Date; reason: string } | null,
): Promise<void> {
  if (type === 'recipe') return setRecipeHidden(tx, item.id, hidden);
  const state = { hiddenAt: hidden?.at ?? null, hiddenReason: hidden?.reason ?? null };
  if (type === 'comment') await tx.nativeUpdate(Comment, { id: item.id }, state);
  else await tx.nativeUpdate(Review, { id: item.id }, state);
  await refreshRecipeCounters(tx, [item.recipeId]);
}

export async function deleteModerated(
  tx: EntityManager,
  type: ModeratedContentType,
  item: { id: number; recipeId: number },
): Promise<void> {
  if (type === 'recipe') return deleteRecipeRow(tx, item.id);
  if (type === 'comment') await tx.nativeDelete(Comment, { id: item.id });
  else await tx.nativeDelete(Review, { id: item.id });
  await refreshRecipeCounters(tx, [item.recipeId]);
}
