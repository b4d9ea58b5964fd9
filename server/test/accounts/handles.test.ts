import { beforeAll, describe, expect, it } from 'vitest';
import { handleBase, handleCandidates } from '../../src/modules/users/handle.js';
import { User } from '../../src/modules/users/user.entity.js';
import { PASSWORD, bearer, useAccountServer } from '../support/account-server.js';
import { createRecipe } from '../support/db-factories.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { recipeWorld, type RecipeWorld } from '../support/recipe-world.js';
import { forEachDatabase } from '../support/test-database.js';

const HANDLE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe('handleBase', () => {
  it('drops accents, spells the letters NFKD cannot split and joins the rest with one hyphen', () => {
    expect(handleBase('Zoë', 'Ærøskøbing')).toBe('zoe-aeroskobing');
    // Cut at 24 characters: room for a suffix.
    expect(handleBase('  José-María ', "O'Brien  Łukasz")).toBe('jose-maria-o-brien-lukas');
    expect(handleBase('Straße', '__')).toBe('strasse');
  });

  it('leaves room for a suffix within 30 characters, never ending on a hyphen', () => {
    const base = handleBase('Bartholomew-Alexander', 'Montgomery Smith');
    expect(base.length).toBeLessThanOrEqual(24);
    expect(base).toMatch(HANDLE);
  });

  it('gives a name with no usable letters cook-<n>, and a too short one a number', () => {
    expect([...handleCandidates('陈', '伟')][0]).toMatch(/^cook-\d{2}$/);
    expect([...handleCandidates('Ng', '')][0]).toMatch(/^ng-\d{2}$/);
    for (const candidate of handleCandidates('Rahim', 'Uddin')) expect(candidate).toMatch(HANDLE);
  });
});

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);
  const handleOf = async (email: string) =>
    (await orm().em.fork().findOneOrFail(User, { email })).handle;
  const rahim = (n: number) => ({
    email: `rahim${n}@example.com`,
    firstName: 'Rahim',
    lastName: 'Uddin',
    password: PASSWORD,
  });

  describe('POST /api/accounts/register/', () => {
    it('gives two members called Rahim Uddin distinct handles (REST, then tRPC)', async () => {
      const first = await contract.inject(server.app, {
        method: 'POST',
        url: '/api/accounts/register/',
        payload: rahim(1),
      });
      expect(first.statusCode).toBe(201);
      await server.caller().accounts.register(rahim(2));
      expect(await handleOf('rahim1@example.com')).toBe('rahim-uddin');
      expect(await handleOf('rahim2@example.com')).toMatch(/^rahim-uddin-\d{2,5}$/);
    });

    it('gives a name without usable letters cook-<n>', async () => {
      await server.caller().accounts.register({
        email: 'chen@example.com',
        firstName: '陈',
        lastName: '伟',
        password: PASSWORD,
      });
      expect(await handleOf('chen@example.com')).toMatch(/^cook-\d{2,5}$/);
    });
  });

  describe('answers that name a member', () => {
    let world: RecipeWorld;
    let recipeId: number;
    beforeAll(async () => {
      world = await recipeWorld(orm());
    });

    const get = (url: string, token?: string) =>
      contract.inject(server.app, { method: 'GET', url, headers: token ? bearer(token) : {} });

    it('carry the handle beside the name, and no one else’s email (REST and tRPC)', async () => {
      // useAccountServer empties the tables before each test: make this test's world.
      world = await recipeWorld(orm());
      const em = orm().em.fork();
      recipeId = (await createRecipe(em, world.chef.user, [world.categories[0]!])).id;
      const { user, other, chef } = world;
      const comment = await get(`/api/recipes/lists/${recipeId}/`); // warm: no comment yet
      expect(comment.statusCode).toBe(200);
      await server.caller(user.token).comments.create({ recipe: recipeId, content: 'Lovely!' });
      await server.caller(other.token).reviews.create({ recipe: recipeId, rating: 5 });
      await server.caller(user.token).recipes.react({ id: recipeId, reaction_type: 'LOVE' });

      const detail = await get(`/api/recipes/lists/${recipeId}/`, other.token);
      expect(detail.json()).toMatchObject({
        user: { handle: chef.user.handle },
        comments: [{ user: { handle: user.user.handle } }],
      });
      expect(detail.json().user).not.toHaveProperty('email');
      expect(detail.body).not.toContain('@example.com');

      const list = await get('/api/recipes/lists/', other.token);
      expect(list.json().results[0].user).toEqual({
        firstName: chef.user.firstName,
        lastName: chef.user.lastName,
        handle: chef.user.handle,
      });
      const viaTrpc = await server.caller(other.token).recipes.get({ id: recipeId });
      expect(viaTrpc.user).toEqual(list.json().results[0].user);
      expect(viaTrpc.comments[0]?.user.handle).toBe(user.user.handle);

      const reviews = await get(`/api/recipes/reviews/?recipe=${recipeId}`, user.token);
      expect(reviews.json()[0].reviewer).toEqual({
        firstName: other.user.firstName,
        lastName: other.user.lastName,
        handle: other.user.handle,
      });
      const reactions = await get(`/api/recipes/reactions/?recipe=${recipeId}`);
      expect(reactions.json()[0].user.handle).toBe(user.user.handle);
      expect(reactions.body).not.toContain('@example.com');

      const me = await get('/api/accounts/profile/', user.token);
      expect(me.json().data.handle).toBe(user.user.handle);
      const users = await server.caller(world.admin.token).accounts.users.list();
      expect(users.data.map((u) => u.handle).sort()).toEqual(
        [world.admin, chef, user, other].map((m) => m.user.handle).sort(),
      );
    });
  });
});
