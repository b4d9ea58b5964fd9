import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { loadPageShells, type PageShell } from './page-shell.js';
import { notFoundHead, recipeHead } from './recipe-page-head.js';
import { recipeHeroHtml } from './recipe-page-hero.js';
import { readRecipePage } from './recipe-page-read.js';

export interface RecipePagesOptions {
  deps: ServiceDeps;
  config: Pick<AppConfig, 'publicUrl' | 'webDistDir'>;
}

/** The ids the database can hold (a signed 32-bit column); anything else is no recipe. */
const RECIPE_ID = /^[1-9][0-9]{0,9}$/;
const MAX_ID = 2_147_483_647;

/** The shell with a page's head and, where the shell has its element, the recipe's hero. */
const page = (shell: PageShell, head: string, hero = '') =>
  `${shell.beforeTitle}${head}${shell.headRest}${shell.body}` +
  (shell.bodyAfterSlot === null ? '' : `${hero}${shell.bodyAfterSlot}`);

/**
 * Every visitor gets the same page, so shared caches may keep it, but each use asks again
 * (`no-cache`): the page names the build's hashed scripts, which a deploy removes, and the
 * recipe may be edited. The ETag makes asking again a 304 without the body.
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, status: number, html: string) {
  const etag = `W/"${createHash('sha1').update(html).digest('base64url').slice(0, 27)}"`;
  reply
    .header('cache-control', status === 200 ? 'public, no-cache' : 'no-cache')
    .header('etag', etag)
    .type('text/html; charset=utf-8');
  if (status === 200 && request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.status(status).send(html);
}

/**
 * `GET /recipes/{id}`: the recipe page with its title, description, canonical URL, Open Graph
 * and Twitter tags and schema.org Recipe already in the HTML (link previews and crawlers run no
 * script), around the app's prerendered first render with the recipe's hero (photo, title,
 * author) filled in (recipe-page-hero.ts), so the page's largest element paints before the app's
 * script has run; the app then hydrates it. Absolute URLs
 * start with PUBLIC_URL, never with the request's Host or X-Forwarded-* headers: a client (or a
 * proxy that passes them on) chooses those, and a shared cache would keep its choice for others.
 * An unknown or malformed id answers 404 with the app's not-found page.
 */
export async function recipePagesRoutes(
  app: FastifyInstance,
  { deps, config }: RecipePagesOptions,
) {
  const shells = loadPageShells(config.webDistDir);
  const notFoundPage = page(shells.notFound, notFoundHead());

  app.get<{ Params: { id: string } }>('/recipes/:id', async (request, reply) => {
    const { id } = request.params;
    const recipeId = RECIPE_ID.test(id) ? Number(id) : 0;
    const found =
      recipeId > 0 && recipeId <= MAX_ID ? await readRecipePage(deps.database, recipeId) : null;
    if (!found) return sendPage(request, reply, 404, notFoundPage);
    const html = page(
      shells.recipe,
      recipeHead(found, config.publicUrl),
      recipeHeroHtml(found.recipe),
    );
    return sendPage(request, reply, 200, html);
  });
}
