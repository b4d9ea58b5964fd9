import { publicRow } from './visibility.js';
import { REACTION_TYPES, type ReactionType } from '@recipehub/openapi/enums';
import type { Database } from '../../../db/database.js';
import type { EntityManager } from '@mikro-orm/core';
import type { Viewer } from '../../../auth/viewer.js';
import { placeholders, toInt } from '../../shared/sql.js';

/**
 * A recipe's decorations read with one batched statement per kind, for all the given recipes at
 * once: what MySQL 8 uses for all of them, MariaDB for comments (recipe-decorations.ts says
 * why), and any database for a JSON column that came short.
 */

export interface CategoryRef {
  id: number;
  name: string;
}
export interface CommentRow {
  id: number;
  user_id: number;
  content: string;
  created_at: unknown;
  first_name: string;
  last_name: string;
  handle: string;
}
export interface ReactionCountsData {
  LIKE: number;
  LOVE: number;
  WOW: number;
  SAD: number;
  total: number;
}
export interface ViewerMarks {
  mine: ReactionType | null;
  saved: boolean;
}

export const emptyCounts = (): ReactionCountsData => ({
  LIKE: 0,
  LOVE: 0,
  WOW: 0,
  SAD: 0,
  total: 0,
});

/** `value` if it is one of the reaction types, else null. */
export const reactionType = (value: unknown): ReactionType | null =>
  REACTION_TYPES.find((type) => type === value) ?? null;

/** Each recipe's categories, by name then id. */
export async function categoriesOf(
  database: Database,
  em: EntityManager,
  ids: readonly number[],
): Promise<Map<number, CategoryRef[]>> {
  const found = new Map<number, CategoryRef[]>(ids.map((id) => [id, []]));
  const rows = await database.hotRows<{ recipe_id: number; id: number; name: string }>(
    em,
    'select rc.`recipe_id`, c.`id`, c.`name` from `recipe_category` rc ' +
      'join `category` c on c.`id` = rc.`category_id` ' +
      `where rc.\`recipe_id\` in (${placeholders(ids)}) order by c.\`name\`, c.\`id\``,
    ids,
  );
  for (const row of rows) {
    found.get(toInt(row.recipe_id))?.push({ id: toInt(row.id), name: row.name });
  }
  return found;
}

/** Per-type reaction counts of the given recipes, in one grouped query. */
export async function reactionCounts(
  database: Database,
  em: EntityManager,
  ids: readonly number[],
): Promise<Map<number, ReactionCountsData>> {
  const counts = new Map<number, ReactionCountsData>(ids.map((id) => [id, emptyCounts()]));
  if (ids.length === 0) return counts;
  const rows = await database.hotRows<{ recipe_id: number; type: ReactionType; n: number }>(
    em,
    'select `recipe_id`, `type`, count(*) as `n` from `reaction` ' +
      `where \`recipe_id\` in (${placeholders(ids)}) group by \`recipe_id\`, \`type\``,
    ids,
  );
  for (const row of rows) {
    const entry = counts.get(toInt(row.recipe_id));
    if (!entry || !REACTION_TYPES.includes(row.type)) continue;
    entry[row.type] = toInt(row.n);
    entry.total += toInt(row.n);
  }
  return counts;
}

/** Each recipe's comments with their authors' names, oldest first (ties by id). */
export async function commentsOf(
  database: Database,
  em: EntityManager,
  ids: readonly number[],
): Promise<Map<number, CommentRow[]>> {
  const found = new Map<number, CommentRow[]>(ids.map((id) => [id, []]));
  const rows = await database.hotRows<CommentRow & { recipe_id: number }>(
    em,
    'select c.`id`, c.`recipe_id`, c.`user_id`, c.`content`, c.`created_at`, u.`first_name`, u.`last_name`, u.`handle` ' +
      'from `comment` c join `user` u on u.`id` = c.`user_id` ' +
      `where c.\`recipe_id\` in (${placeholders(ids)}) and ${publicRow('c')} order by c.\`created_at\`, c.\`id\``,
    ids,
  );
  for (const row of rows) {
    found.get(toInt(row.recipe_id))?.push({
      id: toInt(row.id),
      user_id: toInt(row.user_id),
      content: row.content,
      created_at: row.created_at,
      first_name: row.first_name,
      last_name: row.last_name,
      handle: row.handle,
    });
  }
  return found;
}

/** The viewer's reaction to and save of each recipe, in one statement. */
export async function viewerMarksOf(
  database: Database,
  em: EntityManager,
  ids: readonly number[],
  viewer: Viewer,
): Promise<Map<number, ViewerMarks>> {
  const found = new Map<number, ViewerMarks>(ids.map((id) => [id, { mine: null, saved: false }]));
  const rows = await database.hotRows<{
    id: number;
    viewer_reaction: unknown;
    viewer_saved: unknown;
  }>(
    em,
    `select r.\`id\`, ${VIEWER_MARK_COLUMNS} from \`recipe\` r where r.\`id\` in (${placeholders(ids)})`,
    [viewer.userId, viewer.userId, ...ids],
  );
  for (const row of rows) found.set(toInt(row.id), viewerMarks(row));
  return found;
}

/**
 * The viewer's reaction and save of recipe `r`, each a point lookup on the (user, recipe) unique
 * index; two parameters, the viewer's id twice.
 */
export const VIEWER_MARK_COLUMNS =
  '(select v.`type` from `reaction` v where v.`user_id` = ? and v.`recipe_id` = r.`id`) as `viewer_reaction`, ' +
  '(select 1 from `save` s where s.`user_id` = ? and s.`recipe_id` = r.`id`) as `viewer_saved`';

export const viewerMarks = (row: { viewer_reaction?: unknown; viewer_saved?: unknown }) => ({
  mine: reactionType(row.viewer_reaction),
  saved: row.viewer_saved !== null && row.viewer_saved !== undefined,
});
