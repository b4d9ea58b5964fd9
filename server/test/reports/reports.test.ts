import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { AppError } from '../../src/errors/app-error.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReportInput } from '@recipehub/openapi/schemas/reports';
import { Report } from '../../src/modules/reports/report.entity.js';
import { DEFAULT_RATE_LIMITS } from '../../src/security/rate-limiter.js';
import {
  GENEROUS_LIMITS,
  bearer,
  startAccountServer,
  type AccountServer,
} from '../support/account-server.js';
import { createRecipe } from '../support/db-factories.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { recipeWorld, type RecipeWorld } from '../support/recipe-world.js';
import { clearTables, forEachDatabase } from '../support/test-database.js';

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

/** What a tRPC call's failure says: its HTTP status and message. */
async function trpcFailure(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    // An AppError keeps its status (trpc.ts sends it as `httpStatus`); others are tRPC's own.
    const status =
      error.cause instanceof AppError ? error.cause.status : getHTTPStatusCodeFromError(error);
    return { code: error.code, status, message: error.message };
  }
  throw new Error('the call succeeded');
}

forEachDatabase(({ orm, db }) => {
  let server: AccountServer;
  let world: RecipeWorld;
  let recipe: number;
  let comment: number;
  let review: number;

  beforeAll(async () => {
    server = await startAccountServer(db());
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(async () => {
    await clearTables(orm());
    world = await recipeWorld(orm());
    recipe = (await createRecipe(orm().em.fork(), world.chef.user, [world.categories[0]!])).id;
    comment = (
      await server.caller(world.chef.token).comments.create({ recipe, content: 'My own tip' })
    ).id;
    review = (await server.caller(world.other.token).reviews.create({ recipe, rating: 1 })).id;
  });

  const post = (token: string | null, payload: object, app = server.app) =>
    contract.inject(app, {
      method: 'POST',
      url: '/api/reports/',
      payload,
      headers: token ? bearer(token) : {},
    });

  describe('POST /api/reports/', () => {
    it('stores an open report of a recipe, comment, review or member (REST and tRPC)', async () => {
      const { user } = world;
      const first = await post(user.token, {
        target_type: 'recipe',
        target_id: recipe,
        reason: 'unsafe',
        details: 'Raw chicken served pink.\nPlease check.',
      });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({ id: expect.any(Number), status: 'open' });
      const caller = server.caller(user.token);
      await caller.reports.create({ target_type: 'comment', target_id: comment, reason: 'spam' });
      await caller.reports.create({
        target_type: 'review',
        target_id: review,
        reason: 'offensive',
      });
      const member = await post(user.token, {
        target_type: 'user',
        target_id: world.chef.user.handle,
        reason: 'harassment',
      });
      expect(member.statusCode).toBe(201);
      const stored = await orm()
        .em.fork()
        .find(Report, {}, { orderBy: { id: 'asc' } });
      expect(stored.map((r) => [r.targetType, r.targetId, r.reason, r.status])).toEqual([
        ['recipe', recipe, 'unsafe', 'open'],
        ['comment', comment, 'spam', 'open'],
        ['review', review, 'offensive', 'open'],
        ['user', world.chef.user.id, 'harassment', 'open'],
      ]);
      expect(stored[0]?.details).toBe('Raw chicken served pink.\nPlease check.');
    });

    it('answers 401 to anonymous callers, before reading the body', async () => {
      const response = await post(null, { target_type: 'nonsense' });
      expect(response.statusCode).toBe(401);
      const failure = await trpcFailure(
        server
          .caller(null)
          .reports.create({ target_type: 'recipe', target_id: recipe, reason: 'spam' }),
      );
      expect(failure.status).toBe(401);
    });

    it.each([
      [
        { target_type: 'cooksnap', target_id: 1, reason: 'spam' },
        'target_type',
        'Choose what you are reporting: a recipe, comment, review or member.',
      ],
      [
        { target_type: 'recipe', target_id: 1, reason: 'boring' },
        'reason',
        'Choose a reason: spam, offensive, harassment, unsafe, copyright or other.',
      ],
      [
        { target_type: 'recipe', target_id: 'abc', reason: 'spam' },
        'target_id',
        'Give the id of the item you are reporting.',
      ],
      [
        { target_type: 'user', target_id: 7, reason: 'spam' },
        'target_id',
        'Give the handle of the member you are reporting.',
      ],
      [
        { target_type: 'user', target_id: 'Bad Handle', reason: 'spam' },
        'target_id',
        'Give the handle of the member you are reporting.',
      ],
      [
        { target_type: 'recipe', target_id: 1, reason: 'spam', details: 'x'.repeat(1001) },
        'details',
        'Details must be at most 1000 characters.',
      ],
      [
        { target_type: 'recipe', target_id: 1, reason: 'spam', details: 'bad\u0000byte' },
        'details',
        'Details must not contain control characters.',
      ],
    ])('answers 400 for %j and stores nothing', async (body, field, message) => {
      const response = await post(world.user.token, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[field]?.[0]).toContain(message.slice(0, 20));
      const failure = await trpcFailure(
        server.caller(world.user.token).reports.create(body as never),
      );
      expect(failure.status).toBe(400);
      expect(await orm().em.fork().count(Report)).toBe(0);
    });

    it.each([
      ['recipe', 999_999, 'No recipe found.'],
      ['comment', 999_999, 'No comment found.'],
      ['review', 999_999, 'No review found.'],
      ['user', 'no-such-cook', 'No member has this handle.'],
    ])('answers 404 for an unknown %s', async (type, id, detail) => {
      const body = { target_type: type, target_id: id, reason: 'spam' };
      const response = await post(world.user.token, body);
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe(detail);
      const failure = await trpcFailure(
        server.caller(world.user.token).reports.create(body as never),
      );
      expect(failure).toMatchObject({ status: 404, message: detail });
    });

    it('answers 400 to a member reporting their own recipe, comment, review or self', async () => {
      const cases = [
        [world.chef.token, 'recipe', recipe, 'You cannot report your own recipe.'],
        [world.chef.token, 'comment', comment, 'You cannot report your own comment.'],
        [world.other.token, 'review', review, 'You cannot report your own review.'],
        [world.chef.token, 'user', world.chef.user.handle, 'You cannot report yourself.'],
      ] as const;
      for (const [token, type, id, detail] of cases) {
        const body = { target_type: type, target_id: id, reason: 'spam' } as ReportInput;
        const response = await post(token, body);
        expect(response.statusCode).toBe(400);
        expect(response.json().detail).toBe(detail);
        const failure = await trpcFailure(server.caller(token).reports.create(body));
        expect(failure).toMatchObject({ status: 400, message: detail });
      }
      expect(await orm().em.fork().count(Report)).toBe(0);
    });

    it('answers 409 to a second open report of the same item, and allows one after a decision', async () => {
      const body = { target_type: 'recipe', target_id: recipe, reason: 'spam' } as const;
      expect((await post(world.user.token, body)).statusCode).toBe(201);
      const again = await post(world.user.token, { ...body, reason: 'other' });
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe(
        'You have already reported this, and your report is waiting for a moderator.',
      );
      const failure = await trpcFailure(server.caller(world.user.token).reports.create(body));
      expect(failure.status).toBe(409);
      // Another member may report it too.
      expect((await post(world.other.token, body)).statusCode).toBe(201);
      // Once a moderator decided, the same member may report it again.
      await orm()
        .em.fork()
        .nativeUpdate(
          Report,
          { reporter: world.user.user.id },
          { status: 'dismissed', openMark: null },
        );
      expect((await post(world.user.token, body)).statusCode).toBe(201);
    });

    it('lets only one of two simultaneous reports of one item through', async () => {
      const body = { target_type: 'review', target_id: review, reason: 'spam' } as const;
      const answers = await Promise.all([
        post(world.user.token, body),
        post(world.user.token, body),
        post(world.user.token, body),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
      expect(await orm().em.fork().count(Report)).toBe(1);
    });

    it('answers 429 with Retry-After after 10 reports in an hour, counted per member', async () => {
      // The reports' own limit as in production; every other action generous.
      const limited = await startAccountServer(db(), {
        rateLimits: { ...GENEROUS_LIMITS, report: DEFAULT_RATE_LIMITS.report },
      });
      try {
        const caller = limited.caller(world.user.token);
        // Every attempt counts, a refused one too (probing for ids is limited as well).
        for (let i = 0; i < 9; i++) {
          const missing = { target_type: 'recipe', target_id: recipe + 1000 + i, reason: 'spam' };
          expect((await post(world.user.token, missing, limited.app)).statusCode).toBe(404);
        }
        const tenth = { target_type: 'recipe', target_id: recipe, reason: 'spam' } as const;
        expect((await caller.reports.create(tenth)).status).toBe('open');
        const eleventh = { target_type: 'comment', target_id: comment, reason: 'spam' } as const;
        const refused = await post(world.user.token, eleventh, limited.app);
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(refused.json().detail).toBe(
          'You have sent 10 reports in the last hour. Please try again later.',
        );
        expect(await trpcFailure(caller.reports.create(eleventh))).toMatchObject({ status: 429 });
        expect(await orm().em.fork().count(Report)).toBe(1);
        // Another member's allowance is untouched.
        expect((await post(world.other.token, eleventh, limited.app)).statusCode).toBe(201);
      } finally {
        await limited.close();
      }
    });
  });
});
