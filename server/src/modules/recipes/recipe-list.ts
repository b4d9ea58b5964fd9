import type { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import { atMost } from '../shared/text-length.js';
import { AppError } from '../../errors/app-error.js';
import { text } from '../accounts/account-schemas.js';
import { requireViewer, type Viewer } from '../accounts/viewer.js';
import type { ServiceDeps } from '../service-deps.js';
import { notFound, placeholders, selectRows, toInt, VALIDATION_DETAIL } from '../shared/sql.js';
import { costlyRows, hotRows, isMySql } from '../shared/hot-read.js';
import type { Orm } from '../../db/open-database.js';
import { cachedCount, cachedRankedIds } from './recipe-count-cache.js';
import { listCacheKey, type CacheKey } from './recipe-cache-tags.js';
import { DEFAULT_ORDER, recipeSearch, searchWords, type RecipeSearch } from './recipe-search.js';
import {
  RECIPE_COLUMNS,
  RECIPE_FROM,
  readRecipe,
  recipeColumns,
  shapeRecipes,
  type RecipeData,
  type RecipeRow,
} from './recipe-read.js';
import { RECIPE_NOT_FOUND } from './recipe-write.js';

export const PAGE_SIZE = 10;
export const TRENDING_SIZE = 10;
export const PAGE_NOT_FOUND = 'Invalid page.';
export const BOTH_LISTS = 'Choose either my_recipes or saved_recipes, not both.';
/** REST sends text, tRPC may send numbers and booleans: both read the same. */
const asText = (value: unknown) =>
  typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
const asList = (value: unknown) => (Array.isArray(value) ? value.join(',') : asText(value));
const flag = (name: string) =>
  z.preprocess(
    asText,
    z
      .enum(['true', 'false'], { error: `${name} must be true or false.` })
      .optional()
      .transform((value) => value === 'true'),
  );

/** `?page=` as REST sends it (text) or tRPC (a number): 1 when absent. */
export const pageField = z.preprocess(
  asText,
  z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'Page must be a positive whole number.')
    .optional()
    .transform((value) => (value === undefined ? 1 : Number(value))),
);

export const recipeListInput = z.object({
  page: pageField,
  categories: z.preprocess(
    asList,
    z
      .string({ error: 'Categories must be comma-separated category ids.' })
      .refine(atMost(200), 'Too many categories.')
      .regex(
        /^([1-9][0-9]{0,9}(,[1-9][0-9]{0,9})*)?$/,
        'Categories must be comma-separated category ids.',
      )
      .optional()
      .transform((value) => [...new Set((value ?? '').split(',').filter(Boolean).map(Number))]),
  ),
  search: text('Search', 'single')
    .refine(atMost(100), 'Search must be at most 100 characters.')
    .optional()
    .transform((value) => (value ?? '').trim()),
  my_recipes: flag('my_recipes'),
  saved_recipes: flag('saved_recipes'),
});
export type RecipeListInput = z.output<typeof recipeListInput>;

export interface RecipePageData {
  count: number;
  next: string | null;
  previous: string | null;
  results: RecipeData[];
}

/**
 * One list filter in the two shapes the plans need: `drive`, a set the database may start from
 * (through the filter's own index) and then sort; `probe`, a test of the recipe `r` at hand
 * against a primary key or unique index, for plans that walk recipes in list order. Probes are
 * scalar subqueries (`(select 1 ... limit 1) is not null`), not EXISTS: MariaDB and MySQL 8 turn
 * an EXISTS into a semi-join, which here materialized every recipe of the categories before the
 * walk (50-100 ms for page 1 at 100,000 recipes, against 1-2 ms probing).
 */
interface Condition {
  drive: string;
  probe: string;
  params: unknown[];
}

/**
 * The cache key of a list count: the unfiltered list's key is `[]`. listCacheKey reads the
 * filters (`'c'`, `'m'`, `'s'`, `'q'` below) and tags the entry with what it depends on, so a
 * write drops only the lists it can change (recipe-cache-tags.ts).
 */
const countKey = (key: readonly unknown[]) => listCacheKey(key);

/**
 * Whether a page of a filter matching `count` of `total` recipes is cheaper to find by walking
 * recipe_created_at_id_index newest first, probing each recipe, than by reading the filter's
 * `count` matches through its own index and sorting them all. With the matches spread evenly
 * over time, the walk reads about (offset + PAGE_SIZE) * total / count index entries, one
 * primary-key probe each, and the other plan `count` rows, one primary-key read each, plus the
 * sort: so walk while (offset + PAGE_SIZE) * total <= count². At 100,000 recipes that is page 1
 * of a filter matching more than 1,000 recipes (1 %), page 100 of one matching more than 10,000;
 * a rare category, a user's few saves or a deep page sort their matches instead. The statistics
 * of neither database can make this choice: they cannot tell how soon a walk finds 10 matches.
 * If a common filter's matches are all old, the walk reads the whole index once: no worse than
 * sorting it.
 */
export function walksNewestFirst(offset: number, count: number, total: number): boolean {
  return count > 0 && (offset + PAGE_SIZE) * total <= count * count;
}

