import { afterEach, describe, expect, it } from 'vitest';
import type { Category } from '../../src/modules/recipes/data/category.entity.js';
import { Recipe } from '../../src/modules/recipes/data/recipe.entity.js';
import { Save } from '../../src/modules/saves/save.entity.js';
import { bearer } from '../support/account-server.js';
import { useRecipeListServer, type ListPage as Page } from '../support/recipe-list-server.js';
import { recipeBody } from '../support/recipe-world.js';
import { forEachDatabase } from '../support/test-database.js';

/**
 * A search's pages (modules/recipes/search/search.ts): the ranked window, the pages after it, and
 * every write seen on the next request.
 */
forEachDatabase(({ orm, db }) => {
  const { server, world, inject, page } = useRecipeListServer(db);
  afterEach(() => {
    server.deps.recipeLimits.searchWindow = undefined;
  });

  const titles = async (url: string, token?: string) =>
    (await page(url, token)).results.map((r) => r.title);

  /**
   * 35 saffron recipes ranked in three tiers (title, ingredients, instructions), several sharing
   * a creation time (ties broken by id), spread over two categories and two authors, half saved
   * by `other`; and a few recipes without saffron.
   */
  async function addSaffronRecipes() {
    const [curry, dessert] = world().categories as [Category, Category];
    const em = orm().em.fork();
    const recipes: Recipe[] = [];
    for (let i = 0; i < 38; i++) {
      const tier = i % 3;
      const recipe = em.create(Recipe, {
        title: i >= 35 ? `Plain Rice ${i}` : tier === 0 ? `Saffron Dish ${i}` : `Dish ${i}`,
        img: null,
        ingredients:
          i === 0 ? 'cardamom\nrice' : i < 35 && tier === 1 ? 'saffron\nrice' : 'rice\nwater',
        instructions: i < 35 && tier === 2 ? 'Add the saffron.' : 'Boil.',
        author: i % 2 === 0 ? world().chef.user : world().user.user,
      });
      recipe.categories.set(i % 4 === 0 ? [curry, dessert] : [i % 2 === 0 ? curry : dessert]);
      recipes.push(recipe);
    }
    await em.flush();
    for (const [i, recipe] of recipes.entries()) {
      // Four recipes a minute: equal matches of one minute are ordered by id.
      const at = new Date(Date.UTC(2025, 0, 1, 0, Math.floor(i / 4)));
      await em.nativeUpdate(Recipe, { id: recipe.id }, { createdAt: at });
    }
    for (const recipe of recipes.filter((_, i) => i % 2 === 1)) {
      em.create(Save, { user: world().other.user, recipe, createdAt: new Date() });
    }
    await em.flush();
  }

  /** Every page of `url`, one request per page, from page 1 until `next` is null. */
  async function allPages(url: string, token?: string): Promise<Page[]> {
    const pages: Page[] = [];
    for (let n = 1; ; n++) {
      pages.push(await page(`${url}&page=${n}`, token));
      if (pages.at(-1)!.next === null) return pages;
    }
  }

  describe('GET /api/recipes/lists/?search= (pages)', () => {
    it('answers every match once over its pages, the same each time, with and without other filters', async () => {
      await addSaffronRecipes();
      const [curry] = world().categories as [Category];
      const cases: [string, string?][] = [
        ['/api/recipes/lists/?search=saffron'],
        ['/api/recipes/lists/?search=saffron%20rice'],
        [`/api/recipes/lists/?search=saffron&categories=${curry.id}`],
        ['/api/recipes/lists/?search=saffron&my_recipes=true', world().user.token],
        // An Admin's "my recipes" is every recipe: it shares the plain search's ranking.
        ['/api/recipes/lists/?search=saffron&my_recipes=true', world().admin.token],
        ['/api/recipes/lists/?search=saffron&saved_recipes=true', world().other.token],
        [`/api/recipes/lists/?search=dessert&categories=${curry.id}`],
      ];
      for (const [url, token] of cases) {
        const first = await allPages(url, token);
        const ids = first.flatMap((p) => p.results.map((r) => r.id));
        expect(new Set(ids).size, url).toBe(ids.length);
        expect(ids.length, url).toBe(first[0]!.count);
        expect(await allPages(url, token), url).toEqual(first);
      }
      // The cases above do filter: the plain search has all 35 matches, in four pages.
      const plain = await allPages('/api/recipes/lists/?search=saffron');
      expect(plain.map((p) => p.results.length)).toEqual([10, 10, 10, 5]);
      expect(plain[0]!.results.slice(0, 12).every((r) => r.title.startsWith('Saffron'))).toBe(true);
      const mine = await allPages(
        '/api/recipes/lists/?search=saffron&my_recipes=true',
        world().user.token,
      );
      expect(mine[0]!.count).toBe(17);
    });

    it('answers pages beyond the ranked window, each match once, alone or in a walk', async () => {
      await addSaffronRecipes();
      // A window of 4 title matches and 5 matches (at most 9 ranked ids): page 1 straddles its
      // end, pages 2 to 4 come after it, newest first.
      server.deps.recipeLimits.searchWindow = { titles: 4, matches: 5 };
      const walked = await allPages('/api/recipes/lists/?search=saffron');
      const ids = walked.flatMap((p) => p.results.map((r) => r.id));
      expect(ids).toHaveLength(35);
      expect(new Set(ids).size).toBe(35);
      expect(await page('/api/recipes/lists/?search=saffron&page=3')).toEqual(walked[2]);
      expect(await allPages('/api/recipes/lists/?search=saffron')).toEqual(walked);
    });

    it('shows a created, updated or deleted recipe and a renamed category on the next request', async () => {
      await addSaffronRecipes();
      const [curry, dessert] = world().categories as [Category, Category];
      const url = '/api/recipes/lists/?search=saffron';
      const before = await page(url);
      expect(before.count).toBe(35);

      const created = await inject({
        method: 'POST',
        url: '/api/recipes/lists/',
        headers: bearer(world().chef.token),
        payload: recipeBody([curry.id], { title: 'Saffron Saffron Pulao' }),
      });
      expect(created.statusCode).toBe(201);
      const id = (created.json() as { id: number }).id;
      const after = await page(url);
      expect(after.count).toBe(36);
      expect(after.results[0]!.id).toBe(id);

      const put = await inject({
        method: 'PUT',
        url: `/api/recipes/lists/${id}/`,
        headers: bearer(world().chef.token),
        payload: recipeBody([dessert.id], { title: 'Pistachio Kulfi' }),
      });
      expect(put.statusCode).toBe(200);
      expect(await page(url)).toEqual(before);
      expect(await titles('/api/recipes/lists/?search=pistachio')).toEqual(['Pistachio Kulfi']);

      // Search a category name, then rename the category: the search follows the new name.
      const desserts = await page('/api/recipes/lists/?search=dessert%20pistachio');
      expect(desserts.results.map((r) => r.id)).toEqual([id]);
      await server
        .caller(world().admin.token)
        .categories.rename({ id: dessert.id, name: 'Frozen Treats' });
      expect((await page('/api/recipes/lists/?search=dessert%20pistachio')).count).toBe(0);
      expect(await titles('/api/recipes/lists/?search=frozen%20pistachio')).toEqual([
        'Pistachio Kulfi',
      ]);

      const del = await inject({
        method: 'DELETE',
        url: `/api/recipes/lists/${id}/`,
        headers: bearer(world().chef.token),
      });
      expect(del.statusCode).toBe(204);
      expect((await page('/api/recipes/lists/?search=pistachio')).count).toBe(0);
    });

    it('follows save toggles in a saved_recipes search', async () => {
      await addSaffronRecipes();
      const url = '/api/recipes/lists/?search=saffron&saved_recipes=true';
      const before = await page(url, world().user.token);
      expect(before.count).toBe(0);
      const [first] = (await page('/api/recipes/lists/?search=saffron')).results;
      const save = await inject({
        method: 'POST',
        url: `/api/recipes/lists/${first!.id}/save/`,
        headers: bearer(world().user.token),
      });
      expect(save.statusCode).toBe(200);
      expect((await page(url, world().user.token)).results.map((r) => r.id)).toEqual([first!.id]);
    });

    it("reads the ranking's candidates once per request, with the count", async () => {
      await addSaffronRecipes();
      const knex = orm().em.getConnection().getKnex();
      const ranked: string[] = [];
      // The ranking reads its candidates' text (search/search.ts).
      const listener = (data: { sql: string }) => {
        if (/`instructions`, `category_names` from `recipe`/.test(data.sql)) ranked.push(data.sql);
      };
      knex.on('query', listener);
      try {
        const url = '/api/recipes/lists/?search=saffron';
        const pages = await Promise.all([1, 1, 2, 3].map((n) => page(`${url}&page=${n}`)));
        expect(ranked).toHaveLength(4);
        expect(pages[0]).toEqual(pages[1]);
        expect(await page(`${url}&page=4`)).toMatchObject({ next: null });
        expect(ranked).toHaveLength(5);
      } finally {
        knex.off('query', listener);
      }
    });

    it('costs the same number of queries for a page of 1 recipe and a page of 10', async () => {
      await addSaffronRecipes();
      const knex = orm().em.getConnection().getKnex();
      let queries = 0;
      const listener = () => {
        queries++;
      };
      const count = async (url: string) => {
        await page(url, world().user.token);
        queries = 0;
        knex.on('query', listener);
        try {
          const answer = await page(url, world().user.token);
          return { queries, size: answer.results.length };
        } finally {
          knex.off('query', listener);
        }
      };
      const ten = await count('/api/recipes/lists/?search=saffron');
      const one = await count('/api/recipes/lists/?search=cardamom');
      expect(ten.size).toBe(10);
      expect(one.size).toBe(1);
      expect(ten.queries).toBe(one.queries);
      // Session, categories check, page rows, categories, reaction counts, comments, viewer's.
      expect(ten.queries).toBeLessThanOrEqual(10);
    });
  });
});
