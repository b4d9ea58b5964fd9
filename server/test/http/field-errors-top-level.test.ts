import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, useAccountServer } from '../support/account-server.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { recipeBody, recipeWorld, type RecipeWorld } from '../support/recipe-world.js';
import { forEachDatabase } from '../support/test-database.js';

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

/**
 * Clients written for the original API read a 400's field errors at the top level of the body,
 * keyed by field name, each a list ("Failed to create recipe: {joined field errors}", the
 * category_ids error on an update, a review's body or rating). The problem-details members and
 * `errors` stay; every answer is also checked against openapi/'s ValidationProblem.
 */
forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);
  let world: RecipeWorld;
  beforeEach(async () => {
    world = await recipeWorld(orm());
  });
  const call = (method: string, url: string, payload: object) =>
    contract.inject(server.app, { method, url, headers: bearer(world.chef.token), payload });
  const categories = () => world.categories.map((c) => c.id);

  function expectTopLevel(body: Record<string, unknown>, fields: string[]) {
    expect(body).toMatchObject({ type: 'about:blank', status: 400 });
    const errors = body.errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual([...fields].sort());
    for (const field of fields) {
      expect(body[field], field).toEqual(errors[field]);
      expect((body[field] as string[]).length).toBeGreaterThan(0);
    }
  }

  describe('a 400 carries each field error at the top level', () => {
    it('on POST /api/recipes/lists/, its title list replacing the problem title', async () => {
      const response = await call('POST', '/api/recipes/lists/', {
        title: '',
        ingredients: 'rice',
        instructions: 'Boil.',
        category_ids: [],
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expectTopLevel(body, ['title', 'category_ids']);
      expect(body.title).toEqual(['Title is required']);
      expect(body.detail).toBe('Please fix the highlighted fields.');
    });

    it('on PUT /api/recipes/lists/{id}/ (the category_ids error)', async () => {
      const created = await call('POST', '/api/recipes/lists/', recipeBody(categories()));
      const { id } = created.json() as { id: number };
      const response = await call('PUT', `/api/recipes/lists/${id}/`, {
        ...recipeBody(categories()),
        category_ids: [999_999],
      });
      expect(response.statusCode).toBe(400);
      expectTopLevel(response.json(), ['category_ids']);
    });

    it('on POST /api/recipes/reviews/ (body and rating)', async () => {
      const created = await call('POST', '/api/recipes/lists/', recipeBody(categories()));
      const { id } = created.json() as { id: number };
      const response = await call('POST', '/api/recipes/reviews/', {
        recipe: id,
        rating: 9,
        body: 'a\u0000b',
      });
      expect(response.statusCode).toBe(400);
      expectTopLevel(response.json(), ['rating', 'body']);
    });

    it('on POST /api/recipes/lists/{id}/comments/ and the category calls', async () => {
      const created = await call('POST', '/api/recipes/lists/', recipeBody(categories()));
      const { id } = created.json() as { id: number };
      const comment = await call('POST', `/api/recipes/lists/${id}/comments/`, { content: ' ' });
      expect(comment.statusCode).toBe(400);
      expectTopLevel(comment.json(), ['content']);
      const category = await contract.inject(server.app, {
        method: 'POST',
        url: '/api/recipes/categories/',
        headers: bearer(world.admin.token),
        payload: { name: '' },
      });
      expect(category.statusCode).toBe(400);
      expectTopLevel(category.json(), ['name']);
    });
  });

  it('keeps other errors plain problem details (a 403 has no field members)', async () => {
    const response = await contract.inject(server.app, {
      method: 'POST',
      url: '/api/recipes/categories/',
      headers: bearer(world.user.token),
      payload: { name: 'Soups' },
    });
    expect(response.statusCode).toBe(403);
    expect(Object.keys(response.json()).sort()).toEqual(['detail', 'status', 'title', 'type']);
  });
});
