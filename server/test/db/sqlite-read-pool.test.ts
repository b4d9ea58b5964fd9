import { getPriority } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Orm } from '../../src/db/database.js';
import type { SqliteDatabase } from '../../src/db/sqlite-database.js';
import { openAppDatabase } from '../../src/app-database.js';
import { COSTLY_READ_QUEUE_LIMIT, HOT_READ_TIME_LIMIT_MS } from '../../src/db/read-pools.js';
import { laneSlots } from '../../src/db/sqlite-read-pool.js';
import { LIBSQL_THREAD_NICE, libsqlThreadNiceValues } from '../../src/db/libsql-thread-priority.js';
import { SLOW_READ_DETAIL } from '../../src/db/read-overload.js';
import { withRequestDeadline } from '../../src/db/request-deadline.js';
import {
  createTemporaryDatabase,
  type TemporaryDatabase,
} from '../../src/db/temporary-database.js';
import { Category } from '../../src/modules/recipes/data/category.entity.js';
import { selectRows } from '../../src/db/select-rows.js';
import { createCategory, createRecipe, createUser } from '../support/db-factories.js';

/**
 * SQLite's read pool (src/db/sqlite-read-pool.ts) on a real database file, through costlyRows,
 * the path the costly hot reads take. A statement is made as slow as a test needs with a
 * recursive count: `rows` steps of pure CPU, no fixture needed, and the same pool path as a
 * search's ranking.
 */
const COUNT_TO =
  'with recursive c(x) as (select 1 union all select x + 1 from c where x < ?) select count(*) as `n` from c';
/** Runs until interrupted (hours at SQLite's speed). */
const ENDLESS = 1e15;
const LONG_LIMIT_MS = 60_000;

async function openFileDatabase(purpose: string, readConnections = 2) {
  const temporary = await createTemporaryDatabase('sqlite', { purpose });
  const db = (await openAppDatabase(temporary.database, {
    migrate: true,
    readConnections,
  })) as SqliteDatabase;
  return { temporary, db, orm: db.orm };
}

interface FileDatabase {
  temporary: TemporaryDatabase;
  db: SqliteDatabase;
  orm: Orm;
}

async function closeFileDatabase(database: FileDatabase) {
  await database.db.close();
  await database.temporary.drop();
}

/** Resolves once the pool runs `running` searches and has `waiting` queued. */
async function poolLoad(db: SqliteDatabase, running: number, waiting = 0) {
  const pool = db.readPool;
  for (let attempt = 0; attempt < 500; attempt++) {
    const load = pool?.load('search');
    if (load?.running === running && load.waiting === waiting) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`pool load is ${JSON.stringify(pool?.load('search'))}`);
}

