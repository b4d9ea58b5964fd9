import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Recipe } from '../../src/modules/recipes/data/recipe.entity.js';
import { SITEMAP_PAGE_SIZE } from '../../src/modules/recipes/data/sitemap-read.js';
import { buildTestApp } from '../support/build-test-app.js';
import { createRecipe } from '../support/db-factories.js';
import { forEachDatabase } from '../support/test-database.js';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');

forEachDatabase(({ orm, db }) => {
  let app: FastifyInstance;
  const ids: number[] = [];
  // Past two pages' worth of ids: a third page, with the first two sparse.
  const FAR_ID = 2 * SITEMAP_PAGE_SIZE + 7;

  beforeAll(async () => {
    app = await buildTestApp(db());
    const em = orm().em.fork();
    for (let i = 0; i < 3; i += 1) ids.push((await createRecipe(em, null)).id);
    const gone = await createRecipe(em, null);
    em.remove(gone);
    const far = em.create(Recipe, {
      id: FAR_ID,
      title: 'Far away stew',
      img: null,
      ingredients: 'Water',
      instructions: 'Wait.',
      author: null,
    });
    await em.flush();
    ids.push(far.id);
  });
  afterAll(async () => {
    await app.close();
  });

  describe('GET /sitemap.xml', () => {
    it('is an index of one page per 50,000 recipe ids', async () => {
      const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
      expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /);
      expect(locs(response.body)).toEqual([
        'http://recipehub.test/sitemaps/recipes-1.xml',
        'http://recipehub.test/sitemaps/recipes-2.xml',
        'http://recipehub.test/sitemaps/recipes-3.xml',
      ]);
    });
  });

  describe('GET /sitemaps/recipes-{n}.xml', () => {
    it('lists every recipe once, on the page of its id range, with its last edit', async () => {
      const listed: string[] = [];
      for (const page of [1, 2, 3]) {
        const response = await app.inject({ method: 'GET', url: `/sitemaps/recipes-${page}.xml` });
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain(
          '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        );
        expect(response.body).toMatch(
          page === 2 ? /<urlset [^>]+>\n\n<\/urlset>/ : /<lastmod>\d{4}-\d\d-\d\dT/,
        );
        listed.push(...locs(response.body));
      }
      expect(listed).toEqual(ids.map((id) => `http://recipehub.test/recipes/${id}`));
    });

    it.each(['recipes-4.xml', 'recipes-0.xml', 'recipes-x.xml', 'users-1.xml', 'recipes-1.xml.gz'])(
      'answers 404 for /sitemaps/%s',
      async (file) => {
        const response = await app.inject({ method: 'GET', url: `/sitemaps/${file}` });
        expect(response.statusCode).toBe(404);
      },
    );
  });

  describe('GET /robots.txt', () => {
    it('points at the sitemap and keeps crawlers off the API and the dashboard', async () => {
      const response = await app.inject({ method: 'GET', url: '/robots.txt' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.body).toContain('Sitemap: http://recipehub.test/sitemap.xml\n');
      expect(response.body).toContain('Disallow: /api/\n');
      expect(response.body).toContain('Disallow: /dashboard/\n');
    });
  });
});
