import type { EntityManager } from '@mikro-orm/core';
import type { Database } from '../../../db/database.js';
import { RECIPES_PER_PAGE, recipePageCount } from '@recipehub/openapi/limits';
import type { ServiceDeps } from '../../shared/service-deps.js';
import { AppError } from '../../../errors/app-error.js';
import { notFound, placeholders, toInt, VALIDATION_DETAIL } from '../../shared/sql.js';
import { compareKey, listBlockSize, locateNewestFirst } from './recipe-list-blocks.js';
import { categoryRecipeCount, recipeTotal } from './recipe-list-counts.js';
import { recipeColumns, type RecipeRow } from './recipe-read.js';
import { PAGE_NOT_FOUND } from './recipe-messages.js';
import { publicRow } from './visibility.js';

/** Newest first, ties by id: the list's order (ids are creation order, see search/search.ts). */
export const DEFAULT_ORDER = 'r.`created_at` desc, r.`id` desc';

/**
 * One list filter in the two shapes the plans need: `drive`, a set the database may start from
 * (through the filter's own index) and then sort; `probe`, a test of the recipe `r` at hand
 * against a primary key or unique index, for plans that walk recipes in list order. Probes are
 * scalar subqueries (`(select 1 ... limit 1) is not null`), not EXISTS: MariaDB and MySQL 8 turn
 * an EXISTS into a semi-join, which here materialized every recipe of the categories before the
 * walk (50-100 ms for page 1 at 100,000 recipes, against 1-2 ms probing).
 */
export interface Condition {
  drive: string;
  probe: string;
  params: unknown[];
}

/** A list without a search, newest first: what recipe-list.ts found in the request. */
export interface NewestFirstFilter {
  categories: readonly number[];
  /** "My recipes" of a non-Admin (an Admin's are every recipe). */
  byAuthor: boolean;
  /** Every filter as a Condition (categories, author, saves). */
  conditions: readonly Condition[];
}

/** Every id of a category filter must name a category (400 on `categories` otherwise). */
export async function assertCategoriesExist(
  database: Database,
  em: EntityManager,
  ids: readonly number[],
) {
  if (ids.length === 0) return;
  const rows = await database.hotRows<{ id: number }>(
    em,
    `select \`id\` from \`category\` where \`id\` in (${placeholders(ids)})`,
    ids,
  );
  const found = new Set(rows.map((row) => toInt(row.id)));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new AppError('VALIDATION_FAILED', VALIDATION_DETAIL, {
      categories: [`Unknown category: ${missing.join(', ')}.`],
    });
  }
}

/**
 * Whether a page of a filter matching `count` of `total` recipes is cheaper to find by walking
 * recipe_visible_created_at_id_index newest first, probing each recipe, than by reading the filter's
 * `count` matches through its own index and sorting them all. With the matches spread evenly
 * over time, the walk reads about (offset + RECIPES_PER_PAGE) * total / count index entries, one
 * primary-key probe each, and the other plan `count` rows, one primary-key read each, plus the
 * sort: so walk while (offset + RECIPES_PER_PAGE) * total <= count². Used for a member's saves (alone or
 * with categories): a few saves sort, many walk. The statistics of neither database can make this
 * choice: they cannot tell how soon a walk finds 10 matches.
 */
export function walksNewestFirst(offset: number, count: number, total: number): boolean {
  return count > 0 && (offset + RECIPES_PER_PAGE) * total <= count * count;
}

/**
 * `recipe r` walked along recipe_visible_created_at_id_index, newest first: forced, because neither
 * optimizer can know that a common filter's first matches are near the start of that index
 * (SQLite's plan sorted every match, MariaDB's a filesort).
 */
const walkedRecipe = (database: Database) =>
  database.tableByIndex('recipe', 'r', 'recipe_visible_created_at_id_index');

interface IdsQuery {
  sql: string;
  params: unknown[];
}

/**
 * Page `offset` of the unfiltered list (and an Admin's "my recipes"): from the block that holds
 * it (recipe-list-blocks.ts), so page 10,000 skips at most a block, not 99,990 recipes.
 */
