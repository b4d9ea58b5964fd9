import type { ReactionType } from '@recipehub/openapi/enums';
import type { Database } from '../../../db/database.js';
import type { EntityManager } from '@mikro-orm/core';
import type { Viewer } from '../../../auth/viewer.js';
import { photoData, type RecipePhotoData } from './photo-paths.js';
import { placeholders, toInt, toIso } from '../../shared/sql.js';
import { emptyCounts, type ReactionCountsData } from './recipe-decoration-statements.js';
import { hiddenAnswer, hiddenColumns, mayRead, publicRow, type HiddenState } from './visibility.js';
import { decorationColumns, loadDecorations, type DecoratedRow } from './recipe-decorations.js';
import { blockedViewOf } from './member-blocks.js';

/**
 * The hot reads (list, trending, detail, by-user) as tuned SQL returning plain rows shaped straight
 * into the contract's Recipe: no entity hydration, and a fixed number of statements per page
 * whatever its size. A detail is one statement: the recipe row with its categories, reaction
 * counts, comments and the viewer's reaction and save as JSON columns (recipe-decorations.ts);
 * a list page's rows get theirs from one more statement for all the page's ids. Counters come
 * from the denormalised columns on `recipe`.
 */

export interface PersonData {
  firstName: string;
  lastName: string;
  handle: string;
}
/** An author; a deleted account's recipes keep "Anonymous", with no handle. */
export interface AuthorData extends Omit<PersonData, 'handle'> {
  handle: string | null;
  email?: string;
}
export interface CommentData {
  id: number;
  content: string;
  user: PersonData;
  created: string;
  can_delete: boolean;
}
export interface RecipeData {
  id: number;
  title: string;
  img: string | null;
  ingredients: string;
  instructions: string;
  category: number[];
  category_names: string[];
  user: AuthorData;
  created_on: string;
  reaction_counts: ReactionCountsData;
  comments: CommentData[];
  is_liked_by_user: boolean;
  is_saved_by_user: boolean;
  user_reaction: ReactionType | null;
  can_edit: boolean;
  average_rating: number | null;
  review_count: number;
  servings: number | null;
  source_url: string | null;
  photo: RecipePhotoData | null;
  /** Only on a hidden recipe, for its author and Admins (visibility.ts). */
  hidden?: { reason: string };
}

/** Columns of a recipe row (joined with its author's names), in every hot read. */
export const RECIPE_COLUMNS =
  'r.`id`, r.`title`, r.`img`, r.`ingredients`, r.`instructions`, r.`created_at`, ' +
  'r.`author_id`, r.`review_count`, r.`rating_sum`, r.`servings`, r.`source_url`, ' +
  'r.`photo_key`, r.`photo_width`, r.`photo_height`, r.`photo_placeholder`, ' +
  'u.`first_name` as `author_first_name`, u.`last_name` as `author_last_name`, ' +
  'u.`handle` as `author_handle`, u.`email` as `author_email`, ' +
  hiddenColumns('r');
export const RECIPE_FROM = '`recipe` r left join `user` u on u.`id` = r.`author_id`';

export interface RecipeRow extends DecoratedRow, HiddenState {
  id: number;
  title: string;
  img: string | null;
  ingredients: string;
  instructions: string;
  created_at: unknown;
  author_id: number | null;
  review_count: number;
  rating_sum: number;
  servings: number | null;
  source_url: string | null;
  photo_key: string | null;
  photo_width: number | null;
  photo_height: number | null;
  photo_placeholder: string | null;
  author_first_name: string | null;
  author_last_name: string | null;
  author_handle: string | null;
  author_email: string | null;
}

function rowPhoto(row: RecipeRow): RecipePhotoData | null {
  if (row.photo_key === null || row.photo_width === null || row.photo_height === null) return null;
  return photoData(
    row.photo_key,
    toInt(row.photo_width),
    toInt(row.photo_height),
    row.photo_placeholder ?? '',
  );
}

