import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config.js';
import { readPageCookie } from '../../auth/page-cookie.js';
import { pageViewerOf } from '../../auth/page-viewer.js';
import { readCategories } from '../categories/categories.js';
import { listRecipes } from '../recipes/recipe-list.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { dashboardListsHtml } from './dashboard-html.js';
import { encodingFor } from './home-page.routes.js';

export interface DashboardPageOptions {
  deps: ServiceDeps;
  config: Pick<AppConfig, 'webDistDir'>;
}

/** The dashboard's path in web/ (lib/paths.ts paths.dashboard.index). */
export const DASHBOARD_INDEX_PATH = '/dashboard/index/';

/** The element of dashboard.html the server fills (web/ features/dashboard/dashboard-page.tsx). */
const LISTS_SLOT = '<div class="dash-lists" data-server-rendered="dashboard"></div>';
/** The prerendered tabs' id, which their panels' ids and labels are made from (Radix). */
const TABS_ID = /id="([A-Za-z0-9_:-]+)-trigger-my"/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = NonNullable<ReturnType<typeof encodingFor>>;
type Compress = (html: string, encoding: Encoding) => Promise<Buffer>;

/*
 * A member's page is their own, so it is compressed per request, at Brotli quality 5: a page
 * with six cards is about 30 kB of HTML (most of it the placeholders' PNGs) and about 9 kB so.
 */
const compressPerRequest: Compress = (html, encoding) =>
  encoding === 'br'
    ? brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipAsync(html);

/**
 * For one fixed page (the plain shell, the same for everyone): each encoding is made once, on
 * first use.
 */
function compressOnce(): Compress {
  const bodies = new Map<Encoding, Promise<Buffer>>();
  return (html, encoding) => {
    let body = bodies.get(encoding);
    if (body === undefined) {
      body = compressPerRequest(html, encoding);
      bodies.set(encoding, body);
      // A failed compression is not kept: the next request tries again.
      body.catch(() => bodies.delete(encoding));
    }
    return body;
  };
}

async function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
  compress: Compress,
) {
  reply
    .type('text/html; charset=utf-8')
    // Added to what is there (CORS may have said `origin`), not put in its place.
    .header(
      'vary',
      [reply.getHeader('vary'), 'Cookie, Accept-Encoding'].filter(Boolean).join(', '),
    );
  const encoding = encodingFor(request);
  if (!encoding) return reply.send(html);
  return reply.header('content-encoding', encoding).send(await compress(html, encoding));
}

/**
 * The filled slot for the member a page cookie stands for: their categories and first page of My
 * Recipes (the reads the page makes itself, with the same input, so an Admin's is every recipe
 * as in the app), or null: no, an invalid or a revoked cookie, no recipes, or a read that failed
 * (logged). Never another member's data: the list is the cookie's own session's member's.
 */
async function memberLists(
  deps: ServiceDeps,
  token: string | undefined,
  tabsId: string,
): Promise<string | null> {
  if (token === undefined) return null;
  try {
    const viewer = await pageViewerOf(deps.database, token);
    if (!viewer) return null;
    const [categories, list] = await Promise.all([
      readCategories(deps),
      listRecipes(deps, viewer, {
        page: 1,
        categories: [],
        search: '',
        my_recipes: true,
        saved_recipes: false,
      }),
    ]);
    return dashboardListsHtml(categories, list.results, tabsId) || null;
  } catch (error) {
    deps.log.warn({ err: error }, 'dashboard page: the member’s first cards could not be read');
    return null;
  }
}

/**
 * `GET /dashboard/index/`: with a valid page cookie (auth/page-cookie.ts), web/'s prerendered
 * dashboard (dashboard.html) with the member's filters and first cards in its slot, private and
 * never stored (`Cache-Control: private, no-store`; `Vary: Cookie`); otherwise index.html, the
 * app's empty shell, as every other dashboard path gets it (the app renders the page itself,
 * from the token in local storage). Never an error page: a failed read is the plain shell.
 * Without a web build (or without dashboard.html) the web app's routes answer as before.
 */
export async function dashboardPageRoutes(
  app: FastifyInstance,
  { deps, config }: DashboardPageOptions,
) {
  const read = (file: string) => {
    const full = path.join(config.webDistDir, file);
    return existsSync(full) ? readFileSync(full, 'utf8') : null;
  };
  const dashboard = read('dashboard.html');
  const index = read('index.html');
  const slotAt = dashboard?.indexOf(LISTS_SLOT) ?? -1;
  const tabsId = dashboard ? TABS_ID.exec(dashboard)?.[1] : undefined;
  if (!dashboard || !index || slotAt < 0 || !tabsId) return;
  const before = dashboard.slice(0, slotAt + LISTS_SLOT.length - '</div>'.length);
  const after = dashboard.slice(slotAt + LISTS_SLOT.length - '</div>'.length);
  const compressIndex = compressOnce();

  app.get(DASHBOARD_INDEX_PATH, async (request, reply) => {
    const lists = await memberLists(deps, readPageCookie(request), tabsId);
    if (lists === null) {
      reply.header('cache-control', 'no-cache');
      return sendHtml(request, reply, index, compressIndex);
    }
    reply.header('cache-control', 'private, no-store');
    return sendHtml(request, reply, `${before}${lists}${after}`, compressPerRequest);
  });
}
