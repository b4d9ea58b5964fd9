import type { FastifyInstance } from 'fastify';
import { recipePageUrl } from '@recipehub/openapi/recipe-head';
import type { AppConfig } from '../../config/config.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { escapeHtml } from './html-text.js';
import { SITEMAP_PAGE_SIZE, sitemapPage, sitemapPageCount } from '../recipes/data/sitemap-read.js';

export interface SitemapOptions {
  deps: ServiceDeps;
  config: Pick<AppConfig, 'publicUrl'>;
  /** Recipes per sitemap page (tests use a small one to see several pages). */
  pageSize?: number;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const XMLNS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
/** Crawlers read these at most daily; an hour keeps a new recipe's wait short. */
const CACHE = 'public, max-age=3600';
const PAGE_PATH = /^recipes-([1-9][0-9]{0,6})\.xml$/;

const NOT_LISTED = [
  '/api/',
  '/trpc/',
  '/dashboard/',
  '/login',
  '/register',
  '/reset-password',
  '/reset-password-otp',
  '/set-new-password',
  '/not-verified',
  '/logout',
];

/** Search engines' only listing of the public pages: robots.txt names what to skip and the sitemap. */
function robotsTxt(publicUrl: string): string {
  return [
    '# Public pages may be indexed; the API, the member dashboard and the auth steps are not pages to list.',
    'User-agent: *',
    'Allow: /',
    ...NOT_LISTED.map((path) => `Disallow: ${path}`),
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * `/sitemap.xml`, a sitemap index naming `/sitemaps/recipes-1.xml` ... (one per 50,000 recipe
 * ids, recipes/data/sitemap-read.ts), each page listing its recipes with their last edit, and `/robots.txt`
 * pointing at it. URLs start with PUBLIC_URL (see recipe-page.routes.ts).
 */
export async function sitemapRoutes(app: FastifyInstance, options: SitemapOptions) {
  const { deps, config } = options;
  const pageSize = options.pageSize ?? SITEMAP_PAGE_SIZE;
  const robots = robotsTxt(config.publicUrl);

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=86400')
      .type('text/plain; charset=utf-8')
      .send(robots),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    const pages = await sitemapPageCount(deps.database, deps.orm.em.fork(), pageSize);
    const entries = Array.from(
      { length: pages },
      (_, index) =>
        `<sitemap><loc>${escapeHtml(`${config.publicUrl}/sitemaps/recipes-${index + 1}.xml`)}</loc></sitemap>`,
    );
    return reply
      .header('cache-control', CACHE)
      .type('application/xml; charset=utf-8')
      .send(`${XML_HEAD}<sitemapindex ${XMLNS}>\n${entries.join('\n')}\n</sitemapindex>\n`);
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const match = PAGE_PATH.exec(request.params.file);
    const page = match ? Number(match[1]) : 0;
    const em = deps.orm.em.fork();
    if (page === 0 || page > (await sitemapPageCount(deps.database, em, pageSize))) {
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .send(`No sitemap at /sitemaps/${request.params.file}.`);
    }
    const urls = (await sitemapPage(deps.database, em, page, pageSize)).map(
      ({ id, updatedOn }) =>
        `<url><loc>${escapeHtml(recipePageUrl(config.publicUrl, id))}</loc>` +
        `<lastmod>${updatedOn.toISOString()}</lastmod></url>`,
    );
    return reply
      .header('cache-control', CACHE)
      .type('application/xml; charset=utf-8')
      .send(`${XML_HEAD}<urlset ${XMLNS}>\n${urls.join('\n')}\n</urlset>\n`);
  });
}