/** Shown for recipes whose author deleted their account. */
export const ANONYMOUS: AuthorData = { firstName: 'Anonymous', lastName: '', handle: null };

export const canManage = (viewer: Viewer | null, ownerId: number | null) =>
  viewer !== null && (viewer.role === 'Admin' || (ownerId !== null && viewer.userId === ownerId));

/**
 * Shapes recipe rows (already in the wanted order) into the contract's Recipe for `viewer`. Rows
 * read with `decorationColumns` carry their categories, counts and comments; for the others they
 * are read for the whole batch at once.
 */
export async function shapeRecipes(
  database: Database,
  em: EntityManager,
  rows: readonly RecipeRow[],
  viewer: Viewer | null,
): Promise<RecipeData[]> {
  // The visibility rule's last word on every recipe read: a row the viewer may not read never leaves.
  const readable = rows.filter((row) =>
    mayRead(viewer, row, row.author_id === null ? null : toInt(row.author_id)),
  );
  if (readable.length === 0) return [];
  const decorations = await loadDecorations(database, em, readable, viewer);
  const blocks = await blockedViewOf(em, viewer);
  const hiddenReviews = await blocks.hiddenReviews(readable.map((row) => toInt(row.id)));
  return readable.map((row) => {
    const id = toInt(row.id);
    const authorId = row.author_id === null ? null : toInt(row.author_id);
    const hidden = hiddenReviews.get(id) ?? { count: 0, sum: 0 };
    const reviewCount = toInt(row.review_count) - hidden.count;
    const ratingSum = toInt(row.rating_sum) - hidden.sum;
    const found = decorations.get(id);
    const mine = found?.marks.mine ?? null;
    const categories = found?.categories ?? [];
    let user: AuthorData = ANONYMOUS;
    if (authorId !== null) {
      user = {
        firstName: row.author_first_name ?? '',
        lastName: row.author_last_name ?? '',
        handle: row.author_handle ?? '',
      };
      // Author emails are never public: only the author themself and Admins see them.
      if (canManage(viewer, authorId) && row.author_email) user.email = row.author_email;
    }
    return {
      id,
      title: row.title,
      img: row.img,
      ingredients: row.ingredients,
      instructions: row.instructions,
      category: categories.map((c) => c.id),
      category_names: categories.map((c) => c.name),
      user,
      created_on: toIso(row.created_at),
      reaction_counts: found?.counts ?? emptyCounts(),
      comments: (found?.comments ?? [])
        .filter((comment) => !blocks.hides(comment.user_id))
        .map((comment) => ({
          id: comment.id,
          content: comment.content,
          user: {
            firstName: comment.first_name,
            lastName: comment.last_name,
            handle: comment.handle,
          },
          created: toIso(comment.created_at),
          can_delete: canManage(viewer, comment.user_id),
        })),
      is_liked_by_user: mine !== null,
      is_saved_by_user: found?.marks.saved ?? false,
      user_reaction: mine,
      can_edit: canManage(viewer, authorId),
      average_rating: reviewCount > 0 ? Math.round((ratingSum / reviewCount) * 100) / 100 : null,
      review_count: reviewCount,
      servings: row.servings === null ? null : toInt(row.servings),
      source_url: row.source_url,
      photo: rowPhoto(row),
      ...hiddenAnswer(row),
    };
  });
}

/**
 * RECIPE_COLUMNS and, where the database aggregates JSON, the decoration columns that do not
 * depend on the viewer (recipe-decorations.ts), so that `shapeRecipes` needs no statement of its
 * own for an anonymous visitor (and one, for the viewer's reactions and saves, for a member).
 * Only for statements that read a few rows by id (a page's ten ids): a database may run the
 * subqueries for every row it reads before sorting and limiting. Folding them into list page 1's
 * statement took its CPU time per request from 501 to 413 µs (best of six alternating runs;
 * medians 661 and 530; bench data set, caches off, shared cores).
 */
