import { performance } from 'node:perf_hooks';
import type { Knex } from '@mikro-orm/knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUnavailable } from '../../src/db/database-unavailable.js';
import { plainMySqlValues } from '../../src/db/mysql-hot-reader.js';
import type { MySqlDatabase } from '../../src/db/mysql-database.js';
import { openAppDatabase } from '../../src/app-database.js';
import { SERVING_TIMEOUTS } from '../../src/db/orm-options.js';
import { withRequestDeadline } from '../../src/db/request-deadline.js';
import type { TemporaryDatabase } from '../../src/db/temporary-database.js';
import { Category } from '../../src/modules/recipes/data/category.entity.js';
import { selectRows } from '../../src/db/select-rows.js';
import { createCategory } from '../support/db-factories.js';
import { freshDatabase, mysqlUrl } from '../support/test-database.js';

describe('plainMySqlValues', () => {
  it('keeps plain values (undefined as null) and refuses other notations and values', () => {
    const at = new Date('2026-11-27T10:00:00Z');
    expect(plainMySqlValues('select ?, ?, ?, ?, ?', ['a', 1, null, undefined, at])).toEqual([
      'a',
      1,
      null,
      null,
      at,
    ]);
    expect(plainMySqlValues('select ?? from t', ['name'])).toBeUndefined();
    expect(plainMySqlValues('select \\? as q', [])).toBeUndefined();
    expect(plainMySqlValues('select ?', [{ a: 1 }])).toBeUndefined();
    expect(plainMySqlValues('select ?', [[1, 2]])).toBeUndefined();
  });
});

/**
 * The MySQL hot reads (src/db/mysql-hot-reader.ts) on a real MariaDB, through the Database's
 * hotRows: their own mysql2 pool (knex's `query` observers still told), the same rows as MikroORM's path,
 * no value in an error, a transaction's own rows read on its connection, the client-side limit
 * within a request's deadline, and the server-side time limit interrupting a slow read while
 * its connection stays in the pool.
 */
describe.skipIf(!mysqlUrl())('MySQL hot reader (set MYSQL_URL to run)', () => {
  let temporary: TemporaryDatabase;
  let database: MySqlDatabase;
  const open = async (hotReadTimeLimitMs?: number) =>
    (await openAppDatabase(temporary.database, {
      migrate: false,
      timeouts: SERVING_TIMEOUTS,
      reads: hotReadTimeLimitMs === undefined ? {} : { hotReadTimeLimitMs },
    })) as MySqlDatabase;
  beforeAll(async () => {
    temporary = await freshDatabase('mysql', 'hotreader');
    await (await openAppDatabase(temporary.database, { migrate: true })).close();
    database = await open();
  });
  afterAll(async () => {
    await database.close();
    await temporary.drop();
  });
  const em = () => database.orm.em.fork();

  it('answers the rows MikroORM answers, values and types alike, on its own pool, and tells knex observers', async () => {
    await createCategory(em(), 'Hot Soups');
    const sql =
      'select `id`, `name`, count(*) as `n`, ? as `day`, ? as `flag`, null as `nothing` ' +
      'from `category` where `name` = ? group by `id`, `name`';
    const params = [new Date('2026-11-27T10:00:00.123Z'), true, 'Hot Soups'];
    await database.server(); // asked once, on MikroORM's path
    const knex = database.orm.em.getConnection().getKnex() as Knex;
    const seen: string[] = [];
    const listener = (data: { sql: string }) => seen.push(data.sql);
    const served = database.hotReader.served;
    knex.on('query', listener);
    let direct: unknown[] | undefined;
    try {
      direct = await database.hotRows(database.sqlReader, sql, params);
    } finally {
      knex.off('query', listener);
    }
    expect(database.hotReader.served).toBe(served + 1);
    expect(seen).toEqual([expect.stringContaining(sql)]);
    expect(direct).toHaveLength(1);
    expect(direct).toEqual(await selectRows(em(), sql, params));
  });

  it('leaves a read inside a transaction to the transaction, which sees its own rows', async () => {
    const byName = 'select `name` from `category` where `name` = ?';
    await em().transactional(async (tx) => {
      tx.persist(tx.create(Category, { name: 'Uncommitted' }));
      await tx.flush();
      const served = database.hotReader.served;
      expect(await database.hotRows(tx, byName, ['Uncommitted'])).toEqual([
        { name: 'Uncommitted' },
      ]);
      expect(database.hotReader.served).toBe(served);
      // Outside the transaction: the last commit only, on the hot reader's pool.
      expect(await database.hotRows(em(), byName, ['Uncommitted'])).toEqual([]);
      expect(database.hotReader.served).toBe(served + 1);
    });
  });

  it('throws a failed statement without its values', async () => {
    const secret = 'hunter2-secret-value';
    const error = await database.hotReader
      .rows('select `nope` from `category` where ? = 1', [secret])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(
      JSON.stringify({ ...(error as object), message: (error as Error).message }),
    ).not.toContain(secret);
    expect((error as Error).stack ?? '').not.toContain(secret);
  });

  it('keeps the client-side limit within a request, and the pool usable afterwards', async () => {
    const started = performance.now();
    const error = await new Promise<unknown>((resolve) => {
      withRequestDeadline(() => {
        database.hotReader.rows('select sleep(?) as `slept`', [1.2]).then(resolve, resolve);
      }, 300);
    });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(databaseUnavailable(error)?.code).toBe('SERVICE_UNAVAILABLE');
    expect(await database.hotReader.rows('select ? as `one`', [1])).toEqual([{ one: 1 }]);
  });

  it('interrupts a SELECT SLEEP(5) at its time limit (503) and reuses the connection', async () => {
    const limited = await open(300);
    try {
      const idOf = async () =>
        (
          await limited.hotRows<{ id: unknown }>(
            limited.sqlReader,
            'select connection_id() as `id`',
          )
        )[0]?.id;
      const before = await idOf();
      const started = performance.now();
      const error = await limited
        .hotRows(limited.sqlReader, 'select sleep(5) as `slept`')
        .catch((caught: unknown) => caught);
      expect(performance.now() - started).toBeLessThan(1_500);
      expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      // Interrupted by the server, not by the client: the same connection answers next.
      expect(await idOf()).toBe(before);
      expect(limited.hotReader.served).toBe(2);
    } finally {
      await limited.close();
    }
  }, 10_000);
});
