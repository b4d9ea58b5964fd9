import { memberAccess, requireAccess } from '../../auth/access.js';
import type { RecipeImportInput } from '@recipehub/openapi/schemas/recipes';
import { AppError } from '../../errors/app-error.js';
import { type Viewer } from '../../auth/viewer.js';
import { Category } from '../recipes/data/category.entity.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { fetchRecipePage, ImportRefused } from './guarded-fetch.js';
import { toDraft, type RecipeDraft } from './recipe-draft.js';
import { parseRecipePage } from './recipe-page-parser.js';

export const NO_RECIPE = 'No recipe was found on that page.';
/** For anything unexpected on the way: said as a site problem, never as ours (no 5xx). */
const UNREACHABLE = 'That site could not be reached.';

/** A refusal as the form shows it: 400, the reason under `url`. */
const refused = (message: string) => new AppError('VALIDATION_FAILED', message, { url: [message] });

export const IMPORT_RECIPE_ACCESS = memberAccess();

/**
 * Import from a link (issue 16): a member's link is fetched with the SSRF guards of
 * guarded-fetch.ts, its schema.org Recipe read by recipe-page-parser.ts and shaped into a draft
 * for the add-recipe form (recipe-draft.ts). Nothing is stored. Limited per member, because each
 * call makes this server fetch a page from elsewhere.
 */
export async function importRecipe(
  deps: ServiceDeps,
  viewer: Viewer | null,
  input: RecipeImportInput,
): Promise<RecipeDraft> {
  const member = requireAccess(IMPORT_RECIPE_ACCESS, viewer);
  await deps.limiter.hit('recipeImport', { subject: String(member.userId) });

  let page: Awaited<ReturnType<typeof fetchRecipePage>>;
  try {
    page = await fetchRecipePage(input.url, {
      allowedHosts: deps.config.importAllowedHosts,
      ...deps.importFetch,
    });
  } catch (error) {
    if (error instanceof ImportRefused) throw refused(error.message);
    deps.log.warn({ err: error }, 'recipe import: unexpected fetch failure');
    throw refused(UNREACHABLE);
  }

  let recipe: ReturnType<typeof parseRecipePage>;
  try {
    // Synchronous, on at most 2 MB of HTML (the fetch's cap).
    recipe = parseRecipePage(page.html, page.url);
  } catch (error) {
    deps.log.warn({ err: error }, 'recipe import: page could not be parsed');
    recipe = null;
  }
  if (!recipe) throw refused(NO_RECIPE);

  const categories = await deps.orm.em
    .fork()
    .find(Category, {}, { fields: ['id', 'name'], orderBy: { id: 'asc' } });
  return toDraft(recipe, page.url, categories);
}
