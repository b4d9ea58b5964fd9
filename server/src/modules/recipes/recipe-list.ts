import { PUBLIC_ACCESS } from '../../auth/access.js';
import type { EntityManager } from '@mikro-orm/core';
import { RECIPES_PER_PAGE, recipePageCount } from '@recipehub/openapi/limits';
import type { RecipeListInput } from '@recipehub/openapi/schemas/recipes';
import { AppError } from '../../errors/app-error.js';
import { requireViewer, type Viewer } from '../../auth/viewer.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { notFound } from '../shared/sql.js';
import { cachedRankedIds, cachedSearchCount } from './data/recipe-count-cache.js';
import { listCacheKey, type CacheKey } from './data/recipe-cache-tags.js';
import { assertCategoriesExist, newestFirstPage } from './data/recipe-list-page.js';
import { recipeListPlan, type RecipeListPlan } from './data/recipe-list-plan.js';
import { recipeSearch, type RecipeSearch } from './data/recipe-search.js';
import type { SearchCount } from './data/search-count.js';
import {
  readRecipe,
  readRowsInOrder,
  readTrendingRows,
  shapeRecipes,
  type RecipeData,
} from './data/recipe-read.js';
import { BOTH_LISTS, PAGE_NOT_FOUND, RECIPE_NOT_FOUND } from './data/recipe-messages.js';

export const TRENDING_SIZE = 10;
export interface RecipePageData {
  count: number;
  /** Present (true) only when `count` is an estimate (a search with many matches). */
  count_is_estimate?: true;
  next: string | null;
  previous: string | null;
  results: RecipeData[];
}

/**
 * The cache key of a list count: the unfiltered list's key is `[]`. listCacheKey reads the
 * filters (`'c'`, `'m'`, `'s'`, `'q'` below) and tags the entry with what it depends on, so a
 * write drops only the lists it can change (recipe-cache-tags.ts).
 */
const countKey = (key: readonly unknown[]) => listCacheKey(key);

function pageUrl(input: RecipeListInput, page: number): string {
  const query = new URLSearchParams({ page: String(page) });
  if (input.categories.length > 0) query.set('categories', input.categories.join(','));
  if (input.search) query.set('search', input.search);
  if (input.my_recipes) query.set('my_recipes', 'true');
  if (input.saved_recipes) query.set('saved_recipes', 'true');
  return `/api/recipes/lists/?${query.toString()}`;
}

export const LIST_RECIPES_ACCESS = PUBLIC_ACCESS;

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
  const { database } = deps;
  const em = database.sqlReader;
  await assertCategoriesExist(database, em, input.categories);

  const plan = recipeListPlan(input, known);
  const { conditions, key, byAuthor, words } = plan;
  if (words.length === 0) {
    // Newest first, with the counts and structures of recipe-list-page.ts.
    const page = await newestFirstPage(
      deps,
      em,
      { categories: input.categories, byAuthor, conditions, key: countKey(key) },
      input.page,
    );
    return pageData(input, page.count, await shapeRecipes(database, em, page.rows, viewer));
  }
  return searchListPage(deps, em, viewer, input, plan);
}

/** A search finds its matches in its own index (recipe-search.ts); the other filters probe them. */
async function searchListPage(
  deps: ServiceDeps,
  em: EntityManager,
  viewer: Viewer | null,
  input: RecipeListInput,
  { conditions, key, words }: RecipeListPlan,
): Promise<RecipePageData> {
  const params = conditions.flatMap((condition) => condition.params);
  const filter = { where: conditions.map((condition) => condition.probe), params };
  const search = recipeSearch(deps.database, em, deps.recipeLimits, words, filter);
  const counted = await cachedSearchCount(deps, countKey(key), () => search.count());
  const offset = (input.page - 1) * RECIPES_PER_PAGE;
  if (!counted.estimate && offset >= Math.max(RECIPES_PER_PAGE, counted.count)) {
    throw notFound(PAGE_NOT_FOUND);
  }
  const { page, more } = await searchPage(deps, search, countKey(key), offset, counted);
  // Past the real end of an estimated count: the same answer as any page past the last.
  if (page.length === 0 && input.page > 1) throw notFound(PAGE_NOT_FOUND);
  const settled = settleCount(counted, offset, page.length, more);
  const results = await shapeRecipes(
    deps.database,
    em,
    await readRowsInOrder(deps.database, em, page),
    viewer,
  );
  return pageData(input, settled.count, results, settled.estimate);
}

