import type { EntityManager } from '@mikro-orm/core';
import { toInt } from '../../shared/sql.js';
import { selectRows } from '../../../db/select-rows.js';
import type { Database } from '../../../db/database.js';
import { Recipe } from './recipe.entity.js';
import { hiddenColumns, type HiddenState } from './visibility.js';

/**
 * The moderation's statements on the `recipe` table (every statement on it lives in this folder):
 * its hidden state read for update, set, and the row deleted. The photo's files, if any, are left
 * to the photo sweep, which removes files no recipe names.
 */

export interface ModeratedRow extends HiddenState {
  ownerId: number | null;
  /** The recipe whose counters the item moves (a recipe's own id). */
  recipeId: number;
}

export async function lockRecipeForModeration(
  database: Database,
  tx: EntityManager,
  id: number,
): Promise<ModeratedRow | null> {
  const [row] = await selectRows<HiddenState & { author_id: unknown }>(
    tx,
    `select r.\`author_id\`, ${hiddenColumns('r')} from \`recipe\` r where r.\`id\` = ?${database.forUpdate}`,
    [id],
  );
  if (!row) return null;
  return {
    ownerId: row.author_id === null ? null : toInt(row.author_id),
    recipeId: id,
    hidden_at: row.hidden_at,
    hidden_reason: row.hidden_reason,
  };
}

/** Hides the recipe with `reason`, or shows it again (null). */
export async function setRecipeHidden(
  tx: EntityManager,
  id: number,
  hidden: { at: Date; reason: string } | null,
): Promise<void> {
  await tx.nativeUpdate(
    Recipe,
    { id },
    { hiddenAt: hidden?.at ?? null, hiddenReason: hidden?.reason ?? null },
  );
}

export async function deleteRecipeRow(tx: EntityManager, id: number): Promise<void> {
  await tx.nativeDelete(Recipe, { id });
}
