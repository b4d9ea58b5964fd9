import { TRPCError } from '@trpc/server';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, useAccountServer } from '../support/account-server.js';
import { createRecipe } from '../support/db-factories.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { recipeWorld, type RecipeWorld } from '../support/recipe-world.js';
import { forEachDatabase } from '../support/test-database.js';

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);
  let world: RecipeWorld;
  beforeEach(async () => {
    world = await recipeWorld(orm());
  });

  const call = (method: string, url: string, token?: string, payload?: object) =>
    contract.inject(server.app, {
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });

  describe('GET /api/recipes/categories/', () => {
    it('lists every category by name, to anyone', async () => {
      const response = await call('GET', '/api/recipes/categories/');
      expect(response.statusCode).toBe(200);
      expect(response.json().map((c: { name: string }) => c.name)).toEqual([
        'Curry',
        'Dessert',
        'Seafood',
      ]);
      expect(await server.caller(null).categories.list()).toEqual(response.json());
    });
  });

  describe('POST /api/recipes/categories/', () => {
    it('creates a category for an Admin', async () => {
      const response = await call('POST', '/api/recipes/categories/', world.admin.token, {
        name: ' Breakfast ',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ name: 'Breakfast' });
    });

    it('refuses a name taken case-insensitively with 409', async () => {
      const response = await call('POST', '/api/recipes/categories/', world.admin.token, {
        name: 'curry',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe('A category with this name already exists.');
      await expect(
        server.caller(world.admin.token).categories.create({ name: 'CURRY' }),
      ).rejects.toMatchObject({ code: 'CONFLICT' });
    });

    it('answers 400 for a blank name and 403 to a Chef', async () => {
      const blank = await call('POST', '/api/recipes/categories/', world.admin.token, {
        name: '   ',
      });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().errors.name).toEqual(['Name is required']);
      const chef = await call('POST', '/api/recipes/categories/', world.chef.token, { name: 'X' });
      expect(chef.statusCode).toBe(403);
    });
  });

  describe('PUT /api/recipes/categories/{id}/', () => {
    it('renames, keeps its own name allowed, and refuses another category name', async () => {
      const [curry, dessert] = world.categories;
      const renamed = await call(
        'PUT',
        `/api/recipes/categories/${curry!.id}/`,
        world.admin.token,
        {
          name: 'Curries',
        },
      );
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toEqual({ id: curry!.id, name: 'Curries' });
      const same = await call('PUT', `/api/recipes/categories/${curry!.id}/`, world.admin.token, {
        name: 'CURRIES',
      });
      expect(same.statusCode).toBe(200);
      const taken = await call('PUT', `/api/recipes/categories/${curry!.id}/`, world.admin.token, {
        name: dessert!.name,
      });
      expect(taken.statusCode).toBe(409);
    });

    it('answers 404 for an unknown category and 400 for a malformed id', async () => {
      expect(
        (await call('PUT', '/api/recipes/categories/9999/', world.admin.token, { name: 'N' }))
          .statusCode,
      ).toBe(404);
      expect(
        (await call('PUT', '/api/recipes/categories/abc/', world.admin.token, { name: 'N' }))
          .statusCode,
      ).toBe(400);
    });
  });

  describe('DELETE /api/recipes/categories/{id}/', () => {
    it('deletes an unused category', async () => {
      const seafood = world.categories[2]!;
      const response = await call(
        'DELETE',
        `/api/recipes/categories/${seafood.id}/`,
        world.admin.token,
      );
      expect(response.statusCode).toBe(204);
      const names = (await call('GET', '/api/recipes/categories/')).json();
      expect(names).toHaveLength(2);
    });

    it('refuses a category in use with 409, on both faces', async () => {
      const curry = world.categories[0]!;
      await createRecipe(orm().em.fork(), world.chef.user, [curry]);
      const response = await call(
        'DELETE',
        `/api/recipes/categories/${curry.id}/`,
        world.admin.token,
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe(
        'This category is used by recipes and cannot be deleted.',
      );
      const error = await server
        .caller(world.admin.token)
        .categories.delete({ id: curry.id })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).code).toBe('CONFLICT');
    });

    it('answers 404 for an unknown category', async () => {
      expect(
        (await call('DELETE', '/api/recipes/categories/9999/', world.admin.token)).statusCode,
      ).toBe(404);
    });
  });
});
