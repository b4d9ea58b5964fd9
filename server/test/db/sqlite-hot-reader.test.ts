import Database from 'libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Orm } from '../../src/db/database.js';
import type { SqliteDatabase } from '../../src/db/sqlite-database.js';
import { openAppDatabase } from '../../src/app-database.js';
import { SqliteHotReader } from '../../src/db/sqlite-hot-reader.js';
import {
  createTemporaryDatabase,
  type TemporaryDatabase,
} from '../../src/db/temporary-database.js';
import { Category } from '../../src/modules/recipes/data/category.entity.js';
import { selectRows } from '../../src/db/select-rows.js';
import { createCategory } from '../support/db-factories.js';

/**
 * SQLite's hot reader (src/db/sqlite-hot-reader.ts) on a real database file, through hotRows, the
 * path the point reads take: it reads the last commit, never a transaction's uncommitted rows,
 * and does not wait for a write transaction to end.
 */
describe('SQLite hot reader', () => {
  let temporary: TemporaryDatabase;
  let database: SqliteDatabase;
  let orm: Orm;
  beforeAll(async () => {
    temporary = await createTemporaryDatabase('sqlite', { purpose: 'hotreader' });
    database = (await openAppDatabase(temporary.database, {
      migrate: true,
      readConnections: 2,
    })) as SqliteDatabase;
    orm = database.orm;
  });
  afterAll(async () => {
    await database.close();
    await temporary.drop();
  });
  const byName = 'select `name` from `category` where `name` = ?';

  it('serves a file database; an in-memory one has none and reads on its one connection', async () => {
    expect(database.hotReader).toBeDefined();
    const memory = await openAppDatabase(
      { kind: 'sqlite', path: ':memory:' },
      { migrate: true, readConnections: 2 },
    );
    try {
      expect((memory as SqliteDatabase).hotReader).toBeUndefined();
      await createCategory(memory.orm.em.fork(), 'Only in memory');
      expect(await memory.hotRows(memory.orm.em.fork(), byName, ['Only in memory'])).toEqual([
        { name: 'Only in memory' },
      ]);
    } finally {
      await memory.close();
    }
  });

  it('reads a write committed on the main connection at once', async () => {
    const reader = database.hotReader!;
    const before = reader.served;
    expect(await database.hotRows(orm.em.fork(), byName, ['Committed'])).toEqual([]);
    await createCategory(orm.em.fork(), 'Committed');
    expect(await database.hotRows(orm.em.fork(), byName, ['Committed'])).toEqual([
      { name: 'Committed' },
    ]);
    expect(reader.served).toBe(before + 2);
  });

  it('answers while a write transaction is open, without its uncommitted rows; the transaction sees them', async () => {
    const reader = database.hotReader!;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside: unknown[] = [];
    let insideInserted!: () => void;
    const inserted = new Promise<void>((resolve) => (insideInserted = resolve));
    const transaction = orm.em.fork().transactional(async (tx) => {
      tx.create(Category, { name: 'Uncommitted' });
      await tx.flush();
      inside = await database.hotRows(tx, byName, ['Uncommitted']);
      insideInserted();
      await held;
    });
    await inserted;
    const served = reader.served;
    // The main connection is held by the transaction: this read would wait for it there.
    expect(await database.hotRows(orm.em.fork(), byName, ['Uncommitted'])).toEqual([]);
    expect(reader.served).toBe(served + 1);
    expect(inside).toEqual([{ name: 'Uncommitted' }]);
    release();
    await transaction;
    expect(await database.hotRows(orm.em.fork(), byName, ['Uncommitted'])).toEqual([
      { name: 'Uncommitted' },
    ]);
  });

  it('binds dates and booleans as the main connection does', async () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    const sql = 'select ? as `at`, ? as `yes`, ? as `no`, ? as `missing`';
    const params = [at, true, false, undefined];
    const main = await selectRows(orm.em.fork(), sql, params);
    const hot = await database.hotRows(orm.em.fork(), sql, params);
    expect(hot).toEqual(main);
    expect(hot).toEqual([{ at: at.getTime(), yes: 1, no: 0, missing: null }]);
  });

  it("leaves MikroORM's `??` and `\\?` notations to the main connection", async () => {
    const reader = database.hotReader!;
    const served = reader.served;
    const sql = 'select ?? as `n` from `category` where `name` = ?';
    expect(await database.hotRows(orm.em.fork(), sql, ['name', 'Committed'])).toEqual([
      { n: 'Committed' },
    ]);
    expect(reader.served).toBe(served);
  });

  it('never writes, whatever SQL it is handed', async () => {
    await expect(
      database.hotRows(orm.em.fork(), 'insert into `category` (`name`) values (?) returning `id`', [
        'x',
      ]),
    ).rejects.toThrow();
    expect(await database.hotRows(orm.em.fork(), byName, ['x'])).toEqual([]);
  });

  it('answers a lock refusal with an error, and reads again once the lock is gone', async () => {
    const other = await createTemporaryDatabase('sqlite', { purpose: 'hotreaderbusy' });
    const file = other.database.kind === 'sqlite' ? other.database.path : '';
    const holder = new Database(file);
    const reader = new SqliteHotReader(file, 50);
    try {
      holder.exec('pragma journal_mode = wal');
      holder.exec("create table `t` (`v` text); insert into `t` values ('first')");
      // A writer in exclusive locking mode keeps every other connection out until it closes.
      holder.exec('pragma locking_mode = exclusive');
      holder.exec("begin immediate; insert into `t` values ('held'); commit");
      expect(() => reader.rows('select `v` from `t` order by `v`', [])).toThrow(/locked|busy/i);
      holder.close();
      expect(reader.rows('select `v` from `t` order by `v`', [])).toEqual([
        { v: 'first' },
        { v: 'held' },
      ]);
    } finally {
      reader.close();
      if (holder.open) holder.close();
      await other.drop();
    }
  });
});