async function assertCategoriesExist(em: EntityManager, ids: readonly number[]) {
  if (ids.length === 0) return;
  const rows = await selectRows<{ id: number }>(
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

function pageUrl(input: RecipeListInput, page: number): string {
  const query = new URLSearchParams({ page: String(page) });
  if (input.categories.length > 0) query.set('categories', input.categories.join(','));
  if (input.search) query.set('search', input.search);
  if (input.my_recipes) query.set('my_recipes', 'true');
  if (input.saved_recipes) query.set('saved_recipes', 'true');
  return `/api/recipes/lists/?${query.toString()}`;
}

/** The rows of recipes `ids` (a page of a cached ranking), in the order of `ids`. */
async function rowsInOrder(em: EntityManager, ids: readonly number[]): Promise<RecipeRow[]> {
  if (ids.length === 0) return [];
  const rows = await hotRows<RecipeRow>(
    em,
    `select ${RECIPE_COLUMNS} from ${RECIPE_FROM} where r.\`id\` in (${placeholders(ids)})`,
    ids,
  );
  const byId = new Map(rows.map((row) => [toInt(row.id), row]));
  // A recipe deleted by another process since the ranking is left out, like a stale count.
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * `recipe r` walked along recipe_created_at_id_index, newest first: forced, because neither
 * optimizer can know that a common filter's first matches are near the start of that index
 * (SQLite's plan sorted every match, MariaDB's a filesort).
 */
const walkedRecipe = (em: EntityManager) =>
  isMySql(em)
    ? '`recipe` r force index (`recipe_created_at_id_index`)'
    : '`recipe` r indexed by `recipe_created_at_id_index`';

/**
 * One page of recipes filtered by categories, search and list: newest first (ties by id), or
 * with a search best matches first (see recipe-search.ts).
 */
export async function listRecipes(
  deps: ServiceDeps,
  viewer: Viewer | null,
  input: RecipeListInput,
): Promise<RecipePageData> {
  if (input.my_recipes && input.saved_recipes) {
    throw new AppError('VALIDATION_FAILED', BOTH_LISTS, { my_recipes: [BOTH_LISTS] });
  }
  const known = input.my_recipes || input.saved_recipes ? requireViewer(viewer) : null;
  const em = deps.orm.em.fork();
  await assertCategoriesExist(em, input.categories);

  const conditions: Condition[] = [];
  const key: unknown[] = [];
  if (input.categories.length > 0) {
    const list = placeholders(input.categories);
    conditions.push({
      drive:
        'r.`id` in (select rc.`recipe_id` from `recipe_category` rc ' +
        `where rc.\`category_id\` in (${list}))`,
      // One point lookup per category: the pivot's primary key or its (category, recipe) index.
      probe:
        '(select 1 from `recipe_category` rc ' +
        `where rc.\`recipe_id\` = r.\`id\` and rc.\`category_id\` in (${list}) limit 1) is not null`,
      params: input.categories,
    });
    key.push(
      'c',
      [...input.categories].sort((a, b) => a - b),
    );
  }
  // An Admin's "my recipes" is every recipe (the spec's dashboard). recipe_author_created_at_index
  // serves it newest first by itself, so the other filters probe the author's recipes in order.
  const byAuthor = known !== null && input.my_recipes && known.role !== 'Admin';
  if (byAuthor) {
    conditions.push({
      drive: 'r.`author_id` = ?',
      probe: 'r.`author_id` = ?',
      params: [known.userId],
    });
    key.push('m', known.userId);
  }
  if (known && input.saved_recipes) {
    conditions.push({
      drive: 'r.`id` in (select s.`recipe_id` from `save` s where s.`user_id` = ?)',
      // save_user_recipe_unique (user_id, recipe_id).
      probe:
        '(select 1 from `save` s where s.`user_id` = ? and s.`recipe_id` = r.`id` limit 1) is not null',
      params: [known.userId],
    });
    key.push('s', known.userId);
  }
  const params = conditions.flatMap((condition) => condition.params);
  const where = (shape: 'drive' | 'probe', more: readonly string[] = []) => {
    const all = [...conditions.map((condition) => condition[shape]), ...more];
    return all.length > 0 ? ` where ${all.join(' and ')}` : '';
  };
  const countOf = (from: string, whereSql: string, countParams: readonly unknown[]) => async () => {
    const sql = `select count(*) as \`n\` from ${from}${whereSql}`;
    // Counting every recipe takes 0.02-0.07 ms at 100,000 on SQLite (a covering index), less than
    // handing it to the read pool, and it is all page 1 needs: so page 1 never waits there
    // behind slow filters or searches (it did in the bench, caches off).
    const [row] =
      whereSql === ''
        ? await hotRows<{ n: number }>(em, sql, countParams)
        : await costlyRows<{ n: number }>(em, search ? 'search' : 'list', sql, countParams);
    return toInt(row?.n);
  };

  // A search finds its matches in its own index (recipe-search.ts); the other filters probe them.
  const words = searchWords(input.search);
  const filter = { where: conditions.map((condition) => condition.probe), params };
  const search = words.length > 0 ? recipeSearch(em, deps.orm, words, filter) : null;
  if (search) key.push('q', words);
  const count = search
    ? await cachedCount(deps.orm, countKey(key), () => search.count())
    : await cachedCount(deps.orm, countKey(key), countOf('`recipe` r', where('drive'), params));
  const lastPage = Math.max(1, Math.ceil(count / PAGE_SIZE));
  if (input.page > lastPage) throw notFound(PAGE_NOT_FOUND);

  const offset = (input.page - 1) * PAGE_SIZE;
  let rows: RecipeRow[];
  if (search) {
    rows = await rowsInOrder(em, await searchPage(deps.orm, search, countKey(key), offset, count));
  } else {
    // Newest first. Without a filter (or with only the author's, whose index is in list order
    // too) an index serves the order; other filters choose between walking that order and
    // sorting their matches (walksNewestFirst).
    let walk = conditions.length === 0 || byAuthor;
    if (!walk) {
      const total = await cachedCount(deps.orm, countKey([]), countOf('`recipe` r', '', []));
      walk = walksNewestFirst(offset, count, total);
    }
    const recipe = walk && !byAuthor ? walkedRecipe(em) : '`recipe` r';
    const ids = {
      sql:
        `select r.\`id\` from ${recipe}${where(walk ? 'probe' : 'drive')} ` +
        `order by ${DEFAULT_ORDER} limit ? offset ?`,
      params: [...params, PAGE_SIZE, offset],
    };
    // The page's ids first, from indexes alone, then their rows: skipping `offset` entries of an
    // index stays cheap on deep pages, where reading and skipping whole rows made MariaDB prefer
    // a filesort of every recipe.
    // `cross join` keeps the page's ten ids as the outer loop: with LIMIT and OFFSET bound as
    // parameters SQLite cannot tell the page is small and otherwise scans every recipe, probing
    // the page for each (2.7 ms instead of 0.03 ms at 100,000 recipes; list page 1 fell from
    // 1,300 to 250 req/s when values stopped being inlined). MySQL reads it as a plain join.
    // Only the unfiltered page 1 is bounded by an index alone; every other page can walk far.
    const costly = search || conditions.length > 0 || offset > 0;
    const pageRows = <T>(sql: string, values: readonly unknown[]) =>
      costly
        ? costlyRows<T>(em, search ? 'search' : 'list', sql, values)
        : hotRows<T>(em, sql, values);
    rows = await pageRows<RecipeRow>(
      `select ${await recipeColumns(em)} from (${ids.sql}) \`page\` ` +
        'cross join `recipe` r on r.`id` = `page`.`id` ' +
        'left join `user` u on u.`id` = r.`author_id` ' +
        `order by ${DEFAULT_ORDER}`,
      ids.params,
    );
  }
  return {
    count,
    next: input.page < lastPage ? pageUrl(input, input.page + 1) : null,
    previous: input.page > 1 ? pageUrl(input, input.page - 1) : null,
    results: await shapeRecipes(em, rows, viewer),
  };
}

/**
 * The ids of a search's page at `offset` (recipe-search.ts): from its ranked window, cached with
 * the count under the count's key (recipe-count-cache.ts), so the first request ranks once and
 * the next pages of the window only read their rows; after the window, the other matches newest
 * first.
 */
async function searchPage(
  orm: Orm,
  search: RecipeSearch,
  key: CacheKey,
  offset: number,
  count: number,
): Promise<number[]> {
  const ranked = await cachedRankedIds(orm, key, search.windowSize, () => search.rankedWindow());
  const ids = ranked.slice(offset, offset + PAGE_SIZE);
  if (ids.length === PAGE_SIZE || offset + ids.length >= count) return ids;
  const after = Math.max(0, offset - ranked.length);
  return [...ids, ...(await search.afterWindow(ranked, after, PAGE_SIZE - ids.length))];
}

/**
 * Up to 10 recipes, most reactions first (all types), ties newest first. Recipes without
 * reactions sort after those with some, newest first, so they fill the list by themselves.
 */
export async function listTrendingRecipes(
  deps: ServiceDeps,
  viewer: Viewer | null,
): Promise<RecipeData[]> {
  const em = deps.orm.em.fork();
  const rows = await hotRows<RecipeRow>(
    em,
    `select ${RECIPE_COLUMNS} from ${RECIPE_FROM} ` +
      'order by r.`reaction_count` desc, r.`created_at` desc, r.`id` desc limit ?',
    [TRENDING_SIZE],
  );
  return shapeRecipes(em, rows, viewer);
}

/**
 * One recipe as the caller sees it. Plain SQL through the connection and nothing else, so no
 * identity map to keep apart and no fork of the entity manager: a fork was 2.5 % of a detail's
 * CPU time under load (bench data set, SQLite, caches off).
 */
export async function getRecipe(
  deps: ServiceDeps,
  viewer: Viewer | null,
  id: number,
): Promise<RecipeData> {
  const recipe = await readRecipe(deps.orm.em, id, viewer);
  if (!recipe) throw notFound(RECIPE_NOT_FOUND);
  return recipe;
}
