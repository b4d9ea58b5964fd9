import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { MikroORM } from '@mikro-orm/core';
import type { AbstractSqlDriver } from '@mikro-orm/knex';
import type { PoolOptions } from 'mysql2/promise';
import type { Database, Orm, ReadLimitSettings } from './database.js';
import { MySqlDatabase } from './mysql-database.js';
import { MySqlHotReader } from './mysql-hot-reader.js';
import {
  MYSQL_POOL_SIZE,
  mysqlConnectionSettings,
  ormOptions,
  SQLITE_BUSY_TIMEOUT_MS,
  TOOL_TIMEOUTS,
  type DatabaseOptions,
  type DatabaseSchema,
  type DatabaseTimeouts,
} from './orm-options.js';
import { COSTLY_READ_QUEUE_LIMIT, defaultReadLimits } from './read-pools.js';
import { SqliteDatabase } from './sqlite-database.js';
import { SqliteHotReader } from './sqlite-hot-reader.js';
import { SqliteReadPool } from './sqlite-read-pool.js';

export interface OpenDatabaseOptions {
  /** Its entities and hand-made tables (the app's: APP_SCHEMA, app-database.ts). */
  schema: DatabaseSchema;
  /** Apply pending migrations before returning. */
  migrate: boolean;
  /**
   * The server passes SERVING_TIMEOUTS; tools keep the default TOOL_TIMEOUTS. Migrations always
   * run without a statement limit (an index on a big table takes a while); it applies after them.
   */
  timeouts?: DatabaseTimeouts;
  /**
   * SQLite: read connections for the costly hot reads (SQLITE_READ_CONNECTIONS; the server's
   * default is 2), which then run off the event loop (sqlite-read-pool.ts), and with them the
   * hot reader for the point reads (sqlite-hot-reader.ts). 0 or absent: neither, every statement
   * on MikroORM's connection (tools, and always for an in-memory database, which another
   * connection could not see).
   */
  readConnections?: number;
  /** Its reads' limits, where a test needs others than read-pools.ts's defaults. */
  reads?: Partial<ReadLimitSettings>;
}

export async function openDatabase(
  database: DatabaseOptions,
  options: OpenDatabaseOptions,
): Promise<Database> {
  if (database.kind === 'sqlite' && database.path !== ':memory:') {
    // SQLite creates the file but not its folder (e.g. ./data on a fresh clone).
    await mkdir(path.dirname(database.path), { recursive: true });
  }
  const timeouts = options.timeouts ?? TOOL_TIMEOUTS;
  const reads = { ...defaultReadLimits(), ...options.reads };
  if (database.kind === 'mysql') {
    // Migrations on an ORM without the statement limit (mysql-statement-timeout.ts).
    if (options.migrate && timeouts.statementMs !== undefined) {
      const migrating = { ...timeouts, statementMs: undefined };
      await (await openMigrated(database, options.schema, migrating, true)).close(true);
    }
    const migrate = options.migrate && timeouts.statementMs === undefined;
    const orm = await openMigrated(database, options.schema, timeouts, migrate);
    const knex = orm.em.getConnection().getKnex();
    const hotReader = new MySqlHotReader({
      connection: {
        ...(orm.em.getConnection().getConnectionOptions() as PoolOptions),
        ...mysqlConnectionSettings(timeouts),
      },
      size: MYSQL_POOL_SIZE,
      acquireMs: timeouts.acquireMs,
      statementMs: timeouts.statementMs,
      onQuery: (sql, bindings) => knex.emit('query', { sql, bindings }),
    });
    return new MySqlDatabase(orm, reads, hotReader);
  }
  const orm = await openMigrated(database, options.schema, timeouts, options.migrate);
  const readConnections = options.readConnections ?? 0;
  if (database.path === ':memory:' || readConnections === 0) return new SqliteDatabase(orm, reads);
  return new SqliteDatabase(orm, reads, {
    readPool: new SqliteReadPool({
      path: database.path,
      connections: readConnections,
      queueLimit: COSTLY_READ_QUEUE_LIMIT,
      busyTimeoutMs: SQLITE_BUSY_TIMEOUT_MS,
    }),
    hotReader: new SqliteHotReader(database.path, SQLITE_BUSY_TIMEOUT_MS),
  });
}

async function openMigrated(
  database: DatabaseOptions,
  schema: DatabaseSchema,
  timeouts: DatabaseTimeouts,
  migrate: boolean,
): Promise<Orm> {
  const orm = await MikroORM.init<AbstractSqlDriver>(ormOptions(database, schema, timeouts));
  if (migrate) {
    try {
      await orm.getMigrator().up();
    } catch (error) {
      await orm.close(true);
      throw error;
    }
  }
  return orm;
}

/**
 * For /api/health: true when a trivial query answers within `timeoutMs`. Never throws, so a
 * closed pool, a dropped server or a hung connection all read as "unreachable". 1.5 s keeps the
 * health answer itself within 2 s.
 */
export async function isDatabaseReachable(orm: MikroORM, timeoutMs = 1500): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = (async () => {
    if (!(await orm.isConnected())) return false;
    await orm.em.getConnection().execute('select 1');
    return true;
  })().catch(() => false);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
