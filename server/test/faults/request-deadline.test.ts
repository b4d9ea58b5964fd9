import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUnavailable } from '../../src/db/database-unavailable.js';
import type { Database } from '../../src/db/database.js';
import { openAppDatabase } from '../../src/app-database.js';
import { SERVING_TIMEOUTS } from '../../src/db/orm-options.js';
import { withRequestDeadline } from '../../src/db/request-deadline.js';
import type { TemporaryDatabase } from '../../src/db/temporary-database.js';
import { freshDatabase, mysqlUrl } from '../support/test-database.js';

/** Runs `work` as a request's database work would, with `budgetMs` left for it. */
function asRequest<T>(budgetMs: number, work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    withRequestDeadline(() => {
      work().then(resolve, reject);
    }, budgetMs);
  });
}

describe.skipIf(!mysqlUrl())('a request deadline on MariaDB (set MYSQL_URL to run)', () => {
  let temporary: TemporaryDatabase;
  let orm: Database;
  beforeAll(async () => {
    temporary = await freshDatabase('mysql', 'deadline');
    orm = await openAppDatabase(temporary.database, { migrate: true, timeouts: SERVING_TIMEOUTS });
  });
  afterAll(async () => {
    await orm.close();
    await temporary.drop();
  });
  const sql = (text: string) => orm.orm.em.getConnection().execute(text);

  it('cuts a statement at what is left of the request, not at the per-statement limit', async () => {
    const started = performance.now();
    const error = await asRequest(400, () => sql('select sleep(1.2) as `slept`')).catch(
      (caught: unknown) => caught,
    );
    const took = performance.now() - started;
    expect(databaseUnavailable(error)?.code).toBe('SERVICE_UNAVAILABLE');
    expect(took).toBeLessThan(1_000);
    // The pool hands out a working connection afterwards.
    expect(await sql('select 1 as `one`')).toEqual([{ one: 1 }]);
  });

  it('sends nothing once the request has no time left, and keeps the connection', async () => {
    const error = await asRequest(-1, () => sql('select 1 as `one`')).catch(
      (caught: unknown) => caught,
    );
    expect(databaseUnavailable(error)?.code).toBe('SERVICE_UNAVAILABLE');
    expect(await sql('select 2 as `two`')).toEqual([{ two: 2 }]);
  });

  it('leaves work outside a request to the per-statement limit', async () => {
    expect(await sql('select sleep(0.5) as `slept`')).toEqual([{ slept: 0 }]);
  });
});