describe('SQLite read pool', () => {
  let database: FileDatabase;
  beforeAll(async () => {
    database = await openFileDatabase('readpool');
  });
  afterAll(async () => {
    await closeFileDatabase(database);
  });
  afterEach(() => {
    database.db.reads.hotReadTimeLimitMs = HOT_READ_TIME_LIMIT_MS;
  });
  const em = () => database.orm.em.fork();

  it('serves a file database; an in-memory one (no other connection could see it) has none', async () => {
    expect(database.db.readPool).toBeDefined();
    const memory = await openAppDatabase(
      { kind: 'sqlite', path: ':memory:' },
      { migrate: true, readConnections: 2 },
    );
    try {
      expect((memory as SqliteDatabase).readPool).toBeUndefined();
      await createCategory(memory.orm.em.fork(), 'Only in memory');
      expect(
        await memory.costlyRows(
          memory.orm.em.fork(),
          'search',
          'select `name` from `category` where `name` = ?',
          ['Only in memory'],
        ),
      ).toEqual([{ name: 'Only in memory' }]);
    } finally {
      await memory.close();
    }
  });

  it('gives rows with the same values and types as the main connection', async () => {
    const author = await createUser(em());
    await createRecipe(em(), author);
    await createRecipe(em(), null);
    const sql =
      'select r.`id`, r.`title`, r.`img`, r.`created_at`, r.`author_id`, r.`review_count`, ' +
      '1.5 as `fraction`, ? as `text`, ? as `flag`, ? as `at`, null as `nothing` ' +
      'from `recipe` r order by r.`id`';
    const params = ['naïve ☕', true, new Date('2024-05-01T10:00:00Z')];
    const main = await selectRows(em(), sql, params);
    expect(main.length).toBe(2);
    expect(await database.db.costlyRows(em(), 'search', sql, params)).toStrictEqual(main);
  });

  it('reads the latest commit: every write on the main connection is seen by the next pooled read', async () => {
    const count = async () =>
      (
        await database.db.costlyRows<{ n: number }>(
          em(),
          'search',
          'select count(*) as `n` from `category`',
        )
      )[0]?.n;
    const before = Number(await count());
    for (let written = 1; written <= 20; written++) {
      await createCategory(em());
      expect(await count()).toBe(before + written);
    }
  });

  it('inside a transaction reads on its connection, with its uncommitted writes', async () => {
    await em().transactional(async (tx) => {
      tx.create(Category, { name: 'Uncommitted' });
      await tx.flush();
      const rows = await database.db.costlyRows(
        tx,
        'search',
        'select `name` from `category` where `name` = ?',
        ['Uncommitted'],
      );
      expect(rows).toEqual([{ name: 'Uncommitted' }]);
      // The pool's own connections cannot see it yet.
      expect(
        await database.db.costlyRows(
          em(),
          'search',
          'select `name` from `category` where `name` = ?',
          ['Uncommitted'],
        ),
      ).toEqual([]);
    });
  });

  it('keeps the event loop free while a statement runs: timers fire and a point read answers meanwhile', async () => {
    database.db.reads.hotReadTimeLimitMs = LONG_LIMIT_MS;
    // About half a second of work here; the assertions compare orders of events, not times.
    const rows = 3_000_000;
    const blockedTicks = await ticksDuring(() => selectRows(em(), COUNT_TO, [rows]));
    expect(blockedTicks.ticks).toBeLessThanOrEqual(1);

    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    let slowDone = false;
    const slow = database.db.costlyRows(em(), 'search', COUNT_TO, [rows]).then((result) => {
      slowDone = true;
      return result;
    });
    const pooled = await ticksDuring(async () => {
      const point = await database.db.hotRows(
        em(),
        'select count(*) as `n` from `category` where `id` = ?',
        [1],
      );
      expect(slowDone).toBe(false);
      expect(point).toHaveLength(1);
      return slow;
    });
    delay.disable();
    expect(pooled.result).toEqual([{ n: rows }]);
    expect(pooled.ticks).toBeGreaterThanOrEqual(5);
    // The loop was never held for the statement's whole run, as the main connection holds it.
    expect(delay.max / 1e6).toBeLessThan(pooled.elapsedMs);
  });

  it.skipIf(process.platform !== 'linux')(
    'runs its statements on libsql threads of lower priority than the event loop',
    async () => {
      expect(await database.db.costlyRows(em(), 'search', COUNT_TO, [3])).toEqual([{ n: 3 }]);
      const values = libsqlThreadNiceValues();
      expect(values.length).toBeGreaterThan(0);
      expect(new Set(values)).toEqual(new Set([LIBSQL_THREAD_NICE]));
      expect(getPriority()).toBeLessThan(LIBSQL_THREAD_NICE);
    },
  );

  it('interrupts a statement at the time limit (503, Retry-After 5) and goes on serving', async () => {
    database.db.reads.hotReadTimeLimitMs = 50;
    await expect(database.db.costlyRows(em(), 'search', COUNT_TO, [ENDLESS])).rejects.toMatchObject(
      {
        code: 'SERVICE_UNAVAILABLE',
        detail: SLOW_READ_DETAIL,
        options: { retryAfterSeconds: 5 },
      },
    );
    database.db.reads.hotReadTimeLimitMs = HOT_READ_TIME_LIMIT_MS;
    expect(await database.db.costlyRows(em(), 'search', COUNT_TO, [10])).toEqual([{ n: 10 }]);
    expect(database.db.readPool?.load('search')).toEqual({ running: 0, waiting: 0 });
  });

  it('throws a failing statement’s SQLite error (code kept, no 503) and replaces that connection', async () => {
    await expect(
      database.db.costlyRows(em(), 'search', 'select `nope` from `recipe`'),
    ).rejects.toMatchObject({
      code: 'SQLITE_ERROR',
    });
    for (let read = 0; read < 4; read++) {
      expect(await database.db.costlyRows(em(), 'search', COUNT_TO, [3])).toEqual([{ n: 3 }]);
    }
  });

  it('answers 503 at once when the request has no time left', async () => {
    await new Promise<void>((resolve, reject) => {
      withRequestDeadline(() => {
        database.db.costlyRows(em(), 'search', COUNT_TO, [3]).then(
          () => reject(new Error('read ran')),
          (error: unknown) => {
            expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
            resolve();
          },
        );
      }, -1);
    });
  });
});

