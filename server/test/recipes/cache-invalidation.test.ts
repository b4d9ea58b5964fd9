import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Category } from '../../src/modules/recipes/data/category.entity.js';
import { invalidateRecipeCounts } from '../../src/modules/recipes/data/recipe-count-cache.js';
import { Recipe } from '../../src/modules/recipes/data/recipe.entity.js';
import { Save } from '../../src/modules/saves/save.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import { bearer, useAccountServer, type AccountServer } from '../support/account-server.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { recipeBody, recipeWorld, type RecipeWorld } from '../support/recipe-world.js';
import { forEachDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * Which cached list entries each kind of write drops (the table in recipe-cache-tags.ts), seen
 * from outside: every probe list is read once (cached), then recipes and saves are added behind
 * the services' back (no invalidation), so that every probe would answer differently if it were
 * computed again; then one write goes through the API. An entry the write dropped now answers
 * what a fresh computation does; an entry it kept still answers what it did before.
 */

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

type Who = 'anonymous' | 'chef' | 'user' | 'other';

interface Probe {
  /** The cache entry's name in the expectations. */
  name: string;
  who: Who;
  query: (curry: Category) => string;
  /** A search: its ranking (the page's ids) is an entry too, named `<name> ranking`. */
  search?: boolean;
}

/**
 * The unfiltered list and a category filter are not cached: their counts are counters the
 * triggers keep exact (recipe-list-counts.ts), so they show every row at once, hidden or not.
 */
const LIVE: Probe[] = [
  { name: 'all', who: 'anonymous', query: () => '' },
  { name: 'curry', who: 'anonymous', query: (c) => `categories=${c.id}` },
];

const PROBES: Probe[] = [
  { name: 'search', who: 'anonymous', query: () => 'search=saffron', search: true },
  {
    name: 'search+curry',
    who: 'anonymous',
    query: (c) => `search=saffron&categories=${c.id}`,
    search: true,
  },
  { name: "other's saved", who: 'other', query: () => 'saved_recipes=true' },
  {
    name: "other's saved+search",
    who: 'other',
    query: () => 'saved_recipes=true&search=saffron',
    search: true,
  },
  { name: "user's saved", who: 'user', query: () => 'saved_recipes=true' },
  { name: "chef's own", who: 'chef', query: () => 'my_recipes=true' },
  { name: "chef's own+curry", who: 'chef', query: (c) => `my_recipes=true&categories=${c.id}` },
  { name: "user's own", who: 'user', query: () => 'my_recipes=true' },
];
const RANKINGS = ['search ranking', 'search+curry ranking', "other's saved+search ranking"];
const EVERY_ENTRY = [...PROBES.map((probe) => probe.name), ...RANKINGS];

interface Fixture {
  world: RecipeWorld;
  curry: Category;
  dessert: Category;
  /** The chef's saffron curry, saved by `other`. */
  chefsCurry: Recipe;
  /** The user's saffron dessert, saved by `user`. */
  usersDessert: Recipe;
}

interface Write {
  write: string;
  run: (server: AccountServer, fixture: Fixture) => Promise<unknown>;
  dropped: string[];
}

const send = async (
  server: AccountServer,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
) => {
  const response = await contract.inject(server.app, {
    method,
    url,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
};

const WRITES: Write[] = [
  {
    write: 'a recipe created by the chef (REST)',
    run: (server, { world, curry }) =>
      send(server, 'POST', '/api/recipes/lists/', world.chef.token, recipeBody([curry.id])),
    dropped: ['search', 'search+curry', "chef's own", "chef's own+curry", ...RANKINGS],
  },
  {
    write: 'a recipe created by the user (tRPC)',
    run: (server, { world, curry }) =>
      server.caller(world.user.token).recipes.create(recipeBody([curry.id])),
    dropped: ['search', 'search+curry', "user's own", ...RANKINGS],
  },
  {
    write: "the chef's recipe updated by an Admin (REST)",
    run: (server, { world, dessert, chefsCurry }) =>
      send(
        server,
        'PUT',
        `/api/recipes/lists/${chefsCurry.id}/`,
        world.admin.token,
        recipeBody([dessert.id], { title: 'Saffron Kheer' }),
      ),
    dropped: ['search', 'search+curry', "other's saved+search", "chef's own+curry", ...RANKINGS],
  },
  {
    write: "the chef's recipe deleted by the chef (REST)",
    run: (server, { world, chefsCurry }) =>
      send(server, 'DELETE', `/api/recipes/lists/${chefsCurry.id}/`, world.chef.token),
    dropped: EVERY_ENTRY.filter((name) => name !== "user's own"),
  },
  {
    write: 'a category renamed (tRPC)',
    run: (server, { world, dessert }) =>
      server.caller(world.admin.token).categories.rename({ id: dessert.id, name: 'Sweets' }),
    dropped: ['search', 'search+curry', "other's saved+search", ...RANKINGS],
  },
  {
    write: 'a save toggled by other (REST)',
    run: (server, { world, usersDessert }) =>
      send(server, 'POST', `/api/recipes/lists/${usersDessert.id}/save/`, world.other.token),
    dropped: ["other's saved", "other's saved+search", "other's saved+search ranking"],
  },
  {
    write: 'a save toggled off by the user (tRPC)',
    run: (server, { world, usersDessert }) =>
      server.caller(world.user.token).recipes.save({ id: usersDessert.id }),
    dropped: ["user's saved"],
  },
  {
    write: 'a reaction, a comment and a review',
    run: async (server, { world, chefsCurry }) => {
      const url = `/api/recipes/lists/${chefsCurry.id}`;
      await send(server, 'POST', `${url}/like/`, world.other.token, { reaction_type: 'LOVE' });
      await send(server, 'POST', `${url}/comments/`, world.user.token, { content: 'Lovely' });
      await send(server, 'POST', '/api/recipes/reviews/', world.user.token, {
        recipe: chefsCurry.id,
        rating: 5,
      });
    },
    dropped: [],
  },
];

async function saffronRecipe(
  db: TestDatabase,
  title: string,
  author: User,
  categories: Category[],
  savedBy: User[],
): Promise<Recipe> {
  const em = db.orm().em.fork();
  const recipe = em.create(Recipe, {
    title,
    img: null,
    ingredients: 'saffron\nrice',
    instructions: 'Steep the saffron.',
    author: em.getReference(User, author.id),
  });
  recipe.categories.set(categories.map((category) => em.getReference(Category, category.id)));
  await em.flush();
  for (const saver of savedBy) {
    em.create(Save, { user: em.getReference(User, saver.id), recipe, createdAt: new Date() });
  }
  await em.flush();
  return recipe;
}

forEachDatabase((db) => {
  const server = useAccountServer(db.db);
  let fixture: Fixture;

  beforeEach(async () => {
    const world = await recipeWorld(db.orm());
    const [curry, dessert] = world.categories as [Category, Category];
    const { chef, user, other } = world;
    const chefsCurry = await saffronRecipe(db, 'Saffron Curry', chef.user, [curry], [other.user]);
    await saffronRecipe(db, 'Saffron Rice', chef.user, [dessert], []);
    const usersDessert = await saffronRecipe(
      db,
      'Saffron Halwa',
      user.user,
      [dessert],
      [user.user],
    );
    await saffronRecipe(db, 'Plain Curry', user.user, [curry], [other.user]);
    invalidateRecipeCounts(db.orm());
    fixture = { world, curry, dessert, chefsCurry, usersDessert };
  });

  const tokens = (who: Who) => (who === 'anonymous' ? undefined : fixture.world[who].token);

  /** Every probe's count and every search's page of ids, as the server answers them now. */
  async function observe(): Promise<Record<string, string>> {
    const seen: Record<string, string> = {};
    for (const probe of [...LIVE, ...PROBES]) {
      const token = tokens(probe.who);
      const response = await contract.inject(server.app, {
        method: 'GET',
        url: `/api/recipes/lists/?${probe.query(fixture.curry)}`,
        headers: token ? bearer(token) : {},
      });
      expect(response.statusCode, probe.name).toBe(200);
      const page = response.json() as { count: number; results: { id: number }[] };
      seen[probe.name] = String(page.count);
      if (probe.search) seen[`${probe.name} ranking`] = page.results.map((r) => r.id).join(',');
    }
    return seen;
  }

  /** Two saffron curries each by the chef and the user, saved by other and user, unannounced. */
  async function changeBehindTheCachesBack() {
    const { chef, user, other } = fixture.world;
    for (const [author, saver] of [
      [chef.user, other.user],
      [chef.user, other.user],
      [user.user, user.user],
      [user.user, user.user],
    ] as const) {
      await saffronRecipe(db, 'Saffron Pulao', author, [fixture.curry], [saver]);
    }
  }

  describe('GET /api/recipes/lists/ after a write', () => {
    it.each(WRITES)('after $write, recomputes exactly the entries it can change', async (w) => {
      const cached = await observe();
      await changeBehindTheCachesBack();
      await w.run(server, fixture);
      const seen = await observe();
      invalidateRecipeCounts(db.orm());
      const fresh = await observe();

      for (const name of EVERY_ENTRY) {
        // The hidden rows change every entry, so kept and dropped entries look different.
        expect(fresh[name], `${name} must differ once recomputed`).not.toBe(cached[name]);
      }
      const recomputed = EVERY_ENTRY.filter((name) => seen[name] === fresh[name]);
      const kept = EVERY_ENTRY.filter((name) => seen[name] === cached[name]);
      expect(recomputed.sort()).toEqual([...w.dropped].sort());
      expect(kept.sort()).toEqual(EVERY_ENTRY.filter((name) => !w.dropped.includes(name)).sort());
    });

    it('keeps every search and count when a member toggles a save, and shows the toggle', async () => {
      const cached = await observe();
      await changeBehindTheCachesBack();
      await send(
        server,
        'POST',
        `/api/recipes/lists/${fixture.usersDessert.id}/save/`,
        fixture.world.other.token,
      );
      const seen = await observe();
      for (const name of ['search', 'search ranking', "user's saved"]) {
        expect(seen[name], name).toBe(cached[name]);
      }
      // Counters are never stale: the four hidden recipes show at once.
      expect(seen.all).toBe(String(Number(cached.all) + 4));
      expect(seen.curry).toBe(String(Number(cached.curry) + 4));
      // Other's saved list was recomputed: two hidden saves and the toggle.
      expect(seen["other's saved"]).toBe(String(Number(cached["other's saved"]) + 3));
      // The next recipe write that can change them brings the hidden rows in.
      await send(
        server,
        'POST',
        '/api/recipes/lists/',
        fixture.world.chef.token,
        recipeBody([fixture.curry.id], { title: 'Saffron Biryani' }),
      );
      const after = await observe();
      expect(after.all).toBe(String(Number(cached.all) + 5));
      expect(after.search).toBe(String(Number(cached.search) + 5));
    });
  });
});
