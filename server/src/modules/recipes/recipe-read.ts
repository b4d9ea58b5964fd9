import type { EntityManager } from '@mikro-orm/core';
import type { Viewer } from '../accounts/viewer.js';
import { REACTION_TYPES, type ReactionType } from '../reactions/reaction.entity.js';
import { hotRows } from '../shared/hot-read.js';
import { placeholders, toInt, toIso } from '../shared/sql.js';

/**
 * The hot reads (list, trending, detail, by-user) as tuned SQL returning plain rows shaped straight
 * into the contract's Recipe: no entity hydration, and a fixed number of queries per page whatever
 * its size (recipes, categories, reaction counts, comments, then the viewer's reactions and saves,
 * each for all the page's ids at once). Counters come from the denormalised columns on `recipe`.
 */

export interface PersonData {
  firstName: string;
  lastName: string;
}
export interface AuthorData extends PersonData {
  email?: string;
}
export interface ReactionCountsData {
  LIKE: number;
  LOVE: number;
  WOW: number;
  SAD: number;
  total: number;
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
}

/** Columns of a recipe row (joined with its author's names), in every hot read. */
export const RECIPE_COLUMNS =
  'r.`id`, r.`title`, r.`img`, r.`ingredients`, r.`instructions`, r.`created_at`, ' +
  'r.`author_id`, r.`review_count`, r.`rating_sum`, r.`servings`, r.`source_url`, ' +
  'u.`first_name` as `author_first_name`, u.`last_name` as `author_last_name`, u.`email` as `author_email`';
export const RECIPE_FROM = '`recipe` r left join `user` u on u.`id` = r.`author_id`';

export interface RecipeRow {
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
  author_first_name: string | null;
  author_last_name: string | null;
  author_email: string | null;
}

/** Shown for recipes whose author deleted their account. */
export const ANONYMOUS: PersonData = { firstName: 'Anonymous', lastName: '' };

export const emptyCounts = (): ReactionCountsData => ({
  LIKE: 0,
  LOVE: 0,
  WOW: 0,
  SAD: 0,
  total: 0,
});

export const canManage = (viewer: Viewer | null, ownerId: number | null) =>
  viewer !== null && (viewer.role === 'Admin' || (ownerId !== null && viewer.userId === ownerId));

/** Per-type reaction counts of the given recipes, in one grouped query. */
export async function reactionCounts(
  em: EntityManager,
  ids: readonly number[],
): Promise<Map<number, ReactionCountsData>> {
  const counts = new Map<number, ReactionCountsData>(ids.map((id) => [id, emptyCounts()]));
  if (ids.length === 0) return counts;
  const rows = await hotRows<{ recipe_id: number; type: ReactionType; n: number }>(
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

/**
 * Shapes recipe rows (already in the wanted order) into the contract's Recipe for `viewer`, with
 * a constant number of extra queries for the whole batch.
 */
export async function shapeRecipes(
  em: EntityManager,
  rows: readonly RecipeRow[],
  viewer: Viewer | null,
): Promise<RecipeData[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => toInt(row.id));
  const list = placeholders(ids);

  const categoryRows = await hotRows<{ recipe_id: number; id: number; name: string }>(
    em,
    'select rc.`recipe_id`, c.`id`, c.`name` from `recipe_category` rc ' +
      'join `category` c on c.`id` = rc.`category_id` ' +
      `where rc.\`recipe_id\` in (${list}) order by c.\`name\`, c.\`id\``,
    ids,
  );
  const counts = await reactionCounts(em, ids);
  const commentRows = await hotRows<{
    id: number;
    recipe_id: number;
    user_id: number;
    content: string;
    created_at: unknown;
    first_name: string;
    last_name: string;
  }>(
    em,
    'select c.`id`, c.`recipe_id`, c.`user_id`, c.`content`, c.`created_at`, u.`first_name`, u.`last_name` ' +
      'from `comment` c join `user` u on u.`id` = c.`user_id` ' +
      `where c.\`recipe_id\` in (${list}) order by c.\`created_at\`, c.\`id\``,
    ids,
  );
  const reactionOf = new Map<number, ReactionType>();
  const saved = new Set<number>();
  if (viewer) {
    const mine = await hotRows<{ recipe_id: number; type: ReactionType }>(
      em,
      `select \`recipe_id\`, \`type\` from \`reaction\` where \`user_id\` = ? and \`recipe_id\` in (${list})`,
      [viewer.userId, ...ids],
    );
    for (const row of mine) reactionOf.set(toInt(row.recipe_id), row.type);
    const saves = await hotRows<{ recipe_id: number }>(
      em,
      `select \`recipe_id\` from \`save\` where \`user_id\` = ? and \`recipe_id\` in (${list})`,
      [viewer.userId, ...ids],
    );
    for (const row of saves) saved.add(toInt(row.recipe_id));
  }

  const categories = new Map<number, { id: number; name: string }[]>();
  for (const row of categoryRows) {
    const id = toInt(row.recipe_id);
    const entry = categories.get(id) ?? [];
    entry.push({ id: toInt(row.id), name: row.name });
    categories.set(id, entry);
  }
  const comments = new Map<number, CommentData[]>();
  for (const row of commentRows) {
    const id = toInt(row.recipe_id);
    const entry = comments.get(id) ?? [];
    entry.push({
      id: toInt(row.id),
      content: row.content,
      user: { firstName: row.first_name, lastName: row.last_name },
      created: toIso(row.created_at),
      can_delete: canManage(viewer, toInt(row.user_id)),
    });
    comments.set(id, entry);
  }

  return rows.map((row) => {
    const id = toInt(row.id);
    const authorId = row.author_id === null ? null : toInt(row.author_id);
    const reviewCount = toInt(row.review_count);
    const mine = reactionOf.get(id) ?? null;
    const recipeCategories = categories.get(id) ?? [];
    let user: AuthorData = ANONYMOUS;
    if (authorId !== null) {
      user = { firstName: row.author_first_name ?? '', lastName: row.author_last_name ?? '' };
      // Author emails are never public: only the author themself and Admins see them.
      if (canManage(viewer, authorId) && row.author_email) user.email = row.author_email;
    }
    return {
      id,
      title: row.title,
      img: row.img,
      ingredients: row.ingredients,
      instructions: row.instructions,
      category: recipeCategories.map((c) => c.id),
      category_names: recipeCategories.map((c) => c.name),
      user,
      created_on: toIso(row.created_at),
      reaction_counts: counts.get(id) ?? emptyCounts(),
      comments: comments.get(id) ?? [],
      is_liked_by_user: mine !== null,
      is_saved_by_user: saved.has(id),
      user_reaction: mine,
      can_edit: canManage(viewer, authorId),
      average_rating:
        reviewCount > 0 ? Math.round((toInt(row.rating_sum) / reviewCount) * 100) / 100 : null,
      review_count: reviewCount,
      servings: row.servings === null ? null : toInt(row.servings),
      source_url: row.source_url,
    };
  });
}

/** One recipe as `viewer` sees it, or null. */
export async function readRecipe(
  em: EntityManager,
  id: number,
  viewer: Viewer | null,
): Promise<RecipeData | null> {
  const rows = await hotRows<RecipeRow>(
    em,
    `select ${RECIPE_COLUMNS} from ${RECIPE_FROM} where r.\`id\` = ?`,
    [id],
  );
  const [recipe] = await shapeRecipes(em, rows, viewer);
  return recipe ?? null;
}
