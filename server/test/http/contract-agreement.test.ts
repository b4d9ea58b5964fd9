import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadOpenApiDocument } from '../../src/http/openapi-routes.js';
import { useAccountServer } from '../support/account-server.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { recipeBody, recipeWorld, type RecipeWorld } from '../support/recipe-world.js';
import { forEachDatabase } from '../support/test-database.js';

let contract: OpenApiContract;
let document: Record<string, unknown>;
const ajv = new Ajv2020({ strict: false });

beforeAll(async () => {
  contract = await OpenApiContract.load();
  document = await loadOpenApiDocument();
  addFormats.default(ajv);
  ajv.addSchema(document, 'openapi');
});

const validBy = (schema: string, value: unknown) =>
  ajv.compile({ $ref: `openapi#/components/schemas/${schema}` })(value);

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

describe('the document', () => {
  it('lets request bodies carry unknown members and keeps responses strict', () => {
    const schemas = (document.components as { schemas: Record<string, Record<string, unknown>> })
      .schemas;
    for (const name of ['RecipeInput', 'RegisterInput', 'ReviewUpdate', 'ProfileUpdate']) {
      expect(schemas[name]?.additionalProperties, name).toBeUndefined();
    }
    for (const name of ['Recipe', 'Problem', 'AccountFailure', 'User', 'Review']) {
      expect(schemas[name]?.additionalProperties, name).toBe(false);
    }
    expect((document.info as { description: string }).description).toMatch(
      /Unknown members are ignored[\s\S]*405 Method\s+Not Allowed/,
    );
  });

  it('calls a review update without rating or body invalid, unknown members included', () => {
    expect(validBy('ReviewUpdate', {})).toBe(false);
    expect(validBy('ReviewUpdate', { note: 'x' })).toBe(false);
    expect(validBy('ReviewUpdate', { body: null })).toBe(true);
    expect(validBy('ReviewUpdate', { rating: 3, note: 'x' })).toBe(true);
  });

  it('states the multipart profile rules the server enforces', () => {
    expect(validBy('ProfileUpdateForm', { 'profile.age': '151' })).toBe(false);
    expect(validBy('ProfileUpdateForm', { 'profile.age': '150' })).toBe(true);
    expect(validBy('ProfileUpdateForm', { 'profile.portfolio': 'javascript:alert(1)' })).toBe(
      false,
    );
    expect(validBy('ProfileUpdateForm', { 'profile.portfolio': '' })).toBe(true);
    expect(validBy('ProfileUpdateForm', { 'profile.sex': 'Robot' })).toBe(false);
    expect(validBy('ProfileUpdateForm', { firstName: '   ' })).toBe(false);
    expect(validBy('ProfileUpdateForm', { password: 'short' })).toBe(false);
    expect(validBy('ProfileUpdateForm', { password: 'a-long-new-password' })).toBe(false);
    expect(
      validBy('ProfileUpdateForm', { password: 'a-long-new-password', currentPassword: 'old' }),
    ).toBe(true);
  });
});

forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);
  let world: RecipeWorld;
  beforeEach(async () => {
    world = await recipeWorld(orm());
  });

  describe('unknown members in request bodies', () => {
    it('are ignored: POST /api/recipes/lists/ creates the recipe without them', async () => {
      const response = await contract.inject(server.app, {
        method: 'POST',
        url: '/api/recipes/lists/',
        headers: auth(world.chef.token),
        payload: {
          ...recipeBody([world.categories[0]!.id]),
          // (Not `servings`: issue 16 made that a field of the contract.)
          cooking_time: 40,
          legacy: { v: 1 },
        },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).not.toHaveProperty('cooking_time');
      expect(response.json()).not.toHaveProperty('legacy');
    });

    it('are ignored by the account calls too (POST /api/accounts/login/ with a device name)', async () => {
      const response = await contract.inject(server.app, {
        method: 'POST',
        url: '/api/accounts/login/',
        payload: { email: 'nobody@example.com', password: 'whatever-it-is', device: 'phone' },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('unsupported methods on /api/ paths', () => {
    it('answer 405 with Allow listing the path methods (HEAD with GET)', async () => {
      const response = await server.app.inject({
        method: 'PATCH',
        url: '/api/recipes/lists/12/',
      });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('DELETE, GET, HEAD, PUT');
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({ status: 405, title: 'Method Not Allowed' });
    });

    it('answer 405 without the trailing slash as well, and list POST-only paths', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/api/accounts/login' });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('POST');
    });

    it('leave unknown paths at 404 and tRPC alone', async () => {
      expect(
        (await server.app.inject({ method: 'PATCH', url: '/api/nothing/here/' })).statusCode,
      ).toBe(404);
      const trpc = await server.app.inject({ method: 'DELETE', url: '/trpc/categories.list' });
      expect(trpc.statusCode).not.toBe(405);
    });
  });

  describe('PUT /api/recipes/reviews/{id}/', () => {
    it('refuses {} and a body of unknown members with 400 under body, as the schema says', async () => {
      const recipe = await contract.inject(server.app, {
        method: 'POST',
        url: '/api/recipes/lists/',
        headers: auth(world.chef.token),
        payload: recipeBody([world.categories[0]!.id]),
      });
      const review = await contract.inject(server.app, {
        method: 'POST',
        url: '/api/recipes/reviews/',
        headers: auth(world.user.token),
        payload: { recipe: (recipe.json() as { id: number }).id, rating: 4 },
      });
      const id = (review.json() as { id: number }).id;
      for (const payload of [{}, { note: 'unknown' }]) {
        const response = await contract.inject(server.app, {
          method: 'PUT',
          url: `/api/recipes/reviews/${id}/`,
          headers: auth(world.user.token),
          payload,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          errors: { body: ['Give a rating or a review text to change.'] },
        });
      }
      const cleared = await contract.inject(server.app, {
        method: 'PUT',
        url: `/api/recipes/reviews/${id}/`,
        headers: auth(world.user.token),
        payload: { body: null },
      });
      expect(cleared.statusCode).toBe(200);
    });
  });

  describe('malformed percent-encodings', () => {
    it('redirect the verification link to /login?verified=failed', async () => {
      const response = await contract.inject(server.app, {
        method: 'GET',
        url: '/api/accounts/verify-email/%E0%A4%A/',
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/login?verified=failed');
    });

    it('answer 400 problem details on other calls and the account envelope on account calls', async () => {
      const recipe = await contract.inject(server.app, {
        method: 'GET',
        url: '/api/recipes/lists/%E0%A4%A/',
      });
      expect(recipe.statusCode).toBe(400);
      expect(recipe.json()).toMatchObject({ status: 400, title: 'Bad Request' });
      const profile = await contract.inject(server.app, {
        method: 'GET',
        url: '/api/accounts/profile/%zz/',
        headers: auth(world.admin.token),
      });
      expect(profile.statusCode).toBe(400);
      expect(profile.json()).toMatchObject({ status: 'failed' });
    });
  });

  describe('the multipart profile update', () => {
    const form = (fields: Record<string, string>) => {
      const boundary = 'agreement-boundary';
      const body =
        Object.entries(fields)
          .map(
            ([name, value]) =>
              `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
          )
          .join('') + `--${boundary}--\r\n`;
      return { 'content-type': `multipart/form-data; boundary=${boundary}`, body };
    };

    it('refuses what the form schema refuses and accepts what it accepts', async () => {
      for (const [fields, status] of [
        [{ 'profile.age': '151' }, 400],
        [{ 'profile.sex': 'Robot' }, 400],
        [{ 'profile.portfolio': 'javascript:alert(1)' }, 400],
        [{ password: 'a-long-new-password' }, 400],
        [{ 'profile.age': '0150', 'profile.portfolio': '', 'profile.sex': '' }, 200],
      ] as const) {
        const { body, ...headers } = form(fields);
        const response = await contract.inject(server.app, {
          method: 'PUT',
          url: '/api/accounts/profile/update/',
          headers: { ...headers, ...auth(world.user.token) },
          payload: body,
        });
        expect(response.statusCode, JSON.stringify(fields)).toBe(status);
        expect(validBy('ProfileUpdateForm', fields), JSON.stringify(fields)).toBe(status === 200);
      }
    });
  });
});