export async function recipeColumns(database: Database, em: EntityManager): Promise<string> {
  const decorations = await decorationColumns(database, em, null);
  return decorations ? `${RECIPE_COLUMNS}, ${decorations.sql}` : RECIPE_COLUMNS;
}

/** One recipe as `viewer` sees it, or null: one statement where the database aggregates JSON. */
export async function readRecipe(
  database: Database,
  em: EntityManager,
  id: number,
  viewer: Viewer | null,
): Promise<RecipeData | null> {
  // The viewer's marks too: a member's detail is one statement as well.
  const decorations = await decorationColumns(database, em, viewer);
  const rows = await database.hotRows<RecipeRow>(
    em,
    `select ${RECIPE_COLUMNS}${decorations ? `, ${decorations.sql}` : ''} ` +
      `from ${RECIPE_FROM} where r.\`id\` = ?`,
    [...(decorations?.params ?? []), id],
  );
  const [recipe] = await shapeRecipes(database, em, rows, viewer);
  return recipe ?? null;
}

/**
 * The rows of recipes `ids` (a page of a ranking), in the order of `ids`, with the decorations
 * that do not depend on the viewer (recipeColumns): one statement instead of one per kind of
 * decoration.
 */
export async function readRowsInOrder(
  database: Database,
  em: EntityManager,
  ids: readonly number[],
): Promise<RecipeRow[]> {
  if (ids.length === 0) return [];
  const rows = await database.hotRows<RecipeRow>(
    em,
    `select ${await recipeColumns(database, em)} from ${RECIPE_FROM} where r.\`id\` in (${placeholders(ids)})`,
    ids,
  );
  const byId = new Map(rows.map((row) => [toInt(row.id), row]));
  // A recipe deleted by another process since the ranking is left out, like a stale count.
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The `size` recipes with the most reactions (all types), ties newest first: recipes without
 * reactions sort after those with some, newest first, so they fill the list by themselves.
 */
export function readTrendingRows(
  database: Database,
  em: EntityManager,
  size: number,
): Promise<RecipeRow[]> {
  return database.hotRows<RecipeRow>(
    em,
    `select ${RECIPE_COLUMNS} from ${RECIPE_FROM} where ${publicRow('r')} ` +
      'order by r.`reaction_count` desc, r.`created_at` desc, r.`id` desc limit ?',
    [size],
  );
}

/** How many recipes `authorId` wrote (`recipe_author_created_at_index` alone). */
export async function countAuthorRecipes(
  database: Database,
  em: EntityManager,
  authorId: number,
): Promise<number> {
  const [counted] = await database.hotRows<{ count: unknown }>(
    em,
    'select count(*) as `count` from `recipe` r where r.`author_id` = ?',
    [authorId],
  );
  return toInt(counted?.count);
}

/** `limit` of `authorId`'s recipes from `offset`, newest first (ties by id), by the same index. */
export function readAuthorRows(
  database: Database,
  em: EntityManager,
  authorId: number,
  limit: number,
  offset: number,
): Promise<RecipeRow[]> {
  return database.hotRows<RecipeRow>(
    em,
    `select ${RECIPE_COLUMNS} from ${RECIPE_FROM} where r.\`author_id\` = ? ` +
      'order by r.`created_at` desc, r.`id` desc limit ? offset ?',
    [authorId, limit, offset],
  );
}

/** An anonymous visitor's recipe row with its last edit (the server-rendered page's read). */
export async function readRecipeRowWithEdit(
  database: Database,
  em: EntityManager,
  id: number,
): Promise<(RecipeRow & { updated_at: unknown })[]> {
  return database.hotRows<RecipeRow & { updated_at: unknown }>(
    em,
    `select ${await recipeColumns(database, em)}, r.\`updated_at\` from ${RECIPE_FROM} ` +
      `where r.\`id\` = ? and ${publicRow('r')}`,
    [id],
  );
}