/**
 * An estimated count, told what a page found: a page that reaches the end of the matches knows
 * them all (offset + its rows: exact); one with more after it raises a low estimate to cover at
 * least one more row, so `next` is there.
 */
function settleCount(
  counted: SearchCount,
  offset: number,
  rows: number,
  more: boolean,
): SearchCount {
  if (!counted.estimate) return counted;
  if (!more) return { count: offset + rows, estimate: false };
  return { count: Math.max(counted.count, offset + rows + 1), estimate: true };
}

/**
 * The ids of a search's page at `offset` (recipe-search.ts), and whether matches follow it (only
 * asked when the count is an estimate; an exact count says it): from its ranked window, cached
 * with the count under the count's key (recipe-count-cache.ts), so the first request ranks once
 * and the next pages of the window only read their rows; after the window, the other matches
 * newest first.
 */
async function searchPage(
  deps: ServiceDeps,
  search: RecipeSearch,
  key: CacheKey,
  offset: number,
  counted: SearchCount,
): Promise<{ page: number[]; more: boolean }> {
  // One more than a page when the count is estimated: whether there is a next page.
  const limit = counted.estimate ? RECIPES_PER_PAGE + 1 : RECIPES_PER_PAGE;
  const ranked = await cachedRankedIds(deps, key, search.windowSize, () => search.rankedWindow());
  const ids = ranked.slice(offset, offset + limit);
  const whole = !counted.estimate && offset + ids.length >= counted.count;
  if (ids.length === limit || whole) {
    return { page: ids.slice(0, RECIPES_PER_PAGE), more: ids.length > RECIPES_PER_PAGE };
  }
  if (ids.length === RECIPES_PER_PAGE && (await knownToContinue(search, offset))) {
    return { page: ids, more: true };
  }
  const after = Math.max(0, offset - ranked.length);
  const all = [...ids, ...(await search.afterWindow(ranked, after, limit - ids.length))];
  return { page: all.slice(0, RECIPES_PER_PAGE), more: all.length > RECIPES_PER_PAGE };
}

/**
 * Whether matches follow a full page at `offset`, known without reading them: this request's
 * first read found more matches than the pages up to this one hold. Page 2 of a search whose
 * window has no title match beyond its 20 newest matches otherwise read the match after the
 * window (a statement of its own) only to tell that page 3 exists: 544 of 1,277 varied bench
 * searches on MariaDB.
 */
async function knownToContinue(search: RecipeSearch, offset: number): Promise<boolean> {
  const found = await search.matchesFound();
  return found !== null && found > offset + RECIPES_PER_PAGE;
}

function pageData(
  input: RecipeListInput,
  count: number,
  results: RecipeData[],
  estimate = false,
): RecipePageData {
  const lastPage = recipePageCount(count);
  return {
    count,
    ...(estimate ? { count_is_estimate: true as const } : {}),
    next: input.page < lastPage ? pageUrl(input, input.page + 1) : null,
    previous: input.page > 1 ? pageUrl(input, input.page - 1) : null,
    results,
  };
}

export const TRENDING_RECIPES_ACCESS = PUBLIC_ACCESS;

/**
 * Up to 10 recipes, most reactions first (all types), ties newest first. Recipes without
 * reactions sort after those with some, newest first, so they fill the list by themselves.
 */
export async function listTrendingRecipes(
  deps: ServiceDeps,
  viewer: Viewer | null,
): Promise<RecipeData[]> {
  const { database } = deps;
  const em = database.sqlReader;
  return shapeRecipes(database, em, await readTrendingRows(database, em, TRENDING_SIZE), viewer);
}

export const GET_RECIPE_ACCESS = PUBLIC_ACCESS;

/** One recipe as the caller sees it. */
export async function getRecipe(
  deps: ServiceDeps,
  viewer: Viewer | null,
  id: number,
): Promise<RecipeData> {
  const recipe = await readRecipe(deps.database, deps.database.sqlReader, id, viewer);
  if (!recipe) throw notFound(RECIPE_NOT_FOUND);
  return recipe;
}
