import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Category } from '../../src/modules/recipes/data/category.entity.js';
import { Reaction } from '../../src/modules/reactions/reaction.entity.js';
import { Recipe } from '../../src/modules/recipes/data/recipe.entity.js';
import { refreshRecipeCounters } from '../../src/modules/recipes/data/recipe.repository.js';
import type { User } from '../../src/modules/users/user.entity.js';
import { bearer, useAccountServer } from '../support/account-server.js';
import { createUser } from '../support/db-factories.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { recipeWorld, type RecipeWorld } from '../support/recipe-world.js';
import { forEachDatabase } from '../support/test-database.js';

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

interface Page {
  count: number;
  next: string | null;
  previous: string | null;
  results: { id: number; title: string; is_saved_by_user: boolean }[];
}

forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);
  let world: RecipeWorld;
  beforeEach(async () => {
    world = await recipeWorld(orm());
  });

  const get = (url: string, token?: string) =>
    contract.inject(server.app, { method: 'GET', url, headers: token ? bearer(token) : {} });

  /** Recipes titled `prefix n`, the n-th one `n` minutes after 2025-01-01 (or all at once). */
  async function addRecipes(
    n: number,
    {
      author = world.chef.user,
      categories = [world.categories[0]!],
      prefix = 'Recipe',
      sameTime = false,
      text = {},
    }: {
      author?: User | null;
      categories?: Category[];
      prefix?: string;
      sameTime?: boolean;
      text?: Partial<Record<'ingredients' | 'instructions', string>>;
    } = {},
  ): Promise<Recipe[]> {
    const em = orm().em.fork();
    const recipes: Recipe[] = [];
    for (let i = 1; i <= n; i++) {
      const recipe = em.create(Recipe, {
        title: `${prefix} ${i}`,
        img: null,
        ingredients: text.ingredients ?? 'rice\nwater',
        instructions: text.instructions ?? 'Boil.',
        author,
      });
      recipe.categories.set(categories);
      recipes.push(recipe);
    }
    await em.flush();
    for (const [i, recipe] of recipes.entries()) {
      const at = new Date(Date.UTC(2025, 0, 1, 0, sameTime ? 0 : i + 1));
      await em.nativeUpdate(Recipe, { id: recipe.id }, { createdAt: at });
    }
    return recipes;
  }

  describe('GET /api/recipes/lists/', () => {
    it('pages 10 at a time, newest first, with next and previous links', async () => {
      await addRecipes(23);
      const first = (await get('/api/recipes/lists/')).json() as Page;
      expect(first.count).toBe(23);
      expect(first.results.map((r) => r.title)).toEqual(
        Array.from({ length: 10 }, (_, i) => `Recipe ${23 - i}`),
      );
      expect(first.previous).toBeNull();
      expect(first.next).toBe('/api/recipes/lists/?page=2');
      const third = (await get('/api/recipes/lists/?page=3')).json() as Page;
      expect(third.results.map((r) => r.title)).toEqual(['Recipe 3', 'Recipe 2', 'Recipe 1']);
      expect(third.next).toBeNull();
      expect(third.previous).toBe('/api/recipes/lists/?page=2');
      expect(await server.caller(null).recipes.list({ page: 3 })).toEqual(third);
    });

    it('breaks ties on the creation time by id, newest id first, without gaps or repeats', async () => {
      const recipes = await addRecipes(15, { sameTime: true });
      const one = (await get('/api/recipes/lists/?page=1')).json() as Page;
      const two = (await get('/api/recipes/lists/?page=2')).json() as Page;
      expect([...one.results, ...two.results].map((r) => r.id)).toEqual(
        recipes.map((r) => r.id).reverse(),
      );
    });

    it('answers page 1 of an empty list, 404 beyond the last page and 400 for a malformed page', async () => {
      const empty = await get('/api/recipes/lists/?page=1');
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
      expect((await get('/api/recipes/lists/?page=2')).statusCode).toBe(404);
      await addRecipes(10);
      expect((await get('/api/recipes/lists/?page=1')).json().next).toBeNull();
      expect((await get('/api/recipes/lists/?page=2')).statusCode).toBe(404);
      for (const page of ['0', '-1', 'abc', '1.5', '']) {
        const response = await get(`/api/recipes/lists/?page=${page}`);
        expect(response.statusCode, page).toBe(400);
      }
      await expect(server.caller(null).recipes.list({ page: 9 })).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    });

    it('filters by any of the listed categories and keeps the filter in the links', async () => {
      const [curry, dessert, seafood] = world.categories as [Category, Category, Category];
      await addRecipes(3, { categories: [curry], prefix: 'Curry' });
      await addRecipes(2, { categories: [dessert, curry], prefix: 'Both' });
      await addRecipes(9, { categories: [seafood], prefix: 'Fish' });
      const desserts = (await get(`/api/recipes/lists/?categories=${dessert.id}`)).json() as Page;
      expect(desserts.count).toBe(2);
      const two = (
        await get(`/api/recipes/lists/?categories=${dessert.id},${seafood.id}`)
      ).json() as Page;
      expect(two.count).toBe(11);
      expect(two.next).toBe(`/api/recipes/lists/?page=2&categories=${dessert.id}%2C${seafood.id}`);
      const curries = (await get(`/api/recipes/lists/?categories=${curry.id}`)).json() as Page;
      expect(curries.count).toBe(5);
      expect((await get('/api/recipes/lists/?categories=')).json().count).toBe(14);
    });

    it('answers 400 for unknown or malformed category ids', async () => {
      const unknown = await get('/api/recipes/lists/?categories=9999');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors.categories).toEqual(['Unknown category: 9999.']);
      for (const value of ['abc', '1,,2', '0', '1;2', '-1']) {
        expect((await get(`/api/recipes/lists/?categories=${value}`)).statusCode, value).toBe(400);
      }
    });

    it("lists the caller's own recipes, every recipe for an Admin, and the caller's saves", async () => {
      await addRecipes(3, { author: world.chef.user, prefix: 'Chef' });
      const mine = await addRecipes(2, { author: world.user.user, prefix: 'Mine' });
      const em = orm().em.fork();
      await createUser(em);
      const own = (
        await get('/api/recipes/lists/?my_recipes=true', world.user.token)
      ).json() as Page;
      expect(own.results.map((r) => r.title)).toEqual(['Mine 2', 'Mine 1']);
      expect(own.count).toBe(2);
      const adminAll = (
        await get('/api/recipes/lists/?my_recipes=true', world.admin.token)
      ).json() as Page;
      expect(adminAll.count).toBe(5);

      const save = await contract.inject(server.app, {
        method: 'POST',
        url: `/api/recipes/lists/${mine[0]!.id}/save/`,
        headers: bearer(world.other.token),
      });
      expect(save.statusCode).toBe(200);
      const saved = (
        await get('/api/recipes/lists/?saved_recipes=true', world.other.token)
      ).json() as Page;
      expect(saved.count).toBe(1);
      expect(saved.results[0]).toMatchObject({ title: 'Mine 1', is_saved_by_user: true });
      expect(saved.next).toBeNull();
    });

    it('needs a login for my_recipes and saved_recipes, and refuses both at once', async () => {
      expect((await get('/api/recipes/lists/?my_recipes=true')).statusCode).toBe(401);
      expect((await get('/api/recipes/lists/?saved_recipes=true')).statusCode).toBe(401);
      expect((await get('/api/recipes/lists/?my_recipes=false')).statusCode).toBe(200);
      expect(
        (await get('/api/recipes/lists/?my_recipes=true&saved_recipes=true', world.user.token))
          .statusCode,
      ).toBe(400);
      expect((await get('/api/recipes/lists/?my_recipes=yes', world.user.token)).statusCode).toBe(
        400,
      );
    });

    it('searches title, ingredients, instructions and category names, combined with categories', async () => {
      const [curry, dessert] = world.categories as [Category, Category, Category];
      await addRecipes(1, { prefix: 'Mango Lassi', categories: [dessert] });
      await addRecipes(1, {
        prefix: 'Beef Bhuna',
        categories: [curry],
        text: { ingredients: '1 kg BEEF\nginger' },
      });
      await addRecipes(1, {
        prefix: 'Plain Rice',
        categories: [curry],
        text: { instructions: 'Add ginger and stir.' },
      });
      const titles = async (query: string) =>
        (
          (await get(`/api/recipes/lists/?search=${encodeURIComponent(query)}`)).json() as Page
        ).results
          .map((r) => r.title)
          .sort();
      expect(await titles('mango')).toEqual(['Mango Lassi 1']);
      expect(await titles('GINGER')).toEqual(['Beef Bhuna 1', 'Plain Rice 1']);
      expect(await titles('ginger beef')).toEqual(['Beef Bhuna 1']);
      expect(await titles('dessert')).toEqual(['Mango Lassi 1']);
      expect(await titles('nothing-like-this')).toEqual([]);
      expect(await titles('100%')).toEqual([]);
      const combined = (
        await get(`/api/recipes/lists/?search=ginger&categories=${dessert.id}`)
      ).json() as Page;
      expect(combined.count).toBe(0);
      const page = (await get('/api/recipes/lists/?search=ginger')).json() as Page;
      expect(page.count).toBe(2);
    });

    it('costs the same number of queries for a page of 1 recipe and a page of 10', async () => {
      const knex = orm().em.getConnection().getKnex();
      let queries = 0;
      const listener = () => {
        queries++;
      };
      knex.on('query', listener);
      try {
        const countFor = async () => {
          queries = 0;
          const response = await get('/api/recipes/lists/', world.user.token);
          expect(response.statusCode).toBe(200);
          return { queries, size: (response.json() as Page).results.length };
        };
        const recipes = await addRecipes(1);
        const em = orm().em.fork();
        em.create(Reaction, { user: world.other.user, recipe: recipes[0]!, type: 'LIKE' });
        await em.flush();
        const one = await countFor();
        await addRecipes(12);
        const ten = await countFor();
        expect(one.size).toBe(1);
        expect(ten.size).toBe(10);
        expect(ten.queries).toBe(one.queries);
        // Session, count, page, categories, reaction counts, comments, viewer reactions and saves.
        expect(ten.queries).toBeLessThanOrEqual(10);
      } finally {
        knex.off('query', listener);
      }
    });
  });

  describe('GET /api/recipes/lists/most_liked/', () => {
    it('puts most reactions first, newest first on ties, and fills up with the newest others', async () => {
      const recipes = await addRecipes(14);
      const em = orm().em.fork();
      const reactors = [world.user.user, world.other.user, world.chef.user];
      // Recipe 2: 3 reactions; recipes 5 and 9: 1 each (9 is newer).
      for (const [index, count] of [
        [1, 3],
        [4, 1],
        [8, 1],
      ] as const) {
        for (let i = 0; i < count; i++) {
          em.create(Reaction, {
            user: reactors[i]!,
            recipe: recipes[index]!,
            type: i === 0 ? 'LOVE' : 'SAD',
          });
        }
      }
      await em.flush();
      await refreshRecipeCounters(em);
      const response = await get('/api/recipes/lists/most_liked/');
      expect(response.statusCode).toBe(200);
      const titles = (response.json() as { title: string }[]).map((r) => r.title);
      expect(titles).toEqual([
        'Recipe 2',
        'Recipe 9',
        'Recipe 5',
        'Recipe 14',
        'Recipe 13',
        'Recipe 12',
        'Recipe 11',
        'Recipe 10',
        'Recipe 8',
        'Recipe 7',
      ]);
      expect(response.json()[0].reaction_counts).toEqual({
        LIKE: 0,
        LOVE: 1,
        WOW: 0,
        SAD: 2,
        total: 3,
      });
      expect(await server.caller(null).recipes.trending()).toEqual(response.json());
    });

    it('answers an empty list when there are no recipes', async () => {
      expect((await get('/api/recipes/lists/most_liked/')).json()).toEqual([]);
    });
  });
});
