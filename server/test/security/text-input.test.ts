import { MULTI_LINE_TEXT, SINGLE_LINE_TEXT } from '@recipehub/openapi/text-rules';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TRPCError } from '@trpc/server';
import { parse } from 'yaml';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { User } from '../../src/modules/users/user.entity.js';
import { PASSWORD, bearer, useAccountServer } from '../support/account-server.js';
import { createRecipe } from '../support/db-factories.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { recipeBody, recipeWorld, type RecipeWorld } from '../support/recipe-world.js';
import { forEachDatabase } from '../support/test-database.js';

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

const NUL = '\u0000';
const BELL = '\u0007';
const DEL = '\u007F';
const LINE_SEPARATOR = '\u2028';
const RIGHT_TO_LEFT_OVERRIDE = '\u202E';

const singleLine = (label: string) =>
  `${label} must not contain line breaks or control characters.`;
const multiLine = (label: string) => `${label} must not contain control characters.`;

describe('the text rule in the contract', () => {
  it('is the server’s rule, pattern for pattern', async () => {
    const document = parse(
      await readFile(
        path.resolve(import.meta.dirname, '../../../openapi/recipehub.openapi.yaml'),
        'utf8',
      ),
    ) as { 'x-text-patterns': Record<string, string> };
    const patterns = document['x-text-patterns'];
    const notBlank = (source: string) => {
      const excluded = /^\^\[\^(.*)\]\*\$$/.exec(source)?.[1] ?? '';
      return `^[^${excluded}\\S]*[^${excluded}\\s][^${excluded}]*$`;
    };
    expect(patterns).toEqual({
      'single-line': SINGLE_LINE_TEXT.source,
      'single-line-not-blank': notBlank(SINGLE_LINE_TEXT.source),
      'multi-line': MULTI_LINE_TEXT.source,
      'multi-line-not-blank': notBlank(MULTI_LINE_TEXT.source),
    });
    // The "not blank" forms mean "the rule, and something besides white space", as trim + min(1).
    const singleNotBlank = new RegExp(patterns['single-line-not-blank'] ?? '', 'u');
    expect(singleNotBlank.test('  Nadia ')).toBe(true);
    expect(singleNotBlank.test(' \t ')).toBe(false);
    expect(singleNotBlank.test('Na\ndia')).toBe(false);
    const multiNotBlank = new RegExp(patterns['multi-line-not-blank'] ?? '', 'u');
    expect(multiNotBlank.test('\n 1 kg rice\n\t2 onions\r\n')).toBe(true);
    expect(multiNotBlank.test('\n \r\n')).toBe(false);
    expect(multiNotBlank.test(`rice${NUL}`)).toBe(false);
  });
});

forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);
  let world: RecipeWorld;
  beforeEach(async () => {
    world = await recipeWorld(orm());
  });

  const send = (method: string, url: string, payload?: object, token?: string) =>
    contract.inject(server.app, {
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: token ? bearer(token) : {},
    });

  /** Rows of an entity, by name (to show that a refused call stored nothing). */
  const count = (entity: string) => orm().em.fork().count(entity);

  describe('POST /api/accounts/register/', () => {
    it('answers 400 for a first name with a line break (mail injection) and stores nothing', async () => {
      const users = await count('User');
      const response = await send('POST', '/api/accounts/register/', {
        email: 'injected@example.com',
        firstName: 'Nadia\nVisit https://evil.example to claim your prize',
        lastName: `Rahman${NUL}`,
        password: PASSWORD,
        mobile: `+880${BELL}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        status: 'failed',
        errors: {
          firstName: [singleLine('First Name')],
          lastName: [singleLine('Last Name')],
          mobile: [singleLine('Mobile')],
        },
      });
      expect(await count('User')).toBe(users);
    });

    it('refuses a line break at the end too (checked before trimming, as the pattern says)', async () => {
      const response = await send('POST', '/api/accounts/register/', {
        email: 'trailing@example.com\n',
        firstName: 'Nadia\r\n',
        lastName: 'Rahman',
        password: PASSWORD,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({
        email: [singleLine('Email')],
        firstName: [singleLine('First Name')],
      });
    });
  });

  describe('tRPC accounts.register', () => {
    it('answers BAD_REQUEST with the same field errors', async () => {
      const error = await server
        .caller()
        .accounts.register({
          email: 'trpc@example.com',
          firstName: `Nadia${RIGHT_TO_LEFT_OVERRIDE}`,
          lastName: `Rahman${LINE_SEPARATOR}`,
          password: PASSWORD,
        })
        .catch((caught: unknown) => caught as TRPCError);
      expect(error).toMatchObject({ code: 'BAD_REQUEST' });
      expect((error as TRPCError).cause).toMatchObject({
        fieldErrors: {
          firstName: [singleLine('First Name')],
          lastName: [singleLine('Last Name')],
        },
      });
    });
  });

  describe('PUT /api/accounts/profile/update/', () => {
    it('answers 400 for control characters in names and bio and changes nothing', async () => {
      const response = await send(
        'PUT',
        '/api/accounts/profile/update/',
        { firstName: `A${DEL}`, profile: { bio: `Cook${NUL}`, portfolio: 'https://x.test/\n' } },
        world.user.token,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({
        firstName: [singleLine('First Name')],
        'profile.bio': [multiLine('Bio')],
        'profile.portfolio': [singleLine('Portfolio')],
      });
      const user = await orm().em.fork().findOneOrFail(User, world.user.user.id);
      expect(user.firstName).toBe(world.user.user.firstName);
    });

    it('keeps line breaks and tabs in the bio', async () => {
      const response = await send(
        'PUT',
        '/api/accounts/profile/update/',
        { profile: { bio: 'Home cook.\n\tDhaka\r\n' } },
        world.user.token,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().data.profile.bio).toBe('Home cook.\n\tDhaka\r\n');
    });
  });

  describe('recipes, comments, reviews and categories', () => {
    it('POST /api/recipes/lists/ answers 400 for a control character and keeps multi-line text', async () => {
      const recipes = await count('Recipe');
      const ids = world.categories.map((category) => category.id);
      const refused = await send(
        'POST',
        '/api/recipes/lists/',
        recipeBody(ids, {
          title: `Curry${RIGHT_TO_LEFT_OVERRIDE}`,
          instructions: `Fry.${NUL}`,
          img: `https://images.example.com/a.jpg${BELL}`,
        }),
        world.chef.token,
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({
        title: [singleLine('Title')],
        instructions: [multiLine('Instructions')],
        img: ['Please provide a valid image URL.'],
      });
      expect(await count('Recipe')).toBe(recipes);

      const accepted = await send(
        'POST',
        '/api/recipes/lists/',
        recipeBody(ids, { ingredients: '1 kg rice\r\n\t2 onions' }),
        world.chef.token,
      );
      expect(accepted.statusCode).toBe(201);
    });

    it('comments and reviews refuse control characters and keep line breaks', async () => {
      const recipe = await createRecipe(orm().em.fork(), world.chef.user);
      const comment = await send(
        'POST',
        `/api/recipes/lists/${recipe.id}/comments/`,
        { content: `Nice${BELL}` },
        world.user.token,
      );
      expect(comment.statusCode).toBe(400);
      expect(comment.json().errors).toEqual({ content: [multiLine('Comment')] });
      expect(await count('Comment')).toBe(0);

      const review = await send(
        'POST',
        '/api/recipes/reviews/',
        { recipe: recipe.id, rating: 5, body: `Great${NUL}` },
        world.user.token,
      );
      expect(review.statusCode).toBe(400);
      expect(review.json().errors).toEqual({ body: [multiLine('Review text')] });
      expect(await count('Review')).toBe(0);

      const good = await send(
        'POST',
        `/api/recipes/lists/${recipe.id}/comments/`,
        { content: 'Line one\nline two' },
        world.user.token,
      );
      expect(good.statusCode).toBe(201);
    });

    it('POST /api/recipes/categories/ refuses a line separator in a name', async () => {
      const categories = await count('Category');
      const response = await send(
        'POST',
        '/api/recipes/categories/',
        { name: `Soup${LINE_SEPARATOR}` },
        world.admin.token,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ name: [singleLine('Name')] });
      expect(await count('Category')).toBe(categories);
    });
  });

  describe('query strings and path parameters', () => {
    it('GET /api/recipes/lists/ answers 400 for a NUL in the search words', async () => {
      const response = await send('GET', '/api/recipes/lists/?search=curry%00');
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ search: [singleLine('Search')] });
    });

    it('GET /api/recipes/by-user/{email}/ answers 400 for a control character in the email', async () => {
      const response = await send('GET', '/api/recipes/by-user/a%0A%40example.com/');
      expect(response.statusCode).toBe(400);
    });
  });

  describe('contact and customers', () => {
    it('POST /api/contact/ refuses a NUL in the message and a line break in the name', async () => {
      const messages = await count('ContactMessage');
      const response = await send('POST', '/api/contact/', {
        name: 'Farhana\nAkter',
        email: 'farhana@example.com',
        message: `Hello${NUL}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({
        name: [singleLine('Name')],
        message: [multiLine('Message')],
      });
      expect(await count('ContactMessage')).toBe(messages);
    });

    it('POST /api/create-customer refuses control characters', async () => {
      const customers = await count('Customer');
      const response = await send(
        'POST',
        '/api/create-customer',
        { name: `Rahim${DEL}`, email: 'rahim@example.com', mobile: '017\t00' },
        world.admin.token,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({
        name: [singleLine('Name')],
        mobile: [singleLine('Mobile')],
      });
      expect(await count('Customer')).toBe(customers);
    });
  });
});
