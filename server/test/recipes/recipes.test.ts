import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Recipe } from '../../src/modules/recipes/data/recipe.entity.js';
import { bearer, useAccountServer } from '../support/account-server.js';
import { createRecipe } from '../support/db-factories.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { recipeBody, recipeWorld, type RecipeWorld } from '../support/recipe-world.js';
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
  const ids = () => world.categories.map((c) => c.id);

  async function chefRecipe() {
    const response = await call(
      'POST',
      '/api/recipes/lists/',
      world.chef.token,
      recipeBody(ids().slice(0, 2)),
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number };
  }

  describe('POST /api/recipes/lists/', () => {
    it('creates a recipe with 201, as the author sees it', async () => {
      const response = await call(
        'POST',
        '/api/recipes/lists/',
        world.user.token,
        recipeBody([ids()[1]!, ids()[0]!]),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        title: 'Chicken Curry',
        img: 'https://images.example.com/curry.jpg',
        category: [ids()[0], ids()[1]],
        category_names: ['Curry', 'Dessert'],
        user: {
          firstName: world.user.user.firstName,
          lastName: world.user.user.lastName,
          email: world.user.user.email,
        },
        reaction_counts: { LIKE: 0, LOVE: 0, WOW: 0, SAD: 0, total: 0 },
        comments: [],
        is_liked_by_user: false,
        is_saved_by_user: false,
        user_reaction: null,
        can_edit: true,
        average_rating: null,
        review_count: 0,
      });
    });

    it('creates through tRPC with the same answer shape', async () => {
      const created = await server.caller(world.chef.token).recipes.create(recipeBody([ids()[0]!]));
      const detail = await call('GET', `/api/recipes/lists/${created.id}/`, world.chef.token);
      expect(detail.json()).toEqual(created);
    });

    it('asks for at least one category', async () => {
      for (const category_ids of [[], undefined]) {
        const response = await call(
          'POST',
          '/api/recipes/lists/',
          world.chef.token,
          recipeBody([], { category_ids }),
        );
        expect(response.statusCode).toBe(400);
        expect(response.json().errors.category_ids).toEqual([
          'Please select at least one category.',
        ]);
      }
      const unknown = await call(
        'POST',
        '/api/recipes/lists/',
        world.chef.token,
        recipeBody([9999]),
      );
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors.category_ids).toEqual(['Unknown category: 9999.']);
      expect(await orm().em.fork().count(Recipe)).toBe(0);
    });

    it('refuses image URLs that are not absolute http(s)', async () => {
      for (const img of [
        'javascript:alert(1)',
        'data:image/png;base64,AAAA',
        'ftp://x.example/a.jpg',
        '/a.jpg',
        'http://',
      ]) {
        const response = await call(
          'POST',
          '/api/recipes/lists/',
          world.chef.token,
          recipeBody(ids(), { img }),
        );
        expect(response.statusCode, img).toBe(400);
        expect(response.json().errors.img).toEqual(['Please provide a valid image URL.']);
      }
      const none = await call(
        'POST',
        '/api/recipes/lists/',
        world.chef.token,
        recipeBody(ids(), { img: '' }),
      );
      expect(none.statusCode).toBe(201);
      expect(none.json().img).toBeNull();
    });

    it('requires title, ingredients and instructions within their lengths', async () => {
      const response = await call('POST', '/api/recipes/lists/', world.chef.token, {
        title: ' ',
        ingredients: 'x'.repeat(10_001),
        category_ids: ids(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({
        title: ['Title is required'],
        ingredients: ['Ingredients must be at most 10000 characters.'],
        instructions: ['Instructions are required'],
      });
    });

    it('needs a login (401 before the form is checked)', async () => {
      const response = await call('POST', '/api/recipes/lists/', undefined, {});
      expect(response.statusCode).toBe(401);
    });
  });

  describe('GET /api/recipes/lists/{id}/', () => {
    it('hides the author email from the public and shows it to the author and Admins', async () => {
      const { id } = await chefRecipe();
      const anonymous = (await call('GET', `/api/recipes/lists/${id}/`)).json();
      expect(anonymous.user).toEqual({
        firstName: world.chef.user.firstName,
        lastName: world.chef.user.lastName,
        handle: world.chef.user.handle,
      });
      expect(anonymous.can_edit).toBe(false);
      const other = (await call('GET', `/api/recipes/lists/${id}/`, world.user.token)).json();
      expect(other.user.email).toBeUndefined();
      expect(other.can_edit).toBe(false);
      const admin = (await call('GET', `/api/recipes/lists/${id}/`, world.admin.token)).json();
      expect(admin.user.email).toBe(world.chef.user.email);
      expect(admin.can_edit).toBe(true);
      expect(await server.caller(world.admin.token).recipes.get({ id })).toEqual(admin);
    });

    it('shows a recipe without an author as Anonymous', async () => {
      const recipe = await createRecipe(orm().em.fork(), null, [world.categories[0]!]);
      const body = (
        await call('GET', `/api/recipes/lists/${recipe.id}/`, world.admin.token)
      ).json();
      expect(body.user).toEqual({ firstName: 'Anonymous', lastName: '', handle: null });
      expect(body.can_edit).toBe(true);
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      expect((await call('GET', '/api/recipes/lists/9999/')).statusCode).toBe(404);
      expect((await call('GET', '/api/recipes/lists/abc/')).statusCode).toBe(400);
      expect((await call('GET', '/api/recipes/lists/0/')).statusCode).toBe(400);
      await expect(server.caller(null).recipes.get({ id: 9999 })).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    });
  });

  describe('PUT /api/recipes/lists/{id}/', () => {
    it('lets the owner and an Admin replace the content', async () => {
      const { id } = await chefRecipe();
      const owner = await call(
        'PUT',
        `/api/recipes/lists/${id}/`,
        world.chef.token,
        recipeBody([ids()[2]!], { title: 'Prawn Curry', img: null }),
      );
      expect(owner.statusCode).toBe(200);
      expect(owner.json()).toMatchObject({
        title: 'Prawn Curry',
        img: null,
        category: [ids()[2]],
        category_names: ['Seafood'],
      });
      const admin = await call(
        'PUT',
        `/api/recipes/lists/${id}/`,
        world.admin.token,
        recipeBody([ids()[0]!], { title: 'Admin edit' }),
      );
      expect(admin.statusCode).toBe(200);
      expect(admin.json().title).toBe('Admin edit');
    });

    it('answers 403 with the spec text to anyone else', async () => {
      const { id } = await chefRecipe();
      const response = await call(
        'PUT',
        `/api/recipes/lists/${id}/`,
        world.user.token,
        recipeBody(ids()),
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe('You do not have permission to update this recipe.');
      await expect(
        server.caller(world.user.token).recipes.update({ id, recipe: recipeBody(ids()) }),
      ).rejects.toMatchObject({
        code: 'FORBIDDEN',
        message: 'You do not have permission to update this recipe.',
      });
    });

    it('validates categories and answers 404 for an unknown recipe', async () => {
      const { id } = await chefRecipe();
      const empty = await call(
        'PUT',
        `/api/recipes/lists/${id}/`,
        world.chef.token,
        recipeBody([]),
      );
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors.category_ids).toEqual(['Please select at least one category.']);
      expect(
        (await call('PUT', '/api/recipes/lists/9999/', world.chef.token, recipeBody(ids())))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('DELETE /api/recipes/lists/{id}/', () => {
    it('answers 403 with the spec text to others, then 204 to the owner, then 404', async () => {
      const { id } = await chefRecipe();
      const forbidden = await call('DELETE', `/api/recipes/lists/${id}/`, world.user.token);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().detail).toBe('You do not have permission to delete this recipe.');
      expect((await call('DELETE', `/api/recipes/lists/${id}/`, world.chef.token)).statusCode).toBe(
        204,
      );
      expect((await call('DELETE', `/api/recipes/lists/${id}/`, world.chef.token)).statusCode).toBe(
        404,
      );
    });

    it('lets an Admin delete, also through tRPC', async () => {
      const { id } = await chefRecipe();
      expect(await server.caller(world.admin.token).recipes.delete({ id })).toBeNull();
      expect((await call('GET', `/api/recipes/lists/${id}/`)).statusCode).toBe(404);
    });
  });
});
