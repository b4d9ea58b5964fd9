import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Category } from '../../src/modules/recipes/data/category.entity.js';
import { splitFullBlocks } from '../../src/modules/recipes/data/recipe-list-blocks.js';
import { rebuildRecipeListCounts } from '../../src/modules/recipes/data/recipe-list-upkeep.js';
import { Recipe } from '../../src/modules/recipes/data/recipe.entity.js';
import { bearer, useAccountServer } from '../support/account-server.js';
import { createCategory } from '../support/db-factories.js';
import { listCountProblems } from '../support/list-counts.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { recipeBody, recipeWorld, type RecipeWorld } from '../support/recipe-world.js';
import { forEachDatabase } from '../support/test-database.js';

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

interface Page {
  count: number;
  next: string | null;
  previous: string | null;
  results: { id: number }[];
}

/** A small seeded generator, so a failure replays. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % below;
  };
}

/**
 * Every page of the unfiltered list and of category filters against a brute-force expectation,
 * on a fixture built to stress the blocks of recipe-list-blocks.ts (blocks of 3 here): equal
 * creation times, times older than every block start, recipes created through the API (which
 * splits full blocks), rows deleted and times changed afterwards.
 */
forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);
  let world: RecipeWorld;
  let categories: Category[];
  beforeEach(async () => {
    server.deps.recipeLimits.listBlockSize = 3;
    world = await recipeWorld(orm());
    categories = [...world.categories, await createCategory(orm().em.fork(), 'Soup')];
  });
  afterEach(() => {
    server.deps.recipeLimits.listBlockSize = undefined;
  });

  const get = async (url: string) => {
    const response = await contract.inject(server.app, { method: 'GET', url });
    return response;
  };

  /** The brute force: every recipe (of any of `only`), newest first, ties by id. */
  async function expected(only: readonly number[] = []): Promise<number[]> {
    const rows = await orm()
      .em.getConnection()
      .execute<{ id: number; created_at: unknown; category_id: number | null }[]>(
        'select r.`id`, r.`created_at`, rc.`category_id` from `recipe` r ' +
          'left join `recipe_category` rc on rc.`recipe_id` = r.`id`',
      );
    const time = (value: unknown) =>
      value instanceof Date ? value.getTime() : Number(new Date(value as string | number));
    const picked = new Map<number, number>();
    for (const row of rows) {
      if (only.length === 0 || only.includes(Number(row.category_id))) {
        picked.set(Number(row.id), time(row.created_at));
      }
    }
    return [...picked.entries()].sort(([a, at], [b, bt]) => bt - at || b - a).map(([id]) => id);
  }

  async function expectEveryPage(query: string, ids: number[]) {
    const pages = Math.max(1, Math.ceil(ids.length / 10));
    for (let page = 1; page <= pages; page++) {
      const response = await get(`/api/recipes/lists/?page=${page}${query}`);
      expect(response.statusCode, `page ${page}${query}`).toBe(200);
      const body = response.json() as Page;
      expect(body.count, `count${query}`).toBe(ids.length);
      expect(
        body.results.map((r) => r.id),
        `page ${page}${query}`,
      ).toEqual(ids.slice((page - 1) * 10, page * 10));
      expect(body.next === null, `next of page ${page}${query}`).toBe(page === pages);
      expect(body.previous === null).toBe(page === 1);
    }
    expect((await get(`/api/recipes/lists/?page=${pages + 1}${query}`)).statusCode).toBe(404);
  }

  async function expectAllLists() {
    await expectEveryPage('', await expected());
    const ids = categories.map((c) => c.id);
    for (const only of [[ids[0]!], [ids[3]!], [ids[0]!, ids[1]!], [ids[2]!, ids[3]!], ids]) {
      await expectEveryPage(`&categories=${only.join('%2C')}`, await expected(only));
    }
    expect(await listCountProblems(orm())).toEqual([]);
  }

  describe('GET /api/recipes/lists/ pages', () => {
    it('match a brute-force order on every page, through inserts, equal times, deletes and moves', async () => {
      const next = random(12);
      const em = orm().em.fork();
      const base = Date.UTC(2025, 0, 1);
      const add = (count: number, at: (i: number) => number) => {
        const made: Recipe[] = [];
        for (let i = 0; i < count; i++) {
          const recipe = em.create(Recipe, {
            title: `Recipe ${i}`,
            img: null,
            ingredients: 'rice',
            instructions: 'Boil.',
            author: world.chef.user,
            createdAt: new Date(at(i)),
          });
          const picked = categories.filter(() => next(3) === 0);
          recipe.categories.set(picked.length > 0 ? picked : [categories[next(4)]!]);
          made.push(recipe);
        }
        return made;
      };
      // Ten recipes at one instant, twenty spread out, ten more at another shared instant.
      const recipes = [
        ...add(10, () => base),
        ...add(20, (i) => base + (next(50) - 10) * 60_000 + i),
        ...add(10, () => base + 30 * 60_000),
      ];
      await em.flush();
      await expectAllLists();

      // Bulk writes land in one block; splitting (as after a create) must keep every page.
      await splitFullBlocks(db(), orm().em.fork(), 3);
      const [blocks] = await orm()
        .em.getConnection()
        .execute<{ n: number }[]>('select count(*) as `n` from `recipe_list_block`');
      expect(Number(blocks?.n)).toBeGreaterThanOrEqual(10);
      await expectAllLists();
      for (let i = 0; i < 12; i++) {
        const picked = categories.filter(() => next(2) === 0).map((c) => c.id);
        const response = await contract.inject(server.app, {
          method: 'POST',
          url: '/api/recipes/lists/',
          headers: bearer(world.chef.token),
          payload: recipeBody(picked.length > 0 ? picked : [categories[0]!.id]),
        });
        expect(response.statusCode).toBe(201);
      }
      await expectAllLists();

      const doomed = recipes.filter((_, i) => i % 4 === 1).map((r) => r.id);
      await em.nativeDelete(Recipe, { id: { $in: doomed } });
      const moved = recipes.filter((_, i) => i % 7 === 3).map((r) => r.id);
      await em.nativeUpdate(
        Recipe,
        { id: { $in: moved } },
        { createdAt: new Date(base - 86_400_000) },
      );
      await expectAllLists();

      await rebuildRecipeListCounts(db(), orm().em.fork(), 3);
      await expectAllLists();
    });
  });
});