describe('SQLite read pool under load', () => {
  it('gives searches half the connections, queues at most 256 reads of a kind, then answers 503 with Retry-After 1 at once', async () => {
    const database = await openFileDatabase('readpool-full', 2);
    const { orm } = database;
    expect(COSTLY_READ_QUEUE_LIMIT).toBe(256);
    try {
      database.db.reads.hotReadTimeLimitMs = LONG_LIMIT_MS;
      expect(laneSlots(2)).toEqual({ search: 1, list: 1 });
      const blockers = Array.from({ length: 1 + COSTLY_READ_QUEUE_LIMIT }, () =>
        database.db
          .costlyRows(orm.em.fork(), 'search', COUNT_TO, [ENDLESS])
          .catch((error: unknown) => error),
      );
      await poolLoad(database.db, 1, COSTLY_READ_QUEUE_LIMIT);
      await expect(
        database.db.costlyRows(orm.em.fork(), 'search', COUNT_TO, [1]),
      ).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        options: { retryAfterSeconds: 1 },
      });
      // List reads have connections of their own.
      expect(await database.db.costlyRows(orm.em.fork(), 'list', COUNT_TO, [5])).toEqual([
        { n: 5 },
      ]);
      // Closing interrupts the running reads; the queued ones are refused; nothing is left.
      const pool = database.db.readPool;
      await closeFileDatabase(database);
      for (const outcome of await Promise.all(blockers)) {
        expect(outcome).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      }
      expect(pool?.load('search')).toEqual({ running: 0, waiting: 0 });
      await expect(
        pool?.read('search', 'select 1', [], { waitMs: 1, timeLimitMs: 1 }),
      ).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      await closeFileDatabase(database).catch(() => undefined);
    }
  });

  it('a read waits for a connection only up to the time limit (503, Retry-After 5)', async () => {
    const database = await openFileDatabase('readpool-wait', 2);
    const { orm } = database;
    try {
      database.db.reads.hotReadTimeLimitMs = LONG_LIMIT_MS;
      const blocker = database.db
        .costlyRows(orm.em.fork(), 'search', COUNT_TO, [ENDLESS])
        .catch((error: unknown) => error);
      await poolLoad(database.db, 1);
      database.db.reads.hotReadTimeLimitMs = 30;
      await expect(
        database.db.costlyRows(orm.em.fork(), 'search', COUNT_TO, [1]),
      ).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        options: { retryAfterSeconds: 5 },
      });
      expect(database.db.readPool?.load('search')).toEqual({ running: 1, waiting: 0 });
      await closeFileDatabase(database);
      expect(await blocker).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      await closeFileDatabase(database).catch(() => undefined);
    }
  });
});

/** Counts 1 ms timer ticks while `work` runs. */
async function ticksDuring<T>(work: () => Promise<T>) {
  let ticks = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    ticks++;
    setTimeout(tick, 1);
  };
  setTimeout(tick, 1);
  const started = performance.now();
  try {
    const result = await work();
    return { result, ticks, elapsedMs: performance.now() - started };
  } finally {
    running = false;
  }
}
