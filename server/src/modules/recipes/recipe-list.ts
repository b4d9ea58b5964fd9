import type { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.js';
import { emailField } from '../accounts/account-schemas.js';
import { requireAdmin, requireViewer, type Viewer } from '../accounts/viewer.js';
import type { ServiceDeps } from '../service-deps.js';
import { USER_NOT_FOUND } from '../accounts/user-admin.js';
import { notFound, placeholders, selectRows, toInt, VALIDATION_DETAIL } from '../shared/sql.js';
import { cachedCount } from './recipe-count-cache.js';
import {
  RECIPE_COLUMNS,
  RECIPE_FROM,
  readRecipe,
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

export const recipeListInput = z.object({
  page: z.preprocess(
    asText,
    z
      .string()
      .regex(/^[1-9][0-9]{0,9}$/, 'Page must be a positive whole number.')
      .optional()
      .transform((value) => (value === undefined ? 1 : Number(value))),
  ),
  categories: z.preprocess(
    asList,
    z
      .string({ error: 'Categories must be comma-separated category ids.' })
      .max(200, 'Too many categories.')
      .regex(
        /^([1-9][0-9]{0,9}(,[1-9][0-9]{0,9})*)?$/,
        'Categories must be comma-separated category ids.',
      )
      .optional()
      .transform((value) => [...new Set((value ?? '').split(',').filter(Boolean).map(Number))]),
  ),
  search: z
    .string({ error: 'Search must be text.' })
    .max(100, 'Search must be at most 100 characters.')
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

/** Words of a search, lower-cased and without accents (é → e), at most eight. */
export function searchWords(search: string): string[] {
  return search
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 8);
}

interface Filter {
  where: string[];
  params: unknown[];
}

/**
 * Search: every word must appear in the title, ingredients, instructions or a category name,
 * case-insensitively. (A word index is listed as remaining work in server/README.md.)
 */
function addSearch(filter: Filter, words: readonly string[]) {
  for (const word of words) {
    // `!` escapes LIKE wildcards (a backslash would need different quoting on MySQL and SQLite).
    const like = `%${word.replace(/[!%_]/g, (c) => `!${c}`)}%`;
    filter.where.push(
      "(lower(r.`title`) like ? escape '!' or lower(r.`ingredients`) like ? escape '!' " +
        "or lower(r.`instructions`) like ? escape '!' or exists (select 1 from `recipe_category` sc " +
        'join `category` sn on sn.`id` = sc.`category_id` where sc.`recipe_id` = r.`id` ' +
        "and lower(sn.`name`) like ? escape '!'))",
    );
    filter.params.push(like, like, like, like);
  }
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

/** One page of recipes, newest first (ties by id), filtered by categories, search and list. */
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

  const filter: Filter = { where: [], params: [] };
  const key: unknown[] = [];
  if (input.categories.length > 0) {
    filter.where.push(
      'r.`id` in (select rc.`recipe_id` from `recipe_category` rc ' +
        `where rc.\`category_id\` in (${placeholders(input.categories)}))`,
    );
    filter.params.push(...input.categories);
    key.push(
      'c',
      [...input.categories].sort((a, b) => a - b),
    );
  }
  // An Admin's "my recipes" is every recipe (the spec's dashboard).
  if (known && input.my_recipes && known.role !== 'Admin') {
    filter.where.push('r.`author_id` = ?');
    filter.params.push(known.userId);
    key.push('m', known.userId);
  }
  if (known && input.saved_recipes) {
    filter.where.push('r.`id` in (select s.`recipe_id` from `save` s where s.`user_id` = ?)');
    filter.params.push(known.userId);
    key.push('s', known.userId);
  }
  const words = searchWords(input.search);
  if (words.length > 0) {
    addSearch(filter, words);
    key.push('q', words);
  }
  const where = filter.where.length > 0 ? ` where ${filter.where.join(' and ')}` : '';

  const count = await cachedCount(deps.orm, JSON.stringify(key), async () => {
    const [row] = await selectRows<{ n: number }>(
      em,
      `select count(*) as \`n\` from \`recipe\` r${where}`,
      filter.params,
    );
    return toInt(row?.n);
  });
  const lastPage = Math.max(1, Math.ceil(count / PAGE_SIZE));
  if (input.page > lastPage) throw notFound(PAGE_NOT_FOUND);

  const rows = await selectRows<RecipeRow>(
    em,
    `select ${RECIPE_COLUMNS} from ${RECIPE_FROM}${where} ` +
      'order by r.`created_at` desc, r.`id` desc limit ? offset ?',
    [...filter.params, PAGE_SIZE, (input.page - 1) * PAGE_SIZE],
  );
  return {
    count,
    next: input.page < lastPage ? pageUrl(input, input.page + 1) : null,
    previous: input.page > 1 ? pageUrl(input, input.page - 1) : null,
    results: await shapeRecipes(em, rows, viewer),
  };
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
  const rows = await selectRows<RecipeRow>(
    em,
    `select ${RECIPE_COLUMNS} from ${RECIPE_FROM} ` +
      'order by r.`reaction_count` desc, r.`created_at` desc, r.`id` desc limit ?',
    [TRENDING_SIZE],
  );
  return shapeRecipes(em, rows, viewer);
}

/** One recipe as the caller sees it. */
export async function getRecipe(
  deps: ServiceDeps,
  viewer: Viewer | null,
  id: number,
): Promise<RecipeData> {
  const recipe = await readRecipe(deps.orm.em.fork(), id, viewer);
  if (!recipe) throw notFound(RECIPE_NOT_FOUND);
  return recipe;
}

export const userRecipesInput = z.object({ email: emailField });

/** One user's recipes, newest first (Admin). */
export async function listRecipesByUser(
  deps: ServiceDeps,
  viewer: Viewer | null,
  email: string,
): Promise<{ status: 'success'; message: string; data: RecipeData[] }> {
  requireAdmin(viewer);
  const em = deps.orm.em.fork();
  const [user] = await selectRows<{ id: number; email: string }>(
    em,
    'select `id`, `email` from `user` where `email` = ?',
    [email.toLowerCase()],
  );
  if (!user) throw notFound(USER_NOT_FOUND);
  const rows = await selectRows<RecipeRow>(
    em,
    `select ${RECIPE_COLUMNS} from ${RECIPE_FROM} where r.\`author_id\` = ? ` +
      'order by r.`created_at` desc, r.`id` desc',
    [toInt(user.id)],
  );
  return {
    status: 'success',
    message: `Recipes of ${user.email}`,
    data: await shapeRecipes(em, rows, viewer),
  };
}
