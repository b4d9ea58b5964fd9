import { beforeEach, describe, expect, it } from 'vitest';
import { AUTO_HIDDEN_REASON } from '@recipehub/openapi/messages';
import { User } from '../../src/modules/users/user.entity.js';
import { bearer, useAccountServer } from '../support/account-server.js';
import { createRecipe } from '../support/db-factories.js';
import { member, recipeWorld, type Member, type RecipeWorld } from '../support/recipe-world.js';
import { forEachDatabase } from '../support/test-database.js';

const DAY_MS = 86_400_000;

/** Issue 30, item 3: three distinct members in good standing hide an item at once. */
forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);
  let world: RecipeWorld;
  let recipe: number;
  let veterans: Member[];

  /** A member verified `ago` milliseconds ago (null: never verified). */
  async function memberVerified(ago: number | null): Promise<Member> {
    const em = orm().em.fork();
    const made = await member(em, 'User');
    await em.nativeUpdate(
      User,
      { id: made.user.id },
      { emailVerifiedAt: ago === null ? null : new Date(Date.now() - ago) },
    );
    return made;
  }

  beforeEach(async () => {
    world = await recipeWorld(orm());
    recipe = (await createRecipe(orm().em.fork(), world.chef.user, [world.categories[0]!])).id;
    veterans = [];
    for (let i = 0; i < 4; i++) veterans.push(await memberVerified(2 * DAY_MS));
  });

  const reportRest = (who: Member, target_type: string, target_id: number) =>
    server.app.inject({
      method: 'POST',
      url: '/api/reports/',
      headers: bearer(who.token),
      payload: { target_type, target_id, reason: 'spam' },
    });
  const reportTrpc = (
    who: Member,
    target_type: 'recipe' | 'comment' | 'review',
    target_id: number,
  ) => server.caller(who.token).reports.create({ target_type, target_id, reason: 'spam' });
  const publicStatus = async (id: number) =>
    (await server.app.inject({ url: `/api/recipes/lists/${id}/` })).statusCode;

  describe('automatic hiding', () => {
    it('hides a recipe at the third report by members in good standing (REST and tRPC)', async () => {
      await reportRest(veterans[0]!, 'recipe', recipe);
      await reportTrpc(veterans[1]!, 'recipe', recipe);
      expect(await publicStatus(recipe)).toBe(200);
      expect((await reportRest(veterans[2]!, 'recipe', recipe)).statusCode).toBe(201);
      expect(await publicStatus(recipe)).toBe(404);
      const seen = await server.caller(world.chef.token).recipes.get({ id: recipe });
      expect(seen.hidden).toEqual({ reason: AUTO_HIDDEN_REASON });
    });

    it('hides a comment and a review the same way, through tRPC', async () => {
      const comment = await server
        .caller(world.user.token)
        .comments.create({ recipe, content: 'Spam' });
      const review = await server.caller(world.user.token).reviews.create({ recipe, rating: 1 });
      for (const who of veterans.slice(0, 3)) {
        await reportTrpc(who, 'comment', comment.id);
        await reportTrpc(who, 'review', review.id);
      }
      const detail = await server.caller(null).recipes.get({ id: recipe });
      expect(detail.comments).toEqual([]);
      expect(detail.review_count).toBe(0);
    });

    it('does not count new, unverified or repeated reporters', async () => {
      const fresh = await memberVerified(DAY_MS / 2);
      const unverified = await memberVerified(null);
      await reportRest(veterans[0]!, 'recipe', recipe);
      await reportRest(fresh, 'recipe', recipe);
      await reportRest(unverified, 'recipe', recipe);
      await reportRest(veterans[1]!, 'recipe', recipe);
      expect(await publicStatus(recipe)).toBe(200);
      await reportRest(veterans[2]!, 'recipe', recipe);
      expect(await publicStatus(recipe)).toBe(404);
    });

    it('answers 404 to a report of a hidden item, as for an unknown one', async () => {
      for (const who of veterans.slice(0, 3)) await reportRest(who, 'recipe', recipe);
      const late = await reportRest(veterans[3]!, 'recipe', recipe);
      expect(late.statusCode).toBe(404);
      expect(late.json().detail).toBe('No recipe found.');
      await expect(reportTrpc(veterans[3]!, 'recipe', recipe)).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    });

    it('cannot hide a restored item again with the same reporters', async () => {
      for (const who of veterans.slice(0, 3)) await reportRest(who, 'recipe', recipe);
      expect(await publicStatus(recipe)).toBe(404);
      await server.caller(world.admin.token).moderation.act({
        target_type: 'recipe',
        target_id: recipe,
        action: 'restore',
        reason: 'Reviewed: fine.',
      });
      expect(await publicStatus(recipe)).toBe(200);
      // The same members report again: their new reports cannot hide it.
      for (const who of veterans.slice(0, 3)) {
        expect((await reportRest(who, 'recipe', recipe)).statusCode).toBe(201);
      }
      expect(await publicStatus(recipe)).toBe(200);
      // Three members who never had a report spent still can; two plus the fourth veteran is not enough.
      await reportRest(veterans[3]!, 'recipe', recipe);
      expect(await publicStatus(recipe)).toBe(200);
    });
  });
});
