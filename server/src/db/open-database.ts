import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { MikroORM } from '@mikro-orm/core';
import type { AbstractSqlDriver } from '@mikro-orm/knex';
import { setStatementTimeout } from './mysql-statement-timeout.js';
import {
  ormOptions,
  SQLITE_BUSY_TIMEOUT_MS,
  TOOL_TIMEOUTS,
  type DatabaseOptions,
  type DatabaseSchema,
  type DatabaseTimeouts,
} from './orm-options.js';
import { COSTLY_READ_QUEUE_LIMIT, databaseReads } from './read-pools.js';
import { SqliteHotReader } from './sqlite-hot-reader.js';
import { SqliteReadPool } from './sqlite-read-pool.js';

export type Orm = MikroORM<AbstractSqlDriver>;

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
}

export async function openDatabase(
  database: DatabaseOptions,
  options: OpenDatabaseOptions,
): Promise<Orm> {
  if (database.kind === 'sqlite' && database.path !== ':memory:') {
    // SQLite creates the file but not its folder (e.g. ./data on a fresh clone).
    await mkdir(path.dirname(database.path), { recursive: true });
  }
  const timeouts = options.timeouts ?? TOOL_TIMEOUTS;
  const orm = await MikroORM.init<AbstractSqlDriver>(
    ormOptions(database, options.schema, timeouts),
  );
  if (options.migrate) {
    try {
      await orm.getMigrator().up();
    } catch (error) {
      await orm.close(true);
      throw error;
    }
  }
  setStatementTimeout(orm, timeouts.statementMs);
  const readConnections = options.readConnections ?? 0;
  if (database.kind === 'sqlite' && database.path !== ':memory:' && readConnections > 0) {
    const pool = new SqliteReadPool({
      path: database.path,
      connections: readConnections,
      queueLimit: COSTLY_READ_QUEUE_LIMIT,
      busyTimeoutMs: SQLITE_BUSY_TIMEOUT_MS,
    });
    const reads = databaseReads(orm.em);
    reads.sqliteReadPool = pool;
    reads.sqliteHotReader = new SqliteHotReader(database.path, SQLITE_BUSY_TIMEOUT_MS);
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

/** Closes the read pool (if any), then MikroORM's connections. */
export async function closeDatabase(orm: MikroORM): Promise<void> {
  const reads = databaseReads(orm.em);
  const { sqliteHotReader, sqliteReadPool } = reads;
  reads.sqliteHotReader = undefined;
  reads.sqliteReadPool = undefined;
  sqliteHotReader?.close();
  await sqliteReadPool?.close();
  await orm.close(true);
}
