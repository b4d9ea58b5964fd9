import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Orm } from '../../src/db/database.js';
import type { SqliteDatabase } from '../../src/db/sqlite-database.js';
import { openAppDatabase } from '../../src/app-database.js';
import { ReadBudget } from '../../src/db/read-budget.js';
import {
  COSTLY_READ_QUEUE_LIMIT,
  defaultMysqlBudgets,
  HOT_READ_TIME_LIMIT_MS,
} from '../../src/db/read-pools.js';
import { SLOW_READ_DETAIL } from '../../src/db/read-overload.js';
import { laneSlots, SqliteReadPool } from '../../src/db/sqlite-read-pool.js';
import { SQLITE_BUSY_TIMEOUT_MS } from '../../src/db/orm-options.js';
import {
  createTemporaryDatabase,
  type TemporaryDatabase,
} from '../../src/db/temporary-database.js';
import { startAccountServer, type AccountServer } from '../support/account-server.js';
import { createRecipe } from '../support/db-factories.js';
import { recipeWorld, type RecipeWorld } from '../support/recipe-world.js';
import { clearTables, mysqlUrl } from '../support/test-database.js';

/**
 * Issue 12, "no request holds up the others", at the real boundary: the costly reads (search,
 * list counts, filtered pages) run on SQLite's read pool or within MySQL's costly-read budget,
 * and when those are full a search answers 503 with Retry-After at once on both faces while
 * recipe details keep answering.
 */

const SEARCH = { search: 'beef' };
const LONG_LIMIT_MS = 60_000;
/** A statement that runs until interrupted, on the pool path. */
const ENDLESS_SQLITE =
  'with recursive c(x) as (select 1 union all select x + 1 from c where x < 1e15) select count(*) as `n` from c';

interface Setup {
  temporary: TemporaryDatabase;
  database: Database;
  orm: Orm;
  server: AccountServer;
}

async function setUp(dialect: 'sqlite' | 'mysql'): Promise<Setup> {
  const temporary = await createTemporaryDatabase(dialect, {
    purpose: 'isolation',
    mysqlUrl: mysqlUrl(),
  });
  const database = await openAppDatabase(temporary.database, {
    migrate: true,
    readConnections: 2,
  });
  const server = await startAccountServer(database);
  return { temporary, database, orm: database.orm, server };
}

async function tearDown(setup: Setup | undefined) {
  await setup?.server.close();
  await setup?.database.close();
  await setup?.temporary.drop();
}