async function everyRecipeIds(
  database: Database,
  em: EntityManager,
  offset: number,
  total: number,
  blockSize: number,
): Promise<IdsQuery> {
  const { before, skip } = await locateNewestFirst(database, em, offset, total, blockSize);
  const bound = before ? compareKey(database, 'r', '<', before) : null;
  // The visible prefix of the walked index: hidden recipes are not in the blocks' counts either.
  const where = [publicRow('r'), ...(bound ? [bound.sql] : [])].join(' and ');
  return {
    sql:
      `select r.\`id\` from ${walkedRecipe(database)} where ${where} ` +
      `order by ${DEFAULT_ORDER} limit ? offset ?`,
    params: [...(bound?.params ?? []), RECIPES_PER_PAGE, skip],
  };
}

/**
 * Page `offset` of the `count` recipes in any of `categories`, from the pivot's (category,
 * created_at, recipe) index alone: each category's newest `offset + RECIPES_PER_PAGE` (a recipe in the
 * union's top n is in the top n of each of its categories), their union (which drops a recipe
 * listed twice), then the page. So every combination reads about categories × (offset + 10) index
 * entries, common categories or rare: pages 1-5 of one or two categories of the bench took
 * 0.01-0.03 ms on SQLite and 0.08-0.27 ms on MariaDB (one round trip included), where walking the
 * newest-first index and probing each recipe took 0.02-0.04 and 0.18-0.53 ms, and longer the
 * rarer the categories. The count being exact, a page nearer the end is read the same way from
 * the oldest end, so the last page (the pagination always offers it) is as cheap as the first;
 * the middle of a large filter reads up to categories × count / 2 entries (page 1,000 of two
 * categories of the bench: about 20,000).
 */
/** A hidden recipe's pivot rows have no list key (the hidden_list_counts migrations). */
const VISIBLE_PIVOT = 'rc.`created_at` is not null';

function categoryIds(categories: readonly number[], offset: number, count: number): IdsQuery {
  // From the oldest end: skip the recipes older than the page, take the page.
  const fromOldest = offset + RECIPES_PER_PAGE > count / 2;
  const direction = fromOldest ? 'asc' : 'desc';
  const take = fromOldest ? Math.min(RECIPES_PER_PAGE, count - offset) : RECIPES_PER_PAGE;
  const skip = fromOldest ? Math.max(0, count - offset - RECIPES_PER_PAGE) : offset;
  const order = (created: string, id: string) => `${created} ${direction}, ${id} ${direction}`;
  const newest = (alias: string) =>
    `select ${alias}.\`created_at\`, ${alias}.\`id\` from (select rc.\`created_at\`, rc.\`recipe_id\` as \`id\` ` +
    `from \`recipe_category\` rc where rc.\`category_id\` = ? and ${VISIBLE_PIVOT} ` +
    `order by ${order('rc.`created_at`', 'rc.`recipe_id`')} limit ?) ${alias}`;
  if (categories.length === 1) {
    return {
      sql:
        'select rc.`recipe_id` as `id` from `recipe_category` rc ' +
        `where rc.\`category_id\` = ? and ${VISIBLE_PIVOT} ` +
        `order by ${order('rc.`created_at`', 'rc.`recipe_id`')} limit ? offset ?`,
      params: [categories[0], take, skip],
    };
  }
  return {
    sql:
      `select \`id\` from (${categories.map((_, i) => newest(`c${i}`)).join(' union ')}) \`matches\` ` +
      `order by ${order('`created_at`', '`id`')} limit ? offset ?`,
    params: [...categories.flatMap((id) => [id, skip + take]), take, skip],
  };
}

/** The filter's conditions joined in one shape (recipe-list.ts builds them). */
function whereOf(filter: NewestFirstFilter, shape: 'drive' | 'probe'): string {
  const all = filter.conditions.map((condition) => condition[shape]);
  return all.length > 0 ? ` where ${all.join(' and ')}` : '';
}

const paramsOf = (filter: NewestFirstFilter) => filter.conditions.flatMap((c) => c.params);

/** Only a category filter: its count and pages come from the structures the triggers keep. */
const onlyCategories = (filter: NewestFirstFilter) =>
  filter.conditions.length === 1 && filter.categories.length > 0;

