import { afterAll, beforeAll, describe } from 'vitest';
import type { Database, Orm } from '../../src/db/database.js';
import { MySqlPlatform } from '@mikro-orm/knex';
import { openAppDatabase } from '../../src/app-database.js';
import { clearWordTables } from '../../src/modules/recipes/search/mysql-search-index.js';
import type { DatabaseOptions, Dialect } from '../../src/db/orm-options.js';
import {
  createTemporaryDatabase,
  type TemporaryDatabase,
} from '../../src/db/temporary-database.js';

/**
 * The databases every DB test runs on: in-memory SQLite always, and MySQL/MariaDB when MYSQL_URL
 * names a server where we may create databases (CI sets it when MariaDB is reachable).
 */
export function testDialects(): Dialect[] {
  return mysqlUrl() ? ['sqlite', 'mysql'] : ['sqlite'];
}

export function mysqlUrl(): string | undefined {
  return process.env.MYSQL_URL?.trim() || undefined;
}

/**
 * A fresh, empty database of the dialect: `:memory:` SQLite, or `recipehub_test_<random>` on the
 * MYSQL_URL server. `drop()` removes it (a no-op for in-memory SQLite).
 */
export async function freshDatabase(
  dialect: Dialect,
  purpose = 'test',
): Promise<TemporaryDatabase> {
  if (dialect === 'sqlite') {
    const database: DatabaseOptions = { kind: 'sqlite', path: ':memory:' };
    return { database, drop: async () => undefined };
  }
  return createTemporaryDatabase('mysql', { purpose, mysqlUrl: mysqlUrl() });
}

export interface TestDatabase {
  dialect: Dialect;
  /** The migrated ORM of this file's database (valid inside tests and hooks): `db().orm`. */
  orm: () => Orm;
  /** This file's open database (valid inside tests and hooks). */
  db: () => Database;
  database: () => DatabaseOptions;
}

/**
 * Runs `define` once per test dialect inside a `describe(<dialect>)`, with one migrated database
 * per dialect for the whole file, created before and dropped after. Tests that need empty tables
 * call `clearTables(orm())` in a `beforeEach`.
 *
 *   forEachDatabase(({ orm }) => { it('...', async () => { const em = orm().em.fork(); ... }) });
 */
export function forEachDatabase(define: (db: TestDatabase) => void): void {
  describe.each(testDialects())('%s', (dialect) => {
    let temporary: TemporaryDatabase | undefined;
    let opened: Database | undefined;

    beforeAll(async () => {
      temporary = await freshDatabase(dialect);
      opened = await openAppDatabase(temporary.database, { migrate: true });
    });

    afterAll(async () => {
      await opened?.close();
      await temporary?.drop();
    });

    const db = () => {
      if (!opened)
        throw new Error('The test database is not open yet (use it inside tests or hooks)');
      return opened;
    };
    define({
      dialect,
      db,
      orm: () => db().orm,
      database: () => {
        if (!temporary) throw new Error('The test database is not created yet');
        return temporary.database;
      },
    });
  });
}

/** Empties every entity table (not the migrations table), keeping the schema. */
export async function clearTables(orm: Orm): Promise<void> {
  // SQLite's search index follows its rows (FTS5 triggers); MySQL's TRUNCATE fires no trigger,
  // so its word tables are emptied too (mysqlSearchIndex.clearOwnTables).
  if (orm.em.getPlatform() instanceof MySqlPlatform) {
    await truncateOnOneConnection(orm);
    await clearWordTables(orm.em.fork());
  } else {
    await withoutAppendOnlyTriggers(orm, () => orm.schema.clearDatabase());
  }
}

/**
 * The audit log's table refuses every DELETE (its migration's triggers), and SQLite's
 * clearDatabase empties tables with DELETE, so the tests lift those triggers around the clear:
 * read their own definitions from sqlite_master, drop them, clear, and create them again from
 * what was read. This lives here, in the tests' support, on purpose: the application has no way
 * to drop a trigger or delete an entry. MySQL needs nothing: TRUNCATE fires no trigger.
 */
async function withoutAppendOnlyTriggers(orm: Orm, clear: () => Promise<void>): Promise<void> {
  const connection = orm.em.getConnection();
  const triggers = (await connection.execute(
    "select `name`, `sql` from `sqlite_master` where `type` = 'trigger' and `tbl_name` = 'audit_entry'",
  )) as { name: string; sql: string }[];
  for (const { name } of triggers) await connection.execute(`drop trigger \`${name}\``);
  try {
    await clear();
  } finally {
    for (const { sql } of triggers) await connection.execute(sql);
  }
}

/**
 * MikroORM's clearDatabase turns foreign key checks off with one statement and truncates with
 * others, each on whichever pool connection is free: under load (CI) a truncate ran on another
 * connection, where the checks were still on ("Cannot truncate a table referenced in a foreign key
 * constraint"). One transaction holds one connection for all of them.
 */
async function truncateOnOneConnection(orm: Orm): Promise<void> {
  const tables = new Set(
    Object.values(orm.getMetadata().getAll())
      .filter((meta) => !meta.embeddable && !meta.virtual && !meta.abstract && meta.tableName)
      .map((meta) => meta.tableName),
  );
  await orm.em
    .getConnection()
    .getKnex()
    .transaction(async (trx) => {
      await trx.raw('set foreign_key_checks = 0');
      try {
        for (const table of tables) await trx.raw('truncate table ??', [table]);
      } finally {
        await trx.raw('set foreign_key_checks = 1');
      }
    });
}