/** A few recipes with categories, a save, a reaction and a comment. */
async function fixture(setup: Setup): Promise<{ world: RecipeWorld; recipeIds: number[] }> {
  await clearTables(setup.orm);
  const world = await recipeWorld(setup.orm);
  const em = setup.orm.em.fork();
  const recipeIds: number[] = [];
  for (let index = 0; index < 25; index++) {
    const categories = [
      world.categories[index % 3]!,
      ...(index % 4 === 0 ? [world.categories[1]!] : []),
    ];
    recipeIds.push((await createRecipe(em, world.chef.user, categories)).id);
  }
  const call = (url: string, payload: object) =>
    setup.server.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${world.user.token}` },
      payload,
    });
  expect((await call(`/api/recipes/lists/${recipeIds[2]}/save/`, {})).statusCode).toBe(200);
  expect(
    (await call(`/api/recipes/lists/${recipeIds[3]}/like/`, { reaction_type: 'LOVE' })).statusCode,
  ).toBe(200);
  expect(
    (await call(`/api/recipes/lists/${recipeIds[3]}/comments/`, { content: 'Lovely' })).statusCode,
  ).toBe(201);
  return { world, recipeIds };
}

const trpcListUrl = (input: object) =>
  `/trpc/recipes.list?input=${encodeURIComponent(JSON.stringify(input))}`;

/** A search on both faces (REST, tRPC over HTTP, the tRPC caller) answers 503 + Retry-After. */
async function expectSearchRefused(setup: Setup, retryAfterSeconds: number) {
  const rest = await setup.server.app.inject({
    method: 'GET',
    url: `/api/recipes/lists/?search=${SEARCH.search}`,
  });
  expect(rest.statusCode).toBe(503);
  expect(rest.headers['retry-after']).toBe(String(retryAfterSeconds));
  expect(rest.json()).toMatchObject({ status: 503, detail: SLOW_READ_DETAIL });

  const trpc = await setup.server.app.inject({ method: 'GET', url: trpcListUrl(SEARCH) });
  expect(trpc.statusCode).toBe(503);
  expect(trpc.headers['retry-after']).toBe(String(retryAfterSeconds));
  expect(JSON.stringify(trpc.json())).toContain(SLOW_READ_DETAIL);

  await expect(setup.server.caller(null).recipes.list(SEARCH)).rejects.toMatchObject({
    code: 'SERVICE_UNAVAILABLE',
    cause: { code: 'SERVICE_UNAVAILABLE', options: { retryAfterSeconds } },
  });
}

async function expectDetailServed(setup: Setup, recipeId: number) {
  const detail = await setup.server.app.inject({
    method: 'GET',
    url: `/api/recipes/lists/${recipeId}/`,
  });
  expect(detail.statusCode).toBe(200);
  expect(detail.json()).toMatchObject({ id: recipeId });
  expect((await setup.server.caller(null).recipes.get({ id: recipeId })).id).toBe(recipeId);
}

/** Page 1, a category and a deep page, their counts computed afresh (list reads), answer 200. */
async function expectListsServed(setup: Setup, world: RecipeWorld) {
  for (const url of [
    '/api/recipes/lists/',
    `/api/recipes/lists/?categories=${world.categories[0]!.id}`,
    '/api/recipes/lists/?page=2',
  ]) {
    expect((await setup.server.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
  }
}

/** Waits until `load()` says so (the blockers reached their slots and queue). */
async function until(condition: () => boolean) {
  for (let attempt = 0; attempt < 500 && !condition(); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(condition()).toBe(true);
}

describe('SQLite with its read pool', () => {
  let setup: Setup | undefined;
  let world: RecipeWorld;
  let recipeIds: number[];
  const orm = () => setup!.orm;
  const db = () => setup!.database;
  const sqlite = () => setup!.database as SqliteDatabase;
  beforeAll(async () => {
    setup = await setUp('sqlite');
  });
  afterAll(async () => {
    await tearDown(setup);
  });
  beforeEach(async () => {
    ({ world, recipeIds } = await fixture(setup!));
  });
  afterEach(async () => {
    db().reads.hotReadTimeLimitMs = HOT_READ_TIME_LIMIT_MS;
    // Replaces a pool the test filled: closing interrupts its statements.
    const pool = sqlite().readPool;
    sqlite().readPool = undefined;
    await pool?.close();
    sqlite().readPool = newPool(setup!);
  });

  it('answers every list and detail exactly as the main connection does', async () => {
    const category = world.categories[1]!.id;
    const urls: [string, string | null][] = [
      ['/api/recipes/lists/', null],
      ['/api/recipes/lists/?page=2', null],
      [`/api/recipes/lists/?search=${SEARCH.search}`, null],
      [`/api/recipes/lists/?search=${SEARCH.search}&page=2`, null],
      [`/api/recipes/lists/?categories=${category}`, null],
      [`/api/recipes/lists/?categories=${category},${world.categories[2]!.id}&page=2`, null],
      ['/api/recipes/lists/?saved_recipes=true', world.user.token],
      ['/api/recipes/lists/?my_recipes=true', world.chef.token],
      [`/api/recipes/lists/${recipeIds[3]}/`, world.user.token],
    ];
    const answers = async () => {
      const bodies: unknown[] = [];
      for (const [url, token] of urls) {
        const response = await setup!.server.app.inject({
          method: 'GET',
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        expect(response.statusCode, url).toBe(200);
        bodies.push(response.json());
      }
      return bodies;
    };
    const pool = sqlite().readPool!;
    const pooled = await answers();
    expect(pool.served).toBeGreaterThanOrEqual(urls.length);

    sqlite().readPool = undefined;
    try {
      expect(await answers()).toStrictEqual(pooled);
    } finally {
      sqlite().readPool = pool;
    }
  });

  it('a write is seen by the next list through the pool (read-your-writes)', async () => {
    const category = world.categories[0]!.id;
    const count = async () =>
      (
        await setup!.server.app.inject({
          method: 'GET',
          url: `/api/recipes/lists/?categories=${category}`,
        })
      ).json().count as number;
    const before = await count();
    for (let written = 1; written <= 3; written++) {
      const created = await setup!.server.app.inject({
        method: 'POST',
        url: '/api/recipes/lists/',
        headers: { authorization: `Bearer ${world.chef.token}` },
        payload: {
          title: `Fresh beef ${written}`,
          img: null,
          ingredients: 'Beef',
          instructions: 'Cook.',
          category_ids: [category],
        },
      });
      expect(created.statusCode).toBe(201);
      expect(await count()).toBe(before + written);
    }
  });

  it('a full search queue answers 503 with Retry-After 1 at once on both faces; details and counted list pages still answer', async () => {
    db().reads.hotReadTimeLimitMs = LONG_LIMIT_MS;
    const slots = laneSlots(2).search;
    const blockers = Array.from({ length: slots + COSTLY_READ_QUEUE_LIMIT }, () =>
      db()
        .costlyRows(orm().em.fork(), 'search', ENDLESS_SQLITE)
        .catch((error: unknown) => error),
    );
    const pool = sqlite().readPool!;
    await until(() => {
      const load = pool.load('search');
      return load.running === slots && load.waiting === COSTLY_READ_QUEUE_LIMIT;
    });
    await expectSearchRefused(setup!, 1);
    await expectDetailServed(setup!, recipeIds[0]!);
    await expectListsServed(setup!, world);
    await pool.close();
    for (const outcome of await Promise.all(blockers)) {
      expect(outcome).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    }
  });

  it('a read that waited past the time limit answers 503 with Retry-After 5 on both faces', async () => {
    db().reads.hotReadTimeLimitMs = LONG_LIMIT_MS;
    const blockers = [1].map(() =>
      db()
        .costlyRows(orm().em.fork(), 'search', ENDLESS_SQLITE)
        .catch((error: unknown) => error),
    );
    const pool = sqlite().readPool!;
    await until(() => pool.load('search').running === 1);
    db().reads.hotReadTimeLimitMs = 30;
    await expectSearchRefused(setup!, 5);
    await expectDetailServed(setup!, recipeIds[0]!);
    await pool.close();
    await Promise.all(blockers);
  });
});

function newPool(setup: Setup) {
  const { database } = setup.temporary;
  if (database.kind !== 'sqlite') throw new Error('a SQLite database');
  return new SqliteReadPool({
    path: database.path,
    connections: 2,
    queueLimit: COSTLY_READ_QUEUE_LIMIT,
    busyTimeoutMs: SQLITE_BUSY_TIMEOUT_MS,
  });
}

describe.skipIf(!mysqlUrl())('MySQL/MariaDB costly-read budget', () => {
  let setup: Setup | undefined;
  let world: RecipeWorld;
  let recipeIds: number[];
  const orm = () => setup!.orm;
  const db = () => setup!.database;
  beforeAll(async () => {
    setup = await setUp('mysql');
  });
  afterAll(async () => {
    await tearDown(setup);
  });
  beforeEach(async () => {
    ({ world, recipeIds } = await fixture(setup!));
  });
  afterEach(() => {
    db().reads.hotReadTimeLimitMs = HOT_READ_TIME_LIMIT_MS;
    db().reads.mysqlBudgets = defaultMysqlBudgets();
  });

  it('lets each kind of costly read hold at most 3 of the 10 pooled connections by default', () => {
    expect(db().reads.mysqlBudgets.search.slots).toBe(3);
    expect(db().reads.mysqlBudgets.list.slots).toBe(3);
  });

  it('search budget full: a search answers 503 with Retry-After 1 at once on both faces; details, trending and list pages still answer', async () => {
    const budget = new ReadBudget(1, 0);
    db().reads.mysqlBudgets.search = budget;
    db().reads.hotReadTimeLimitMs = LONG_LIMIT_MS;
    const blocker = db().costlyRows(orm().em.fork(), 'search', 'select sleep(?) as `slept`', [2]);
    await until(() => budget.running === 1);
    await expectSearchRefused(setup!, 1);
    await expectDetailServed(setup!, recipeIds[0]!);
    await expectListsServed(setup!, world);
    expect(
      (await setup!.server.app.inject({ method: 'GET', url: '/api/recipes/lists/most_liked/' }))
        .statusCode,
    ).toBe(200);
    expect(budget.running).toBe(1);
    await blocker;
  });

  it('a search that waited for the budget past the time limit answers 503 with Retry-After 5', async () => {
    const budget = new ReadBudget(1, 10);
    db().reads.mysqlBudgets.search = budget;
    // The slot is held by a read of the budget's own, so the lower limit below is the waiter's alone.
    let release!: () => void;
    const blocker = budget.run(
      () => new Promise<void>((resolve) => (release = resolve)),
      LONG_LIMIT_MS,
    );
    await until(() => budget.running === 1);
    db().reads.hotReadTimeLimitMs = 50;
    await expectSearchRefused(setup!, 5);
    await expectDetailServed(setup!, recipeIds[0]!);
    release();
    await blocker;
  });
});
