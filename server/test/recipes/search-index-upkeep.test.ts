import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { openAppDatabase } from '../../src/app-database.js';
import {
  createTemporaryDatabase,
  type TemporaryDatabase,
} from '../../src/db/temporary-database.js';
import {
  mergeSearchIndexes,
  startSearchIndexUpkeep,
} from '../../src/modules/recipes/search/search-index-upkeep.js';
import {
  SEARCH_TABLE,
  TITLE_SEARCH_TABLE,
} from '../../src/modules/recipes/search/search-tables.js';
import { selectRows } from '../../src/db/select-rows.js';
import { createRecipe, createUser } from '../support/db-factories.js';
import { mysqlUrl } from '../support/test-database.js';

/**
 * The search index upkeep (src/modules/recipes/search/search-index-upkeep.ts) on a real SQLite
 * file: every recipe written in a transaction of its own adds a segment to both FTS5 indexes;
 * the upkeep merges them in steps until no level holds two, and searches find what they found.
 */
describe('search index upkeep (SQLite)', () => {
  let temporary: TemporaryDatabase;
  let database: Database;
  let file: string;
  const quietLog = { info: () => {}, warn: () => {} } as never;

  beforeAll(async () => {
    temporary = await createTemporaryDatabase('sqlite', { purpose: 'upkeep' });
    database = await openAppDatabase(temporary.database, { migrate: true });
    file = database.sqliteFile!;
  });
  afterAll(async () => {
    await database.close();
    await temporary.drop();
  });

  const segments = async (table: string) => {
    const [row] = await selectRows<{ n: number }>(
      database.orm.em.fork(),
      `select count(distinct \`segid\`) as \`n\` from \`${table}_idx\``,
    );
    return Number(row!.n);
  };
  const matches = async (table: string, term: string) =>
    (
      await selectRows<{ id: number }>(
        database.orm.em.fork(),
        `select \`rowid\` as \`id\` from \`${table}\` where \`${table}\` match ? order by \`rowid\` desc`,
        [term],
      )
    ).map((row) => Number(row.id));
  /** Recipes written one transaction each: a new segment in both indexes every time. */
  const writeRecipes = async (count: number) => {
    const author = await createUser(database.orm.em.fork());
    for (let i = 0; i < count; i++) await createRecipe(database.orm.em.fork(), author);
  };

  it('has usermerge 2 on both indexes (the search_index_merge migration)', async () => {
    for (const table of [SEARCH_TABLE, TITLE_SEARCH_TABLE]) {
      const rows = await selectRows<{ v: unknown }>(
        database.orm.em.fork(),
        `select \`v\` from \`${table}_config\` where \`k\` = 'usermerge'`,
      );
      expect(rows.map((row) => Number(row.v))).toEqual([2]);
    }
  });

  it('merges the segments of many small writes in steps, then finds nothing to merge; searches find the same recipes', async () => {
    await writeRecipes(30);
    const before = {
      text: await segments(SEARCH_TABLE),
      titles: await segments(TITLE_SEARCH_TABLE),
    };
    expect(before.text).toBeGreaterThan(2);
    expect(before.titles).toBeGreaterThan(2);
    const found = {
      text: await matches(SEARCH_TABLE, 'beef'),
      titles: await matches(TITLE_SEARCH_TABLE, 'recipe'),
    };
    expect(found.text).toHaveLength(30);
    expect(found.titles).toHaveLength(30);

    const report = await mergeSearchIndexes(file, { busyTimeoutMs: 1_000, pauseMs: 0 });
    expect(report.steps).toBeGreaterThan(0);
    expect(await segments(SEARCH_TABLE)).toBeLessThan(before.text);
    expect(await segments(TITLE_SEARCH_TABLE)).toBeLessThan(before.titles);
    expect(await matches(SEARCH_TABLE, 'beef')).toEqual(found.text);
    expect(await matches(TITLE_SEARCH_TABLE, 'recipe')).toEqual(found.titles);

    expect(await mergeSearchIndexes(file, { busyTimeoutMs: 1_000, pauseMs: 0 })).toEqual({
      steps: 0,
    });
  });

  it('merges nothing once its signal has aborted', async () => {
    await writeRecipes(10);
    const before = await segments(SEARCH_TABLE);
    const stopped = new AbortController();
    stopped.abort();
    const report = await mergeSearchIndexes(file, { busyTimeoutMs: 1_000, signal: stopped.signal });
    expect(report).toEqual({ steps: 0 });
    expect(await segments(SEARCH_TABLE)).toBe(before);
  });

  it('runs inside the server after its first delay, and stops', async () => {
    await writeRecipes(10);
    const before = await segments(SEARCH_TABLE);
    expect(before).toBeGreaterThan(2);
    const upkeep = startSearchIndexUpkeep(
      { database, log: quietLog },
      { firstRunMs: 10, intervalMs: 60_000 },
    )!;
    try {
      await expect.poll(() => segments(SEARCH_TABLE), { timeout: 5_000 }).toBeLessThan(before);
    } finally {
      await upkeep.stop();
    }
  });

  it('is not started for an in-memory database or MySQL, which have no FTS5 segments', async () => {
    const memory = await openAppDatabase({ kind: 'sqlite', path: ':memory:' }, { migrate: true });
    try {
      expect(memory.sqliteFile).toBeNull();
      expect(startSearchIndexUpkeep({ database: memory, log: quietLog })).toBeNull();
    } finally {
      await memory.close();
    }
    const url = mysqlUrl();
    if (url === undefined) return;
    const mysql = await createTemporaryDatabase('mysql', { purpose: 'upkeep', mysqlUrl: url });
    const mysqlOrm = await openAppDatabase(mysql.database, { migrate: true });
    try {
      expect(startSearchIndexUpkeep({ database: mysqlOrm, log: quietLog })).toBeNull();
    } finally {
      await mysqlOrm.close();
      await mysql.drop();
    }
  });
});
