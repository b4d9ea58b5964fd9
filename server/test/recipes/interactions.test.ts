import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Comment } from '../../src/modules/comments/comment.entity.js';
import { Reaction } from '../../src/modules/reactions/reaction.entity.js';
import { Recipe } from '../../src/modules/recipes/data/recipe.entity.js';
import { Review } from '../../src/modules/reviews/review.entity.js';
import { Save } from '../../src/modules/saves/save.entity.js';
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
  let recipeId: number;
  beforeEach(async () => {
    world = await recipeWorld(orm());
    recipeId = (await createRecipe(orm().em.fork(), world.chef.user, [world.categories[0]!])).id;
  });

  const call = (method: string, url: string, token?: string, payload?: object) =>
    contract.inject(server.app, {
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
  const recipe = async (token?: string) =>
    (await call('GET', `/api/recipes/lists/${recipeId}/`, token)).json();

  describe('POST /api/recipes/lists/{id}/save/', () => {
    it('toggles between saved and unsaved', async () => {
      const saved = await call('POST', `/api/recipes/lists/${recipeId}/save/`, world.user.token);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({
        status: 'recipe saved',
        is_saved_by_user: true,
        saved_by_count: 1,
      });
      expect((await recipe(world.user.token)).is_saved_by_user).toBe(true);
      expect(await server.caller(world.other.token).recipes.save({ id: recipeId })).toEqual({
        status: 'recipe saved',
        is_saved_by_user: true,
        saved_by_count: 2,
      });
      const unsaved = await call('POST', `/api/recipes/lists/${recipeId}/save/`, world.user.token);
      expect(unsaved.json()).toEqual({
        status: 'recipe unsaved',
        is_saved_by_user: false,
        saved_by_count: 1,
      });
    });

    it('answers 404 for an unknown recipe and 401 without a login', async () => {
      expect(
        (await call('POST', '/api/recipes/lists/9999/save/', world.user.token)).statusCode,
      ).toBe(404);
      expect((await call('POST', `/api/recipes/lists/${recipeId}/save/`)).statusCode).toBe(401);
    });

    it('survives concurrent toggles by the same user without duplicates or errors', async () => {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          call('POST', `/api/recipes/lists/${recipeId}/save/`, world.user.token),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
      const em = orm().em.fork();
      const rows = await em.count(Save, { recipe: recipeId });
      expect(rows).toBeLessThanOrEqual(1);
      expect((await em.findOneOrFail(Recipe, recipeId)).saveCount).toBe(rows);
    });
  });

  describe('POST /api/recipes/lists/{id}/like/', () => {
    const react = (type: string, token = world.user.token) =>
      call('POST', `/api/recipes/lists/${recipeId}/like/`, token, { reaction_type: type });

    it('adds, replaces and removes the reaction with the statuses the app expects', async () => {
      const added = await react('LIKE');
      expect(added.statusCode).toBe(200);
      expect(added.json()).toEqual({
        status: 'reaction added: LIKE',
        reaction_counts: { LIKE: 1, LOVE: 0, WOW: 0, SAD: 0, total: 1 },
        user_reaction: 'LIKE',
      });
      const updated = await react('LOVE');
      expect(updated.json()).toEqual({
        status: 'reaction updated to LOVE',
        reaction_counts: { LIKE: 0, LOVE: 1, WOW: 0, SAD: 0, total: 1 },
        user_reaction: 'LOVE',
      });
      const detail = await recipe(world.user.token);
      expect(detail).toMatchObject({ is_liked_by_user: true, user_reaction: 'LOVE' });
      expect(
        await server
          .caller(world.other.token)
          .recipes.react({ id: recipeId, reaction_type: 'SAD' }),
      ).toMatchObject({ status: 'reaction added: SAD', reaction_counts: { total: 2 } });
      const removed = await react('LOVE');
      expect(removed.json()).toEqual({
        status: 'reaction removed',
        reaction_counts: { LIKE: 0, LOVE: 0, WOW: 0, SAD: 1, total: 1 },
        user_reaction: null,
      });
      expect((await orm().em.fork().findOneOrFail(Recipe, recipeId)).reactionCount).toBe(1);
    });

    it('refuses an unknown type, an unknown recipe and anonymous callers', async () => {
      const bad = await react('HAHA');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.reaction_type).toEqual([
        'Reaction type must be LIKE, LOVE, WOW or SAD.',
      ]);
      expect(
        (
          await call('POST', '/api/recipes/lists/9999/like/', world.user.token, {
            reaction_type: 'LIKE',
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await call('POST', `/api/recipes/lists/${recipeId}/like/`, undefined, {})).statusCode,
      ).toBe(401);
    });

    it('survives concurrent reactions by the same user without duplicates or errors', async () => {
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => react(i % 2 ? 'WOW' : 'LIKE')),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
      const em = orm().em.fork();
      const rows = await em.count(Reaction, { recipe: recipeId });
      expect(rows).toBeLessThanOrEqual(1);
      expect((await em.findOneOrFail(Recipe, recipeId)).reactionCount).toBe(rows);
    });
  });

  describe('GET /api/recipes/reactions/', () => {
    it('lists who reacted how, newest first, with names only', async () => {
      await call('POST', `/api/recipes/lists/${recipeId}/like/`, world.user.token, {
        reaction_type: 'WOW',
      });
      await new Promise((resolve) => setTimeout(resolve, 5));
      await call('POST', `/api/recipes/lists/${recipeId}/like/`, world.other.token, {
        reaction_type: 'LIKE',
      });
      const response = await call('GET', `/api/recipes/reactions/?recipe=${recipeId}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().map((r: { reaction_type: string }) => r.reaction_type)).toEqual([
        'LIKE',
        'WOW',
      ]);
      expect(response.json()[0].user).toEqual({
        firstName: world.other.user.firstName,
        lastName: world.other.user.lastName,
        handle: world.other.user.handle,
      });
      expect(await server.caller(null).recipes.reactions({ recipe: recipeId })).toEqual(
        response.json(),
      );
    });

    it('answers 404 for an unknown recipe and 400 without a valid recipe id', async () => {
      expect((await call('GET', '/api/recipes/reactions/?recipe=9999')).statusCode).toBe(404);
      expect((await call('GET', '/api/recipes/reactions/')).statusCode).toBe(400);
      expect((await call('GET', '/api/recipes/reactions/?recipe=x')).statusCode).toBe(400);
    });
  });

  describe('POST /api/recipes/lists/{id}/comments/', () => {
    it('adds a comment with 201 and shows it on the recipe, with can_delete per viewer', async () => {
      const response = await call(
        'POST',
        `/api/recipes/lists/${recipeId}/comments/`,
        world.user.token,
        {
          content: '  Lovely!  ',
        },
      );
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ content: 'Lovely!', can_delete: true });
      const comment = response.json() as { id: number };
      expect((await recipe(world.user.token)).comments).toEqual([response.json()]);
      expect((await recipe(world.other.token)).comments[0]).toMatchObject({
        id: comment.id,
        can_delete: false,
      });
      expect((await recipe(world.admin.token)).comments[0].can_delete).toBe(true);
      expect((await recipe()).comments[0].can_delete).toBe(false);
    });

    it('refuses blank content with 400 and stores nothing', async () => {
      for (const content of ['', '   \n\t']) {
        const response = await call(
          'POST',
          `/api/recipes/lists/${recipeId}/comments/`,
          world.user.token,
          { content },
        );
        expect(response.statusCode).toBe(400);
        expect(response.json().errors.content).toEqual(['Comment cannot be empty.']);
      }
      await expect(
        server.caller(world.user.token).comments.create({ recipe: recipeId, content: ' ' }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      expect(await orm().em.fork().count(Comment)).toBe(0);
    });
  });

  describe('DELETE /api/recipes/lists/{id}/comments/{commentId}/', () => {
    async function comment(token = world.user.token) {
      return (
        await call('POST', `/api/recipes/lists/${recipeId}/comments/`, token, { content: 'Hi' })
      ).json() as {
        id: number;
      };
    }

    it('lets the author and an Admin delete, and nobody else', async () => {
      const first = await comment();
      const forbidden = await call(
        'DELETE',
        `/api/recipes/lists/${recipeId}/comments/${first.id}/`,
        world.other.token,
      );
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().detail).toBe('You do not have permission to delete this comment.');
      expect(
        (
          await call(
            'DELETE',
            `/api/recipes/lists/${recipeId}/comments/${first.id}/`,
            world.user.token,
          )
        ).statusCode,
      ).toBe(204);
      const second = await comment();
      expect(
        await server.caller(world.admin.token).comments.delete({ recipe: recipeId, id: second.id }),
      ).toBeNull();
      expect((await orm().em.fork().findOneOrFail(Recipe, recipeId)).commentCount).toBe(0);
    });

    it('answers 404 when the comment is not on that recipe', async () => {
      const first = await comment();
      const elsewhere = await createRecipe(orm().em.fork(), world.chef.user, [
        world.categories[0]!,
      ]);
      expect(
        (
          await call(
            'DELETE',
            `/api/recipes/lists/${elsewhere.id}/comments/${first.id}/`,
            world.admin.token,
          )
        ).statusCode,
      ).toBe(404);
      expect(
        (await call('DELETE', `/api/recipes/lists/9999/comments/${first.id}/`, world.admin.token))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('reviews', () => {
    const review = (token: string, payload: object) =>
      call('POST', '/api/recipes/reviews/', token, payload);

    it('creates one review per user per recipe and shows the rating on the recipe', async () => {
      const created = await review(world.user.token, { recipe: recipeId, rating: 4, body: 'Good' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        recipe: recipeId,
        rating: 4,
        body: 'Good',
        reviewer: { email: world.user.user.email },
      });
      await review(world.other.token, { recipe: recipeId, rating: 5 });
      expect(await recipe()).toMatchObject({ average_rating: 4.5, review_count: 2 });
      const again = await review(world.user.token, { recipe: recipeId, rating: 1 });
      expect(again.statusCode).toBe(400);
      expect(again.json().errors.recipe).toEqual(['You have already reviewed this recipe.']);
    });

    it('validates the rating and the recipe', async () => {
      for (const rating of [0, 6, 2.5, '5', undefined]) {
        const response = await review(world.user.token, { recipe: recipeId, rating });
        expect(response.statusCode, String(rating)).toBe(400);
        expect(response.json().errors.rating).toEqual([
          'Please select a rating between 1 and 5 stars.',
        ]);
      }
      const unknown = await review(world.user.token, { recipe: 9999, rating: 5 });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors.recipe).toEqual(['No recipe found.']);
    });

    it('lists reviews newest first, with emails only for the reviewer and Admins', async () => {
      await review(world.user.token, { recipe: recipeId, rating: 3 });
      await new Promise((resolve) => setTimeout(resolve, 5));
      await review(world.other.token, { recipe: recipeId, rating: 5, body: 'Great' });
      const response = await call(
        'GET',
        `/api/recipes/reviews/?recipe=${recipeId}`,
        world.user.token,
      );
      expect(response.statusCode).toBe(200);
      const list = response.json() as { rating: number; reviewer: { email?: string } }[];
      expect(list.map((r) => r.rating)).toEqual([5, 3]);
      expect(list[0]!.reviewer.email).toBeUndefined();
      expect(list[1]!.reviewer.email).toBe(world.user.user.email);
      const asAdmin = await server.caller(world.admin.token).reviews.list({ recipe: recipeId });
      expect(asAdmin.every((r) => r.reviewer.email !== undefined)).toBe(true);
      expect((await call('GET', '/api/recipes/reviews/?recipe=9999')).statusCode).toBe(404);
    });

    it('lets the reviewer and an Admin update or delete, and nobody else', async () => {
      const { id } = (await review(world.user.token, { recipe: recipeId, rating: 2 })).json() as {
        id: number;
      };
      const forbidden = await call('PUT', `/api/recipes/reviews/${id}/`, world.other.token, {
        rating: 5,
      });
      expect(forbidden.statusCode).toBe(403);
      const updated = await call('PUT', `/api/recipes/reviews/${id}/`, world.user.token, {
        rating: 5,
        body: null,
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({ rating: 5, body: null });
      expect((await recipe()).average_rating).toBe(5);
      const empty = await call('PUT', `/api/recipes/reviews/${id}/`, world.user.token, {});
      expect(empty.statusCode).toBe(400);
      expect(
        await server.caller(world.admin.token).reviews.update({ id, review: { body: 'Edited' } }),
      ).toMatchObject({ body: 'Edited', rating: 5 });
      expect(
        (await call('DELETE', `/api/recipes/reviews/${id}/`, world.other.token)).statusCode,
      ).toBe(403);
      expect(
        (await call('DELETE', `/api/recipes/reviews/${id}/`, world.admin.token)).statusCode,
      ).toBe(204);
      expect(
        (await call('DELETE', `/api/recipes/reviews/${id}/`, world.admin.token)).statusCode,
      ).toBe(404);
      expect(await recipe()).toMatchObject({ average_rating: null, review_count: 0 });
    });

    it('stores one review when the same user sends several at once', async () => {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => review(world.user.token, { recipe: recipeId, rating: 4 })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400, 400, 400]);
      expect(await orm().em.fork().count(Review, { recipe: recipeId })).toBe(1);
    });
  });
});
