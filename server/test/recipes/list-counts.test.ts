import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Recipe } from '../../src/modules/recipes/data/recipe.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import { bearer, useAccountServer } from '../support/account-server.js';
import { createRecipe } from '../support/db-factories.js';
import { listCountProblems } from '../support/list-counts.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { recipeBody, recipeWorld, type RecipeWorld } from '../support/recipe-world.js';
import { clearTables, forEachDatabase } from '../support/test-database.js';

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

/**
 * The list counts kept by triggers (the list_counts migrations: total, category sets, blocks of
 * the newest-first list, the pivot's created_at) after every kind of write, compared with a
 * brute-force count of the rows (test/support/list-counts.ts).
 */
forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);
  let world: RecipeWorld;
  beforeEach(async () => {
    world = await recipeWorld(orm());
  });

  const call = async (method: string, url: string, token: string, payload?: object) => {
    const response = await contract.inject(server.app, {
      method,
      url,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response;
  };
  const exact = async () => expect(await listCountProblems(orm())).toEqual([]);
  const ids = () => world.categories.map((category) => category.id);

  describe('list counts', () => {
    it('follow recipe creates, category changes and deletes through the API', async () => {
      await exact();
      const [a, b, c] = ids() as [number, number, number];
      const created: number[] = [];
      for (const categories of [[a], [a, b], [b, a], [c, b, a], [c]]) {
        const response = await call(
          'POST',
          '/api/recipes/lists/',
          world.chef.token,
          recipeBody(categories),
        );
        created.push((response.json() as { id: number }).id);
        await exact();
      }
      for (const [id, categories] of [
        [created[0]!, [a, c]],
        [created[1]!, [b]],
        [created[2]!, [a, b]],
        [created[3]!, [c]],
      ] as const) {
        await call(
          'PUT',
          `/api/recipes/lists/${id}/`,
          world.chef.token,
          recipeBody([...categories]),
        );
        await exact();
      }
      for (const id of created.slice(0, 3)) {
        await call('DELETE', `/api/recipes/lists/${id}/`, world.admin.token);
        await exact();
      }
    });

    it('leave hidden recipes out and take restored ones back (issue 30), whatever changes meanwhile', async () => {
      const [a, b, c] = ids() as [number, number, number];
      const created: number[] = [];
      for (const categories of [[a], [a, b], [c], [b, c]]) {
        const response = await call(
          'POST',
          '/api/recipes/lists/',
          world.chef.token,
          recipeBody(categories),
        );
        created.push((response.json() as { id: number }).id);
      }
      const act = (id: number, action: 'hide' | 'restore') =>
        call('POST', '/api/moderation/actions/', world.admin.token, {
          target_type: 'recipe',
          target_id: id,
          action,
          reason: 'Checked.',
        });
      await act(created[1]!, 'hide');
      await exact();
      await act(created[2]!, 'hide');
      await exact();
      // Changed while hidden: its categories, and its place in the list.
      await call('PUT', `/api/recipes/lists/${created[1]!}/`, world.chef.token, recipeBody([c]));
      await exact();
      await orm()
        .em.fork()
        .nativeUpdate(Recipe, { id: created[2]! }, { createdAt: new Date('2020-01-01T00:00:00Z') });
      await exact();
      await act(created[1]!, 'restore');
      await exact();
      await act(created[2]!, 'restore');
      await exact();
      await act(created[0]!, 'hide');
      await call('DELETE', `/api/recipes/lists/${created[0]!}/`, world.admin.token);
      await exact();
    });

    it('stay exact under concurrent creates, category changes and deletes', async () => {
      const [a, b, c] = ids() as [number, number, number];
      const create = (categories: number[]) =>
        call('POST', '/api/recipes/lists/', world.chef.token, recipeBody(categories)).then(
          (response) => (response.json() as { id: number }).id,
        );
      const first = await Promise.all([[a], [a, b], [b, c], [c], [a, b, c], [b]].map(create));
      await exact();
      await Promise.all([
        ...[[a], [a, b], [b, c]].map(create),
        call('PUT', `/api/recipes/lists/${first[0]!}/`, world.chef.token, recipeBody([b, c])),
        call('PUT', `/api/recipes/lists/${first[1]!}/`, world.chef.token, recipeBody([c])),
        call('DELETE', `/api/recipes/lists/${first[2]!}/`, world.chef.token),
        call('DELETE', `/api/recipes/lists/${first[3]!}/`, world.admin.token),
      ]);
      await exact();
    });

    it('follow category creates, renames and deletes', async () => {
      const [a] = ids() as [number];
      await call('POST', '/api/recipes/lists/', world.chef.token, recipeBody([a]));
      const made = await call('POST', '/api/recipes/categories/', world.admin.token, {
        name: 'Soup',
      });
      const soup = (made.json() as { id: number }).id;
      await exact();
      const recipe = await call(
        'POST',
        '/api/recipes/lists/',
        world.chef.token,
        recipeBody([soup, a]),
      );
      await call('PUT', `/api/recipes/categories/${soup}/`, world.admin.token, { name: 'Soups' });
      await exact();
      await call(
        'PUT',
        `/api/recipes/lists/${(recipe.json() as { id: number }).id}/`,
        world.chef.token,
        recipeBody([a]),
      );
      await call('DELETE', `/api/recipes/categories/${soup}/`, world.admin.token);
      await exact();
    });

    it('follow writes that bypass the use cases: entities, created_at changes, raw rows, user deletes', async () => {
      const em = orm().em.fork();
      const [a, b] = world.categories;
      const recipes = [
        await createRecipe(em, world.chef.user, [a!, b!]),
        await createRecipe(em, world.user.user, []),
        await createRecipe(em, null, [b!]),
      ];
      await exact();
      // Equal times, a time older than every block start, and back.
      await em.nativeUpdate(
        Recipe,
        { id: recipes[0]!.id },
        { createdAt: new Date(Date.UTC(2001, 0, 1)) },
      );
      await em.nativeUpdate(
        Recipe,
        { id: { $in: recipes.map((r) => r.id) } },
        { createdAt: new Date(Date.UTC(2024, 0, 1)) },
      );
      await exact();
      const connection = em.getConnection();
      await connection.execute(
        'insert into `recipe_category` (`recipe_id`, `category_id`) values (?, ?), (?, ?)',
        [recipes[1]!.id, b!.id, recipes[1]!.id, a!.id],
      );
      await exact();
      await connection.execute('delete from `recipe_category` where `recipe_id` = ?', [
        recipes[0]!.id,
      ]);
      await exact();
      await em.nativeDelete(User, { id: world.user.user.id });
      await exact();
      await connection.execute('delete from `recipe` where `id` in (?, ?)', [
        recipes[0]!.id,
        recipes[2]!.id,
      ]);
      await exact();
      await clearTables(orm());
      await exact();
      world = await recipeWorld(orm());
      await createRecipe(orm().em.fork(), world.chef.user, [world.categories[0]!]);
      await exact();
    });
  });
});
