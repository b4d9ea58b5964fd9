import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Recipe } from '../../src/modules/recipes/data/recipe.entity.js';
import { bearer, startAccountServer, type AccountServer } from '../support/account-server.js';
import { createCategory } from '../support/db-factories.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { member, type Member } from '../support/recipe-world.js';
import { clearTables, forEachDatabase } from '../support/test-database.js';
import { startFixtureSite, type FixtureSite } from './fixture-site.js';

/**
 * POST /api/recipes/import/ and recipeImport.fromUrl against a fixture site on 127.0.0.1, which
 * the server may fetch only because its settings name it (IMPORT_ALLOWED_HOSTS).
 */
let contract: OpenApiContract;
let site: FixtureSite;
beforeAll(async () => {
  contract = await OpenApiContract.load();
  site = await startFixtureSite();
});
afterAll(async () => {
  await site.close();
});

forEachDatabase(({ orm, db }) => {
  let server: AccountServer;
  let cook: Member;
  beforeAll(async () => {
    server = await startAccountServer(db(), {
      config: { importAllowedHosts: new Set([`127.0.0.1:${site.port}`]) },
    });
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(async () => {
    await clearTables(orm());
    cook = await member(orm().em.fork(), 'User');
    site.requests.length = 0;
  });

  const importLink = (url: unknown, token: string | null = cook.token) =>
    contract.inject(server.app, {
      method: 'POST',
      url: '/api/recipes/import/',
      headers: token ? bearer(token) : {},
      payload: { url },
    });

  describe('POST /api/recipes/import/', () => {
    it('reads a JSON-LD recipe into a draft, matching categories across case and accents', async () => {
      const em = orm().em.fork();
      const soup = await createCategory(em, 'SOUP');
      const dinner = await createCategory(em, 'Dínner');
      await createCategory(em, 'Lentil'); // the keyword is "lentils": a whole word must match
      await createCategory(em, 'Dessert');
      const response = await importLink(site.url('/pages/jsonld-graph'));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        title: 'Red Lentil Soup',
        ingredients: '250 g red lentils\n1 carrot\n1 l stock',
        instructions: 'Rinse the lentils.\nSimmer everything for 25 minutes, then blend.',
        img: 'https://blog.example.org/img/soup-1200.jpg',
        servings: 6,
        category: [soup.id, dinner.id],
        source_url: site.url('/pages/jsonld-graph'),
      });
      expect(site.requests).toEqual(['/pages/jsonld-graph']);
    });

    it('reads microdata, and keeps section names as lines of their own', async () => {
      const microdata = await importLink(site.url('/pages/microdata-only'));
      expect(microdata.statusCode, microdata.body).toBe(200);
      expect(microdata.json().title).not.toBe('');
      const sections = await importLink(site.url('/pages/jsonld-sections'));
      expect(sections.statusCode, sections.body).toBe(200);
      expect(sections.json().instructions).toMatch(/^.+:\n/);
    });

    it('follows a redirect and keeps the page it landed on as the source', async () => {
      const target = site.url('/pages/jsonld-top-level');
      const response = await importLink(site.url(`/moved?to=${encodeURIComponent(target)}`));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().source_url).toBe(target);
    });

    it('lets the member save the draft as it came, source link included', async () => {
      const em = orm().em.fork();
      await createCategory(em, 'Soup');
      const draft = (await importLink(site.url('/pages/jsonld-graph'))).json();
      const saved = await contract.inject(server.app, {
        method: 'POST',
        url: '/api/recipes/lists/',
        headers: bearer(cook.token),
        payload: { ...draft, category_ids: draft.category },
      });
      expect(saved.statusCode, saved.body).toBe(201);
      expect(saved.json()).toMatchObject({
        title: 'Red Lentil Soup',
        servings: 6,
        source_url: site.url('/pages/jsonld-graph'),
      });
    });

    it('answers 400 "No recipe was found on that page." for a page without one', async () => {
      for (const page of ['/pages/no-recipe', '/pages/recipe-without-name']) {
        const response = await importLink(site.url(page));
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          detail: 'No recipe was found on that page.',
          errors: { url: ['No recipe was found on that page.'] },
          url: ['No recipe was found on that page.'],
        });
      }
    });

    it('answers 401 to a visitor and fetches nothing', async () => {
      const response = await importLink(site.url('/pages/jsonld-graph'), null);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(site.requests).toEqual([]);
    });

    it('asks for a link when there is none', async () => {
      for (const url of [undefined, '', '   ']) {
        const response = await importLink(url);
        expect(response.statusCode).toBe(400);
        expect(response.json().errors.url).toEqual(['Please give the link of a recipe page.']);
      }
    });

    it('stores nothing', async () => {
      await importLink(site.url('/pages/jsonld-graph'));
      expect(await orm().em.fork().count(Recipe)).toBe(0);
    });
  });

  describe('tRPC recipeImport.fromUrl', () => {
    it('answers what the REST call answers', async () => {
      await createCategory(orm().em.fork(), 'Soup');
      const rest = await importLink(site.url('/pages/jsonld-graph'));
      const trpc = await server
        .caller(cook.token)
        .recipeImport.fromUrl({ url: site.url('/pages/jsonld-graph') });
      expect(trpc).toEqual(rest.json());
    });

    it('refuses with the same field message, and visitors with UNAUTHORIZED', async () => {
      const error = (await server
        .caller(cook.token)
        .recipeImport.fromUrl({ url: site.url('/pages/no-recipe') })
        .catch((e: unknown) => e)) as TRPCError;
      expect(error).toBeInstanceOf(TRPCError);
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.cause).toMatchObject({
        fieldErrors: { url: ['No recipe was found on that page.'] },
      });
      const visitor = (await server
        .caller(null)
        .recipeImport.fromUrl({ url: site.url('/pages/jsonld-graph') })
        .catch((e: unknown) => e)) as TRPCError;
      expect(visitor.code).toBe('UNAUTHORIZED');
    });
  });
});