/**
 * The filter's count: every recipe and category filters from the counters the triggers keep (no
 * scan); a member's own recipes and saves, small by nature, by COUNT(*) over their index.
 */
async function filterCount(
  database: Database,
  em: EntityManager,
  filter: NewestFirstFilter,
): Promise<number> {
  if (filter.conditions.length === 0) return recipeTotal(database, em);
  if (onlyCategories(filter)) return categoryRecipeCount(database, em, filter.categories);
  // Small by nature, but its cost grows with the member's list: on the read pool (hot-read.ts).
  const [row] = await database.costlyRows<{ n: number }>(
    em,
    'list',
    `select count(*) as \`n\` from \`recipe\` r${whereOf(filter, 'drive')}`,
    paramsOf(filter),
  );
  return toInt(row?.n);
}

/** The ids of the page at `offset` of the filter's `count` recipes, newest first. */
async function pageIds(
  database: Database,
  em: EntityManager,
  filter: NewestFirstFilter,
  offset: number,
  { count, blockSize }: { count: number; blockSize: number },
): Promise<IdsQuery> {
  if (filter.conditions.length === 0) return everyRecipeIds(database, em, offset, count, blockSize);
  if (onlyCategories(filter)) return categoryIds(filter.categories, offset, count);
  // The author's index is in list order by itself; the saves walk or sort (walksNewestFirst).
  const walk = filter.byAuthor || walksNewestFirst(offset, count, await recipeTotal(database, em));
  const walked = walk && !filter.byAuthor;
  const recipe = walked ? walkedRecipe(database) : '`recipe` r';
  // The walked index's visible prefix keeps its order (the filters hold visibility themselves).
  const where = whereOf(filter, walk ? 'probe' : 'drive');
  const prefix = walked ? `${where ? `${where} and` : ' where'} ${publicRow('r')}` : where;
  return {
    sql: `select r.\`id\` from ${recipe}${prefix} ` + `order by ${DEFAULT_ORDER} limit ? offset ?`,
    params: [...paramsOf(filter), RECIPES_PER_PAGE, offset],
  };
}

/**
 * One page of a list without a search, newest first (ties by id), with its count. Throws 404
 * (PAGE_NOT_FOUND) past the last page.
 */
export async function newestFirstPage(
  deps: ServiceDeps,
  em: EntityManager,
  filter: NewestFirstFilter,
  page: number,
): Promise<{ count: number; rows: RecipeRow[] }> {
  const { database } = deps;
  const count = await filterCount(database, em, filter);
  if (page > recipePageCount(count)) throw notFound(PAGE_NOT_FOUND);
  const offset = (page - 1) * RECIPES_PER_PAGE;
  const ids = await pageIds(database, em, filter, offset, {
    count,
    blockSize: listBlockSize(deps.recipeLimits),
  });
  // The page's ids first, from indexes alone, then their rows: skipping entries of an index stays
  // cheap, where reading and skipping whole rows made MariaDB prefer a filesort of every recipe.
  // `cross join` keeps the page's ten ids as the outer loop: with LIMIT and OFFSET bound as
  // parameters SQLite cannot tell the page is small and otherwise scans every recipe, probing
  // the page for each (2.7 ms instead of 0.03 ms at 100,000 recipes; list page 1 fell from
  // 1,300 to 250 req/s when values stopped being inlined). MySQL reads it as a plain join.
  // Page 1 of the unfiltered list is bounded by an index alone; every other page may read further
  // (a block, a category union, a member's saves) and goes to the read pool (hot-read.ts).
  const costly = filter.conditions.length > 0 || offset > 0;
  const sql =
    `select ${await recipeColumns(database, em)} from (${ids.sql}) \`page\` ` +
    'cross join `recipe` r on r.`id` = `page`.`id` ' +
    'left join `user` u on u.`id` = r.`author_id` ' +
    `order by ${DEFAULT_ORDER}`;
  const rows = costly
    ? await database.costlyRows<RecipeRow>(em, 'list', sql, ids.params)
    : await database.hotRows<RecipeRow>(em, sql, ids.params);
  return { count, rows };
}
