import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { openAppDatabase } from '../../src/app-database.js';
import { cacheStatements } from '../../src/db/sqlite-statement-cache.js';

interface RawConnection {
  prepare(sql: string): unknown;
}

describe('SQLite prepared statements, kept per connection', () => {
  let dir: string;
  let file: string;
  let orm: Database;

  const rows = (sql: string, params: unknown[] = []) =>
    orm.orm.em.getConnection().execute<Record<string, unknown>[]>(sql, params);

  /** The pool's one raw connection, held (so no ORM query may run) until released. */
  async function withRawConnection<T>(use: (connection: RawConnection) => T): Promise<T> {
    const client = orm.orm.em.getConnection().getKnex().client as {
      acquireConnection(): Promise<RawConnection>;
      releaseConnection(connection: RawConnection): Promise<void>;
    };
    const connection = await client.acquireConnection();
    try {
      return use(connection);
    } finally {
      await client.releaseConnection(connection);
    }
  }

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'recipehub-statements-'));
    file = path.join(dir, 'app.db');
    orm = await openAppDatabase({ kind: 'sqlite', path: file }, { migrate: true });
  });

  afterEach(async () => {
    await orm.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('prepares a statement once per text on the pooled connection', async () => {
    await withRawConnection((connection) => {
      const first = connection.prepare('select `id` from `category` where `id` = ?');
      expect(connection.prepare('select `id` from `category` where `id` = ?')).toBe(first);
      expect(connection.prepare('select `name` from `category` where `id` = ?')).not.toBe(first);
    });
  });

  it('answers a reused statement with new parameters and after writes, ours and another connection’s', async () => {
    await rows('insert into `category` (`name`) values (?), (?)', ['Soups', 'Salads']);
    const byName = 'select `name` from `category` where `name` = ?';
    expect(await rows(byName, ['Soups'])).toEqual([{ name: 'Soups' }]);
    expect(await rows(byName, ['Salads'])).toEqual([{ name: 'Salads' }]);
    expect(await rows(byName, ['Stews'])).toEqual([]);

    const other = await openAppDatabase({ kind: 'sqlite', path: file }, { migrate: false });
    try {
      await other.orm.em
        .getConnection()
        .execute('insert into `category` (`name`) values (?)', ['Stews']);
    } finally {
      await other.close();
    }
    expect(await rows(byName, ['Stews'])).toEqual([{ name: 'Stews' }]);
  });

  it('follows a schema change and holds no read lock between uses', async () => {
    await rows('create table `scratch` (`id` integer primary key)');
    await rows('insert into `scratch` (`id`) values (1)');
    const all = 'select * from `scratch`';
    expect(await rows(all)).toEqual([{ id: 1 }]);

    await rows('alter table `scratch` add column `note` text');
    expect(await rows(all)).toEqual([{ id: 1, note: null }]);

    // A statement left holding a read transaction would keep a checkpoint from finishing.
    const other = await openAppDatabase({ kind: 'sqlite', path: file }, { migrate: false });
    try {
      const [result] = await other.orm.em
        .getConnection()
        .execute<{ busy: number }[]>('pragma wal_checkpoint(TRUNCATE)');
      expect(Number(result?.busy)).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('recovers a statement whose last run failed', async () => {
    await rows('create table `scratch` (`id` integer primary key)');
    const insert = 'insert into `scratch` (`id`) values (?)';
    await rows(insert, [1]);
    await expect(rows(insert, [1])).rejects.toThrow(/UNIQUE|constraint/i);
    await rows(insert, [2]);
    expect(await rows('select `id` from `scratch` order by `id`')).toEqual([{ id: 1 }, { id: 2 }]);
  });
});

describe('cacheStatements', () => {
  it('keeps the most recently used texts and prepares an evicted one again', () => {
    const prepared: string[] = [];
    const connection = {
      prepare: (sql: string) => {
        prepared.push(sql);
        return { sql };
      },
    };
    cacheStatements(connection, 2);
    const a = connection.prepare('a');
    connection.prepare('b');
    expect(connection.prepare('a')).toBe(a); // a is now the most recent
    connection.prepare('c'); // evicts b, the least recently used
    expect(connection.prepare('a')).toBe(a);
    connection.prepare('b');
    expect(prepared).toEqual(['a', 'b', 'c', 'b']);
  });
});
