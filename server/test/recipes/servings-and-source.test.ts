import { TRPCError } from '@trpc/server';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Recipe } from '../../src/modules/recipes/data/recipe.entity.js';
import { bearer, useAccountServer } from '../support/account-server.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { recipeBody, recipeWorld, type RecipeWorld } from '../support/recipe-world.js';
import { forEachDatabase } from '../support/test-database.js';

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

const SOURCE = 'https://recipes.example.com/chicken-curry';

// Issue 16: `servings` and `source_url` are optional fields added after the original API.
forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);
  let world: RecipeWorld;
  beforeEach(async () => {
    world = await recipeWorld(orm());
  });

  const call = (method: string, url: string, token: string, payload?: object) =>
    contract.inject(server.app, {
      method,
      url,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });
  const ids = () => world.categories.map((c) => c.id);
  const create = (overrides: Record<string, unknown> = {}) =>
    call('POST', '/api/recipes/lists/', world.chef.token, recipeBody(ids(), overrides));

  describe('POST /api/recipes/lists/', () => {
    it('stores servings and the source URL and answers them', async () => {
      const response = await create({ servings: 4, source_url: SOURCE });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ servings: 4, source_url: SOURCE });
      const detail = await call(
        'GET',
        `/api/recipes/lists/${response.json().id}/`,
        world.user.token,
      );
      expect(detail.json()).toMatchObject({ servings: 4, source_url: SOURCE });
    });

    it('answers null for both when an old client leaves them out', async () => {
      const response = await create();
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ servings: null, source_url: null });
    });

    it.each([0, 101, 2.5, -4, '4', true])(
      'refuses servings %j with a message beside the field and stores nothing',
      async (servings) => {
        const response = await create({ servings });
        expect(response.statusCode).toBe(400);
        expect(response.json().errors.servings).toEqual([
          'Servings must be a whole number from 1 to 100.',
        ]);
        expect(await orm().em.fork().count(Recipe)).toBe(0);
      },
    );

    it('accepts the ends of the servings range', async () => {
      expect((await create({ servings: 1 })).json().servings).toBe(1);
      expect((await create({ servings: 100 })).json().servings).toBe(100);
    });

    it.each(['javascript:alert(1)', 'ftp://example.com/a', '/relative', 'http://'])(
      'refuses the source URL %j',
      async (source_url) => {
        const response = await create({ source_url });
        expect(response.statusCode).toBe(400);
        expect(response.json().errors.source_url).toEqual(['Please provide a valid source URL.']);
        expect(await orm().em.fork().count(Recipe)).toBe(0);
      },
    );

    it('reads an empty source URL as none', async () => {
      expect((await create({ source_url: '' })).json().source_url).toBeNull();
    });
  });

  describe('PUT /api/recipes/lists/{id}/', () => {
    it('keeps servings and the source URL when an old client leaves them out', async () => {
      const { id } = (await create({ servings: 6, source_url: SOURCE })).json() as { id: number };
      const updated = await call(
        'PUT',
        `/api/recipes/lists/${id}/`,
        world.chef.token,
        recipeBody(ids(), { title: 'Renamed' }),
      );
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({ title: 'Renamed', servings: 6, source_url: SOURCE });
    });

    it('changes them when given and clears them with null', async () => {
      const { id } = (await create({ servings: 6, source_url: SOURCE })).json() as { id: number };
      const changed = await call(
        'PUT',
        `/api/recipes/lists/${id}/`,
        world.chef.token,
        recipeBody(ids(), { servings: 8 }),
      );
      expect(changed.json()).toMatchObject({ servings: 8, source_url: SOURCE });
      const cleared = await call(
        'PUT',
        `/api/recipes/lists/${id}/`,
        world.chef.token,
        recipeBody(ids(), { servings: null, source_url: null }),
      );
      expect(cleared.json()).toMatchObject({ servings: null, source_url: null });
    });

    it('refuses bad servings and changes nothing', async () => {
      const { id } = (await create({ servings: 6 })).json() as { id: number };
      const refused = await call(
        'PUT',
        `/api/recipes/lists/${id}/`,
        world.chef.token,
        recipeBody(ids(), { servings: 0 }),
      );
      expect(refused.statusCode).toBe(400);
      const detail = await call('GET', `/api/recipes/lists/${id}/`, world.chef.token);
      expect(detail.json().servings).toBe(6);
    });
  });

  describe('tRPC recipes.create / recipes.update', () => {
    it('behave as REST: stored, answered, kept when left out, refused out of range', async () => {
      const caller = server.caller(world.chef.token);
      const created = await caller.recipes.create({
        ...recipeBody(ids()),
        servings: 4,
        source_url: SOURCE,
      });
      expect(created).toMatchObject({ servings: 4, source_url: SOURCE });
      const detail = await call('GET', `/api/recipes/lists/${created.id}/`, world.chef.token);
      expect(detail.json()).toEqual(created);

      const kept = await caller.recipes.update({ id: created.id, recipe: recipeBody(ids()) });
      expect(kept).toMatchObject({ servings: 4, source_url: SOURCE });

      const error = await caller.recipes
        .create({ ...recipeBody(ids()), servings: 101 })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).code).toBe('BAD_REQUEST');
      expect((error as TRPCError).cause).toMatchObject({
        fieldErrors: { servings: ['Servings must be a whole number from 1 to 100.'] },
      });
    });
  });
});
