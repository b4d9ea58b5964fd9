import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BLOCKED_BY_AUTHOR } from '@recipehub/openapi/messages';
import { bearer, useAccountServer } from '../support/account-server.js';
import { createRecipe } from '../support/db-factories.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { recipeWorld, type RecipeWorld } from '../support/recipe-world.js';
import { forEachDatabase } from '../support/test-database.js';

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

forEachDatabase(({ db }) => {
  const server = useAccountServer(db);
  let world: RecipeWorld;
  let recipe: number;

  beforeEach(async () => {
    world = await recipeWorld(db().orm);
    recipe = (await createRecipe(db().orm.em.fork(), world.chef.user, [world.categories[0]!])).id;
  });

  const call = (method: 'PUT' | 'DELETE' | 'GET', url: string, token: string | null) =>
    contract.inject(server.app, { method, url, headers: token ? bearer(token) : {} });
  const block = (token: string, handle: string) =>
    call('PUT', `/api/accounts/blocks/${handle}/`, token);

  describe('PUT and DELETE /api/accounts/blocks/{handle}/', () => {
    it('blocks and unblocks a member, both idempotent, and lists the blocks by handle and name', async () => {
      const { chef, user, other } = world;
      expect((await block(chef.token, user.user.handle)).statusCode).toBe(204);
      expect((await block(chef.token, user.user.handle)).statusCode).toBe(204);
      await server.caller(chef.token).accounts.blocks.block({ handle: other.user.handle });
      const listed = await call('GET', '/api/accounts/blocks/', chef.token);
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toMatchObject({ count: 2, next: null, previous: null });
      expect(
        listed
          .json()
          .results.map((r: { handle: string }) => r.handle)
          .sort(),
      ).toEqual([user.user.handle, other.user.handle].sort());
      expect(JSON.stringify(listed.json())).not.toContain('@');
      const url = `/api/accounts/blocks/${user.user.handle}/`;
      expect((await call('DELETE', url, chef.token)).statusCode).toBe(204);
      expect((await call('DELETE', url, chef.token)).statusCode).toBe(204);
      const left = await server.caller(chef.token).accounts.blocks.list({});
      expect(left.results.map((r) => r.handle)).toEqual([other.user.handle]);
    });

    it('refuses oneself (400), an unknown handle (404), a bad handle (400) and visitors (401)', async () => {
      const { chef } = world;
      const self = await block(chef.token, chef.user.handle);
      expect(self.statusCode).toBe(400);
      expect(self.json().errors).toEqual({ handle: ['You cannot block yourself.'] });
      expect((await block(chef.token, 'nobody-has-this')).statusCode).toBe(404);
      expect((await block(chef.token, 'Bad_Handle')).statusCode).toBe(400);
      expect(
        (await call('PUT', `/api/accounts/blocks/${chef.user.handle}/`, null)).statusCode,
      ).toBe(401);
      expect((await call('GET', '/api/accounts/blocks/', null)).statusCode).toBe(401);
      await expect(
        server.caller(chef.token).accounts.blocks.block({ handle: chef.user.handle }),
      ).rejects.toThrow('You cannot block yourself.');
    });
  });

  describe('a blocked member on the blocker’s recipes', () => {
    it('cannot comment, react or review (403, REST and tRPC), and others still can', async () => {
      const { chef, user, other } = world;
      await block(chef.token, user.user.handle);
      const post = (url: string, payload: object, token = user.token) =>
        contract.inject(server.app, { method: 'POST', url, payload, headers: bearer(token) });
      for (const [url, payload] of [
        [`/api/recipes/lists/${recipe}/comments/`, { content: 'Hello' }],
        [`/api/recipes/lists/${recipe}/like/`, { reaction_type: 'LIKE' }],
        ['/api/recipes/reviews/', { recipe, rating: 1 }],
      ] as const) {
        const refused = await post(url, payload);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().detail).toBe(BLOCKED_BY_AUTHOR);
      }
      const caller = server.caller(user.token);
      await expect(caller.comments.create({ recipe, content: 'Hi' })).rejects.toThrow(
        BLOCKED_BY_AUTHOR,
      );
      await expect(caller.reviews.create({ recipe, rating: 2 })).rejects.toThrow(BLOCKED_BY_AUTHOR);
      expect(
        (await post(`/api/recipes/lists/${recipe}/comments/`, { content: 'Hi' }, other.token))
          .statusCode,
      ).toBe(201);
    });

    it('disappears from the blocker’s comment and review lists and counts, not from others’', async () => {
      const { chef, user, other } = world;
      await server.caller(user.token).comments.create({ recipe, content: 'Blocked words' });
      await server.caller(user.token).reviews.create({ recipe, rating: 1 });
      await server.caller(other.token).reviews.create({ recipe, rating: 5 });
      await block(chef.token, user.user.handle);
      const seenBy = async (token: string) => {
        const detail = await contract.inject(server.app, {
          method: 'GET',
          url: `/api/recipes/lists/${recipe}/`,
          headers: bearer(token),
        });
        const reviews = await server.caller(token).reviews.list({ recipe });
        return { detail: detail.json(), reviews };
      };
      const chefView = await seenBy(chef.token);
      expect(chefView.detail.comments).toEqual([]);
      expect(chefView.detail.review_count).toBe(1);
      expect(chefView.detail.average_rating).toBe(5);
      expect(chefView.reviews.map((r) => r.rating)).toEqual([5]);
      const otherView = await seenBy(other.token);
      expect(otherView.detail.comments).toHaveLength(1);
      expect(otherView.detail.review_count).toBe(2);
      expect(otherView.reviews).toHaveLength(2);
      const restReviews = await call('GET', `/api/recipes/reviews/?recipe=${recipe}`, chef.token);
      expect(restReviews.json()).toHaveLength(1);
    });
  });
});
