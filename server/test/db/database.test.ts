import { describe, expect, it } from 'vitest';
import { openAppDatabase } from '../../src/app-database.js';
import type { Database } from '../../src/db/database.js';
import { SERVING_TIMEOUTS } from '../../src/db/orm-options.js';
import { HOT_READ_TIME_LIMIT_MS } from '../../src/db/read-pools.js';
import { SqliteDatabase } from '../../src/db/sqlite-database.js';
import { createTemporaryDatabase } from '../../src/db/temporary-database.js';
import { mysqlUrl, testDialects } from '../support/test-database.js';

/**
 * Each open Database (src/db/database.ts) holds its own reads and their limits: two opened in one
 * process, on the same data, do not share them (the reason reads once lived in a registry keyed
 * by the driver, which this object replaces).
 */
describe('two Databases opened in one process', () => {
  describe.each(testDialects())('%s', (dialect) => {
    // SQLite: about 0.3 s of pure CPU on the read pool; MySQL/MariaDB: a server-side sleep.
    const slow =
      dialect === 'sqlite'
        ? {
            sql: 'with recursive c(x) as (select 1 union all select x + 1 from c where x < ?) select count(*) as `n` from c',
            params: [3_000_000],
          }
        : { sql: 'select sleep(?) as `n`', params: [0.4] };

    it('keep separate reads and time limits', async () => {
      const temporary = await createTemporaryDatabase(dialect, {
        purpose: 'twodb',
        mysqlUrl: mysqlUrl(),
      });
      const opened: Database[] = [];
      try {
        const open = async (migrate: boolean, hotReadTimeLimitMs?: number) => {
          const database = await openAppDatabase(temporary.database, {
            migrate,
            readConnections: 2,
            timeouts: SERVING_TIMEOUTS,
            reads: hotReadTimeLimitMs === undefined ? {} : { hotReadTimeLimitMs },
          });
          opened.push(database);
          return database;
        };
        const strict = await open(true, 50);
        const lenient = await open(false, 10_000);
        const plain = await open(false);

        expect(strict.reads.hotReadTimeLimitMs).toBe(50);
        expect(lenient.reads.hotReadTimeLimitMs).toBe(10_000);
        expect(plain.reads.hotReadTimeLimitMs).toBe(HOT_READ_TIME_LIMIT_MS);
        expect(strict.reads.mysqlBudgets.search).not.toBe(lenient.reads.mysqlBudgets.search);
        expect(strict.sqlReader).not.toBe(lenient.sqlReader);
        if (strict instanceof SqliteDatabase && lenient instanceof SqliteDatabase) {
          expect(strict.readPool).toBeDefined();
          expect(strict.readPool).not.toBe(lenient.readPool);
        }

        const read = (database: Database) =>
          database.costlyRows(database.sqlReader, 'search', slow.sql, slow.params);
        await expect(read(strict)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
        expect(await read(lenient)).toHaveLength(1);
        // The strict one's refusal left the lenient one's limit alone, and the other way round.
        await expect(read(strict)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      } finally {
        for (const database of opened.reverse()) await database.close();
        await temporary.drop();
      }
    }, 20_000);
  });
});
