import { adminAccess, requireAccess } from '../../auth/access.js';
import { RECIPES_PER_PAGE, recipePageCount } from '@recipehub/openapi/limits';
import type { UserRecipesInput } from '@recipehub/openapi/schemas/recipes';
import { USER_NOT_FOUND } from '../accounts/user-admin.js';
import { type Viewer } from '../../auth/viewer.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { notFound, toInt } from '../shared/sql.js';
import { selectRows } from '../../db/select-rows.js';
import { PAGE_NOT_FOUND } from './data/recipe-messages.js';
import {
  countAuthorRecipes,
  readAuthorRows,
  shapeRecipes,
  type RecipeData,
} from './data/recipe-read.js';

export interface UserRecipesPageData {
  count: number;
  next: string | null;
  previous: string | null;
  results: { status: 'success'; message: string; data: RecipeData[] };
}

function pageUrl(email: string, page: number): string {
  return `/api/recipes/by-user/${encodeURIComponent(email)}/?page=${page}`;
}

export const RECIPES_BY_USER_ACCESS = adminAccess(['input', 'login', 'role']);

/**
 * One page of a user's recipes, newest first (Admin), in the spec's shape: the list's paging
 * around the `{status, message, data}` envelope. Both reads follow
 * `recipe_author_created_at_index`, so a prolific author costs what a newcomer does.
 */
export async function listRecipesByUser(
  deps: ServiceDeps,
  viewer: Viewer | null,
  { email, page }: UserRecipesInput,
): Promise<UserRecipesPageData> {
  requireAccess(RECIPES_BY_USER_ACCESS, viewer);
  const em = deps.orm.em.fork();
  const [user] = await selectRows<{ id: number; email: string }>(
    em,
    'select `id`, `email` from `user` where `email` = ?',
    [email.toLowerCase()],
  );
  if (!user) throw notFound(USER_NOT_FOUND);
  const authorId = toInt(user.id);
  const count = await countAuthorRecipes(deps.database, em, authorId);
  const lastPage = recipePageCount(count);
  if (page > lastPage) throw notFound(PAGE_NOT_FOUND);
  const offset = (page - 1) * RECIPES_PER_PAGE;
  const rows = await readAuthorRows(deps.database, em, authorId, RECIPES_PER_PAGE, offset);
  return {
    count,
    next: page < lastPage ? pageUrl(user.email, page + 1) : null,
    previous: page > 1 ? pageUrl(user.email, page - 1) : null,
    results: {
      status: 'success',
      message: `Recipes of ${user.email}`,
      data: await shapeRecipes(deps.database, em, rows, viewer),
    },
  };
}
