import { memberAccess } from '../../auth/access.js';
import { defineUseCase, fromBody } from '../../auth/use-case.js';
import { recipeImportInput } from '@recipehub/openapi/schemas/recipes';
import { AppError } from '../../errors/app-error.js';
import { type Viewer } from '../../auth/viewer.js';
import { Category } from '../recipes/data/category.entity.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { VALIDATION_DETAIL } from '../shared/sql.js';
import { fetchRecipePage, ImportRefused } from './guarded-fetch.js';
import type { RecipeDraft } from './recipe-draft.js';
import { PARSE_TIME_LIMIT_MS, readPageOffLoop, type PageParseOutcome } from './page-parse-pool.js';

export const NO_RECIPE = 'No recipe was found on that page.';
export const PAGE_TOO_DEEP = 'That page is nested too deeply to read a recipe from.';
export const pageTooSlow = (timeLimitMs: number) =>
  `That page took longer than ${Math.ceil(timeLimitMs / 1000)} s to read.`;
/** For anything unexpected on the way: said as a site problem, never as ours (no 5xx). */
const UNREACHABLE = 'That site could not be reached.';

/** A refusal as the form shows it: 400, the reason under `url`. */
const refused = (message: string) => new AppError('VALIDATION_FAILED', message, { url: [message] });

/**
 * Import from a link (issue 16): a member's link is fetched with the SSRF guards of
 * guarded-fetch.ts, its schema.org Recipe read by recipe-page-parser.ts and shaped into a draft
 * for the add-recipe form (recipe-draft.ts), both in a worker thread (page-parse-pool.ts: with a
 * time limit, never on the event loop). Nothing is stored. Limited per member, because each call
 * makes this server fetch a page from elsewhere.
 */
export const importRecipe = defineUseCase({
  access: memberAccess(),
  input: recipeImportInput,
  rest: {
    method: 'POST',
    path: '/api/recipes/import/',
    read: fromBody(recipeImportInput, VALIDATION_DETAIL),
  },
  trpc: { kind: 'mutation', validationMessage: VALIDATION_DETAIL },
  handle: (deps, member, input) => importFrom(deps, member, input.url),
});

/** `recipeImport.fromUrl`, POST /api/recipes/import/. */
export const RECIPE_IMPORT_USE_CASES = { fromUrl: importRecipe };

async function importFrom(deps: ServiceDeps, member: Viewer, url: string): Promise<RecipeDraft> {
  await deps.limiter.hit('recipeImport', { subject: String(member.userId) });

  let page: Awaited<ReturnType<typeof fetchRecipePage>>;
  try {
    page = await fetchRecipePage(url, {
      allowedHosts: deps.config.importAllowedHosts,
      resolve: deps.importFetch?.resolve,
      timeoutMs: deps.importFetch?.timeoutMs,
    });
  } catch (error) {
    if (error instanceof ImportRefused) throw refused(error.message);
    deps.log.warn({ err: error }, 'recipe import: unexpected fetch failure');
    throw refused(UNREACHABLE);
  }

  const parseTimeLimitMs = deps.importFetch?.parseTimeLimitMs ?? PARSE_TIME_LIMIT_MS;
  const categories = await deps.orm.em
    .fork()
    .find(Category, {}, { fields: ['id', 'name'], orderBy: { id: 'asc' } });
  let reading: PageParseOutcome;
  try {
    reading = await readPageOffLoop(deps.offLoop, parseTimeLimitMs, {
      html: page.html,
      url: page.url,
      categories: categories.map(({ id, name }) => ({ id, name })),
    });
  } catch (error) {
    deps.log.warn({ err: error }, 'recipe import: page could not be parsed');
    reading = { draft: null };
  }
  if ('tooDeep' in reading) throw refused(PAGE_TOO_DEEP);
  if ('tooSlow' in reading) throw refused(pageTooSlow(parseTimeLimitMs));
  if (!reading.draft) throw refused(NO_RECIPE);
  return reading.draft;
}
