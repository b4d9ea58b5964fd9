import { PUBLIC_ACCESS } from '../../auth/access.js';
import type { EntityManager } from '@mikro-orm/core';
import { RECIPES_PER_PAGE, recipePageCount } from '@recipehub/openapi/limits';
import type { RecipeListInput } from '@recipehub/openapi/schemas/recipes';
import { AppError } from '../../errors/app-error.js';
import { requireViewer, type Viewer } from '../../auth/viewer.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { notFound } from '../shared/sql.js';
import { assertCategoriesExist, newestFirstPage } from './data/recipe-list-page.js';
import { recipeListPlan, type RecipeListPlan } from './data/recipe-list-plan.js';
import { recipeSearch, searchPage } from './search/search.js';
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
 * with a search best matches first (see search/search.ts).
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
  const { conditions, byAuthor, words } = plan;
  if (words.length === 0) {
    // Newest first, with the counts and structures of recipe-list-page.ts.
    const page = await newestFirstPage(
      deps,
      em,
      { categories: input.categories, byAuthor, conditions },
      input.page,
    );
    return pageData(input, page.count, await shapeRecipes(database, em, page.rows, viewer));
  }
  return searchListPage(deps, em, viewer, input, plan);
}

/** A search finds its matches in its own index (search/search.ts); the other filters probe them. */
async function searchListPage(
  deps: ServiceDeps,
  em: EntityManager,
  viewer: Viewer | null,
  input: RecipeListInput,
  { conditions, words }: RecipeListPlan,
): Promise<RecipePageData> {
  const params = conditions.flatMap((condition) => condition.params);
  // The search's indexes still hold hidden recipes (MySQL's FULLTEXT indexes are on the recipe
  // rows themselves): probing each match would cost the search the recipe rows it never reads,
  // so a hidden match is dropped when its page is shaped (visibility.ts, shapeRecipes), and the
  // count may include it. Taking hidden recipes out of the indexes is the follow-up.
  const filter = { where: conditions.map((condition) => condition.probe), params };
  const search = recipeSearch(
    deps.database,
    em,
    deps.searchIndex,
    deps.recipeLimits,
    words,
    filter,
  );
  const page = await searchPage(search, (input.page - 1) * RECIPES_PER_PAGE);
  if (!page) throw notFound(PAGE_NOT_FOUND);
  const results = await shapeRecipes(
    deps.database,
    em,
    await readRowsInOrder(deps.database, em, page.ids),
    viewer,
  );
  return pageData(input, page.count.count, results, page.count.estimate);
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
