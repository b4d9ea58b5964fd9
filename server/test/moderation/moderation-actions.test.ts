import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuditEntry } from '../../src/modules/audit/audit-entry.entity.js';
import { Report } from '../../src/modules/reports/report.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
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
  let recipe: number;

  beforeEach(async () => {
    world = await recipeWorld(orm());
    recipe = (await createRecipe(orm().em.fork(), world.chef.user, [world.categories[0]!])).id;
  });

  const act = (token: string | null, payload: object) =>
    contract.inject(server.app, {
      method: 'POST',
      url: '/api/moderation/actions/',
      payload,
      headers: token ? bearer(token) : {},
    });
  const report = (token: string, target_type: 'recipe' | 'comment' | 'review', target_id: number) =>
    server.caller(token).reports.create({ target_type, target_id, reason: 'spam' });
  const statuses = async () =>
    (
      await orm()
        .em.fork()
        .find(Report, {}, { orderBy: { id: 'asc' } })
    ).map((r) => [r.status, r.openMark, r.spent]);

  describe('POST /api/moderation/actions/', () => {
    it('hides an item and closes its open reports as actioned (REST)', async () => {
      await report(world.user.token, 'recipe', recipe);
      const response = await act(world.admin.token, {
        target_type: 'recipe',
        target_id: recipe,
        action: 'hide',
        reason: 'Spam.',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        target_type: 'recipe',
        target_id: recipe,
        state: 'hidden',
        hidden: { reason: 'Spam.' },
        open_reports: 0,
      });
      expect(await statuses()).toEqual([['actioned', null, false]]);
    });

    it('restores an item, dismissing and spending its reports (tRPC)', async () => {
      const admin = server.caller(world.admin.token);
      await admin.moderation.act({
        target_type: 'recipe',
        target_id: recipe,
        action: 'hide',
        reason: 'x',
      });
      await report(world.user.token, 'recipe', recipe).catch(() => undefined);
      const restored = await admin.moderation.act({
        target_type: 'recipe',
        target_id: recipe,
        action: 'restore',
        reason: 'Fine after all.',
      });
      expect(restored).toEqual({
        target_type: 'recipe',
        target_id: recipe,
        state: 'visible',
        open_reports: 0,
      });
      expect((await statuses()).every(([, mark, spent]) => mark === null && spent === true)).toBe(
        true,
      );
    });

    it('dismisses the reports and leaves the item as it is', async () => {
      await report(world.user.token, 'recipe', recipe);
      await report(world.other.token, 'recipe', recipe);
      const response = await act(world.admin.token, {
        target_type: 'recipe',
        target_id: recipe,
        action: 'dismiss',
        reason: 'Not spam.',
      });
      expect(response.json()).toMatchObject({ state: 'visible', open_reports: 0 });
      expect(await statuses()).toEqual([
        ['dismissed', null, false],
        ['dismissed', null, false],
      ]);
      expect(
        (await contract.inject(server.app, { method: 'GET', url: `/api/recipes/lists/${recipe}/` }))
          .statusCode,
      ).toBe(200);
    });

    it('deletes a comment and a review, moving their recipe counters', async () => {
      const comment = await server
        .caller(world.user.token)
        .comments.create({ recipe, content: 'Spam' });
      const review = await server.caller(world.user.token).reviews.create({ recipe, rating: 1 });
      const admin = server.caller(world.admin.token);
      const gone = await admin.moderation.act({
        target_type: 'comment',
        target_id: comment.id,
        action: 'delete',
        reason: 'Spam.',
      });
      expect(gone).toMatchObject({ state: 'deleted' });
      await admin.moderation.act({
        target_type: 'review',
        target_id: review.id,
        action: 'delete',
        reason: 'Spam.',
      });
      const detail = await server.caller(null).recipes.get({ id: recipe });
      expect(detail.comments).toEqual([]);
      expect(detail.review_count).toBe(0);
      const again = await act(world.admin.token, {
        target_type: 'comment',
        target_id: comment.id,
        action: 'delete',
        reason: 'x',
      });
      expect(again.statusCode).toBe(404);
    });

    it('records each action in the audit log, with the state before and after and the reason', async () => {
      const admin = server.caller(world.admin.token);
      const hide = { target_type: 'recipe', target_id: recipe, action: 'hide', reason: 'Spam.' };
      expect((await act(world.admin.token, hide)).statusCode).toBe(200);
      await admin.moderation.act({
        ...hide,
        action: 'restore',
        reason: 'Fine after all.',
      } as never);
      const { results } = await admin.moderation.audit({ target_type: 'recipe' });
      const handle = (await orm().em.fork().findOneOrFail(User, world.admin.user.id)).handle;
      expect(
        results.map((entry) => [
          entry.action,
          entry.actor,
          entry.before,
          entry.after,
          entry.reason,
        ]),
      ).toEqual([
        [
          'restore',
          handle,
          {
            target_type: 'recipe',
            target_id: recipe,
            state: 'hidden',
            hidden: { reason: 'Spam.' },
            open_reports: 0,
          },
          { target_type: 'recipe', target_id: recipe, state: 'visible', open_reports: 0 },
          'Fine after all.',
        ],
        [
          'hide',
          handle,
          { target_type: 'recipe', target_id: recipe, state: 'visible', open_reports: 0 },
          {
            target_type: 'recipe',
            target_id: recipe,
            state: 'hidden',
            hidden: { reason: 'Spam.' },
            open_reports: 0,
          },
          'Spam.',
        ],
      ]);
    });

    it('records nothing when the action is refused', async () => {
      const body = { target_type: 'recipe', target_id: 999999, action: 'hide', reason: 'Spam.' };
      expect((await act(world.admin.token, body)).statusCode).toBe(404);
      expect(await orm().em.fork().count(AuditEntry)).toBe(0);
    });

    it('answers 401, 403 and 404 and changes nothing', async () => {
      const body = { target_type: 'recipe', target_id: recipe, action: 'hide', reason: 'Spam.' };
      expect((await act(null, body)).statusCode).toBe(401);
      expect((await act(world.user.token, body)).statusCode).toBe(403);
      expect((await act(world.admin.token, { ...body, target_id: 999999 })).statusCode).toBe(404);
      await expect(
        server.caller(world.chef.token).moderation.act({ ...body, action: 'hide' } as never),
      ).rejects.toMatchObject({ code: 'FORBIDDEN' });
      expect(
        (await contract.inject(server.app, { method: 'GET', url: `/api/recipes/lists/${recipe}/` }))
          .statusCode,
      ).toBe(200);
    });

    it.each([
      [{ reason: '' }, 'reason', 'Give a reason for this action.'],
      [{ reason: '   ' }, 'reason', 'Give a reason for this action.'],
      [{ reason: 'x'.repeat(501) }, 'reason', 'The reason must be at most 500 characters.'],
      [{ reason: 'bad\u0007bell' }, 'reason', undefined],
      [{ action: 'suspend' }, 'action', 'Choose an action: hide, restore, delete or dismiss.'],
      [
        { target_type: 'user' },
        'target_type',
        'Choose what to act on: a recipe, comment or review.',
      ],
      [{ target_id: 'abc' }, 'target_id', 'Give the id of the item to act on.'],
    ])('refuses %j with a 400 on %s', async (change, field, message) => {
      const body = {
        target_type: 'recipe',
        target_id: recipe,
        action: 'hide',
        reason: 'Spam.',
        ...change,
      };
      const response = await act(world.admin.token, body);
      expect(response.statusCode).toBe(400);
      const errors = response.json().errors ?? response.json().field_errors ?? response.json();
      expect(JSON.stringify(errors)).toContain(field);
      if (message) expect(response.body).toContain(message);
      expect(
        (await contract.inject(server.app, { method: 'GET', url: `/api/recipes/lists/${recipe}/` }))
          .statusCode,
      ).toBe(200);
    });
  });
});
