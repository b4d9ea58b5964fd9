import { performance } from 'node:perf_hooks';
import type { Knex } from '@mikro-orm/knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUnavailable } from '../../src/db/database-unavailable.js';
import { mysqlHotRows, plainMySqlValues } from '../../src/db/mysql-hot-reader.js';
import { closeDatabase, type Orm } from '../../src/db/open-database.js';
import { openAppDatabase } from '../../src/app-database.js';
import { SERVING_TIMEOUTS } from '../../src/db/orm-options.js';
import { withRequestDeadline } from '../../src/db/request-deadline.js';
import type { TemporaryDatabase } from '../../src/db/temporary-database.js';
import { Category } from '../../src/modules/recipes/data/category.entity.js';
import { hotRows } from '../../src/db/hot-read.js';
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
 * The MySQL hot reads (src/db/mysql-hot-reader.ts) on a real MariaDB, through hotRows: the same
 * rows as MikroORM's path, knex's `query` event still fired, no value in an error, a
 * transaction's own rows read on its connection, and the client-side time limit kept.
 */
describe.skipIf(!mysqlUrl())('MySQL hot reader (set MYSQL_URL to run)', () => {
  let temporary: TemporaryDatabase;
  let orm: Orm;
  beforeAll(async () => {
    temporary = await freshDatabase('mysql', 'hotreader');
    orm = await openAppDatabase(temporary.database, { migrate: true, timeouts: SERVING_TIMEOUTS });
  });
  afterAll(async () => {
    await closeDatabase(orm);
    await temporary.drop();
  });

  it('answers the rows MikroORM answers, values and types alike, and tells knex observers', async () => {
    await createCategory(orm.em.fork(), 'Hot Soups');
    const sql =
      'select `id`, `name`, count(*) as `n`, ? as `day`, ? as `flag`, null as `nothing` ' +
      'from `category` where `name` = ? group by `id`, `name`';
    const params = [new Date('2026-11-27T10:00:00.123Z'), true, 'Hot Soups'];
    const knex = orm.em.getConnection().getKnex() as Knex;
    const seen: string[] = [];
    const listener = (data: { sql: string }) => seen.push(data.sql);
    knex.on('query', listener);
    let direct: unknown[] | undefined;
    try {
      direct = await mysqlHotRows(orm.em.fork(), sql, params);
    } finally {
      knex.off('query', listener);
    }
    expect(direct).toHaveLength(1);
    expect(direct).toEqual(await selectRows(orm.em.fork(), sql, params));
    expect(seen).toEqual([sql]);
  });

  it('leaves a read inside a transaction to the transaction, which sees its own rows', async () => {
    const byName = 'select `name` from `category` where `name` = ?';
    await orm.em.fork().transactional(async (em) => {
      em.persist(em.create(Category, { name: 'Uncommitted' }));
      await em.flush();
      expect(await mysqlHotRows(em, byName, ['Uncommitted'])).toBeUndefined();
      expect(await hotRows(em, byName, ['Uncommitted'])).toEqual([{ name: 'Uncommitted' }]);
      // Outside the transaction: the last commit only.
      expect(await hotRows(orm.em.fork(), byName, ['Uncommitted'])).toEqual([]);
    });
  });

  it('throws a failed statement without its values', async () => {
    const secret = 'hunter2-secret-value';
    const error = await mysqlHotRows(orm.em.fork(), 'select `nope` from `category` where ? = 1', [
      secret,
    ]).catch((caught: unknown) => caught);
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
        mysqlHotRows(orm.em.fork(), 'select sleep(?) as `slept`', [1.2]).then(resolve, resolve);
      }, 300);
    });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(databaseUnavailable(error)?.code).toBe('SERVICE_UNAVAILABLE');
    expect(await mysqlHotRows(orm.em.fork(), 'select ? as `one`', [1])).toEqual([{ one: 1 }]);
  });
});
