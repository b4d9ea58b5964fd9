import { LockMode, type EntityManager } from '@mikro-orm/core';
import type { Database } from '../../../db/database.js';
import { notFound, toInt } from '../../shared/sql.js';
import { selectRows } from '../../../db/select-rows.js';
import { RECIPE_NOT_FOUND } from './recipe-messages.js';
import { Recipe } from './recipe.entity.js';
import type { Viewer } from '../../../auth/viewer.js';
import { hiddenColumns, mayRead, type HiddenState } from './visibility.js';

/**
 * The recipe, or 404 (shared by the toggles, comments and reviews). Inside a write transaction
 * pass `lock`: the recipe row is locked first (SELECT ... FOR UPDATE on MySQL; SQLite has one
 * writer anyway), so writes on one recipe run one after the other and each recomputes its
 * counters from rows the previous one committed, never from an older snapshot.
 */
export async function requireRecipe(
  em: EntityManager,
  id: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<Recipe> {
  const recipe = await em.findOne(Recipe, id, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!recipe) throw notFound(RECIPE_NOT_FOUND);
  return recipe;
}

/**
 * That recipe exists and `viewer` may read it (visibility.ts), or 404: a hidden recipe's reviews
 * are as invisible as the recipe.
 */
export async function requireReadableRecipe(
  em: EntityManager,
  id: number,
  viewer: Viewer | null,
): Promise<void> {
  const [row] = await selectRows<HiddenState & { author_id: unknown }>(
    em,
    `select \`author_id\`, ${hiddenColumns('r')} from \`recipe\` r where r.\`id\` = ?`,
    [id],
  );
  const ownerId = row?.author_id === null || row === undefined ? null : toInt(row.author_id);
  if (!row || !mayRead(viewer, row, ownerId)) throw notFound(RECIPE_NOT_FOUND);
}

/**
 * requireRecipe with `lock` for the hot writes (save, reaction, comment), which need the lock and
 * the 404 but not the recipe: one indexed statement instead of an entity loaded with its texts
 * (and, for the save toggle, loaded again after the write). On SQLite a write transaction holds
 * the server's one connection until it commits, so every statement it saves shortens the wait of
 * every read behind it (bench data, 50 connections of save toggles, caches off, load 6-8: 51-76
 * saves/s at 4.8-8.2 ms of server CPU each with entities; 402-662 saves/s at 1.4-2.4 ms with
 * these statements, load 1.3).
 */
export async function lockRecipe(database: Database, tx: EntityManager, id: number): Promise<void> {
  const rows = await selectRows<{ id: unknown }>(
    tx,
    `select \`id\` from \`recipe\` where \`id\` = ?${database.forUpdate}`,
    [id],
  );
  if (rows.length === 0) throw notFound(RECIPE_NOT_FOUND);
}

/** One of the recipe's counters as the transaction sees it (after refreshRecipeCounters). */
export async function recipeCounter(
  tx: EntityManager,
  id: number,
  counter: 'save_count' | 'reaction_count' | 'comment_count',
): Promise<number> {
  const [row] = await selectRows<Record<string, unknown>>(
    tx,
    `select \`${counter}\` as \`n\` from \`recipe\` where \`id\` = ?`,
    [id],
  );
  return toInt(row?.n);
}

/**
 * Whether recipe `id` exists, who wrote it and whether it is hidden (null: a deleted account's recipe), without loading
 * its texts: reports check the item and its owner (modules/reports).
 */
export async function recipeAuthor(
  em: EntityManager,
  id: number,
): Promise<({ authorId: number | null } & HiddenState) | null> {
  const [row] = await selectRows<{ author_id: unknown } & HiddenState>(
    em,
    `select r.\`author_id\`, ${hiddenColumns('r')} from \`recipe\` r where r.\`id\` = ?`,
    [id],
  );
  if (!row) return null;
  return {
    authorId: row.author_id === null ? null : toInt(row.author_id),
    hidden_at: row.hidden_at,
    hidden_reason: row.hidden_reason,
  };
}
